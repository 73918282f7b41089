/**
 * Exploring the dataset: the states table's filter, sort and search (all in
 * the query string, so they work without JavaScript; site.js only applies
 * them in place), the `/changes` page and the `/federal` page.
 */
import { effectiveDayOf, inFeedOrder } from "../dataset/change-feed.ts";
import { correctedValues } from "../dataset/corrections.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import {
  type Correction,
  DELIVERY,
  type Federal,
  HEMP_TREATMENTS,
  type Jurisdiction,
  type LegalEvent,
  STATUSES,
  type Status,
} from "../dataset/dataset.schema.ts";
import { FEDERAL_CODE } from "../dataset/jurisdictions.ts";
import { horizonSentence } from "../lib/dates.ts";
import { html, type SafeHtml } from "./html.ts";
import { dateOrElse, formatLongDate, STATUS_LABELS, TYPE_LABELS, yesNo } from "./site.format.ts";
import { eventLaw } from "./site.law.ts";

export const STATE_SORTS = {
  name: "Name",
  status: "Status",
  adult_use: "Adult use since",
  medical: "Medical since",
} as const;
type Sort = keyof typeof STATE_SORTS;

/** The table's optional columns, shown when asked for (`col=`). */
export const OPTIONAL_COLUMNS = {
  delivery: "Delivery",
  lounges: "Lounges",
  hemp: "Hemp products",
} as const;
type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;

const DELIVERY_LABELS = {
  allowed: "Allowed",
  not_allowed: "Not allowed",
  medical_only: "Medical only",
} as const;
const HEMP_LABELS = {
  prohibited: "Prohibited",
  restricted: "Restricted",
  unregulated: "Unregulated",
} as const;

export type StatesQuery = {
  q: string;
  status: Status | "";
  decriminalized: "yes" | "no" | "";
  delivery: (typeof DELIVERY)[number] | "";
  lounges: "yes" | "no" | "";
  hemp: (typeof HEMP_TREATMENTS)[number] | "";
  sales: "operating" | "not_operating" | "";
  columns: readonly OptionalColumn[];
  sort: Sort;
};

function deliveryOf(record: Jurisdiction): string {
  return record.adult_use.legal ? (record.adult_use.delivery ?? "") : "";
}

/** Licensed adult-use retail has begun on the record's day. */
function salesOf(record: Jurisdiction): "operating" | "not_operating" {
  return record.adult_use.sales_began === null ? "not_operating" : "operating";
}

function loungesOf(record: Jurisdiction): string {
  const lounges = record.adult_use.legal ? record.adult_use.onsite_consumption : null;
  return lounges === null ? "" : lounges.allowed ? "yes" : "no";
}

/** Reads the table's query string; anything unrecognised is ignored, never an error. */
export function parseStatesQuery(raw: Record<string, unknown>): StatesQuery {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const status = text(raw.status);
  const decriminalized = text(raw.decriminalized);
  const sort = text(raw.sort);
  const delivery = text(raw.delivery);
  const lounges = text(raw.lounges);
  const hemp = text(raw.hemp);
  const sales = text(raw.sales);
  const asked = (Array.isArray(raw.col) ? raw.col : [raw.col]).map(text);
  return {
    q: text(raw.q).trim().slice(0, 60),
    status: (STATUSES as readonly string[]).includes(status) ? (status as Status) : "",
    decriminalized: decriminalized === "yes" || decriminalized === "no" ? decriminalized : "",
    delivery: (DELIVERY as readonly string[]).includes(delivery)
      ? (delivery as StatesQuery["delivery"])
      : "",
    lounges: lounges === "yes" || lounges === "no" ? lounges : "",
    hemp: (HEMP_TREATMENTS as readonly string[]).includes(hemp)
      ? (hemp as StatesQuery["hemp"])
      : "",
    sales: sales === "operating" || sales === "not_operating" ? sales : "",
    columns: (Object.keys(OPTIONAL_COLUMNS) as OptionalColumn[]).filter((column) =>
      asked.includes(column),
    ),
    sort: sort in STATE_SORTS ? (sort as Sort) : "name",
  };
}

function adultUseDate(record: Jurisdiction): string | null {
  return record.adult_use.legal ? record.adult_use.effective : null;
}

function medicalDate(record: Jurisdiction): string | null {
  return record.medical.program === "none" ? null : record.medical.effective;
}

/** Earliest first; jurisdictions without the date last, by name. */
function byDate(pick: (record: Jurisdiction) => string | null) {
  return (a: Jurisdiction, b: Jurisdiction) => {
    const left = pick(a);
    const right = pick(b);
    if (left === right) return a.name.localeCompare(b.name, "en");
    if (left === null) return 1;
    if (right === null) return -1;
    return left < right ? -1 : 1;
  };
}

/** Whether a record passes the query's filters. */
export function matchesStatesQuery(record: Jurisdiction, query: StatesQuery): boolean {
  const needle = query.q.toLowerCase();
  return (
    (needle === "" ||
      record.name.toLowerCase().includes(needle) ||
      record.code.toLowerCase() === needle) &&
    (query.status === "" || record.status === query.status) &&
    (query.decriminalized === "" || record.decriminalized === (query.decriminalized === "yes")) &&
    (query.delivery === "" || deliveryOf(record) === query.delivery) &&
    (query.lounges === "" || loungesOf(record) === query.lounges) &&
    (query.hemp === "" || (record.hemp.intoxicating_products ?? "") === query.hemp) &&
    (query.sales === "" || salesOf(record) === query.sales)
  );
}

/** Every record, in the query's order (filtering hides rows, so script can show them again). */
export function sortStates(records: readonly Jurisdiction[], query: StatesQuery): Jurisdiction[] {
  const byName = (a: Jurisdiction, b: Jurisdiction) => a.name.localeCompare(b.name, "en");
  const compare =
    query.sort === "status"
      ? (a: Jurisdiction, b: Jurisdiction) =>
          STATUSES.indexOf(a.status) - STATUSES.indexOf(b.status) || byName(a, b)
      : query.sort === "adult_use"
        ? byDate(adultUseDate)
        : query.sort === "medical"
          ? byDate(medicalDate)
          : byName;
  return [...records].sort(compare);
}

function option(value: string, label: string, selected: string): SafeHtml {
  return html`<option value="${value}"${value === selected ? html` selected` : ""}>${label}</option>`;
}

/** The filter form: a plain GET form, so it works without JavaScript. */
export function renderStatesFilters(query: StatesQuery): SafeHtml {
  return html`<form class="filters" method="get" action="/states" role="search" aria-label="Filter jurisdictions" data-states-filter>
  <div><label for="filter-q">Name</label><input id="filter-q" name="q" type="search" maxlength="60" value="${query.q}" autocomplete="off"></div>
  <div><label for="filter-status">Status</label><select id="filter-status" name="status">${option("", "Any status", query.status)}${STATUSES.map((status) => option(status, STATUS_LABELS[status], query.status))}</select></div>
  <div><label for="filter-decrim">Decriminalized</label><select id="filter-decrim" name="decriminalized">${option("", "Either", query.decriminalized)}${option("yes", "Yes", query.decriminalized)}${option("no", "No", query.decriminalized)}</select></div>
  <div><label for="filter-sales">Licensed retail sales</label><select id="filter-sales" name="sales" data-filter="sales">${option("", "Either", query.sales)}${option("operating", "Open", query.sales)}${option("not_operating", "Not open", query.sales)}</select></div>
  <div><label for="filter-delivery">Delivery</label><select id="filter-delivery" name="delivery" data-filter="delivery">${option("", "Any", query.delivery)}${DELIVERY.map((value) => option(value, DELIVERY_LABELS[value], query.delivery))}</select></div>
  <div><label for="filter-lounges">Lounges allowed</label><select id="filter-lounges" name="lounges" data-filter="lounges">${option("", "Either", query.lounges)}${option("yes", "Yes", query.lounges)}${option("no", "No", query.lounges)}</select></div>
  <div><label for="filter-hemp">Hemp products</label><select id="filter-hemp" name="hemp" data-filter="hemp">${option("", "Any", query.hemp)}${HEMP_TREATMENTS.map((value) => option(value, HEMP_LABELS[value], query.hemp))}</select></div>
  <fieldset class="columns-choice"><legend>Show columns</legend>${(Object.entries(OPTIONAL_COLUMNS) as [OptionalColumn, string][]).map(([value, label]) => html`<label><input type="checkbox" name="col" value="${value}" data-column-toggle="${value}"${query.columns.includes(value) ? html` checked` : ""}> ${label}</label>`)}</fieldset>
  <div><label for="filter-sort">Sort by</label><select id="filter-sort" name="sort">${Object.entries(STATE_SORTS).map(([value, label]) => option(value, label, query.sort))}</select></div>
  <div><button type="submit">Apply</button> <a href="/states">Reset</a></div>
</form>`;
}

/** The head cells of the optional columns (hidden unless asked for; script toggles them in place). */
export function optionalColumnHeads(query: StatesQuery): SafeHtml[] {
  return (Object.entries(OPTIONAL_COLUMNS) as [OptionalColumn, string][]).map(
    ([value, label]) =>
      html`<th scope="col" data-column="${value}"${query.columns.includes(value) ? "" : html` hidden`}>${label}</th>`,
  );
}

export function renderStateRows(
  records: readonly Jurisdiction[],
  query: StatesQuery,
  badge: (status: Status) => SafeHtml,
): SafeHtml[] {
  return records.map(
    (
      record,
    ) => html`<tr${matchesStatesQuery(record, query) ? "" : html` hidden`} data-name="${record.name.toLowerCase()}" data-code="${record.code.toLowerCase()}" data-status="${record.status}" data-status-rank="${STATUSES.indexOf(record.status)}" data-decriminalized="${record.decriminalized ? "yes" : "no"}" data-adult-use="${adultUseDate(record) ?? ""}" data-medical="${medicalDate(record) ?? ""}" data-delivery="${deliveryOf(record)}" data-lounges="${loungesOf(record)}" data-hemp="${record.hemp.intoxicating_products ?? ""}" data-sales="${salesOf(record)}">
  <th scope="row"><a href="/states/${record.code}">${record.name}</a> <span class="code">${record.code}</span></th>
  <td>${TYPE_LABELS[record.type]}</td>
  <td>${badge(record.status)}</td>
  <td>${yesNo(record.decriminalized)}</td>
  <td>${record.adult_use.legal ? dateOrElse(record.adult_use.effective, "unknown") : html`<span class="missing">not legal</span>`}</td>
  <td>${record.medical.program === "none" ? html`<span class="missing">no program</span>` : dateOrElse(record.medical.effective, "unknown")}</td>
  <td data-column="delivery"${query.columns.includes("delivery") ? "" : html` hidden`}>${deliveryOf(record) === "" ? html`<span class="missing">${record.adult_use.legal ? "not known" : "no adult use"}</span>` : DELIVERY_LABELS[deliveryOf(record) as keyof typeof DELIVERY_LABELS]}</td>
  <td data-column="lounges"${query.columns.includes("lounges") ? "" : html` hidden`}>${loungesOf(record) === "" ? html`<span class="missing">${record.adult_use.legal ? "not known" : "no adult use"}</span>` : loungesOf(record) === "yes" ? "Allowed" : "Not allowed"}</td>
  <td data-column="hemp"${query.columns.includes("hemp") ? "" : html` hidden`}>${record.hemp.intoxicating_products === null ? html`<span class="missing">not known</span>` : HEMP_LABELS[record.hemp.intoxicating_products]}</td>
</tr>`,
  );
}

function jurisdictionName(dataset: Dataset, code: string): string {
  return code === FEDERAL_CODE ? "Federal" : (dataset.byCode.get(code)?.name ?? code);
}

function sourcesOf(sources: readonly { title: string; url: string }[]): SafeHtml | "" {
  if (sources.length === 0) return "";
  return html`<p class="event-sources">Source: ${sources.map((source, index) => html`${index > 0 ? "; " : ""}<a href="${source.url}" rel="noopener">${source.title}</a>`)}</p>`;
}

/**
 * One event: where, its date, and — when it states a later one — the day it
 * takes effect, in the tense of that jurisdiction's today.
 */
function changeItem(dataset: Dataset, event: LegalEvent, today: string): SafeHtml {
  const where =
    event.jurisdiction === FEDERAL_CODE
      ? html`<a href="/federal">Federal</a>`
      : html`<a href="/states/${event.jurisdiction}">${jurisdictionName(dataset, event.jurisdiction)}</a>`;
  const effective =
    event.effective === null || event.effective === event.date
      ? ""
      : event.effective > today
        ? html` · takes effect ${dateOrElse(event.effective, "unknown")}`
        : html` · took effect ${dateOrElse(event.effective, "unknown")}`;
  return html`<li>
  <p class="event-date">${where} · ${dateOrElse(event.date, "unknown")}${effective}</p>
  <h3>${event.title}</h3>
  <p>${event.summary}</p>
  ${eventLaw(event.authority)}
  ${sourcesOf(event.sources)}
</li>`;
}

/** The `/changes` page's lists look this many days back (today included). */
export const CHANGES_WINDOW_DAYS = 90;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What changed: what took effect in the last `windowDays` days, what was
 * enacted in them, and what takes effect next (soonest first), from the same
 * events and dates as `/v1/changes` (src/dataset/change-feed.ts). `dayOf`
 * is today in a jurisdiction's zone (Eastern time for federal law), so an
 * event moves from "takes effect" to "took effect" at the start of its day
 * where it applies.
 */
export function renderChangesPage(
  dataset: Dataset,
  input: { dayOf: (code: string) => string; state: string; windowDays: number },
): SafeHtml {
  const { dayOf, state, windowDays } = input;
  const events = dataset.changes.filter((event) => state === "" || event.jurisdiction === state);
  const todayOf = (event: LegalEvent) => dayOf(event.jurisdiction);
  /** Whether `day` is in the window ending on `today`: the last `windowDays` days. */
  const isRecent = (day: string, today: string) =>
    day <= today && day > addDays(today, -windowDays);
  const byEffective = inFeedOrder(events, "effective");
  const tookEffect = byEffective.filter((event) => isRecent(effectiveDayOf(event), todayOf(event)));
  const enacted = events.filter((event) => isRecent(event.date, todayOf(event)));
  const upcoming = byEffective
    .filter((event) => effectiveDayOf(event) > todayOf(event))
    .sort((a, b) =>
      effectiveDayOf(a) < effectiveDayOf(b) ? -1 : effectiveDayOf(a) > effectiveDayOf(b) ? 1 : 0,
    );
  const earlier =
    state === ""
      ? []
      : byEffective.filter(
          (event) => effectiveDayOf(event) <= addDays(todayOf(event), -windowDays),
        );
  const options = [
    option("", "All jurisdictions", state),
    option(FEDERAL_CODE, "Federal", state),
    ...dataset.jurisdictions.map((record) => option(record.code, record.name, state)),
  ];
  // Beside every list that can be empty: how far the sources reach, so that
  // an empty list never reads as "nothing happened" (docs/DATA.md, "Currency").
  const horizon = horizonSentence(dataset.manifest.sources_current_to ?? null);
  const list = (items: LegalEvent[], empty: string) =>
    items.length === 0
      ? html`<p>${empty} <span class="horizon">${horizon}</span></p>`
      : html`<p class="muted horizon">${horizon}</p><ol class="change-list" role="list">${items.map((event) => changeItem(dataset, event, todayOf(event)))}</ol>`;
  const scope = state === "" ? "" : ` for ${jurisdictionName(dataset, state)}`;
  // The API's answer to each list, on the day of the jurisdiction asked for (Eastern time for all).
  const today = dayOf(state === "" ? FEDERAL_CODE : state);
  const since = addDays(today, 1 - windowDays);
  const only = state === "" ? "" : `&jurisdiction=${state}`;
  const asData = (query: string) =>
    html`<p class="muted change-query">As data: <a href="/v1/changes?${query}"><code>/v1/changes?${query}</code></a></p>`;
  return html`<h1>What changed</h1>
<p class="lead">Laws that took effect in the last ${windowDays} days, laws enacted in them, and those that take effect next, from the same change feed as <a href="/v1/changes"><code>/v1/changes</code></a> (also as an <a href="/changes.atom">Atom feed</a>). A law takes effect at the start of its day where it applies (Eastern time for federal law); an event that states no separate effective day (a ruling, a vote, the first sales) counts from the day it happened. Today is ${formatLongDate(today)}.</p>
<p class="callout horizon" role="note"><strong>${horizon}</strong> An empty list below means only that the sources read so far record nothing for that period.</p>
<form class="filters" method="get" action="/changes" aria-label="Filter changes">
  <div><label for="changes-state">Jurisdiction</label><select id="changes-state" name="state">${options}</select></div>
  <div><button type="submit">Show</button> <a href="/changes">All</a></div>
</form>
<section aria-labelledby="took-effect-heading">
<h2 id="took-effect-heading">Took effect${scope} in the last ${windowDays} days</h2>
${asData(`basis=effective&since=${since}&until=${today}${only}`)}
${list(tookEffect, "Nothing took effect in this period.")}
</section>
<section aria-labelledby="enacted-heading">
<h2 id="enacted-heading">Enacted${scope} in the last ${windowDays} days</h2>
${asData(`since=${since}&until=${today}${only}`)}
${list(enacted, "Nothing was enacted in this period.")}
</section>
<section aria-labelledby="upcoming-heading">
<h2 id="upcoming-heading">Takes effect next${scope}</h2>
${asData(`basis=effective&since=${addDays(today, 1)}${only}`)}
${list(upcoming, "Nothing is scheduled to take effect.")}
</section>
${earlier.length > 0 ? html`<section aria-labelledby="earlier-heading"><h2 id="earlier-heading">Earlier${scope}</h2>${list(earlier, "")}</section>` : ""}
${correctionsSection(dataset, state, scope)}`;
}

/** Corrections shown on /changes, newest first (every one is also in the releases' corrections.json). */
export const CORRECTIONS_SHOWN = 100;

/**
 * Corrections of the data (not changes in the law), newest first, each
 * with what it changed, why, its law, and who coded and reviewed it.
 */
function correctionsSection(dataset: Dataset, state: string, scope: string): SafeHtml {
  const all = dataset.corrections.filter(
    (correction) => state === "" || correction.jurisdiction === state,
  );
  const shown = [...all].reverse().slice(0, CORRECTIONS_SHOWN);
  const item = (
    correction: Correction,
  ) => html`<li id="correction-${correction.id}" class="correction">
  <p class="event-date">${jurisdictionName(dataset, correction.jurisdiction)} · corrected ${formatLongDate(correction.recorded)}</p>
  <ul>${correctedValues(correction).map(
    (change) =>
      html`<li><code>${change.path}</code>: ${JSON.stringify(change.before)} → <strong>${JSON.stringify(change.after)}</strong></li>`,
  )}</ul>
  <p>Why: ${correction.reason}</p>
  ${correction.authority === null ? "" : eventLaw(correction.authority)}
  <p class="muted">Recorded by ${correction.coded_by}; reviewed by ${correction.reviewed_by ?? "nobody (a single-maintainer release)"}. Confidence: ${correction.confidence}, verified ${correction.verified}.</p>
</li>`;
  return html`<section aria-labelledby="corrections-heading">
<h2 id="corrections-heading">Corrections${scope}</h2>
<p class="muted">Where our data was wrong or incomplete: not changes in the law. Each is announced once to webhooks as <code>record.corrected</code> and listed in the Atom feeds.</p>
${shown.length === 0 ? html`<p>No corrections have been recorded.</p>` : html`<ol class="change-list" role="list">${shown.map(item)}</ol>`}
${all.length > shown.length ? html`<p class="muted">The ${CORRECTIONS_SHOWN} newest of ${all.length}; every correction is kept in each release's <a href="/data"><code>source.json</code></a>.</p>` : ""}
</section>`;
}

export function renderFederalPage(federal: Federal): SafeHtml {
  const block = (text: string) => {
    const lines = text.split("\n");
    const items = lines.filter((line) => line.startsWith("- "));
    const prose = lines.filter((line) => !line.startsWith("- ") && line.trim() !== "");
    return html`${prose.map((line) => html`<p>${line}</p>`)}${items.length > 0 ? html`<ul>${items.map((line) => html`<li>${line.slice(2)}</li>`)}</ul>` : ""}`;
  };
  const riders = federal.appropriations_riders.map(
    (
      rider,
    ) => html`<section class="callout" aria-labelledby="rider-${rider.name.replace(/[^A-Za-z0-9]+/g, "-")}">
<h3 id="rider-${rider.name.replace(/[^A-Za-z0-9]+/g, "-")}">${rider.name}</h3>
${block(rider.summary)}
${eventLaw(rider.authority)}
<p class="muted">First enacted ${dateOrElse(rider.first_enacted, "unknown")}; current through ${dateOrElse(rider.current_through, "unknown")}.</p>
${sourcesOf(rider.sources)}
</section>`,
  );
  const hemp = federal.hemp;
  return html`<h1>Federal law</h1>
<p class="lead">Cannabis under US federal law: its schedule under the Controlled Substances Act, where rescheduling stands, the hemp definition and the appropriations riders that limit federal enforcement. Last reviewed ${dateOrElse(federal.last_reviewed, "unknown")}. As data: <a href="/v1/federal"><code>/v1/federal</code></a>.</p>
<section aria-labelledby="schedule-heading">
<h2 id="schedule-heading">Schedule: ${federal.csa_schedule.schedule}</h2>
<p class="muted">Since ${dateOrElse(federal.csa_schedule.since, "unknown")}.</p>
${block(federal.csa_schedule.summary)}
${eventLaw(federal.csa_schedule.authority)}
${sourcesOf(federal.csa_schedule.sources)}
</section>
<section aria-labelledby="rescheduling-heading">
<h2 id="rescheduling-heading">Rescheduling</h2>
<p><strong>Stage:</strong> ${federal.rescheduling.stage}.</p>
${block(federal.rescheduling.summary)}
${eventLaw(federal.rescheduling.authority)}
${sourcesOf(federal.rescheduling.sources)}
</section>
<section aria-labelledby="hemp-heading">
<h2 id="hemp-heading">Hemp</h2>
<dl class="facts">
  <dt>Definition</dt><dd>${hemp.definition}</dd>
  <dt>THC limit</dt><dd>${hemp.thc_limit}</dd>
  <dt>Enacted by</dt><dd>${hemp.enacted_by === null ? html`<span class="missing">unknown</span>` : html`${hemp.enacted_by.name}${hemp.enacted_by.date === null ? "" : html`, ${formatLongDate(hemp.enacted_by.date)}`}`}</dd>
  <dt>Effective</dt><dd>${dateOrElse(hemp.effective, "unknown")}</dd>
</dl>
${block(hemp.summary)}
${eventLaw(hemp.authority)}
${sourcesOf(hemp.sources)}
</section>
<section aria-labelledby="riders-heading">
<h2 id="riders-heading">Appropriations riders</h2>
${riders.length === 0 ? html`<p>None recorded.</p>` : riders}
</section>
${federal.notes.length > 0 ? html`<section aria-labelledby="federal-notes-heading"><h2 id="federal-notes-heading">Notes</h2><ul>${federal.notes.map((note) => html`<li>${note}</li>`)}</ul></section>` : ""}
<section aria-labelledby="federal-history-heading">
<h2 id="federal-history-heading">History</h2>
<p>Every federal event is listed on <a href="/changes?state=US">What changed</a>, and in an <a href="/federal/changes.atom">Atom feed</a>.</p>
</section>`;
}
