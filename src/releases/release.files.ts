/**
 * The files of a data release, built from a dataset: the whole dataset as
 * JSON, the jurisdictions and events as CSV, the GeoJSON, and the yearly and
 * monthly panels on each basis. `npm run release` writes them once into
 * `data/releases/<version>/` with a manifest of sizes and SHA-256 digests;
 * the website serves them from there and never rebuilds them.
 */
import { createHash } from "node:crypto";
import { buildApiViews } from "../api/api.views.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Jurisdiction, LegalEvent } from "../dataset/dataset.schema.ts";
import { createLawModel, lawAt } from "../dataset/law.ts";
import { BASES } from "../dataset/timeline.ts";
import { type Cell, toCsv } from "./csv.ts";
import { buildPanel, DATED_VARIABLES, PERIODS } from "./panels.ts";

export const DATA_LICENSE = "CC-BY-4.0";

export type ReleaseFile = Readonly<{
  name: string;
  title: string;
  mediaType: string;
  body: Buffer;
  /** Data rows (CSV) or features/records, for the page. */
  rows: number;
}>;

export type ManifestFile = {
  name: string;
  title: string;
  media_type: string;
  bytes: number;
  sha256: string;
  rows: number;
};

export type ReleaseManifest = {
  dataset_version: string;
  released: string;
  license: string;
  files: ManifestFile[];
};

/** Reads fields a newer dataset schema may add, without requiring them. */
function extra(value: object, name: string): unknown {
  return (value as Record<string, unknown>)[name];
}

function text(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  return JSON.stringify(value);
}

export const JURISDICTION_COLUMNS = [
  "code",
  "name",
  "fips",
  "type",
  "status",
  "decriminalized",
  "decriminalized_since",
  "adult_use_legal",
  "adult_use_enacted_by_type",
  "adult_use_enacted_by_name",
  "adult_use_enacted_date",
  "adult_use_effective",
  "adult_use_sales_began",
  "possession_limit_flower_grams",
  "possession_limit_concentrate_grams",
  "possession_limit_summary",
  "home_grow_allowed",
  "home_grow_plants",
  "home_grow_per",
  "home_grow_household_max",
  "medical_legal",
  "medical_program",
  "medical_enacted_by_type",
  "medical_enacted_by_name",
  "medical_enacted_date",
  "medical_effective",
  "medical_sales_began",
  ...DATED_VARIABLES.map((variable) => variable.column),
  "hemp_summary",
  "regulator_name",
  "regulator_url",
  "summary",
  "notes",
  "source_count",
  "last_reviewed",
] as const;

function jurisdictionRow(record: Jurisdiction): Cell[] {
  const adult = record.adult_use;
  const medical = record.medical;
  return [
    record.code,
    record.name,
    record.fips,
    record.type,
    record.status,
    record.decriminalized,
    record.decriminalization.since,
    adult.legal,
    adult.enacted_by?.type ?? null,
    adult.enacted_by?.name ?? null,
    adult.enacted_by?.date ?? null,
    adult.effective,
    adult.sales_began,
    adult.possession_limit?.flower_grams ?? null,
    adult.possession_limit?.concentrate_grams ?? null,
    adult.possession_limit?.summary ?? null,
    adult.home_grow?.allowed ?? null,
    adult.home_grow?.plants ?? null,
    adult.home_grow?.per ?? null,
    adult.home_grow?.household_max ?? null,
    medical.legal,
    medical.program,
    medical.enacted_by?.type ?? null,
    medical.enacted_by?.name ?? null,
    medical.enacted_by?.date ?? null,
    medical.effective,
    text(extra(medical, "sales_began")),
    ...DATED_VARIABLES.map((variable) => variable.read(record)),
    record.hemp.summary,
    record.regulator?.name ?? null,
    record.regulator?.url ?? null,
    text(extra(record, "summary")),
    record.notes.join(" | "),
    record.sources.length,
    record.last_reviewed,
  ];
}

export const EVENT_COLUMNS = [
  "id",
  "jurisdiction",
  "date",
  "effective",
  "kind",
  "title",
  "summary",
  "authority_citation",
  "authority_url",
  "source_urls",
] as const;

function eventRow(event: LegalEvent): Cell[] {
  const authority = extra(event, "authority") as { citation?: unknown; url?: unknown } | undefined;
  return [
    event.id,
    event.jurisdiction,
    event.date,
    event.effective,
    event.kind,
    event.title,
    event.summary,
    text(authority?.citation),
    text(authority?.url),
    event.sources.map((source) => source.url).join(" "),
  ];
}

/** The release's last panel year: the year it was released. */
export function releaseYear(dataset: Dataset): number {
  return Number(dataset.manifest.released.slice(0, 4));
}

export type BuildTimings = { panelsMs: Record<string, number> };

export function buildReleaseFiles(dataset: Dataset, timings?: BuildTimings): ReleaseFile[] {
  const version = dataset.manifest.version;
  const csv = "text/csv; charset=utf-8; header=present";
  const files: ReleaseFile[] = [];
  const add = (name: string, title: string, mediaType: string, body: string, rows: number) =>
    files.push({ name, title, mediaType, body: Buffer.from(body, "utf8"), rows });

  // The records as in force at noon UTC on the release day; the dataset file keeps the model.
  const model = createLawModel(dataset);
  const inForce = lawAt(model, Date.parse(`${dataset.manifest.released}T12:00:00Z`)).readable;
  const records = inForce.jurisdictions;
  add(
    "dataset.json",
    "The whole dataset: every record with its history, and federal law",
    "application/json",
    JSON.stringify({
      dataset_version: version,
      released: dataset.manifest.released,
      sources_current_to: extra(dataset.manifest, "sources_current_to") ?? null,
      license: DATA_LICENSE,
      jurisdictions: records.map((record) => ({
        ...record,
        history: dataset.histories.get(record.code) ?? [],
      })),
      federal: dataset.federal,
    }),
    records.length,
  );
  add(
    "jurisdictions.csv",
    "One row per jurisdiction: the current record, flattened",
    csv,
    toCsv(JURISDICTION_COLUMNS, records.map(jurisdictionRow)),
    records.length,
  );
  const events = [...dataset.changes].reverse();
  add(
    "events.csv",
    "Every legal event, state, territorial and federal, oldest first",
    csv,
    toCsv(EVENT_COLUMNS, events.map(eventRow)),
    events.length,
  );
  const views = buildApiViews(inForce, model);
  add(
    "jurisdictions.geojson",
    "Every jurisdiction's outline with its status (GeoJSON, WGS 84)",
    "application/geo+json",
    views
      .statesVariant(
        { includeTerritories: true, statuses: null, decriminalized: null },
        { asOf: null, fields: null, geojson: true },
      )
      .identity.toString("utf8"),
    records.length,
  );
  const lastYear = releaseYear(dataset);
  for (const period of PERIODS) {
    for (const basis of BASES) {
      const started = performance.now();
      const panel = buildPanel(dataset, period, basis, lastYear, model);
      if (timings) timings.panelsMs[`${period}-${basis}`] = performance.now() - started;
      add(
        `panel-${period}-${basis}.csv`,
        `${period === "yearly" ? "Yearly" : "Monthly"} panel, 1990–${lastYear}, ${basis} dates`,
        csv,
        panel.csv,
        panel.rows,
      );
    }
  }
  return files;
}

export function manifestOf(dataset: Dataset, files: readonly ReleaseFile[]): ReleaseManifest {
  return {
    dataset_version: dataset.manifest.version,
    released: dataset.manifest.released,
    license: DATA_LICENSE,
    files: files.map((file) => ({
      name: file.name,
      title: file.title,
      media_type: file.mediaType,
      bytes: file.body.length,
      sha256: createHash("sha256").update(file.body).digest("hex"),
      rows: file.rows,
    })),
  };
}
