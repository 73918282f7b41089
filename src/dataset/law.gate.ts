/**
 * The data gate on what is served: the rules run on the records `lawOn`
 * returns — the same records the API, the pages, the feeds and the panels
 * are built from — for every jurisdiction, today and on every turning day
 * (each day its record may change). Start-up (`loadDataset`) refuses a
 * dataset with any finding, and `npm run data:check` prints the report.
 *
 * Rules on each served record:
 * - it satisfies the served schema (`JurisdictionOnDay`);
 * - every fact group that says something cites its law: decriminalization
 *   (once known), adult use and the medical program (once known) — a
 *   prohibition cites the statute that prohibits;
 * - every dated variable with a value has its authority, and the hemp group
 *   its authority once it states a treatment;
 * - every history event cites its law;
 * - a change of law changes something: one that sets only values already
 *   in force on the eve of its effective day is refused (a no-op is a
 *   mistake, or a correction recorded as a law).
 * - no citation from the future (`futureCitationFindings`, below).
 * A finding names the jurisdiction, the day and the field.
 */
import { Compile } from "typebox/compile";
import { once } from "../lib/once.ts";
import { dayIn, previousDay } from "../lib/zoned-time.ts";
import {
  ADULT_USE_VARIABLES,
  type Dataset,
  HEMP_VARIABLES,
  JurisdictionOnDay,
  type LegalEvent,
  MEDICAL_VARIABLES,
  type ProvenanceRef,
} from "./dataset.schema.ts";
import { timeZoneOf } from "./jurisdictions.ts";
import { createLawModel, type LawModel, type LawRecord, lawOn } from "./law.ts";

export type ServedFinding = Readonly<{ code: string; day: string; field: string; message: string }>;

type Share = { served: number; cited: number };

export type ServedReport = Readonly<{
  /** Fact groups that say something, and those citing their law, on each jurisdiction's today. */
  today: Share;
  /** The same on every turning day of every jurisdiction (today included). */
  allDays: Share;
  /** Days checked, over all jurisdictions. */
  days: number;
  /** History events, and those citing their law. */
  events: { total: number; cited: number };
  findings: readonly ServedFinding[];
}>;

// Compiled on first use: a start whose stamp vouches for the data checks no record.
const checkOnDay = once(() => Compile(JurisdictionOnDay));

const isCited = (authority: { citation: string } | null | undefined) =>
  authority != null && authority.citation.trim() !== "";

/** The fact groups a record states on its day, with their authority. */
function factGroups(record: LawRecord) {
  return [
    ["decriminalization", record.decriminalized !== null, record.decriminalization.authority],
    ["adult_use", record.adult_use.legal !== null, record.adult_use.authority],
    ["medical", record.medical.program !== null, record.medical.authority],
  ] as const;
}

/** The rules on one served record; `share` counts its fact groups. */
function servedRecordFindings(record: LawRecord, day: string, share?: Share) {
  const findings: ServedFinding[] = [];
  const add = (field: string, message: string) =>
    findings.push({ code: record.code, day, field, message });
  if (!checkOnDay().Check(record)) {
    for (const error of checkOnDay().Errors(record)) {
      add(error.instancePath.replace(/^\//, "").replaceAll("/", ".") || "record", error.message);
      break;
    }
  }
  for (const [group, states, authority] of factGroups(record)) {
    if (!states) continue;
    if (share !== undefined) share.served += 1;
    if (isCited(authority)) {
      if (share !== undefined) share.cited += 1;
    } else add(`${group}.authority`, "says what the law is but cites no law");
  }
  const dated = [
    ["adult_use", record.adult_use, ADULT_USE_VARIABLES],
    ["medical", record.medical, MEDICAL_VARIABLES],
    ["hemp", record.hemp, HEMP_VARIABLES],
  ] as const;
  for (const [group, values, variables] of dated) {
    const all: Record<string, unknown> = { ...values };
    const provenance: Record<string, { authority: unknown } | undefined> = {
      ...values.provenance,
    };
    for (const name of variables) {
      if (all[name] !== null && all[name] !== undefined && provenance[name]?.authority == null)
        add(`${group}.${name}`, "has a value but no authority");
    }
  }
  if (record.hemp.intoxicating_products !== null && !isCited(record.hemp.authority))
    add("hemp.authority", "states a treatment but cites no law");
  return findings;
}

/**
 * Runs the rules on every served record: each jurisdiction on `today` (a
 * calendar day, read in each jurisdiction's zone when `nowMs` is given)
 * and on each of its turning days.
 */
export function checkServedLaw(
  dataset: Dataset,
  today: string,
  model: LawModel = createLawModel(dataset),
  nowMs?: number,
): ServedReport {
  const findings: ServedFinding[] = [];
  const todayShare: Share = { served: 0, cited: 0 };
  const allDays: Share = { served: 0, cited: 0 };
  let days = 0;
  const events = { total: 0, cited: 0 };
  for (const base of dataset.jurisdictions) {
    const code = base.code;
    const localToday = nowMs === undefined ? today : dayIn(timeZoneOf(code), nowMs);
    const turning = model.turningDays.get(code) ?? [];
    for (const day of new Set([localToday, ...turning])) {
      const record = lawOn(model, code, day);
      if (record === undefined) continue;
      days += 1;
      findings.push(...servedRecordFindings(record, day, allDays));
      findings.push(...futureCitationFindings(record, day, dataset, model));
      if (day === localToday) servedRecordFindings(record, day, todayShare);
    }
    (dataset.histories.get(code) ?? []).forEach((event, index) => {
      const noop = noOpChange(model, event);
      if (noop !== null)
        findings.push({
          code,
          day: event.effective ?? event.date,
          field: `history.${index}.sets`,
          message: noop,
        });
      events.total += 1;
      if (isCited(event.authority)) events.cited += 1;
      else
        findings.push({
          code,
          day: event.date,
          field: `history.${index}.authority`,
          message: `the event "${event.title}" cites no law`,
        });
    });
  }
  return Object.freeze({ today: todayShare, allDays, days, events, findings });
}

function valueAt(record: unknown, path: string): unknown {
  let node = record;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Why a change of law changes nothing (every value it sets is in force on its eve), or null. */
export function noOpChange(model: LawModel, event: LegalEvent): string | null {
  if (event.sets === undefined || event.effective === null) return null;
  const eve = previousDay(event.effective);
  const before = lawOn(model, event.jurisdiction, eve);
  if (before === undefined) return null;
  const entries = Object.entries(event.sets);
  const same = entries.every(
    ([path, value]) => JSON.stringify(valueAt(before, path) ?? null) === JSON.stringify(value),
  );
  if (!same || entries.length === 0) return null;
  return `sets ${entries.map(([path, value]) => `${path} = ${JSON.stringify(value)}`).join(", ")}, already in force on ${eve}: a change of law must change something`;
}

// ---------------------------------------------------------------------------
// No citation from the future. On any day a record cites the law in force
// that day: a citation that names a law the history shows was enacted only
// later, a value cited before its `since`, or a hemp group citing the law of
// a value that takes effect only later (while none of its values in force
// that day rests on it) is a finding. An auditor rebuilding 2023's
// obligations must not be handed a 2025 act.
// ---------------------------------------------------------------------------

/**
 * Events that make law. A sales opening, a filed initiative or a failed bill
 * cites the law it happened under (or would have changed), not a new one.
 */
const LAW_MAKING: ReadonlySet<string> = new Set([
  "medical_legalized",
  "low_thc_legalized",
  "medical_amended",
  "decriminalized",
  "decriminalization_amended",
  "hemp_amended",
  "adult_use_legalized",
  "adult_use_amended",
  "ballot_measure_approved",
  "court_ruling",
  "executive_action",
  "regulation",
  "repealed",
]);

/** The day the history first records the law `citation` names being made, or null if it does not. */
function enactedOn(citation: string, history: readonly LegalEvent[]): string | null {
  let first: string | null = null;
  for (const event of history) {
    if (!LAW_MAKING.has(event.kind)) continue;
    const cited = event.authority?.citation;
    if (cited === undefined || cited.trim() === "") continue;
    if (!citation.startsWith(cited) && !cited.startsWith(citation)) continue;
    if (first === null || event.date < first) first = event.date;
  }
  return first;
}

/** The citations a served record gives on its day, by field. */
function citationsOf(record: LawRecord): [string, { citation: string } | null][] {
  const cited: [string, { citation: string } | null][] = [
    ["decriminalization.authority", record.decriminalization.authority],
    ["adult_use.authority", record.adult_use.authority],
    ["medical.authority", record.medical.authority],
    ["hemp.authority", record.hemp.authority],
  ];
  const groups = [
    ["adult_use", record.adult_use.provenance],
    ["medical", record.medical.provenance],
    ["hemp", record.hemp.provenance],
  ] as const;
  for (const [group, provenance] of groups) {
    for (const [name, entry] of Object.entries(provenance as Record<string, ProvenanceRef>)) {
      cited.push([`${group}.provenance.${name}.authority`, entry.authority]);
    }
  }
  return cited;
}

export function futureCitationFindings(
  record: LawRecord,
  day: string,
  dataset: Dataset,
  model: LawModel,
): ServedFinding[] {
  const findings: ServedFinding[] = [];
  const add = (field: string, message: string) =>
    findings.push({ code: record.code, day, field, message });
  const history = dataset.histories.get(record.code) ?? [];
  for (const [field, authority] of citationsOf(record)) {
    if (authority === null) continue;
    const enacted = enactedOn(authority.citation, history);
    if (enacted !== null && enacted > day)
      add(field, `cites a law the history records as enacted on ${enacted}, after this day`);
  }
  for (const [group, provenance] of [
    ["adult_use", record.adult_use.provenance],
    ["medical", record.medical.provenance],
    ["hemp", record.hemp.provenance],
  ] as const) {
    for (const [name, entry] of Object.entries(provenance as Record<string, ProvenanceRef>)) {
      if (entry.authority !== null && entry.since !== null && entry.since > day)
        add(`${group}.${name}`, `cites its law before it took effect (${entry.since})`);
    }
  }
  const cited = record.hemp.authority?.citation;
  const base = model.base.byCode.get(record.code);
  if (cited !== undefined && base !== undefined) {
    const servedProvenance = Object.values(record.hemp.provenance as Record<string, ProvenanceRef>);
    const restsOnIt = servedProvenance.some((entry) => entry.authority?.citation === cited);
    for (const [name, entry] of Object.entries(
      base.hemp.provenance as Record<string, ProvenanceRef>,
    )) {
      if (
        !restsOnIt &&
        entry.since !== null &&
        entry.since > day &&
        entry.authority?.citation === cited
      )
        add(
          "hemp.authority",
          `cites the law of hemp.${name}, which the record gives only from ${entry.since}`,
        );
    }
  }
  return findings;
}

/** One line per finding, for start-up and data:check. */
export function formatServedFinding(finding: ServedFinding): string {
  return `${finding.code} on ${finding.day}: ${finding.field} ${finding.message}`;
}
