/**
 * The files of a data release, built from a dataset: the whole dataset as
 * JSON, the jurisdictions and events as CSV, the GeoJSON, and the yearly and
 * monthly panels on each basis. `npm run release` writes them once into
 * `data/releases/<version>/` with a manifest of sizes and SHA-256 digests;
 * the website serves them from there and never rebuilds them.
 */
import { createHash } from "node:crypto";
import { buildApiViews } from "../api/api.views.ts";
import {
  BUSINESS_DOWNLOAD_COLUMNS,
  flatRow,
  JURISDICTION_COLUMNS,
} from "../dataset/dataset.columns.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Jurisdiction, LegalEvent } from "../dataset/dataset.schema.ts";
import { createLawModel, lawAt } from "../dataset/law.ts";
import { BASES } from "../dataset/timeline.ts";
import { type Cell, toCsv } from "./csv.ts";
import { buildPanel, PERIODS } from "./panels.ts";

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

/**
 * The business download: one row per adult-use jurisdiction (territories
 * included), the columns a compliance table needs with a citation beside
 * each (dataset.columns.ts).
 */
export function businessCsv(records: readonly Jurisdiction[]): { csv: string; rows: number } {
  const adultUse = records.filter((record) => record.status === "adult_use");
  return {
    csv: toCsv(
      BUSINESS_DOWNLOAD_COLUMNS.map((column) => column.name),
      adultUse.map((record) => flatRow(record, BUSINESS_DOWNLOAD_COLUMNS)),
    ),
    rows: adultUse.length,
  };
}

export const BUSINESS_FILE_TITLE =
  "One row per adult-use jurisdiction: where licensed sales are open, the limits, delivery, on-site use and taxes, each with its citation";

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
    toCsv(
      JURISDICTION_COLUMNS.map((column) => column.name),
      records.map((record) => flatRow(record)),
    ),
    records.length,
  );
  const business = businessCsv(records);
  add("business.csv", BUSINESS_FILE_TITLE, csv, business.csv, business.rows);
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
    "Every jurisdiction's outline with the columns of jurisdictions.csv (GeoJSON, WGS 84)",
    "application/geo+json",
    views
      .statesVariant(
        { includeTerritories: true, statuses: null, decriminalized: null, salesOperating: null },
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
