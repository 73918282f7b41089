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
 * - every history event cites its law.
 * A finding names the jurisdiction, the day and the field.
 */
import { Compile } from "typebox/compile";
import { once } from "../lib/once.ts";
import { dayIn } from "../lib/zoned-time.ts";
import {
  ADULT_USE_VARIABLES,
  type Dataset,
  HEMP_VARIABLES,
  JurisdictionOnDay,
  MEDICAL_VARIABLES,
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
      if (day === localToday) servedRecordFindings(record, day, todayShare);
    }
    (dataset.histories.get(code) ?? []).forEach((event, index) => {
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

/** One line per finding, for start-up and data:check. */
export function formatServedFinding(finding: ServedFinding): string {
  return `${finding.code} on ${finding.day}: ${finding.field} ${finding.message}`;
}
