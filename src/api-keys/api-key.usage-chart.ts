/**
 * A key's last 30 days as a small server-rendered SVG bar chart (requests
 * per UTC day, 429s in a second colour) and the same figures as text: a
 * summary sentence and a table of the days with traffic.
 */

import { html, type SafeHtml } from "../web/html.ts";
import type { DailyUsage } from "./api-key.usage.ts";

export const USAGE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The last `USAGE_DAYS` UTC days ending today, oldest first, zero-filled. */
export function usageSeries(rows: readonly DailyUsage[], nowMs: number): DailyUsage[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: USAGE_DAYS }, (_, index) => {
    const day = new Date(nowMs - (USAGE_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, requests: 0, limited: 0 };
  });
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export function renderKeyUsage(
  keyId: string,
  keyName: string,
  series: readonly DailyUsage[],
): SafeHtml {
  const total = series.reduce((sum, day) => sum + day.requests, 0);
  const limited = series.reduce((sum, day) => sum + day.limited, 0);
  const peak = Math.max(1, ...series.map((day) => day.requests));
  const width = 600;
  const height = 150;
  const top = 22;
  const bottom = 26;
  const plot = height - top - bottom;
  const step = width / series.length;
  const bars = series.map((day, index) => {
    const x = Math.round(index * step * 10) / 10;
    const h = Math.round((day.requests / peak) * plot * 10) / 10;
    const lh = Math.round((day.limited / peak) * plot * 10) / 10;
    return html`<rect class="bar" x="${x + 1}" y="${top + plot - h}" width="${Math.max(1, step - 2)}" height="${h}"></rect>${lh > 0 ? html`<rect class="bar-limited" x="${x + 1}" y="${top + plot - lh}" width="${Math.max(1, step - 2)}" height="${lh}"></rect>` : ""}`;
  });
  const first = series[0]?.day ?? "";
  const last = series[series.length - 1]?.day ?? "";
  const summary = `${total} request${total === 1 ? "" : "s"} in the last ${USAGE_DAYS} days, ${limited} refused with 429 (rate limited).`;
  const busyDays = series.filter((day) => day.requests > 0);
  return html`<div class="key-usage" id="usage-${keyId}">
<p class="usage-summary"><strong>${keyName}:</strong> ${summary}</p>
<svg class="usage-chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="usage-${keyId}-title" xmlns="http://www.w3.org/2000/svg">
<title id="usage-${keyId}-title">Requests per day with “${keyName}”, ${shortDay(first)} to ${shortDay(last)}: ${summary}</title>
<text x="0" y="16">${peak} per day</text>
<line class="axis" x1="0" y1="${top + plot + 0.5}" x2="${width}" y2="${top + plot + 0.5}"></line>
${bars}
<text x="0" y="${height - 5}">${shortDay(first)}</text>
<text x="${width}" y="${height - 5}" text-anchor="end">${shortDay(last)}</text>
</svg>
${
  busyDays.length === 0
    ? html`<p class="hint">No requests with this key in the last ${USAGE_DAYS} days.</p>`
    : html`<details><summary>Daily figures for “${keyName}”</summary>
<table class="usage-table"><thead><tr><th scope="col">Day (UTC)</th><th scope="col">Requests</th><th scope="col">429s</th></tr></thead>
<tbody>${busyDays.map((day) => html`<tr><td><time datetime="${day.day}">${shortDay(day.day)}</time></td><td>${day.requests}</td><td>${day.limited}</td></tr>`)}</tbody></table>
</details>`
}
</div>`;
}
