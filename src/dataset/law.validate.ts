/**
 * The dated model's invariants (src/dataset/law.ts), checked with the rest
 * of the dataset at start-up and by `npm run data:check`:
 * - a change of law (`sets`) has an authority and an effective date on or
 *   after its enactment, and names only fields the record has (never the
 *   identity fields, the history or a provenance);
 * - the record after each change, as it will be served from that day, still
 *   satisfies the schema and the status rules — so a bad value is refused
 *   before it is served, with a message naming the field;
 * - every dated variable with a value has a provenance citing its law, no
 *   `since` after the review, and the hemp group has an authority once it
 *   says anything.
 */
import {
  ADULT_USE_VARIABLES,
  HEMP_VARIABLES,
  type HistoryEventFile,
  type JurisdictionFile,
  MEDICAL_VARIABLES,
} from "./dataset.schema.ts";
import type { DatasetIssue } from "./dataset.validate.ts";

/** Fields a change of law may not set. */
const FIXED_FIELDS = new Set(["code", "name", "fips", "type", "history", "last_reviewed"]);

type Issue = (path: string, message: string) => void;

function hasPath(record: unknown, parts: readonly string[]): boolean {
  let node: unknown = record;
  for (const part of parts) {
    if (node === null || typeof node !== "object" || Array.isArray(node) || !(part in node)) {
      return false;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

function setPath(target: Record<string, unknown>, parts: readonly string[], value: unknown) {
  const [head, ...rest] = parts;
  if (head === undefined) return;
  if (rest.length === 0) target[head] = value;
  else setPath(target[head] as Record<string, unknown>, rest, value);
}

/** The file's record with every change effective on or before `day` applied (file order). */
export function foldChanges(record: JurisdictionFile, day: string): JurisdictionFile {
  const folded = structuredClone(record) as unknown as Record<string, unknown>;
  const changes = record.history
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.sets !== undefined && event.effective !== null)
    .sort(
      (a, b) =>
        (a.event.effective ?? "").localeCompare(b.event.effective ?? "") || a.index - b.index,
    );
  for (const { event } of changes) {
    if ((event.effective ?? "") > day) break;
    for (const [path, value] of Object.entries(event.sets ?? {})) {
      const parts = path.split(".");
      if (hasPath(folded, parts)) setPath(folded, parts, structuredClone(value));
    }
  }
  return folded as unknown as JurisdictionFile;
}

/** Problems with the changes of law in one file; `check` validates a whole record. */
export function changeIssues(
  file: string,
  record: JurisdictionFile,
  check: (record: JurisdictionFile) => { path: string; message: string }[],
): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  const issue: Issue = (path, message) => issues.push({ file, path, message });
  record.history.forEach((event: HistoryEventFile, index) => {
    if (event.sets === undefined) return;
    const at = `/history/${index}`;
    if (event.effective === null)
      issue(`${at}/effective`, "a change of law needs its effective date");
    else if (event.effective < event.date)
      issue(`${at}/effective`, `${event.effective} is before its enactment on ${event.date}`);
    if (event.authority === null) issue(`${at}/authority`, "a change of law needs its authority");
    const paths = Object.keys(event.sets);
    if (paths.length === 0) issue(`${at}/sets`, "names no field");
    for (const path of paths) {
      const parts = path.split(".");
      if (FIXED_FIELDS.has(parts[0] ?? "") || parts.includes("provenance")) {
        issue(`${at}/sets/${path}`, `${path} cannot be set by a change of law`);
      } else if (!hasPath(record, parts)) {
        issue(`${at}/sets/${path}`, `${path} is not a field of the record`);
      }
    }
    if (event.effective === null || issues.length > 0) return;
    const folded = foldChanges(record, event.effective);
    for (const problem of check(folded)) {
      const field = problem.path.replace(/^\//, "").replaceAll("/", ".");
      issue(
        `${at}/sets`,
        `from ${event.effective} the record would be invalid: ${field || "record"} ${problem.message}`,
      );
    }
  });
  return issues;
}

function provenanceIssues(
  issue: Issue,
  group: string,
  values: Readonly<Record<string, unknown>>,
  provenance: Readonly<Record<string, { since: string | null; authority: unknown } | undefined>>,
  variables: readonly string[],
  reviewed: string,
) {
  for (const name of variables) {
    const given = provenance[name];
    if (values[name] !== null && values[name] !== undefined && given?.authority == null) {
      issue(`/${group}/provenance/${name}`, `${group}.${name} has a value but no authority`);
    }
    if (given?.since != null && given.since > reviewed) {
      issue(
        `/${group}/provenance/${name}/since`,
        `${given.since} is after the review (${reviewed}): record a later value as a change of law`,
      );
    }
  }
}

/** Problems with the dated variables' provenance in one file. */
export function depthIssues(file: string, record: JurisdictionFile): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  const issue: Issue = (path, message) => issues.push({ file, path, message });
  const reviewed = record.last_reviewed;
  const { adult_use: adult, medical, hemp } = record;
  provenanceIssues(issue, "adult_use", adult, adult.provenance, ADULT_USE_VARIABLES, reviewed);
  provenanceIssues(issue, "medical", medical, medical.provenance, MEDICAL_VARIABLES, reviewed);
  provenanceIssues(issue, "hemp", hemp, hemp.provenance, HEMP_VARIABLES, reviewed);
  if (hemp.intoxicating_products !== null && hemp.authority === null) {
    issue("/hemp/authority", "the hemp group says what the law is, so it needs its authority");
  }
  if (!adult.legal) {
    for (const name of ADULT_USE_VARIABLES) {
      if (adult[name] !== null) {
        issue(`/adult_use/${name}`, "must be null where adult use is not legal");
      }
    }
  }
  return issues;
}
