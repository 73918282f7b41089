/**
 * `/embed/map`: the status map and its legend alone, for other sites'
 * `<iframe>`s. The only framable page: its CSP's `frame-ancestors` is the
 * operator's list (default `*`) and it drops `X-Frame-Options`; every other
 * page keeps `frame-ancestors 'none'`. It sets no cookies (no session, no
 * CSRF token) and runs no script; links open on this site in a new tab.
 */
import type { FastifyInstance } from "fastify";
import { html, type SafeHtml } from "./html.ts";
import { assetUrl } from "./static-assets.ts";

export type EmbedOptions = {
  /** The status map, drawn on first use and kept by the site. */
  map: () => SafeHtml;
  /** The rendered legend (of the law in force now). */
  legend: () => SafeHtml;
  /** Cache-Control of the page now: a cache never keeps it past the next change of law. */
  cacheControl?: () => string;
  /** Who may frame the page: CSP frame-ancestors sources, e.g. ["*"] or ["https://news.example"]. */
  frameAncestors: readonly string[];
  publicBaseUrl: string;
  datasetVersion: string;
};

export function embedSnippet(publicBaseUrl: string): string {
  return `<iframe src="${publicBaseUrl}/embed/map" title="Cannabis legal status by state" width="100%" height="560" loading="lazy"></iframe>`;
}

export async function embedRoutes(app: FastifyInstance, options: EmbedOptions): Promise<void> {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.frameAncestors.join(" ")}`,
  ].join("; ");
  // Built on the first request: the map takes tens of milliseconds to draw,
  // which start-up need not spend.
  let page: string | undefined;
  let pageMap: SafeHtml | undefined;
  const render = () =>
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cannabis legal status by state</title>
<link rel="stylesheet" href="${assetUrl("site.css")}">
<base target="_blank">
</head>
<body class="embed">
<main class="map-layout">
<figure class="map-figure">
${options.map()}
</figure>
<div class="map-side">
${options.legend()}
<p class="legend-note">Source: <a href="${options.publicBaseUrl}/">Cannabis Legal Status</a>, dataset ${options.datasetVersion} (CC BY 4.0).</p>
</div>
</main>
</body>
</html>
`.toString();

  app.get("/embed/map", { schema: { hide: true } }, (_request, reply) => {
    const map = options.map();
    if (page === undefined || map !== pageMap) {
      page = render();
      pageMap = map;
    }
    return reply
      .removeHeader("x-frame-options")
      .header("content-security-policy", csp)
      .header("cross-origin-resource-policy", "cross-origin")
      .header("cache-control", options.cacheControl?.() ?? "public, max-age=300")
      .type("text/html; charset=utf-8")
      .send(page);
  });
}
