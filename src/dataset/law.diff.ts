/**
 * What is served, compared: the records `lawOn` returns from two versions
 * of the data, day by day, and their histories event by event. Releases
 * announce from this diff (src/dataset/release.plan.ts), never from the
 * edits to the files, so an edit that changes nothing served announces
 * nothing, and one that does is named with the days it changes.
 *
 * Contract:
 * - A record is compared on every day either version names (its turning
 *   days), which covers every day: a record changes on no other day
 *   (src/dataset/law.ts). Differences are merged into runs of days with
 *   the same before and after: `from` (null: from the beginning) to
 *   `until` (inclusive; null: from then on).
 * - Fields are dotted paths into the served record; provenance is
 *   compared too (a citation is a fact). Dates of checking and who did it
 *   (`last_reviewed`, `verified`, `coded_by`, `reviewed_by`), the gathered
 *   `sources`, `upcoming` (derived from the history, compared there) and
 *   the federal rule each record carries (compared on the federal record)
 *   are not differences.
 * - Cost: two `lawOn` per turning day of each record (about 1,100 in all).
 */

import { previousDay } from "../lib/zoned-time.ts";
import type { Dataset, Federal, LegalEvent } from "./dataset.schema.ts";
import { FEDERAL_CODE } from "./jurisdictions.ts";
import { type LawModel, lawOn } from "./law.ts";

export type ServedChange = Readonly<{
  code: string;
  field: string;
  /** First day that differs; null: from the beginning. */
  from: string | null;
  /** Last day that differs; null: from then on. */
  until: string | null;
  before: unknown;
  after: unknown;
}>;

export type EventChange = Readonly<{
  code: string;
  id: string;
  change: "added" | "removed" | "changed";
  /** The event as served after (before, for a removed one). */
  event: LegalEvent;
  fields: readonly Readonly<{ field: string; before: unknown; after: unknown }>[];
}>;

export type ServedDiff = Readonly<{ records: ServedChange[]; events: EventChange[] }>;

/** Keys that say who checked what and when, or are derived elsewhere: never differences. */
const NOT_COMPARED = new Set([
  "last_reviewed",
  "verified",
  "coded_by",
  "reviewed_by",
  "sources",
  "upcoming",
]);

/** Text that explains rather than states the law: shown, never announced. */
const EDITORIAL = new Set([
  "summary",
  "notes",
  "description",
  "unknown",
  "since_unknown",
  "note",
  "title",
]);

/** Whether a field is explanatory text (a summary, a note) rather than a fact of law. */
export function isEditorial(field: string): boolean {
  return EDITORIAL.has(field.slice(field.lastIndexOf(".") + 1));
}

function flatten(
  value: unknown,
  prefix: string,
  into: Map<string, string>,
  skip: (path: string) => boolean,
) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (NOT_COMPARED.has(key)) continue;
      const path = prefix === "" ? key : `${prefix}.${key}`;
      if (skip(path)) continue;
      flatten(inner, path, into, skip);
    }
    return;
  }
  if (prefix !== "") into.set(prefix, JSON.stringify(value ?? null));
}

/** A served record as field → JSON value. */
function flatRecord(record: object | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  flatten(record, "", fields, (path) => path === "hemp.federal");
  return fields;
}

const BEGINNING = "0001-01-01";

/** The differences between two models' records of `code`, as runs of days. */
function diffRecord(a: LawModel, b: LawModel, code: string): ServedChange[] {
  const days = [
    ...new Set([BEGINNING, ...(a.turningDays.get(code) ?? []), ...(b.turningDays.get(code) ?? [])]),
  ].sort();
  type Open = { from: string; before: string; after: string };
  const open = new Map<string, Open>();
  const changes: ServedChange[] = [];
  const close = (field: string, run: Open, next: string | null) =>
    changes.push({
      code,
      field,
      from: run.from === BEGINNING ? null : run.from,
      until: next === null ? null : previousDay(next),
      before: JSON.parse(run.before),
      after: JSON.parse(run.after),
    });
  for (const day of days) {
    const left = flatRecord(lawOn(a, code, day));
    const right = flatRecord(lawOn(b, code, day));
    const fields = new Set([...left.keys(), ...right.keys()]);
    for (const [field, run] of open) {
      if (
        (left.get(field) ?? "null") !== run.before ||
        (right.get(field) ?? "null") !== run.after
      ) {
        close(field, run, day);
        open.delete(field);
      }
    }
    for (const field of fields) {
      const before = left.get(field) ?? "null";
      const after = right.get(field) ?? "null";
      if (before !== after && !open.has(field)) open.set(field, { from: day, before, after });
    }
  }
  for (const [field, run] of open) close(field, run, null);
  return changes.sort(
    (x, y) => x.field.localeCompare(y.field) || (x.from ?? "").localeCompare(y.from ?? ""),
  );
}

/** The differences between two federal records (their history aside). */
function diffFederal(a: Federal, b: Federal): ServedChange[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  flatten({ ...a, history: undefined }, "", left, () => false);
  flatten({ ...b, history: undefined }, "", right, () => false);
  const changes: ServedChange[] = [];
  for (const field of new Set([...left.keys(), ...right.keys()])) {
    const before = left.get(field) ?? "null";
    const after = right.get(field) ?? "null";
    if (before !== after)
      changes.push({
        code: FEDERAL_CODE,
        field,
        from: null,
        until: null,
        before: JSON.parse(before),
        after: JSON.parse(after),
      });
  }
  return changes.sort((x, y) => x.field.localeCompare(y.field));
}

const EVENT_FIELDS = [
  "date",
  "effective",
  "kind",
  "title",
  "summary",
  "authority",
  "sets",
  "confidence",
  "retroactive",
] as const;

function historiesOf(dataset: Dataset): Map<string, readonly LegalEvent[]> {
  return new Map([...dataset.histories, [FEDERAL_CODE, dataset.federal.history]]);
}

/** Events added, removed or changed between two datasets (state and federal). */
function diffHistories(a: Dataset, b: Dataset): EventChange[] {
  const changes: EventChange[] = [];
  const left = historiesOf(a);
  const right = historiesOf(b);
  for (const code of new Set([...left.keys(), ...right.keys()])) {
    const before = new Map((left.get(code) ?? []).map((event) => [event.id, event]));
    const after = new Map((right.get(code) ?? []).map((event) => [event.id, event]));
    for (const [id, event] of after) {
      const old = before.get(id);
      if (old === undefined) {
        changes.push({ code, id, change: "added", event, fields: [] });
        continue;
      }
      const fields = EVENT_FIELDS.flatMap((field) => {
        const was = JSON.stringify(old[field] ?? null);
        const now = JSON.stringify(event[field] ?? null);
        return was === now
          ? []
          : [{ field, before: old[field] ?? null, after: event[field] ?? null }];
      });
      if (fields.length > 0) changes.push({ code, id, change: "changed", event, fields });
    }
    for (const [id, event] of before)
      if (!after.has(id)) changes.push({ code, id, change: "removed", event, fields: [] });
  }
  return changes;
}

/** Everything served that differs between two models. */
export function diffServed(a: LawModel, b: LawModel): ServedDiff {
  const codes = new Set([
    ...a.base.jurisdictions.map((record) => record.code),
    ...b.base.jurisdictions.map((record) => record.code),
  ]);
  const records = [...codes].sort().flatMap((code) => diffRecord(a, b, code));
  records.push(...diffFederal(a.base.federal, b.base.federal));
  return { records, events: diffHistories(a.base, b.base) };
}
