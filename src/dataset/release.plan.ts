/**
 * What a release will publish and announce, computed from what is served
 * (docs/DATA.md, "Releasing"; docs/decisions/0026-keeping-the-data.md).
 *
 * Contract:
 * - The base is the previous release's source (`source.json`, kept by
 *   every release). Entries are what it does not have: events whose ids
 *   are new (changes of law and other events, `npm run data:change`) and
 *   corrections whose ids are new (`npm run data:correct`).
 * - Each correction is replayed, in order, onto the previous release's
 *   files; what it changes in the served records (`lawOn`, day by day) and
 *   in the histories is its announcement: one `record.corrected` naming
 *   exactly those fields and days. A correction is never `law.*`.
 * - Every new event with an effective day is announced as `law.enacted`.
 * - What differs between the replayed data and today's, beyond the new
 *   events, was edited without a tool: law facts so changed are
 *   `unrecorded` and stop the release; explanatory text (summaries,
 *   notes) is `editorial`, shown and never announced. A new review date
 *   or a re-verification is no difference at all.
 * - Every entry needs a coder and a reviewer who is someone else, whose
 *   review still matches the entry (`reviewDigest`).
 */
import { applyCorrection, reviewDigest } from "./corrections.ts";
import { buildDataset } from "./dataset.load.ts";
import type { Correction, CorrectionsFile, LegalEvent } from "./dataset.schema.ts";
import { type DataSource, type RawDataset, rawOf } from "./dataset.source.ts";
import { FEDERAL_CODE } from "./jurisdictions.ts";
import { diffServed, type EventChange, isEditorial, type ServedChange } from "./law.diff.ts";
import { createLawModel, type LawModel } from "./law.ts";

export type PlannedCorrection = Readonly<{
  entry: Correction;
  records: ServedChange[];
  events: EventChange[];
}>;

export type ReviewProblem = Readonly<{ id: string; problem: string }>;

export type ReleasePlan = Readonly<{
  /** Events the previous release did not have, as served now. */
  newEvents: LegalEvent[];
  corrections: PlannedCorrection[];
  /** Law facts that differ with no entry to say why. */
  unrecorded: Readonly<{ records: ServedChange[]; events: EventChange[] }>;
  /** Explanatory text edited directly: shown, not announced. */
  editorial: ServedChange[];
  /** Entries not ready to release: no coder, no reviewer, self-reviewed, edited since review. */
  review: ReviewProblem[];
}>;

/** A law model of a source, without the checks (a replayed step may be mid-way; the tools check the result). */
export function modelOfSource(source: DataSource): LawModel {
  return createLawModel(buildDataset(unchecked(rawOf(source))));
}

function unchecked(raw: RawDataset): Parameters<typeof buildDataset>[0] {
  return {
    manifest: raw.manifest.value as never,
    jurisdictions: raw.jurisdictions.map((parsed) => ({
      file: parsed.file,
      value: parsed.value as never,
    })),
    federal: raw.federal.value as never,
    corrections: (raw.corrections.value ?? { corrections: [] }) as CorrectionsFile,
    warnings: [],
  };
}

type RawEvent = Record<string, unknown> & { date: string; kind: string };

/** The file entries of events, by id, for review checks. */
function rawEvents(source: DataSource, model: LawModel): Map<string, RawEvent> {
  const byId = new Map<string, RawEvent>();
  const add = (code: string, history: readonly RawEvent[]) => {
    const served =
      code === FEDERAL_CODE ? model.base.federal.history : (model.base.histories.get(code) ?? []);
    history.forEach((event, index) => {
      const id = served[index]?.id;
      if (id !== undefined) byId.set(id, event);
    });
  };
  for (const value of Object.values(source.jurisdictions)) {
    const record = value as { code: string; history: RawEvent[] };
    add(record.code, record.history);
  }
  add(FEDERAL_CODE, (source.federal as { history: RawEvent[] }).history);
  return byId;
}

function reviewProblem(entry: Record<string, unknown>): string | null {
  const coder = entry.coded_by;
  const reviewer = entry.reviewed_by;
  if (typeof coder !== "string") return "records no coder (coded_by)";
  if (typeof reviewer !== "string") return "is not reviewed (npm run data:review)";
  if (reviewer === coder) return `was reviewed by its coder, ${coder}`;
  if (entry.reviewed_digest !== reviewDigest(entry))
    return "was edited after its review; review it again";
  return null;
}

/** Removes events from a source's histories by id (today's data without its new events). */
function withoutEvents(source: DataSource, model: LawModel, ids: ReadonlySet<string>): DataSource {
  const keep = (code: string, history: readonly unknown[]) => {
    const served =
      code === FEDERAL_CODE ? model.base.federal.history : (model.base.histories.get(code) ?? []);
    return history.filter((_, index) => !ids.has(served[index]?.id ?? ""));
  };
  const jurisdictions: Record<string, unknown> = {};
  for (const [file, value] of Object.entries(source.jurisdictions)) {
    const record = value as { code: string; history: unknown[] };
    jurisdictions[file] = { ...record, history: keep(record.code, record.history) };
  }
  const federal = source.federal as { history: unknown[] };
  return {
    ...source,
    jurisdictions,
    federal: { ...federal, history: keep(FEDERAL_CODE, federal.history) },
  };
}

/**
 * The plan of a release of `current` after `previous` (null for a first
 * release: everything is new, nothing is announced).
 */
export function planRelease(previous: DataSource | null, current: DataSource): ReleasePlan {
  const currentModel = modelOfSource(current);
  if (previous === null)
    return {
      newEvents: [],
      corrections: [],
      unrecorded: { records: [], events: [] },
      editorial: [],
      review: [],
    };
  const previousModel = modelOfSource(previous);
  const knownEvents = new Set(
    [...previousModel.base.histories.values(), previousModel.base.federal.history]
      .flat()
      .map((event) => event.id),
  );
  const newEvents = [...currentModel.base.histories.values(), currentModel.base.federal.history]
    .flat()
    .filter((event) => !knownEvents.has(event.id));
  const knownCorrections = new Set(
    ((previous.corrections as CorrectionsFile | undefined)?.corrections ?? []).map(
      (entry) => entry.id,
    ),
  );
  const pending = (current.corrections as CorrectionsFile).corrections.filter(
    (entry) => !knownCorrections.has(entry.id),
  );

  const corrections: PlannedCorrection[] = [];
  let replayed = previous;
  let replayedModel = previousModel;
  for (const entry of pending) {
    const next = applyCorrection(replayed, entry);
    const nextModel = modelOfSource(next);
    const diff = diffServed(replayedModel, nextModel);
    const { reviewed_digest: _digest, ...served } = entry;
    corrections.push({ entry: served, records: diff.records, events: diff.events });
    replayed = next;
    replayedModel = nextModel;
  }

  const newIds = new Set(newEvents.map((event) => event.id));
  const rest = diffServed(
    replayedModel,
    modelOfSource(withoutEvents(current, currentModel, newIds)),
  );
  const unrecordedRecords = rest.records.filter((change) => !isEditorial(change.field));
  const editorial = rest.records.filter((change) => isEditorial(change.field));
  const unrecordedEvents = rest.events
    .map((change) => ({
      ...change,
      fields: change.fields.filter((field) => !isEditorial(field.field)),
    }))
    .filter((change) => change.change !== "changed" || change.fields.length > 0);

  const review: ReviewProblem[] = [];
  const events = rawEvents(current, currentModel);
  for (const event of newEvents) {
    const problem = reviewProblem(events.get(event.id) ?? {});
    if (problem !== null) review.push({ id: event.id, problem });
  }
  for (const entry of pending) {
    const problem = reviewProblem(entry as unknown as Record<string, unknown>);
    if (problem !== null) review.push({ id: entry.id, problem });
  }
  return {
    newEvents,
    corrections,
    unrecorded: { records: unrecordedRecords, events: unrecordedEvents },
    editorial,
    review,
  };
}
