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
  type DatasetIssue,
  HEMP_VARIABLES,
  type HistoryEventFile,
  type JurisdictionFile,
  MEDICAL_VARIABLES,
} from "./dataset.schema.ts";
import { foldChanges } from "./law.ts";

/** Events that can set `decriminalization.since`. */
const DECRIMINALIZING_KINDS = new Set([
  "decriminalized",
  "decriminalization_amended",
  "adult_use_legalized",
]);

/** Fields a change of law may not set. */
const FIXED_FIELDS = new Set([
  "code",
  "name",
  "fips",
  "type",
  "history",
  "last_reviewed",
  "known_from",
]);

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
    if (event.authority === null) issue(`${at}/authority`, "a change of law needs its authority");
    if (event.confidence === undefined)
      issue(`${at}/confidence`, "a change of law needs its confidence");
    if (event.verified === undefined)
      issue(`${at}/verified`, "a change of law needs the date it was verified");
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
    const folded = foldChanges(record, record.history, event.effective);
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

type ProvenanceFile =
  JurisdictionFile["adult_use"]["provenance"][keyof JurisdictionFile["adult_use"]["provenance"]];

/**
 * One dated variable's provenance: a set value has its law, how sure it is,
 * when it was checked and since when (or why that is unknown); a null says
 * why it is null; `secondary` rests on at least two sources.
 */
function provenanceIssues(
  issue: Issue,
  group: string,
  values: Readonly<Record<string, unknown>>,
  provenance: Readonly<Record<string, ProvenanceFile | undefined>>,
  variables: readonly string[],
  known: { from: string; reviewed: string },
) {
  for (const name of variables) {
    const given = provenance[name];
    const at = `/${group}/provenance/${name}`;
    const field = `${group}.${name}`;
    const value = values[name];
    const isSet = value !== null && value !== undefined;
    if (given === undefined) {
      if (isSet) issue(at, `${field} has a value but no provenance`);
      continue;
    }
    if (given.since != null && given.since > known.from) {
      issue(
        `${at}/since`,
        `${given.since} is after the record's known_from (${known.from}): record a later value as a change of law`,
      );
    }
    if (given.verified != null && given.verified > known.reviewed) {
      issue(`${at}/verified`, `${given.verified} is after the review (${known.reviewed})`);
    }
    if (isSet) {
      if (given.authority == null) issue(at, `${field} has a value but no authority`);
      if (given.null_reason !== null)
        issue(`${at}/null_reason`, `${field} has a value, so it has no null reason`);
      if (given.since === null && given.since_unknown === null)
        issue(
          `${at}/since_unknown`,
          `${field} has no since: give the date or say why it is unknown`,
        );
    } else if (given.null_reason === null) {
      issue(`${at}/null_reason`, `${field} is null: say why (none, not_applicable or unknown)`);
    }
    if ((given.null_reason === "unknown") !== (given.unknown !== null)) {
      issue(
        `${at}/unknown`,
        given.unknown === null
          ? `${field} is unknown: say what research could not establish`
          : `${field} gives an unknown reason but its null_reason is not "unknown"`,
      );
    }
    const claimed = given.null_reason !== "unknown";
    if (claimed) {
      if (given.confidence === null) issue(`${at}/confidence`, `${field} needs a confidence`);
      if (given.verified === null)
        issue(`${at}/verified`, `${field} needs the date it was verified`);
      if (!isSet && given.authority == null)
        issue(at, `${field} is ${given.null_reason}: cite the law that makes it so`);
    }
    if (given.confidence === "secondary" && given.sources.length < 2) {
      issue(
        `${at}/sources`,
        `${field} is secondary, so it needs at least two agreeing sources (has ${given.sources.length})`,
      );
    }
  }
}

/** Problems with the dated variables' provenance in one file. */
export function depthIssues(file: string, record: JurisdictionFile): DatasetIssue[] {
  const issues: DatasetIssue[] = [];
  const issue: Issue = (path, message) => issues.push({ file, path, message });
  const known = { from: record.known_from, reviewed: record.last_reviewed };
  const reviewed = record.known_from;
  const { adult_use: adult, medical, hemp } = record;
  provenanceIssues(issue, "adult_use", adult, adult.provenance, ADULT_USE_VARIABLES, known);
  provenanceIssues(issue, "medical", medical, medical.provenance, MEDICAL_VARIABLES, known);
  provenanceIssues(issue, "hemp", hemp, hemp.provenance, HEMP_VARIABLES, known);
  if (hemp.intoxicating_products !== null && hemp.authority === null) {
    issue("/hemp/authority", "the hemp group says what the law is, so it needs its authority");
  }
  const since = record.decriminalization.since;
  const by = record.decriminalization.in_force_by;
  if (by !== null) {
    if (since !== null)
      issue("/decriminalization/in_force_by", "must be null where since is known");
    if (!record.decriminalized)
      issue("/decriminalization/in_force_by", "is set but the record is not decriminalized");
    if (by > reviewed)
      issue(
        "/decriminalization/in_force_by",
        `${by} is after the record's known_from (${reviewed})`,
      );
  }
  if (since !== null) {
    const law = record.history.find(
      (event) =>
        DECRIMINALIZING_KINDS.has(event.kind) &&
        (event.effective ?? event.date) === since &&
        event.authority !== null,
    );
    if (law === undefined) {
      issue(
        "/decriminalization/since",
        `${since} is not the effective date of a cited law in the history (a decriminalized, decriminalization_amended or adult_use_legalized event)`,
      );
    }
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
