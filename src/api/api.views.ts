/**
 * The API's bodies, built from the dataset once at start-up with the same
 * schemas the routes declare: per-jurisdiction records and histories, the
 * federal record, the default state lists, and pre-serialized events for the
 * change feed. Filtered state lists form a finite set (territories ×
 * status subset × decriminalized) and are built on first use, then kept.
 * Compressed variants are made off the event loop after the server listens
 * (see src/http/representation.ts), so start-up only serializes.
 */

import { salesOperatingOf } from "../dataset/dataset.columns.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import { RECORD_FIELDS, STATUSES, type Status } from "../dataset/dataset.schema.ts";
import { type LawModel, type LawRecord, lawOn } from "../dataset/law.ts";
import { buildRepresentation, type Representation } from "../http/representation.ts";
import { once } from "../lib/once.ts";
import type { ChangesMeta } from "./api.schemas.ts";
import { type ChangeFeed, changeFeedOf } from "./changes.ts";
import { featureCollectionJson, flatProperties, loadGeometriesByFips } from "./geojson.ts";

/**
 * The bodies are serialized with JSON.stringify: every record was checked
 * against its closed schema when the dataset was loaded (no extra fields
 * can leak), so a schema-driven serializer would write the same JSON — and
 * compiling one costs far more start-up time than it saves. Tests check the
 * served bodies against the response schemas.
 */
const serializeStates: (body: unknown) => string = JSON.stringify;
const serializeState: (body: unknown) => string = JSON.stringify;
const serializeHistory: (body: unknown) => string = JSON.stringify;
const serializeFederal: (body: unknown) => string = JSON.stringify;
const serializeChangesMeta: (body: unknown) => string = JSON.stringify;

/**
 * Point-in-time records are rebuilt by `lawOn` from checked data and carry
 * exactly the fields of their closed schema, so JSON.stringify writes them
 * too: a schema-driven serializer would spend 1–2 s of CPU compiling its
 * unions' checks (it blocked the first answers after a start) to write the
 * same fields. test/api/serialization.test.ts checks `as_of` answers
 * against the schema on every jurisdiction's turning days.
 */
const serializeStatesAsOf: (body: unknown) => string = JSON.stringify;
const serializeStateAsOf: (body: unknown) => string = JSON.stringify;

/** Bodies built on demand (as_of, fields, GeoJSON) kept for reuse, oldest dropped first. */
const VARIANT_CACHE_SIZE = 256;
/** Brotli quality for on-demand bodies: near q11's size at a fraction of its time. */
const VARIANT_BROTLI_QUALITY = 6;

/** How a record is asked for: on a day, and/or only some fields. */
export type RecordOptions = {
  asOf: string | null;
  /** Top-level fields to keep, already checked against RECORD_FIELDS; null for all. */
  fields: readonly string[] | null;
};

export type StatesFilter = {
  includeTerritories: boolean;
  statuses: readonly Status[] | null;
  decriminalized: boolean | null;
  /** `sales=`: licensed adult-use retail has begun (true) or not (false); null for either. */
  salesOperating: boolean | null;
};

function passes(record: LawRecord, filter: StatesFilter): boolean {
  if (
    filter.statuses !== null &&
    (record.status === null || !filter.statuses.includes(record.status))
  )
    return false;
  if (filter.decriminalized !== null && record.decriminalized !== filter.decriminalized)
    return false;
  if (filter.salesOperating !== null && salesOperatingOf(record) !== filter.salesOperating)
    return false;
  return true;
}

export type ApiViews = Readonly<{
  datasetVersion: string;
  /** Earliest last_reviewed of all records. */
  lastReviewed: string;
  /** Earliest date of any jurisdiction's recorded event: the first day `as_of` may name. */
  firstEventDate: string;
  /** Date of the newest source consulted for the release, or null. */
  sourcesCurrentTo: string | null;
  states: (filter: StatesFilter) => Representation;
  state: (code: string) => Representation | undefined;
  /** The list as_of a day, with some fields, or as GeoJSON. */
  statesVariant: (
    filter: StatesFilter,
    options: RecordOptions & { geojson: boolean },
  ) => Representation;
  stateVariant: (code: string, options: RecordOptions) => Representation | undefined;
  history: (code: string) => Representation | undefined;
  federal: Representation;
  /** The change feed on both date bases, each event's JSON already serialized (built once per dataset). */
  changes: ChangeFeed;
  changesBody: (eventsJson: readonly string[], meta: ChangesMeta) => string;
  /**
   * Compresses every prebuilt body in the background (started once the
   * server listens), one at a time; stops early once `wanted()` is false
   * (these bodies were replaced by a change of law).
   */
  compressAll: (wanted?: () => boolean) => Promise<void>;
}>;

/**
 * A record with only the fields asked for (`fields=`, checked at the edge):
 * a top-level field whole; a dotted path `group.key` as that group with
 * only the keys named, and for a dated variable its provenance entry.
 * Fields keep the record's order.
 */
export function projectFields(
  record: object,
  fields: readonly string[] | null,
): Record<string, unknown> {
  const all: Record<string, unknown> = { ...record };
  if (fields === null) return all;
  const picked: Record<string, unknown> = {};
  for (const name of RECORD_FIELDS) {
    if (fields.includes(name)) {
      picked[name] = all[name];
      continue;
    }
    const keys = fields
      .filter((field) => field.startsWith(`${name}.`))
      .map((field) => field.slice(name.length + 1));
    if (keys.length === 0) continue;
    const group = all[name];
    if (group === null || typeof group !== "object") {
      picked[name] = group ?? null;
      continue;
    }
    const values = group as Record<string, unknown>;
    const provenance = (values.provenance ?? undefined) as Record<string, unknown> | undefined;
    const part: Record<string, unknown> = {};
    const dated: Record<string, unknown> = {};
    for (const key of Object.keys(values)) {
      if (!keys.includes(key)) continue;
      part[key] = values[key];
      if (key !== "provenance" && provenance?.[key] !== undefined) dated[key] = provenance[key];
    }
    if (Object.keys(dated).length > 0 && !keys.includes("provenance")) part.provenance = dated;
    picked[name] = part;
  }
  return picked;
}

function earliest(dates: readonly string[]): string {
  return [...dates].sort()[0] ?? "";
}

function filterKey(filter: StatesFilter): string {
  const statuses =
    filter.statuses === null ? "*" : STATUSES.filter((s) => filter.statuses?.includes(s)).join(",");
  return `${filter.includeTerritories ? "t" : "s"}|${statuses}|${filter.decriminalized ?? "*"}|${filter.salesOperating ?? "*"}`;
}

/**
 * `dataset` holds the records in force now (src/dataset/law.ts); `law`
 * answers `as_of` (built from `dataset` when not given, for a dataset whose
 * records are its base).
 */
export function buildApiViews(dataset: Dataset<LawRecord>, law: LawModel): ApiViews {
  const version = dataset.manifest.version;
  const current = { sources_current_to: dataset.manifest.sources_current_to ?? null };
  const allReviewed = [
    ...dataset.jurisdictions.map((j) => j.last_reviewed),
    dataset.federal.last_reviewed,
  ];

  // Each record's and history's body is built when first asked for — by a
  // request, or by `compressAll` in the background once the server listens —
  // so a start builds none before its first answer.
  const stateViews = new Map<string, () => Representation>();
  const historyViews = new Map<string, () => Representation>();
  for (const record of dataset.jurisdictions) {
    const meta = { dataset_version: version, last_reviewed: record.last_reviewed, ...current };
    stateViews.set(
      record.code,
      once(() => buildRepresentation(serializeState({ data: record, meta }))),
    );
    const events = dataset.histories.get(record.code) ?? [];
    historyViews.set(
      record.code,
      once(() =>
        buildRepresentation(
          serializeHistory({
            data: events,
            meta: { ...meta, count: events.length, jurisdiction: record.code },
          }),
        ),
      ),
    );
  }

  const listViews = new Map<string, Representation>();
  const states = (filter: StatesFilter): Representation => {
    const key = filterKey(filter);
    let view = listViews.get(key);
    if (view === undefined) {
      const data = dataset.jurisdictions.filter(
        (j) => (filter.includeTerritories || j.type !== "territory") && passes(j, filter),
      );
      const lastReviewed =
        data.length > 0 ? earliest(data.map((j) => j.last_reviewed)) : earliest(allReviewed);
      view = buildRepresentation(
        serializeStates({
          data,
          meta: {
            dataset_version: version,
            last_reviewed: lastReviewed,
            ...current,
            count: data.length,
          },
        }),
      );
      listViews.set(key, view);
    }
    return view;
  };
  const defaultLists = [false, true].map(
    (includeTerritories) => () =>
      states({ includeTerritories, statuses: null, decriminalized: null, salesOperating: null }),
  );

  const served = new Map<string, LawRecord>(
    dataset.jurisdictions.map((record) => [record.code, record]),
  );
  const eventDates = [...dataset.histories.values()].flat().map((event) => event.date);
  let geometries: ReadonlyMap<string, string> | undefined;
  const variants = new Map<string, Representation>();
  const cached = (key: string, build: () => string): Representation => {
    let view = variants.get(key);
    if (view === undefined) {
      view = buildRepresentation(build(), { brotliQuality: VARIANT_BROTLI_QUALITY });
      if (variants.size >= VARIANT_CACHE_SIZE) {
        const oldest = variants.keys().next().value;
        if (oldest !== undefined) variants.delete(oldest);
      }
      variants.set(key, view);
    }
    return view;
  };
  const recordOn = (code: string, asOf: string | null): LawRecord | undefined => {
    if (asOf === null) return served.get(code);
    return lawOn(law, code, asOf);
  };
  const project = (record: object, fields: readonly string[] | null) =>
    projectFields(record, fields);
  const optionsKey = (options: RecordOptions) =>
    `${options.asOf ?? "-"}|${options.fields === null ? "*" : [...new Set(options.fields)].sort().join(",")}`;

  const statesVariant = (filter: StatesFilter, options: RecordOptions & { geojson: boolean }) =>
    cached(
      `list|${filterKey(filter)}|${optionsKey(options)}|${options.geojson ? "geo" : "json"}`,
      () => {
        const data = dataset.jurisdictions
          .filter((j) => filter.includeTerritories || j.type !== "territory")
          .map((j) => recordOn(j.code, options.asOf))
          .filter((record): record is LawRecord => record !== undefined && passes(record, filter));
        const lastReviewed =
          data.length > 0 ? earliest(data.map((j) => j.last_reviewed)) : earliest(allReviewed);
        const meta = {
          dataset_version: version,
          last_reviewed: lastReviewed,
          ...current,
          count: data.length,
          ...(options.asOf === null ? {} : { as_of: options.asOf }),
        };
        if (options.geojson) {
          geometries ??= loadGeometriesByFips();
          const shapes = geometries;
          return featureCollectionJson(
            data.map((record) => ({
              code: record.code,
              geometryJson: shapes.get(record.fips) ?? "null",
              properties: flatProperties(record, options.fields),
            })),
            meta,
          );
        }
        if (options.fields !== null) {
          return JSON.stringify({
            data: data.map((record) => project(record, options.fields)),
            meta,
          });
        }
        if (options.asOf !== null) {
          return serializeStatesAsOf({
            data,
            meta: { ...meta, as_of: options.asOf },
          });
        }
        return serializeStates({ data, meta });
      },
    );

  const stateVariant = (code: string, options: RecordOptions) => {
    const record = recordOn(code, options.asOf);
    if (record === undefined) return undefined;
    return cached(`one|${code}|${optionsKey(options)}`, () => {
      const meta = {
        dataset_version: version,
        last_reviewed: record.last_reviewed,
        ...current,
        ...(options.asOf === null ? {} : { as_of: options.asOf }),
      };
      if (options.fields !== null) {
        return JSON.stringify({
          data: project(record, options.fields),
          meta,
        });
      }
      if (options.asOf !== null) {
        return serializeStateAsOf({
          data: record,
          meta: { ...meta, as_of: options.asOf },
        });
      }
      return serializeState({ data: record, meta });
    });
  };
  const federal = buildRepresentation(
    serializeFederal({
      data: dataset.federal,
      meta: {
        dataset_version: version,
        last_reviewed: dataset.federal.last_reviewed,
        ...current,
      },
    }),
  );
  const prebuilt = [
    ...defaultLists,
    () => federal,
    ...stateViews.values(),
    ...historyViews.values(),
  ];

  return Object.freeze({
    datasetVersion: version,
    firstEventDate: earliest(eventDates),
    statesVariant,
    stateVariant,
    lastReviewed: earliest(allReviewed),
    sourcesCurrentTo: current.sources_current_to,
    states,
    state: (code: string) => stateViews.get(code)?.(),
    history: (code: string) => historyViews.get(code)?.(),
    federal,
    changes: changeFeedOf(dataset.changes),
    changesBody: (eventsJson, meta) =>
      `{"data":[${eventsJson.join(",")}],"meta":${serializeChangesMeta(meta)}}`,
    compressAll: async (wanted = () => true) => {
      // One at a time: the thread pool stays free for other work, and the
      // most requested bodies (the lists, then each record) are ready first.
      for (const build of prebuilt) {
        if (!wanted()) return;
        await build().compressed();
      }
    },
  });
}
