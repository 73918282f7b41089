/**
 * The API's bodies, built from the dataset once at start-up with the same
 * schemas the routes declare: per-jurisdiction records and histories, the
 * federal record, the default state lists, and pre-serialized events for the
 * change feed. Filtered state lists form a finite set (territories ×
 * status subset × decriminalized) and are built on first use, then kept.
 */
import fastJson from "fast-json-stringify";
import type { Dataset } from "../dataset/dataset.load.ts";
import { type Jurisdiction, LegalEvent, STATUSES, type Status } from "../dataset/dataset.schema.ts";
import {
  type ChangesMeta,
  ChangesMeta as ChangesMetaSchema,
  FederalResponse,
  HistoryResponse,
  StateResponse,
  StatesResponse,
} from "./api.schemas.ts";
import { buildRepresentation, type Representation, warmRepresentation } from "./representation.ts";

const serializeStates = fastJson(StatesResponse);
const serializeState = fastJson(StateResponse);
const serializeHistory = fastJson(HistoryResponse);
const serializeFederal = fastJson(FederalResponse);
const serializeEvent = fastJson(LegalEvent);
const serializeChangesMeta = fastJson(ChangesMetaSchema);

export type StatesFilter = {
  includeTerritories: boolean;
  statuses: readonly Status[] | null;
  decriminalized: boolean | null;
};

export type ApiViews = Readonly<{
  datasetVersion: string;
  /** Earliest last_reviewed of all records. */
  lastReviewed: string;
  states: (filter: StatesFilter) => Representation;
  state: (code: string) => Representation | undefined;
  history: (code: string) => Representation | undefined;
  federal: Representation;
  /** Change feed events, newest first, each with its JSON already serialized. */
  changes: readonly Readonly<{ event: LegalEvent; json: string }>[];
  changesBody: (eventsJson: readonly string[], meta: ChangesMeta) => string;
}>;

function earliest(dates: readonly string[]): string {
  return [...dates].sort()[0] ?? "";
}

function filterKey(filter: StatesFilter): string {
  const statuses =
    filter.statuses === null ? "*" : STATUSES.filter((s) => filter.statuses?.includes(s)).join(",");
  return `${filter.includeTerritories ? "t" : "s"}|${statuses}|${filter.decriminalized ?? "*"}`;
}

export function buildApiViews(dataset: Dataset): ApiViews {
  const version = dataset.manifest.version;
  const allReviewed = [
    ...dataset.jurisdictions.map((j) => j.last_reviewed),
    dataset.federal.last_reviewed,
  ];

  const stateViews = new Map<string, Representation>();
  const historyViews = new Map<string, Representation>();
  for (const record of dataset.jurisdictions) {
    const meta = { dataset_version: version, last_reviewed: record.last_reviewed };
    stateViews.set(
      record.code,
      warmRepresentation(buildRepresentation(serializeState({ data: record, meta }))),
    );
    const events = dataset.histories.get(record.code) ?? [];
    historyViews.set(
      record.code,
      warmRepresentation(
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
      const data = dataset.jurisdictions.filter((j: Jurisdiction) => {
        if (!filter.includeTerritories && j.type === "territory") return false;
        if (filter.statuses !== null && !filter.statuses.includes(j.status)) return false;
        if (filter.decriminalized !== null && j.decriminalized !== filter.decriminalized)
          return false;
        return true;
      });
      const lastReviewed =
        data.length > 0 ? earliest(data.map((j) => j.last_reviewed)) : earliest(allReviewed);
      view = buildRepresentation(
        serializeStates({
          data,
          meta: { dataset_version: version, last_reviewed: lastReviewed, count: data.length },
        }),
      );
      listViews.set(key, view);
    }
    return view;
  };
  for (const includeTerritories of [false, true]) {
    warmRepresentation(states({ includeTerritories, statuses: null, decriminalized: null }));
  }

  const federal = warmRepresentation(
    buildRepresentation(
      serializeFederal({
        data: dataset.federal,
        meta: { dataset_version: version, last_reviewed: dataset.federal.last_reviewed },
      }),
    ),
  );

  return Object.freeze({
    datasetVersion: version,
    lastReviewed: earliest(allReviewed),
    states,
    state: (code: string) => stateViews.get(code),
    history: (code: string) => historyViews.get(code),
    federal,
    changes: dataset.changes.map((event) => Object.freeze({ event, json: serializeEvent(event) })),
    changesBody: (eventsJson, meta) =>
      `{"data":[${eventsJson.join(",")}],"meta":${serializeChangesMeta(meta)}}`,
  });
}
