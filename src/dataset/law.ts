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
 *   the list and its filters, GeoJSON, the website, the feeds, the panels,
 *   a release's files and the data gate (src/dataset/law.gate.ts), which
 *   checks the records it returns. Before the base's review it
 *   reconstructs from the history (src/dataset/law.past.ts) and is null
 *   where the history cannot tell. The same fold (`foldChanges`) applies
 *   changes of law to a file when the gate checks each change.
 * - The hemp group carries the federal rule in force that day
 *   (`hemp.federal`, from data/federal.json) beside the state's own.
 * - `upcoming` lists the events enacted on or before the day whose
 *   effective date is after it, soonest first.
 * - A record changes only on a day named somewhere in its data, or the day
 *   after one (every comparison is with such a date), so the next change
 *   is found by computing the record on those days only.
 */
import { dayIn, nextDay, startOfDayIn } from "../lib/zoned-time.ts";
import { tookEffectWithin } from "./change-feed.ts";
import type {
  Dataset,
  Federal,
  FederalHempRule,
  Jurisdiction,
  JurisdictionOnDay,
  LegalEvent,
  ProvenanceRef,
  UpcomingChange,
} from "./dataset.schema.ts";
import { FEDERAL_CODE, timeZoneOf } from "./jurisdictions.ts";
import { type AsOfSource, prepareAsOf, recordAsOf } from "./law.past.ts";

/** A record on a day: the served shape, where flags may be null before the base's review. */
export type LawRecord = JurisdictionOnDay;

export type LawModel = Readonly<{
  base: Dataset;
  asOf: ReadonlyMap<string, AsOfSource>;
  /** Each jurisdiction's changes of law (events with `sets`), in the order they apply. */
  changes: ReadonlyMap<string, readonly LegalEvent[]>;
  /** Each jurisdiction's dates on which its record may change, ascending. */
  turningDays: ReadonlyMap<string, readonly string[]>;
  /**
   * Each jurisdiction's turning days on which its record does change (from
   * a stamp, src/dataset/dataset.stamp.ts), when known: `nextChangeDay`
   * then looks the day up instead of computing records to compare.
   */
  changeDays?: ReadonlyMap<string, readonly string[]>;
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

/** The changes of law (events with `sets` and an effective date) in the order they apply. */
function changesInOrder<E extends Pick<LegalEvent, "sets" | "effective">>(
  history: readonly E[],
): E[] {
  return history
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.sets !== undefined && event.effective !== null)
    .sort(
      (a, b) =>
        (a.event.effective ?? "").localeCompare(b.event.effective ?? "") || a.index - b.index,
    )
    .map(({ event }) => event);
}

export function createLawModel(
  base: Dataset,
  changeDays?: ReadonlyMap<string, readonly string[]>,
): LawModel {
  const asOf = new Map<string, AsOfSource>();
  const changes = new Map<string, LegalEvent[]>();
  const turningDays = new Map<string, string[]>();
  // Every record carries the federal hemp rule in force on its day (`hemp.federal`).
  const federalDates = new Set<string>();
  collectDates(base.federal.hemp, federalDates);
  for (const record of base.jurisdictions) {
    const history = base.histories.get(record.code) ?? [];
    asOf.set(record.code, prepareAsOf(record, history));
    changes.set(record.code, changesInOrder(history));
    const dates = new Set<string>();
    collectDates(record, dates);
    collectDates(history, dates);
    for (const date of federalDates) dates.add(date);
    for (const date of [...dates]) dates.add(nextDay(date));
    turningDays.set(record.code, [...dates].sort());
  }
  return Object.freeze({ base, asOf, changes, turningDays, changeDays });
}

/** A copy of `target` with `value` at the dotted `path` (objects along it copied, never shared). */
function withPath<T extends object>(target: T, path: readonly string[], value: unknown): T {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  const copy: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  if (rest.length === 0) copy[head] = value;
  else {
    const inner = copy[head];
    copy[head] = withPath(inner !== null && typeof inner === "object" ? inner : {}, rest, value);
  }
  // The copy has the target's keys, with one value replaced at a path the gate checked.
  return copy as T;
}

/** The variables whose provenance a change updates: `group.variable` paths of dated groups. */
const DATED_GROUPS = new Set(["adult_use", "medical", "hemp"]);

type ChangeOfLaw = Pick<
  LegalEvent,
  | "sets"
  | "effective"
  | "authority"
  | "sources"
  | "confidence"
  | "verified"
  | "coded_by"
  | "reviewed_by"
>;

/**
 * Applies one change of law to a record (served or file): its values, and
 * the provenance of each dated variable it sets.
 */
export function applyChange<R extends object>(record: R, event: ChangeOfLaw): R {
  let next = record;
  for (const [path, value] of Object.entries(event.sets ?? {})) {
    const parts = path.split(".");
    next = withPath(next, parts, value);
    const [group, variable] = parts;
    if (
      group !== undefined &&
      variable !== undefined &&
      parts.length === 2 &&
      DATED_GROUPS.has(group) &&
      variable !== "provenance"
    ) {
      const provenance: ProvenanceRef = {
        since: event.effective,
        since_unknown: null,
        authority: event.authority,
        unknown: null,
        null_reason: value === null ? "none" : null,
        confidence: event.confidence ?? null,
        verified: event.verified ?? null,
        sources: event.sources,
        ...(event.coded_by === undefined ? {} : { coded_by: event.coded_by }),
        ...(event.reviewed_by === undefined ? {} : { reviewed_by: event.reviewed_by }),
      };
      next = withPath(next, [group, "provenance", variable], provenance);
    }
  }
  return next;
}

/** `record` with every change of `history` effective on or before `day` applied: the one fold. */
export function foldChanges<R extends object, E extends ChangeOfLaw>(
  record: R,
  history: readonly E[],
  day: string,
): R {
  let folded = record;
  for (const event of changesInOrder(history)) {
    if (event.effective !== null && event.effective <= day) folded = applyChange(folded, event);
  }
  return folded;
}

/** The federal rule on hemp products in force on `day`, or null before it. */
export function federalHempOn(federal: Federal, day: string): FederalHempRule | null {
  const { products, effective, authority } = federal.hemp;
  if (products === undefined || effective === null || authority === null || effective > day)
    return null;
  return { ...products, since: effective, authority };
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
  const record = foldChanges(recordAsOf(source, day), model.changes.get(code) ?? [], day);
  const currentTo = record.sources_current_to;
  return {
    ...record,
    adult_use: {
      ...record.adult_use,
      provenance: withCurrency(record.adult_use.provenance, currentTo),
    },
    medical: { ...record.medical, provenance: withCurrency(record.medical.provenance, currentTo) },
    hemp: {
      ...record.hemp,
      provenance: withCurrency(record.hemp.provenance, currentTo),
      federal: federalHempOn(model.base.federal, day),
    },
    upcoming: upcomingOn(model.base.histories.get(code) ?? [], day),
  };
}

/**
 * Every value's `sources_current_to`: its own where the data states an
 * earlier day (its newest source is older than the record's), else the
 * record's.
 */
function withCurrency<P extends Readonly<Partial<Record<string, ProvenanceRef>>>>(
  provenance: P,
  currentTo: string,
): P {
  const dated: Record<string, ProvenanceRef> = {};
  for (const [name, entry] of Object.entries(provenance)) {
    if (entry !== undefined)
      dated[name] = { ...entry, sources_current_to: entry.sources_current_to ?? currentTo };
  }
  // Same keys as `provenance`, each entry only gaining its currency.
  return dated as P;
}

/**
 * The first day after `day` on which the record of `code` differs from the
 * record on `day`, or null if it never does again.
 */
export function nextChangeDay(model: LawModel, code: string, day: string): string | null {
  const turning = model.turningDays.get(code) ?? [];
  const known = model.changeDays?.get(code);
  // From the first turning day on, the record on `day` is the one of the
  // last turning day before it, so the next change is the next change day.
  if (known !== undefined && turning[0] !== undefined && day >= turning[0])
    return known.find((candidate) => candidate > day) ?? null;
  const today = JSON.stringify(lawOn(model, code, day));
  for (const candidate of turning) {
    if (candidate <= day) continue;
    if (JSON.stringify(lawOn(model, code, candidate)) !== today) return candidate;
  }
  return null;
}

/**
 * The record as pages and files show it, where every flag must be known.
 * From the base's review on (the only days a live server reaches) it is
 * the day's record unchanged. Before the review (an instance whose clock is
 * set back, as tests do), a summary is not known, so it says so, and a flag
 * the history cannot tell is shown as reviewed.
 */
export function readableRecord(record: LawRecord, base: Jurisdiction): Jurisdiction {
  const { adult_use: adult, medical } = record;
  return {
    ...record,
    summary:
      record.summary ??
      `This record shows the law as it stood on an earlier day; its plain-language summary is kept from its review on ${base.known_from}.`,
    status: record.status ?? base.status,
    decriminalized: record.decriminalized ?? base.decriminalized,
    adult_use: { ...adult, legal: adult.legal ?? base.adult_use.legal },
    medical: {
      ...medical,
      legal: medical.legal ?? base.medical.legal,
      program: medical.program ?? base.medical.program,
    },
  };
}

/** The law in force at one instant: each jurisdiction on its own day. */
export type LawState = Readonly<{
  /** The dataset as served at this instant: records for each jurisdiction's day. */
  dataset: Dataset<LawRecord>;
  /** The same records as pages and files show them (`readableRecord`). */
  readable: Dataset<Jurisdiction>;
  /** Each jurisdiction's day at the instant, and federal law's (`US`, Eastern time). */
  days: ReadonlyMap<string, string>;
  /**
   * When the next record changes or the next event takes effect, federal
   * ones included (ms since the epoch); Infinity if none is recorded.
   */
  nextChangeAt: number;
}>;

/** Computes every record for the instant `nowMs`, and when the next one changes. */
export function lawAt(model: LawModel, nowMs: number): LawState {
  const days = new Map<string, string>();
  let nextChangeAt = Number.POSITIVE_INFINITY;
  const records: LawRecord[] = [];
  const readable: Jurisdiction[] = [];
  for (const base of model.base.jurisdictions) {
    const zone = timeZoneOf(base.code);
    const day = dayIn(zone, nowMs);
    days.set(base.code, day);
    const next = nextChangeDay(model, base.code, day);
    if (next !== null) nextChangeAt = Math.min(nextChangeAt, startOfDayIn(zone, next));
    const record = lawOn(model, base.code, day) ?? base;
    records.push(record);
    readable.push(readableRecord(record, base));
  }
  // A federal event taking effect changes no record by itself (the hemp rule's
  // days are among each record's turning days) but is announced at its moment.
  const federalZone = timeZoneOf(FEDERAL_CODE);
  const federalDay = dayIn(federalZone, nowMs);
  days.set(FEDERAL_CODE, federalDay);
  for (const event of model.base.federal.history) {
    if (event.effective !== null && event.effective > federalDay) {
      nextChangeAt = Math.min(nextChangeAt, startOfDayIn(federalZone, event.effective));
    }
  }
  const dataset: Dataset<LawRecord> = Object.freeze({
    ...model.base,
    jurisdictions: records,
    byCode: new Map(records.map((record) => [record.code, record])),
  });
  const readableDataset: Dataset<Jurisdiction> = Object.freeze({
    ...model.base,
    jurisdictions: readable,
    byCode: new Map(readable.map((record) => [record.code, record])),
  });
  return Object.freeze({ dataset, readable: readableDataset, days, nextChangeAt });
}

/**
 * The events that took effect between two states, federal ones included:
 * effective after the jurisdiction's earlier day and on or before its later
 * one (`tookEffectWithin`).
 */
export function tookEffectBetween(
  model: LawModel,
  before: LawState,
  after: LawState,
): LegalEvent[] {
  const events: LegalEvent[] = [];
  const histories: [string, readonly LegalEvent[]][] = [
    ...model.base.histories,
    [FEDERAL_CODE, model.base.federal.history],
  ];
  for (const [code, history] of histories) {
    const from = before.days.get(code);
    const to = after.days.get(code);
    if (from === undefined || to === undefined || to <= from) continue;
    for (const event of history) if (tookEffectWithin(event, from, to)) events.push(event);
  }
  return events;
}
