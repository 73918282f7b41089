/**
 * The public, read-only website: `/` (the map), `/states` (the table),
 * `/states/:code` (one jurisdiction) and the stylesheet and script under
 * `/assets/`. Everything that depends only on the dataset — the legend and
 * counts, the table — is rendered once when the plugin starts, and the
 * map's SVG once on the first request that shows it; a request adds only
 * the page shell for its visitor.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Dataset } from "../dataset/dataset.load.ts";
import {
  type Jurisdiction,
  type LegalEvent,
  STATUSES,
  type Status,
} from "../dataset/dataset.schema.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import { AppError } from "../errors.ts";
import { horizonSentence, isoDay } from "../lib/dates.ts";
import { embedRoutes, embedSnippet } from "./embed.ts";
import { html, type SafeHtml } from "./html.ts";
import { type Page, type PageContext, renderPage, sendHtml } from "./layout.ts";
import { renderAtAGlance, renderBusinessSections } from "./site.business.ts";
import {
  CHANGES_WINDOW_DAYS,
  matchesStatesQuery,
  optionalColumnHeads,
  parseStatesQuery,
  renderChangesPage,
  renderFederalPage,
  renderStateRows,
  renderStatesFilters,
  type StatesQuery,
  sortStates,
} from "./site.explore.ts";
import {
  dateOrElse,
  ENACTMENT_LABELS,
  formatLongDate,
  MEDICAL_PROGRAM_LABELS,
  STATUS_LABELS,
  statusLabel,
  statusMeaning,
  TYPE_LABELS,
  yesNo,
} from "./site.format.ts";
import { eventLaw, renderAboutRecord, renderLaw, renderSummary } from "./site.law.ts";
import {
  categoryClass,
  DECRIM_LABELS,
  loadStatesTopology,
  type MapView,
  renderUsMap,
  stateLinkLabel,
} from "./site.map.ts";
import { siteAssets, staticAssets } from "./static-assets.ts";

export type SiteOptions = {
  /** The law in force now (src/dataset/law.live.ts): the pages are rebuilt when it changes. */
  law: Pick<LiveLaw, "derive">;
  /** Public origin, used in the copy-paste example request. */
  publicBaseUrl: string;
  /** Who is asking (for the header's account area and forms' CSRF token). */
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext | Promise<PageContext>;
  /** Today's date as YYYY-MM-DD (in a jurisdiction's zone, given its code); decides which history events are still to take effect. */
  today?: (code?: string) => string;
  /** Who may frame /embed/map (CSP frame-ancestors sources). */
  embedFrameAncestors?: readonly string[];
  /** Cache-Control of /embed/map now (never past the next change of law). */
  embedCacheControl?: () => string;
  /** How current the watch of official sources is, for / and /changes (src/review-queue/). */
  watchNote?: () => Promise<SafeHtml | "">;
  /** What a state page adds beside its values, given the jurisdiction's code ("Suggest a correction", src/review-queue/). */
  annotateStatePage?: (page: SafeHtml, code: string) => SafeHtml;
};

type Counts = Record<Status, { statesAndDc: number; territories: number }>;

function countByStatus(records: readonly Jurisdiction[]): Counts {
  const counts = Object.fromEntries(
    STATUSES.map((status) => [status, { statesAndDc: 0, territories: 0 }]),
  ) as Counts;
  for (const record of records) {
    // Before a record's review its status may be unknown (src/dataset/law.ts): not counted.
    const count = counts[record.status] as Counts[Status] | undefined;
    if (count === undefined) continue;
    if (record.type === "territory") count.territories += 1;
    else count.statesAndDc += 1;
  }
  return counts;
}

/** The legend: a swatch and a text label for every status, with counts — colour is never the only cue. */
function renderLegend(counts: Counts, records: readonly Jurisdiction[]): SafeHtml {
  const statesAndDc = records.filter((record) => record.type !== "territory").length;
  const territories = records.length - statesAndDc;
  const rows = STATUSES.map(
    (status) => html`<tr class="status-${status}" data-status="${status}">
  <th scope="row"><span class="legend-key"><span class="swatch status-${status}" aria-hidden="true"></span><span>${STATUS_LABELS[status]}</span></span></th>
  <td class="count-states">${counts[status].statesAndDc}</td>
  <td class="count-territories">${counts[status].territories}</td>
</tr>`,
  );
  return html`<table class="legend">
<caption>Legend and counts</caption>
<thead><tr><th scope="col">Status</th><th scope="col">States and DC</th><th scope="col">Territories</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row">Total</th><td>${statesAndDc}</td><td>${territories}</td></tr></tfoot>
</table>`;
}

/** The decriminalization view's legend, with counts. */
function renderDecrimLegend(records: readonly Jurisdiction[]): SafeHtml {
  const rows = (["yes", "no"] as const).map((answer) => {
    const matching = records.filter((record) => record.decriminalized === (answer === "yes"));
    const territories = matching.filter((record) => record.type === "territory").length;
    return html`<tr class="decrim-${answer}">
  <th scope="row"><span class="legend-key"><span class="swatch decrim-${answer}" aria-hidden="true"></span><span>${DECRIM_LABELS[answer]}</span></span></th>
  <td>${matching.length - territories}</td>
  <td>${territories}</td>
</tr>`;
  });
  return html`<table class="legend">
<caption>Legend and counts: is possessing a small amount decriminalized (not a jailable crime)?</caption>
<thead><tr><th scope="col">Possession</th><th scope="col">States and DC</th><th scope="col">Territories</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

/** States too small to tap on a phone's map, as a list of plain links. */
const SMALL_STATES = ["CT", "DE", "DC", "MD", "MA", "NH", "NJ", "RI", "VT"] as const;

function renderSmallStates(records: readonly Jurisdiction[], view: MapView): SafeHtml {
  const items = SMALL_STATES.flatMap((code) => {
    const record = records.find((candidate) => candidate.code === code);
    if (record === undefined) return [];
    return [
      html`<li><a href="/states/${record.code}" aria-label="${record.code}, ${stateLinkLabel(record, view)}"><span class="swatch ${categoryClass(record, view)}" aria-hidden="true"></span>${record.code}</a></li>`,
    ];
  });
  return html`<h3 id="small-states-heading">Small states</h3>
<ul class="small-states" role="list" aria-labelledby="small-states-heading">${items}</ul>`;
}

function statusBadge(status: Status | null): SafeHtml {
  return html`<span class="badge status-${status ?? "unknown"}"><span class="swatch status-${status ?? "unknown"}" aria-hidden="true"></span>${statusLabel(status)}</span>`;
}

function renderTerritoryTiles(records: readonly Jurisdiction[]): SafeHtml {
  const tiles = records
    .filter((record) => record.type === "territory")
    .map(
      (record) => html`<li><a class="tile" href="/states/${record.code}">
  <span class="tile-code status-${record.status}" aria-hidden="true">${record.code}</span>
  <span class="tile-text"><span class="tile-name">${record.name}</span><span class="tile-status">${statusLabel(record.status)}</span></span>
</a></li>`,
    );
  return html`<ul class="territories" role="list">${tiles}</ul>`;
}

function reviewRange(records: readonly Jurisdiction[]): SafeHtml {
  const dates = records.map((record) => record.last_reviewed).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return html`unknown`;
  if (first === last) return dateOrElse(first, "unknown");
  return html`between ${dateOrElse(first, "unknown")} and ${dateOrElse(last, "unknown")}`;
}

function renderHome(
  options: SiteOptions,
  dataset: Dataset,
  map: SafeHtml,
  legend: SafeHtml,
  view: MapView,
): SafeHtml {
  const { publicBaseUrl } = options;
  const records = dataset.jurisdictions;
  return html`<section class="intro">
<h1>Cannabis legal status in the United States</h1>
<p class="lead">Where cannabis is legal for adults, medical only, limited to low-THC products or prohibited — in every state, DC and the five inhabited territories, with the sources behind every fact.</p>
<p class="dataset-meta">Dataset version <strong>${dataset.manifest.version}</strong>, released ${dateOrElse(dataset.manifest.released, "unknown")}. Records last reviewed ${reviewRange(records)}.${dataset.manifest.sources_current_to === undefined ? "" : html` Sources current to ${dateOrElse(dataset.manifest.sources_current_to, "unknown")}: later events are not reflected.`}</p>
</section>
<section class="map-section" aria-labelledby="map-heading">
<h2 id="map-heading">${view === "status" ? "Status by state" : "Decriminalization by state"}</h2>
<ul class="map-views" role="list" aria-label="Colour the map by">
<li><a href="/"${view === "status" ? html` aria-current="page"` : ""}>Legal status</a></li>
<li><a href="/?map=decriminalization"${view === "decriminalization" ? html` aria-current="page"` : ""}>Decriminalization</a></li>
</ul>
<div class="map-layout">
<figure class="map-figure">
<a class="skip-map visually-hidden-focusable" href="#after-map">Skip the map's ${records.length - 5} links</a>
${map}
<figcaption class="visually-hidden-focusable">Prefer a table? <a href="/states">All ${records.length} jurisdictions as a table</a>.</figcaption>
</figure>
<div class="map-side" id="after-map" tabindex="-1">
${legend}
<p class="legend-note">Select a state on the map, or see <a href="/states">the table of all ${records.length} jurisdictions</a>.</p>
${renderSmallStates(records, view)}
<h3 id="territories-heading">Territories</h3>
<p class="territories-note">The five inhabited territories are not on the map.</p>
${renderTerritoryTiles(records)}
</div>
</div>
</section>
<section class="api-example" aria-labelledby="api-heading">
<h2 id="api-heading">Use the data</h2>
<p>Everything here is a free, read-only JSON API; no key needed. One jurisdiction:</p>
<div class="code-block">
<pre><code id="example-request">curl ${publicBaseUrl}/v1/states/CA</code></pre>
<button type="button" class="button copy-button" data-copy-target="example-request">Copy</button>
</div>
<p><a class="button secondary" href="/docs">Read the API reference</a></p>
</section>
<section aria-labelledby="explore-heading">
<h2 id="explore-heading">Explore</h2>
<ul>
<li><a href="/states">Compare every jurisdiction</a>: filter by status or decriminalization, sort by date, search by name.</li>
<li><a href="/changes">What changed</a>: laws that took effect recently, and those that will.</li>
<li><a href="/federal">Federal law</a>: the schedule, rescheduling, hemp and the appropriations riders.</li>
</ul>
</section>
<section class="embed-example" aria-labelledby="embed-heading">
<h2 id="embed-heading">Put the map on your site</h2>
<p>Copy this into your page; the map stays current, sets no cookies and links back here. Hear about changes with the <a href="/changes.atom">Atom feed</a>, or download the data from <a href="/data">Data</a>.</p>
<div class="code-block">
<pre><code id="embed-snippet">${embedSnippet(publicBaseUrl)}</code></pre>
<button type="button" class="button copy-button" data-copy-target="embed-snippet">Copy</button>
</div>
</section>`;
}

function adultUseSince(record: Jurisdiction): SafeHtml {
  if (!record.adult_use.legal) return html`<span class="missing">not legal</span>`;
  return dateOrElse(record.adult_use.effective, "unknown");
}

function medicalSince(record: Jurisdiction): SafeHtml {
  if (record.medical.program === "none") return html`<span class="missing">no program</span>`;
  return dateOrElse(record.medical.effective, "unknown");
}

function renderStatesTable(
  records: readonly Jurisdiction[],
  legend: SafeHtml,
  query: StatesQuery,
): SafeHtml {
  const shown = records.filter((record) => matchesStatesQuery(record, query)).length;
  return html`<h1>All jurisdictions</h1>
<p class="lead">The ${records.length} jurisdictions the dataset covers: the 50 states, the District of Columbia and the five inhabited territories. Select a name for its sources and history.</p>
${legend}
${renderStatesFilters(query)}
<p class="filter-count" role="status" id="states-count">Showing ${shown} of ${records.length} jurisdictions.</p>
<div class="table-scroll" role="region" aria-labelledby="states-caption" tabindex="0">
<table class="states-table">
<caption id="states-caption">Cannabis legal status of every jurisdiction</caption>
<thead><tr><th scope="col">Jurisdiction</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Decriminalized</th><th scope="col">Adult use since</th><th scope="col">Medical since</th>${optionalColumnHeads(query)}</tr></thead>
<tbody>
${renderStateRows(sortStates(records, query), query, statusBadge)}
</tbody>
</table>
</div>`;
}

type Enactment = NonNullable<Jurisdiction["adult_use"]["enacted_by"]>;

function enactment(enactedBy: Enactment | null, missing: string): SafeHtml {
  if (enactedBy === null) return html`<span class="missing">${missing}</span>`;
  const when = enactedBy.date === null ? "" : html`, ${formatLongDate(enactedBy.date)}`;
  return html`${enactedBy.name} <span class="muted">(${ENACTMENT_LABELS[enactedBy.type]}${when})</span>`;
}

function homeGrow(rules: Jurisdiction["adult_use"]["home_grow"]): SafeHtml {
  if (rules === null) return html`<span class="missing">unknown</span>`;
  if (rules.summary !== null) return html`${rules.summary}`;
  if (rules.allowed === null) return html`<span class="missing">unknown</span>`;
  if (!rules.allowed) return html`Not allowed`;
  return rules.plants === null
    ? html`Allowed`
    : html`Allowed: ${rules.plants} plants per ${rules.per ?? "adult"}`;
}

function renderDecriminalization(record: Jurisdiction): SafeHtml {
  const { since, summary } = record.decriminalization;
  const verdict = record.decriminalized
    ? since === null
      ? html`Yes (since an unknown date)`
      : html`Yes, since ${dateOrElse(since, "unknown")}`
    : html`No: possessing a small amount can still be a jailable crime`;
  return html`<section aria-labelledby="decrim-heading">
<h2 id="decrim-heading">Decriminalization</h2>
<p><strong>${verdict}.</strong></p>
${summary === null ? "" : html`<p>${summary}</p>`}
</section>`;
}

function renderAdultUse(record: Jurisdiction): SafeHtml {
  const rules = record.adult_use;
  const hasFacts = rules.legal || rules.enacted_by !== null || rules.effective !== null;
  const body = hasFacts
    ? html`<dl class="facts">
  <dt>Legal for adults</dt><dd>${yesNo(rules.legal)}</dd>
  <dt>Enacted by</dt><dd>${enactment(rules.enacted_by, "unknown")}</dd>
  <dt>Effective</dt><dd>${dateOrElse(rules.effective, "unknown")}</dd>
  <dt>Retail sales began</dt><dd>${dateOrElse(rules.sales_began, "none yet")}</dd>
  <dt>Possession limit</dt><dd>${rules.possession_limit === null ? html`<span class="missing">unknown</span>` : rules.possession_limit.summary}</dd>
  <dt>Home grow</dt><dd>${homeGrow(rules.home_grow)}</dd>
</dl>`
    : html`<p>Adults may not legally possess cannabis in ${record.name}.</p>`;
  return html`<section aria-labelledby="adult-heading">
<h2 id="adult-heading">Adult use</h2>
${body}
</section>`;
}

function renderMedical(record: Jurisdiction): SafeHtml {
  const rules = record.medical;
  const body =
    rules.program === "none"
      ? html`<p>${record.name} has no medical cannabis program.</p>`
      : html`<dl class="facts">
  <dt>Program</dt><dd>${MEDICAL_PROGRAM_LABELS[rules.program]}</dd>
  <dt>Enacted by</dt><dd>${enactment(rules.enacted_by, "unknown")}</dd>
  <dt>Effective</dt><dd>${dateOrElse(rules.effective, "unknown")}</dd>
</dl>`;
  return html`<section aria-labelledby="medical-heading">
<h2 id="medical-heading">Medical use</h2>
${body}
</section>`;
}

function sourceLink(source: { title: string; url: string }): SafeHtml {
  return html`<a href="${source.url}" rel="noopener">${source.title}</a>`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function eventKindLabel(kind: string): string {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function renderEvent(event: LegalEvent, today: string): SafeHtml {
  const effective = event.effective;
  const isUpcoming = (effective ?? event.date) > today;
  let effect: SafeHtml | string = "";
  if (isUpcoming) {
    effect = html`<p class="event-effect"><span class="tag upcoming">Upcoming</span> Takes effect ${dateOrElse(effective ?? event.date, "unknown")}.</p>`;
  } else if (effective !== null && effective !== event.date) {
    effect = html`<p class="event-effect">Took effect ${dateOrElse(effective, "unknown")}.</p>`;
  }
  const sources =
    event.sources.length === 0
      ? ""
      : html`<p class="event-sources">Source: ${event.sources.map((source, index) => html`${index > 0 ? ", " : ""}${sourceLink(source)}`)}</p>`;
  return html`<li class="${isUpcoming ? "event upcoming" : "event"}">
  <p class="event-date">${dateOrElse(event.date, "unknown")} <span class="tag">${eventKindLabel(event.kind)}</span></p>
  <h3>${event.title}</h3>
  <p>${event.summary}</p>
  ${eventLaw(event.authority)}
  ${effect}
  ${sources}
</li>`;
}

function renderStatePage(
  record: Jurisdiction,
  history: readonly LegalEvent[],
  today: string,
  sourcesCurrentTo: string | null,
): SafeHtml {
  const regulator =
    record.regulator === null
      ? html`<p>No cannabis regulator is listed for ${record.name}.</p>`
      : html`<p><a href="${record.regulator.url}" rel="noopener">${record.regulator.name}</a></p>`;
  const timeline =
    history.length === 0
      ? html`<p>No events are recorded.</p>`
      : html`<ol class="timeline">${history.map((event) => renderEvent(event, today))}</ol>`;
  const sources = record.sources.map(
    (source) =>
      html`<li>${sourceLink(source)} <span class="muted">${hostOf(source.url)}</span></li>`,
  );
  return html`<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Map</a> <span aria-hidden="true">›</span> <a href="/states">All jurisdictions</a> <span aria-hidden="true">›</span> <span aria-current="page">${record.name}</span></nav>
<header class="state-header">
<h1>${record.name}</h1>
<p class="state-type">${TYPE_LABELS[record.type]} · <span class="code">${record.code}</span></p>
</header>
<p class="horizon" role="note">${horizonSentence(record.sources_current_to ?? sourcesCurrentTo)} Record last reviewed ${dateOrElse(record.last_reviewed, "unknown")}.</p>
${renderSummary(record)}
${renderAtAGlance(record)}
<section class="status-summary status-${record.status}" aria-labelledby="status-heading">
<h2 id="status-heading">Status: ${statusBadge(record.status)}</h2>
<p>${statusMeaning(record.status)}</p>
<dl class="facts">
  <dt>Decriminalized</dt><dd>${yesNo(record.decriminalized)}</dd>
  <dt>Adult use since</dt><dd>${adultUseSince(record)}</dd>
  <dt>Medical since</dt><dd>${medicalSince(record)}</dd>
  <dt>Last reviewed</dt><dd>${dateOrElse(record.last_reviewed, "unknown")}</dd>
  <dt>Sources current to</dt><dd>${dateOrElse(record.sources_current_to ?? sourcesCurrentTo, "not stated")}</dd>
</dl>
</section>
<div class="state-sections">
${renderDecriminalization(record)}
${renderAdultUse(record)}
${renderMedical(record)}
${renderBusinessSections(record)}
<section aria-labelledby="regulator-heading">
<h2 id="regulator-heading">Regulator</h2>
${regulator}
</section>
</div>
${renderLaw(record)}
${renderAboutRecord(record, sourcesCurrentTo)}
<section aria-labelledby="history-heading">
<h2 id="history-heading">History</h2>
${timeline}
</section>
<section aria-labelledby="sources-heading">
<h2 id="sources-heading">Sources</h2>
<ol class="sources">${sources}</ol>
</section>
<section class="data-links" aria-labelledby="data-heading">
<h2 id="data-heading">This record as data</h2>
<p>Last reviewed ${dateOrElse(record.last_reviewed, "unknown")}. JSON: <a href="/v1/states/${record.code}"><code>/v1/states/${record.code}</code></a> · history: <a href="/v1/states/${record.code}/history"><code>/v1/states/${record.code}/history</code></a></p>
</section>`;
}

/** What the pages show of one state of the law, drawn on first use and kept while it holds. */
function createPages(options: SiteOptions, dataset: Dataset) {
  const records = dataset.jurisdictions;
  const legend = renderLegend(countByStatus(records), records);
  // The map is drawn on the first request that shows it (tens of
  // milliseconds of projection work start-up need not spend), once per view.
  const mapped = records.filter((record) => record.type !== "territory");
  const maps = new Map<MapView, SafeHtml>();
  const mapOf = (view: MapView): SafeHtml => {
    let map = maps.get(view);
    if (map === undefined) {
      topology ??= loadStatesTopology();
      map = renderUsMap(topology, mapped, view);
      maps.set(view, map);
    }
    return map;
  };
  const homeBodies = new Map<MapView, SafeHtml>();
  const homeBody = (view: MapView): SafeHtml => {
    let body = homeBodies.get(view);
    if (body === undefined) {
      body = renderHome(
        options,
        dataset,
        mapOf(view),
        view === "status" ? legend : renderDecrimLegend(records),
        view,
      );
      homeBodies.set(view, body);
    }
    return body;
  };
  let defaultStatesBody: SafeHtml | undefined;
  let federalBody: SafeHtml | undefined;
  return {
    dataset,
    records,
    legend,
    mapOf,
    homeBody,
    defaultStatesBody: () => {
      defaultStatesBody ??= renderStatesTable(records, legend, parseStatesQuery({}));
      return defaultStatesBody;
    },
    federalBody: () => {
      federalBody ??= renderFederalPage(dataset.federal);
      return federalBody;
    },
  };
}

let topology: ReturnType<typeof loadStatesTopology> | undefined;

export async function siteRoutes(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const today = options.today ?? (() => isoDay(new Date()));
  const annotateStatePage = options.annotateStatePage ?? ((page: SafeHtml) => page);

  await app.register(staticAssets, { catalog: siteAssets() });

  const current = options.law.derive((state) => createPages(options, state.readable));
  await app.register(embedRoutes, {
    map: () => current().mapOf("status"),
    legend: () => current().legend,
    frameAncestors: options.embedFrameAncestors ?? ["*"],
    publicBaseUrl: options.publicBaseUrl,
    datasetVersion: current().dataset.manifest.version,
    ...(options.embedCacheControl === undefined ? {} : { cacheControl: options.embedCacheControl }),
  });

  // Pages carry the visitor's header (and the page context may set a CSRF
  // cookie), so no shared cache may keep them; the data behind them is cached
  // at /v1 instead.
  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
    const context = await options.pageContext(request, reply);
    return sendHtml(reply, 200, renderPage(context, page), "private, no-cache");
  }

  app.get("/", { schema: { hide: true } }, async (request, reply) => {
    const asked = (request.query as { map?: unknown }).map;
    const view: MapView = asked === "decriminalization" ? "decriminalization" : "status";
    return sendPage(request, reply, {
      title: "Cannabis legal status by state",
      description:
        "A map of the cannabis legal status of every US state, DC and the five inhabited territories, with sources.",
      body: html`${current().homeBody(view)}${(await options.watchNote?.()) ?? ""}`,
      mainClass: "home",
      feeds: [{ title: "Cannabis law changes (Atom)", href: "/changes.atom" }],
    });
  });

  app.get("/states", { schema: { hide: true } }, (request, reply) => {
    const query = parseStatesQuery((request.query ?? {}) as Record<string, unknown>);
    const pages = current();
    const isDefault =
      query.q === "" &&
      query.status === "" &&
      query.decriminalized === "" &&
      query.delivery === "" &&
      query.lounges === "" &&
      query.hemp === "" &&
      query.columns.length === 0 &&
      query.sort === "name";
    return sendPage(request, reply, {
      title: "All jurisdictions",
      description:
        "The cannabis legal status of all 50 states, DC and the five inhabited territories: filter, sort and search.",
      body: isDefault
        ? pages.defaultStatesBody()
        : renderStatesTable(pages.records, pages.legend, query),
    });
  });

  app.get("/changes", { schema: { hide: true } }, async (request, reply) => {
    const asked = (request.query as { state?: unknown }).state;
    const code = typeof asked === "string" ? asked.toUpperCase().slice(0, 2) : "";
    const { dataset } = current();
    const state = code === "US" || dataset.byCode.has(code) ? code : "";
    return sendPage(request, reply, {
      title: "What changed",
      description:
        "Cannabis laws that took effect or were enacted in the last 90 days and those that take effect next, in every state, DC, the territories and federal law.",
      body: html`${renderChangesPage(dataset, {
        dayOf: (jurisdiction) => today(jurisdiction),
        state,
        windowDays: CHANGES_WINDOW_DAYS,
      })}${(await options.watchNote?.()) ?? ""}`,
      head: html`<link rel="alternate" type="application/atom+xml" href="/changes.atom" title="What changed (Atom)">`,
    });
  });

  app.get("/federal", { schema: { hide: true } }, (request, reply) =>
    sendPage(request, reply, {
      title: "Federal law",
      description:
        "Cannabis under US federal law: schedule, rescheduling, hemp and appropriations riders, with the law cited.",
      body: current().federalBody(),
      feeds: [
        { title: "Federal cannabis law changes (Atom)", href: "/federal/changes.atom" },
        { title: "Cannabis law changes, all jurisdictions (Atom)", href: "/changes.atom" },
      ],
    }),
  );

  app.get<{ Params: { code: string } }>(
    "/states/:code",
    { schema: { hide: true } },
    (request, reply) => {
      const asked = request.params.code.slice(0, 20);
      const code = asked.toUpperCase();
      const { dataset } = current();
      const record = dataset.byCode.get(code);
      if (record === undefined) {
        throw new AppError("not_found", `No jurisdiction has the code ${code}.`);
      }
      if (asked !== code) return reply.redirect(`/states/${code}`, 301);
      return sendPage(request, reply, {
        title: record.name,
        description: `${record.name}: ${statusLabel(record.status).toLowerCase()}. Decriminalization, adult use, medical use, history and sources.`,
        body: annotateStatePage(
          renderStatePage(
            record,
            dataset.histories.get(code) ?? [],
            today(code),
            dataset.manifest.sources_current_to ?? null,
          ),
          code,
        ),
        mainClass: "state-page",
        feeds: [
          {
            title: `Cannabis law changes in ${record.name} (Atom)`,
            href: `/states/${code}/changes.atom`,
          },
          { title: "Cannabis law changes, all jurisdictions (Atom)", href: "/changes.atom" },
        ],
      });
    },
  );
}
