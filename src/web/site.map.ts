/**
 * The home page's map: the states and DC as a server-rendered SVG, one link
 * per jurisdiction, built once at start-up (the dataset never changes while
 * the process runs). Geometry comes from us-atlas's states-albers-10m.json,
 * already projected to a 975×610 Albers USA plane, so d3-geo draws it with a
 * null projection. us-atlas ids are FIPS codes; records are matched on `fips`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoPath } from "d3-geo";
import type { Feature, Geometry } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { Jurisdiction } from "../dataset/dataset.schema.ts";
import { html, type SafeHtml } from "./html.ts";
import { statusLabel } from "./site.format.ts";

type StatesTopology = Topology<{
  states: GeometryCollection<{ name: string }>;
  nation: GeometryCollection;
}>;

export function loadStatesTopology(): StatesTopology {
  const require = createRequire(import.meta.url);
  const file = require.resolve("us-atlas/states-albers-10m.json");
  return JSON.parse(readFileSync(file, "utf8")) as StatesTopology;
}

/**
 * States too small to hold their own label: the label sits in the Atlantic,
 * east of the coast, joined to the state by a leader line.
 */
const CALLOUTS: Readonly<Record<string, { x: number; y: number }>> = {
  MA: { x: 950, y: 166 },
  RI: { x: 950, y: 188 },
  CT: { x: 950, y: 210 },
  NJ: { x: 950, y: 236 },
  DE: { x: 950, y: 262 },
  MD: { x: 950, y: 288 },
  DC: { x: 950, y: 314 },
};

/** Nudges for states whose centroid is a poor place for a label. */
const LABEL_OFFSETS: Readonly<Record<string, { dx: number; dy: number }>> = {
  FL: { dx: 12, dy: 8 },
  LA: { dx: -10, dy: -4 },
  MI: { dx: 10, dy: 18 },
  KY: { dx: 4, dy: 2 },
  VT: { dx: -1, dy: -6 },
  NH: { dx: 2, dy: 14 },
  HI: { dx: -14, dy: 10 },
  ID: { dx: 0, dy: 12 },
  WV: { dx: -2, dy: 2 },
};

/** Where the map's coordinates live: the 975×610 plane plus room for the callouts. */
const VIEW_BOX = "-60 0 1060 610";

const round = (value: number) => Math.round(value * 10) / 10;

/** What the map colours by: the legal status, or whether possession is decriminalized. */
export const MAP_VIEWS = ["status", "decriminalization"] as const;
export type MapView = (typeof MAP_VIEWS)[number];

export const DECRIM_LABELS = {
  yes: "Decriminalized",
  no: "Not decriminalized",
} as const;

/** The CSS class that colours a record in a view. */
export function categoryClass(record: Jurisdiction, view: MapView): string {
  if (view === "decriminalization") return record.decriminalized ? "decrim-yes" : "decrim-no";
  return `status-${record.status}`;
}

export function stateLinkLabel(record: Jurisdiction, view: MapView = "status"): string {
  if (view === "decriminalization") {
    return `${record.name}: ${DECRIM_LABELS[record.decriminalized ? "yes" : "no"].toLowerCase()}`;
  }
  return `${record.name}: ${statusLabel(record.status).toLowerCase()}`;
}

/** Renders the map's SVG for the given records in one view; call once per view at start-up. */
export function renderUsMap(
  topology: StatesTopology,
  records: readonly Jurisdiction[],
  view: MapView = "status",
): SafeHtml {
  const byFips = new Map(records.map((record) => [record.fips, record]));
  const path = geoPath().digits(1);
  const states = feature(topology, topology.objects.states).features as Feature<
    Geometry,
    { name: string }
  >[];
  const matched = states.map((shape) => {
    const record = byFips.get(String(shape.id));
    if (record === undefined) {
      throw new Error(`us-atlas feature ${String(shape.id)} matches no record's fips`);
    }
    return { shape, record };
  });
  // Document order is both tab order (by name) and paint order: the small states
  // whose leader lines cross their neighbours come last, DC (and its marker) on top.
  const paintOrder = (code: string) => (code === "DC" ? 2 : code in CALLOUTS ? 1 : 0);
  matched.sort(
    (a, b) =>
      paintOrder(a.record.code) - paintOrder(b.record.code) ||
      a.record.name.localeCompare(b.record.name, "en"),
  );
  const labels: SafeHtml[] = [];
  const shapes = matched.map(({ shape, record }) => {
    const label = stateLinkLabel(record, view);
    const category = categoryClass(record, view);
    const d = path(shape) ?? "";
    const [cx, cy] = path.centroid(shape).map(round) as [number, number];
    const callout = CALLOUTS[record.code];
    const offset = LABEL_OFFSETS[record.code] ?? { dx: 0, dy: 0 };
    const marker =
      record.code === "DC"
        ? html`<circle class="marker" cx="${cx}" cy="${cy}" r="4"></circle>`
        : "";
    let text: SafeHtml | string = "";
    if (callout) {
      text = html`<line class="leader" x1="${cx}" y1="${cy}" x2="${callout.x - 3}" y2="${callout.y - 4}"></line><text class="label callout" x="${callout.x}" y="${callout.y}">${record.code}</text>`;
    } else {
      labels.push(
        html`<text class="label ${category}" x="${round(cx + offset.dx)}" y="${round(cy + offset.dy + 4)}" text-anchor="middle">${record.code}</text>`,
      );
    }
    // A link that shows its code (a callout) names itself starting with that code (WCAG 2.5.3).
    const name = callout ? `${record.code}, ${label}` : label;
    return html`<a href="/states/${record.code}" aria-label="${name}" class="state ${category}"><path class="${category}" d="${d}"><title>${label}</title></path>${marker}${text}</a>`;
  });
  return html`<svg class="us-map" viewBox="${VIEW_BOX}" role="group" aria-labelledby="map-title map-desc" id="map-${view}" xmlns="http://www.w3.org/2000/svg">
<title id="map-title">Map of the 50 states and DC by ${view === "status" ? "cannabis legal status" : "whether possessing a small amount is decriminalized"}</title>
<desc id="map-desc">Each state is a link to its page. The same information is in the table of all jurisdictions.</desc>
<defs><pattern id="hatch-prohibited" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="hatch-bg" width="6" height="6"></rect><line class="hatch-line" x1="0" y1="0" x2="0" y2="6"></line></pattern><pattern id="dots-low_thc" width="5" height="5" patternUnits="userSpaceOnUse"><rect class="dots-bg" width="5" height="5"></rect><circle class="dots-dot" cx="2.5" cy="2.5" r="1"></circle></pattern></defs>
${shapes}
<g class="labels" aria-hidden="true">${labels}</g>
</svg>`;
}
