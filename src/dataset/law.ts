/**
 * The law in force on a day, computed from the dated model (docs/DATA.md,
 * "The dated model"; docs/decisions/0020-dated-law-model.md).
 *
 * Contract:
 * - A jurisdiction's file is its *base*: the law as reviewed, with each
 *   dated variable's `since`. Events in its history that carry `sets`
 *   are changes of law: from the start of their `effective` day, each
 *   field they name holds the value they give, and its provenance becomes
 *   the event's authority and date. They apply in effective order (file
 *   order on the same day).
 * - `lawOn(model, code, day)` is the one computation behind every answer:
 *   the current record (day = today in the jurisdiction's zone), `as_of`,
 *   the list and its filters, GeoJSON, the website, the feeds and the
 *   panels. Before the base's review it reconstructs from the history
 *   (src/api/as-of.ts) and is null where the history cannot tell.
 * - `upcoming` lists the events enacted on or before the day whose
 *   effective date is after it, soonest first.
 * - A record changes only on a day named somewhere in its data, or the day
 *   after one (every comparison is with such a date), so the next change
 *   is found by computing the record on those days only.
 */
import { type AsOfSource, prepareAsOf, recordAsOf } from "../api/as-of.ts";
import { dayIn, nextDay, startOfDayIn } from "../lib/zoned-time.ts";
import type { Dataset } from "./dataset.load.ts";
import type { Jurisdiction, LegalEvent, ProvenanceRef, UpcomingChange } from "./dataset.schema.ts";
import { timeZoneOf } from "./jurisdictions.ts";

/** A record on a day: the served shape, where flags may be null before the base's review. */
export type LawRecord = Jurisdiction;

export type LawModel = Readonly<{
  base: Dataset;
  asOf: ReadonlyMap<string, AsOfSource>;
  /** Each jurisdiction's changes of law (events with `sets`), in the order they apply. */
  changes: ReadonlyMap<string, readonly LegalEvent[]>;
  /** Each jurisdiction's dates on which its record may change, ascending. */
  turningDays: ReadonlyMap<string, readonly string[]>;
}>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function collectDates(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    if (DATE.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectDates(item, into);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) collectDates(item, into);
  }
}

export function createLawModel(base: Dataset): LawModel {
  const asOf = new Map<string, AsOfSource>();
  const changes = new Map<string, LegalEvent[]>();
  const turningDays = new Map<string, string[]>();
  for (const record of base.jurisdictions) {
    const history = base.histories.get(record.code) ?? [];
    asOf.set(record.code, prepareAsOf(record, history));
    changes.set(
      record.code,
      history
        .map((event, index) => ({ event, index }))
        .filter(({ event }) => event.sets !== undefined && event.effective !== null)
        .sort(
          (a, b) =>
            (a.event.effective ?? "").localeCompare(b.event.effective ?? "") || a.index - b.index,
        )
        .map(({ event }) => event),
    );
    const dates = new Set<string>();
    collectDates(record, dates);
    collectDates(history, dates);
    for (const date of [...dates]) dates.add(nextDay(date));
    turningDays.set(record.code, [...dates].sort());
  }
  return Object.freeze({ base, asOf, changes, turningDays });
}

/** A copy of `target` with `value` at the dotted `path` (objects along it copied, never shared). */
function withPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  const copy: Record<string, unknown> = { ...target };
  if (rest.length === 0) copy[head] = value;
  else {
    const inner = copy[head];
    copy[head] = withPath(
      inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>) : {},
      rest,
      value,
    );
  }
  return copy;
}

/** The variables whose provenance a change updates: `group.variable` paths of dated groups. */
const DATED_GROUPS = new Set(["adult_use", "medical", "hemp"]);

/** Applies one change of law to a record: its values, and the provenance of what it sets. */
export function applyChange(record: LawRecord, event: LegalEvent): LawRecord {
  let next = record as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(event.sets ?? {})) {
    const parts = path.split(".");
    next = withPath(next, parts, value);
    const [group, variable] = parts;
    if (group !== undefined && variable !== undefined && DATED_GROUPS.has(group)) {
      const provenance = (next[group] as { provenance?: Record<string, unknown> } | undefined)
        ?.provenance;
      if (provenance !== undefined && parts.length === 2 && variable !== "provenance") {
        const provenance: ProvenanceRef = {
          since: event.effective,
          since_unknown: null,
          authority: event.authority,
          unknown: null,
          null_reason: value === null ? "none" : null,
          confidence: event.confidence ?? null,
          verified: null,
          sources: event.sources,
        };
        next = withPath(next, [group, "provenance", variable], provenance);
      }
    }
  }
  return next as unknown as LawRecord;
}

function upcomingOn(history: readonly LegalEvent[], day: string): UpcomingChange[] {
  return history
    .filter((event) => event.effective !== null && event.date <= day && event.effective > day)
    .sort((a, b) => (a.effective ?? "").localeCompare(b.effective ?? ""))
    .map((event) => ({
      id: event.id,
      kind: event.kind,
      enacted: event.date,
      effective: event.effective ?? event.date,
      title: event.title,
      summary: event.summary,
      sets: event.sets ?? {},
      authority: event.authority,
    }));
}

/** The record of `code` as the law stood on `day`; undefined for an unknown code. */
export function lawOn(model: LawModel, code: string, day: string): LawRecord | undefined {
  const source = model.asOf.get(code);
  if (source === undefined) return undefined;
  let record = recordAsOf(source, day) as unknown as LawRecord;
  for (const event of model.changes.get(code) ?? []) {
    if (event.effective !== null && event.effective <= day) record = applyChange(record, event);
  }
  return { ...record, upcoming: upcomingOn(model.base.histories.get(code) ?? [], day) };
}

/**
 * The first day after `day` on which the record of `code` differs from the
 * record on `day`, or null if it never does again.
 */
export function nextChangeDay(model: LawModel, code: string, day: string): string | null {
  const today = JSON.stringify(lawOn(model, code, day));
  for (const candidate of model.turningDays.get(code) ?? []) {
    if (candidate <= day) continue;
    if (JSON.stringify(lawOn(model, code, candidate)) !== today) return candidate;
  }
  return null;
}

/** The law in force at one instant: each jurisdiction on its own day. */
export type LawState = Readonly<{
  /** The dataset as served at this instant: records for each jurisdiction's day. */
  dataset: Dataset;
  /** Each jurisdiction's day at the instant. */
  days: ReadonlyMap<string, string>;
  /** When the next record changes (ms since the epoch); Infinity if none is recorded. */
  nextChangeAt: number;
}>;

/** Computes every record for the instant `nowMs`, and when the next one changes. */
export function lawAt(model: LawModel, nowMs: number): LawState {
  const days = new Map<string, string>();
  let nextChangeAt = Number.POSITIVE_INFINITY;
  const jurisdictions = model.base.jurisdictions.map((base) => {
    const zone = timeZoneOf(base.code);
    const day = dayIn(zone, nowMs);
    days.set(base.code, day);
    const next = nextChangeDay(model, base.code, day);
    if (next !== null) nextChangeAt = Math.min(nextChangeAt, startOfDayIn(zone, next));
    return lawOn(model, base.code, day) ?? base;
  });
  const dataset: Dataset = Object.freeze({
    ...model.base,
    jurisdictions,
    byCode: new Map(jurisdictions.map((record) => [record.code, record])),
  });
  return Object.freeze({ dataset, days, nextChangeAt });
}

/**
 * The events that took effect between two states: effective after the
 * jurisdiction's earlier day and on or before its later one.
 */
export function tookEffectBetween(
  model: LawModel,
  before: LawState,
  after: LawState,
): LegalEvent[] {
  const events: LegalEvent[] = [];
  for (const [code, history] of model.base.histories) {
    const from = before.days.get(code);
    const to = after.days.get(code);
    if (from === undefined || to === undefined || to <= from) continue;
    for (const event of history) {
      if (event.effective !== null && event.effective > from && event.effective <= to) {
        events.push(event);
      }
    }
  }
  return events;
}
