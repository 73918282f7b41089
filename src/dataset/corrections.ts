/**
 * Corrections of the data (docs/DATA.md, "Correcting the data"): a
 * correction is not a change in the law but our data being wrong or
 * incomplete. `npm run data:correct` records each one in
 * data/corrections.json with the exact values it changed (`changes`: a
 * path in the file, before and after), then writes them into the files.
 * Because an entry is an exact patch, a release can replay the entries it
 * has not published onto the previous release's files and tell what each
 * one changed in what is served, on which days (src/dataset/release.plan.ts).
 *
 * Paths are dotted, relative to the jurisdiction's file (or data/federal.json
 * for `US`): `adult_use.minimum_age`, `adult_use.provenance.minimum_age.authority`.
 * An event's field is `history.<event id>.<field>`; its `sets` values are
 * `history.<event id>.sets.<dotted field>`.
 */
import { createHash } from "node:crypto";
import { eventIds } from "./dataset.load.ts";
import type { DataSource } from "./dataset.source.ts";

type Json = unknown;
type Node = Record<string, Json>;

export type CorrectionPatch = Readonly<{
  jurisdiction: string;
  changes: readonly Readonly<{ path: string; before: Json; after: Json }>[];
}>;

const isNode = (value: Json): value is Node =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The file a jurisdiction's data lives in, as named in a DataSource. */
export function fileOf(code: string): string {
  return code === "US" ? "federal.json" : `jurisdictions/${code}.json`;
}

type Parsed = {
  event: { id: string; rest: string[]; setsKey: string | null } | null;
  parts: string[];
};

function parse(path: string): Parsed {
  const parts = path.split(".");
  if (parts[0] !== "history") return { event: null, parts };
  const id = parts[1] ?? "";
  const rest = parts.slice(2);
  const setsKey = rest[0] === "sets" && rest.length > 1 ? rest.slice(1).join(".") : null;
  return { event: { id, rest, setsKey }, parts };
}

function eventIndex(code: string, record: Node, id: string): number {
  const history = Array.isArray(record.history) ? (record.history as Node[]) : [];
  const ids = eventIds(code, history as unknown as { id?: string; date: string; kind: string }[]);
  return ids.indexOf(id);
}

/** The value at `path` in a record (undefined where there is none). */
export function valueAtPath(code: string, record: Node, path: string): Json {
  const { event, parts } = parse(path);
  let node: Json = record;
  let walk = parts;
  if (event !== null) {
    const index = eventIndex(code, record, event.id);
    if (index < 0) return undefined;
    node = (record.history as Json[])[index];
    if (event.setsKey !== null) {
      const sets = isNode(node) ? node.sets : undefined;
      return isNode(sets) ? sets[event.setsKey] : undefined;
    }
    walk = event.rest;
  }
  for (const part of walk) {
    if (!isNode(node) || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

function setIn(node: Json, parts: readonly string[], value: Json): Json {
  const [head, ...rest] = parts;
  if (head === undefined) return value;
  const copy: Node = isNode(node) ? { ...node } : {};
  if (rest.length === 0 && value === undefined) delete copy[head];
  else copy[head] = setIn(copy[head], rest, value);
  return copy;
}

/** A copy of `record` with `value` at `path` (undefined removes the key). */
export function withValueAtPath(code: string, record: Node, path: string, value: Json): Node {
  const { event, parts } = parse(path);
  if (event === null) return setIn(record, parts, value) as Node;
  const index = eventIndex(code, record, event.id);
  if (index < 0) throw new Error(`${code} has no event ${event.id}`);
  const history = [...(record.history as Json[])];
  const original = history[index] as Node;
  const walk = event.setsKey !== null ? ["sets", event.setsKey] : event.rest;
  let changed =
    event.setsKey !== null
      ? { ...original, sets: { ...(original.sets as Node), [event.setsKey]: value } }
      : (setIn(original, walk, value) as Node);
  // An event's id is derived from its date and kind: moving either keeps the id it had.
  if ((walk[0] === "date" || walk[0] === "kind") && changed.id === undefined)
    changed = { id: event.id, ...changed };
  history[index] = changed;
  // History stays oldest first.
  const ordered = history
    .map((item, position) => ({ item: item as Node, position }))
    .sort(
      (a, b) => String(a.item.date).localeCompare(String(b.item.date)) || a.position - b.position,
    )
    .map(({ item }) => item);
  return { ...record, history: ordered };
}

/** The data with a correction's values written in (`after` at each path). */
export function applyCorrection(source: DataSource, patch: CorrectionPatch): DataSource {
  const file = fileOf(patch.jurisdiction);
  let record = (file === "federal.json" ? source.federal : source.jurisdictions[file]) as Node;
  if (!isNode(record)) throw new Error(`no data file for ${patch.jurisdiction}`);
  for (const change of patch.changes)
    record = withValueAtPath(patch.jurisdiction, record, change.path, change.after ?? null);
  return file === "federal.json"
    ? { ...source, federal: record }
    : { ...source, jurisdictions: { ...source.jurisdictions, [file]: record } };
}

/**
 * What a reviewer approves: an entry (an event or a correction) without
 * its review fields, hashed. An edit after the review changes the digest,
 * and the release refuses the entry until it is reviewed again.
 */
export function reviewDigest(entry: Readonly<Record<string, unknown>>): string {
  const { reviewed_by: _by, reviewed_digest: _digest, ...content } = entry;
  return createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 16);
}

/** Paths that record who checked a value and when, not the value: not shown as corrected. */
const BOOKKEEPING = /\.(coded_by|reviewed_by|verified|confidence|sources|null_reason|unknown)$/;

/** The leaves that differ between two values: an object's changed keys, by dotted path. */
function leafChanges(
  path: string,
  before: Json,
  after: Json,
): { path: string; before: Json; after: Json }[] {
  if (isNode(before) && isNode(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      leafChanges(`${path}.${key}`, before[key] ?? null, after[key] ?? null),
    );
  }
  return JSON.stringify(before ?? null) === JSON.stringify(after ?? null)
    ? []
    : [{ path, before: before ?? null, after: after ?? null }];
}

/**
 * The values a correction changed, as readers see them: each changed leaf
 * (an object's keys that differ, not the whole object), bookkeeping of
 * provenance left out.
 */
export function correctedValues(
  correction: Pick<CorrectionPatch, "changes">,
): { path: string; before: Json; after: Json }[] {
  const leaves = correction.changes.flatMap((change) =>
    leafChanges(change.path, change.before, change.after),
  );
  const values = leaves.filter((change) => !BOOKKEEPING.test(change.path));
  return values.length > 0 ? values : leaves;
}
