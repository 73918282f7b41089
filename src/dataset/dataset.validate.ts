/**
 * The dataset's invariants, beyond what the JSON Schema can say: the exact
 * set of jurisdictions, real calendar dates in order, a `status` that agrees
 * with the flags it summarises, every fact group sourced, and a current
 * record that agrees with its own history. Errors stop start-up and fail
 * `npm run data:check`; warnings are printed by data:check only.
 */
import { Compile } from "typebox/compile";
import { isCalendarDate } from "../lib/dates.ts";
import { once } from "../lib/once.ts";
import {
  type CorrectionsFile,
  CorrectionsFile as CorrectionsFileSchema,
  type DatasetIssue,
  type FederalFile,
  FederalFile as FederalFileSchema,
  type JurisdictionFile,
  JurisdictionFile as JurisdictionFileSchema,
  type Status,
} from "./dataset.schema.ts";
import { JURISDICTIONS } from "./jurisdictions.ts";
import { eventSenseIssues, senseIssues } from "./law.sense.ts";
import { changeIssues, depthIssues } from "./law.validate.ts";

export type { DatasetIssue } from "./dataset.schema.ts";

export type ValidationResult = { errors: DatasetIssue[]; warnings: DatasetIssue[] };

export type ParsedFile<T> = { file: string; value: T };

// Compiled on first use: a start whose stamp vouches for the data checks no file.
const CHECKERS = {
  jurisdiction: once(() => Compile(JurisdictionFileSchema)),
  federal: once(() => Compile(FederalFileSchema)),
  corrections: once(() => Compile(CorrectionsFileSchema)),
} as const;

/** Days after which a record's `last_reviewed` is reported as stale. */
export const STALE_AFTER_DAYS = 180;

export function deriveStatus(record: Pick<JurisdictionFile, "adult_use" | "medical">): Status {
  if (record.adult_use.legal) return "adult_use";
  if (record.medical.program === "comprehensive") return "medical";
  if (record.medical.program === "low_thc") return "low_thc";
  return "prohibited";
}

/** Schema errors of one parsed JSON value, each naming the field. */
export function schemaIssues(file: string, value: unknown, kind: keyof typeof CHECKERS) {
  const check = CHECKERS[kind]();
  if (check.Check(value)) return [];
  const seen = new Set<string>();
  const issues: DatasetIssue[] = [];
  for (const error of check.Errors(value)) {
    const path = error.instancePath || "/";
    // anyOf (nullable) failures repeat once per branch: keep the first per field.
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push({ file, path, message: describeSchemaError(error) });
  }
  return issues;
}

function describeSchemaError(error: {
  keyword: string;
  message: string;
  params: unknown;
  schemaPath: string;
}): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "boolean" && error.schemaPath.endsWith("/additionalProperties")) {
    return "unknown field (not in the schema; check its spelling)";
  }
  if (error.keyword === "additionalProperties") {
    return `unknown field(s) ${JSON.stringify(params.additionalProperties)}`;
  }
  if (error.keyword === "required") {
    return `missing field(s) ${JSON.stringify(params.requiredProperties ?? params.missingProperty)}`;
  }
  if (error.keyword === "enum") return `${error.message} (${JSON.stringify(params.allowedValues)})`;
  return error.message;
}

type DateField = { path: string; value: string | null | undefined };

function collectDates(record: JurisdictionFile): DateField[] {
  const fields: DateField[] = [
    { path: "/last_reviewed", value: record.last_reviewed },
    { path: "/decriminalization/since", value: record.decriminalization.since },
    { path: "/adult_use/enacted_by/date", value: record.adult_use.enacted_by?.date },
    { path: "/adult_use/effective", value: record.adult_use.effective },
    { path: "/adult_use/sales_began", value: record.adult_use.sales_began },
    { path: "/medical/enacted_by/date", value: record.medical.enacted_by?.date },
    { path: "/medical/effective", value: record.medical.effective },
  ];
  record.history.forEach((event, index) => {
    fields.push({ path: `/history/${index}/date`, value: event.date });
    fields.push({ path: `/history/${index}/effective`, value: event.effective });
  });
  return fields;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** Invariants of one jurisdiction file that already passed the schema. */
export function jurisdictionIssues(
  file: string,
  record: JurisdictionFile,
  today: string,
): ValidationResult {
  const errors: DatasetIssue[] = [];
  const warnings: DatasetIssue[] = [];
  const error = (path: string, message: string) => errors.push({ file, path, message });
  const warn = (path: string, message: string) => warnings.push({ file, path, message });

  const expectedCode = file.replace(/^.*\//, "").replace(/\.json$/, "");
  if (record.code !== expectedCode) error("/code", `is ${record.code}, but the file is ${file}`);
  const known = JURISDICTIONS.find(([code]) => code === record.code);
  if (known === undefined) {
    error("/code", `${record.code} is not one of the 56 covered jurisdictions`);
  } else {
    const [, name, fips, type] = known;
    if (record.name !== name) error("/name", `must be '${name}'`);
    if (record.fips !== fips) error("/fips", `must be '${fips}'`);
    if (record.type !== type) error("/type", `must be '${type}'`);
  }

  for (const { path, value } of collectDates(record)) {
    if (typeof value === "string" && !isCalendarDate(value))
      error(path, `${value} is not a calendar date`);
  }

  const derived = deriveStatus(record);
  if (record.status !== derived) {
    error(
      "/status",
      `is ${record.status}, but adult_use.legal and medical.program make it ${derived}`,
    );
  }
  if (record.medical.legal !== (record.medical.program !== "none")) {
    error(
      "/medical/legal",
      `must be ${record.medical.program !== "none"} when program is ${record.medical.program}`,
    );
  }
  if (record.adult_use.legal && !record.decriminalized) {
    error("/decriminalized", "must be true where adult use is legal");
  }

  const adult = record.adult_use;
  if (!adult.legal) {
    for (const field of [
      "enacted_by",
      "effective",
      "sales_began",
      "possession_limit",
      "home_grow",
    ] as const) {
      if (adult[field] !== null)
        error(`/adult_use/${field}`, "must be null when adult use is not legal");
    }
  } else {
    ordered(
      error,
      "/adult_use/effective",
      adult.enacted_by?.date,
      adult.effective,
      "enacted_by.date",
    );
    ordered(error, "/adult_use/sales_began", adult.effective, adult.sales_began, "effective");
  }
  const medical = record.medical;
  if (!medical.legal) {
    if (medical.enacted_by !== null)
      error("/medical/enacted_by", "must be null when there is no program");
    if (medical.effective !== null)
      error("/medical/effective", "must be null when there is no program");
  } else {
    ordered(
      error,
      "/medical/effective",
      medical.enacted_by?.date,
      medical.effective,
      "enacted_by.date",
    );
  }
  if (!record.decriminalized && record.decriminalization.since !== null) {
    error("/decriminalization/since", "must be null when not decriminalized");
  }
  // The detail, where given, must say the same as the flag: decriminalized
  // means legal, civil, or criminal without possible jail.
  const { offense, jail_possible: jailPossible } = record.decriminalization;
  if (offense !== undefined && offense !== null) {
    const detailSays =
      offense === "legal" ||
      offense === "civil" ||
      (offense === "criminal" && jailPossible === false);
    const undecided =
      offense === "criminal" && (jailPossible === null || jailPossible === undefined);
    if (!undecided && detailSays !== record.decriminalized) {
      error(
        "/decriminalization/offense",
        `${offense}${offense === "criminal" ? ` with jail_possible ${jailPossible}` : ""} contradicts decriminalized: ${record.decriminalized}`,
      );
    }
    if (adult.legal && offense !== "legal")
      error("/decriminalization/offense", "must be legal where adult use is legal");
  }

  if (adult.sources.length === 0) error("/adult_use/sources", "needs at least one source");
  if (medical.sources.length === 0) error("/medical/sources", "needs at least one source");
  if (record.decriminalized && record.decriminalization.sources.length === 0) {
    error("/decriminalization/sources", "needs at least one source");
  }

  let previous: string | null = null;
  record.history.forEach((event, index) => {
    if (event.sources.length === 0) error(`/history/${index}/sources`, "needs at least one source");
    if (previous !== null && event.date < previous) {
      error(
        `/history/${index}/date`,
        `${event.date} comes before the previous event (${previous}); keep history oldest first`,
      );
    }
    previous = event.date;
    if (event.effective !== null && event.effective < event.date) {
      error(
        `/history/${index}/effective`,
        `${event.effective} is before the event's date ${event.date}`,
      );
    }
  });

  const kinds = new Set(record.history.map((event) => event.kind));
  if (adult.legal && !kinds.has("adult_use_legalized")) {
    error("/history", "adult use is legal, but no adult_use_legalized event records it");
  }
  if (medical.sales_began && !kinds.has("medical_sales_began")) {
    error("/history", "medical.sales_began is set, but no medical_sales_began event records it");
  }
  if (adult.sales_began !== null && !kinds.has("adult_use_sales_began")) {
    error("/history", "sales_began is set, but no adult_use_sales_began event records it");
  }
  if (medical.legal && !kinds.has("medical_legalized") && !kinds.has("low_thc_legalized")) {
    error(
      "/history",
      "a medical program exists, but no medical_legalized or low_thc_legalized event records it",
    );
  }
  if (record.decriminalized && !adult.legal && !kinds.has("decriminalized")) {
    // Without a known day there can be no dated event; the gap is reported, not invented.
    if (record.decriminalization.since === null) {
      warn("/history", "decriminalized on an unknown day: no decriminalized event");
    } else {
      error("/history", "decriminalized, but no decriminalized event records it");
    }
  }

  errors.push(...depthIssues(file, record));
  for (const issue of senseIssues(record)) error(issue.path, issue.message);
  record.history.forEach((event, index) => {
    for (const issue of eventSenseIssues(event, `/history/${index}`, today))
      error(issue.path, issue.message);
  });
  errors.push(
    ...changeIssues(file, record, (folded) => {
      const problems = schemaIssues(file, folded, "jurisdiction");
      if (problems.length > 0) return problems;
      const nonsense = senseIssues(folded);
      if (nonsense.length > 0) return nonsense;
      const status = deriveStatus(folded);
      if (folded.status !== status) {
        return [
          { path: "/status", message: `is ${folded.status}, but the flags make it ${status}` },
        ];
      }
      if (folded.adult_use.legal && !folded.decriminalized) {
        return [{ path: "/decriminalized", message: "must be true where adult use is legal" }];
      }
      return [];
    }),
  );

  if (record.known_from > record.last_reviewed)
    error("/known_from", `${record.known_from} is after last_reviewed ${record.last_reviewed}`);
  if (record.last_reviewed > today)
    error("/last_reviewed", `${record.last_reviewed} is in the future`);
  else if (daysBetween(record.last_reviewed, today) > STALE_AFTER_DAYS) {
    warn("/last_reviewed", `not reviewed for more than ${STALE_AFTER_DAYS} days`);
  }
  return { errors, warnings };
}

function ordered(
  error: (path: string, message: string) => void,
  path: string,
  before: string | null | undefined,
  after: string | null | undefined,
  beforeName: string,
) {
  if (before && after && after < before) error(path, `${after} is before ${beforeName} ${before}`);
}

/** Invariants of the federal file that already passed the schema. */
export function federalIssues(file: string, record: FederalFile, today: string): ValidationResult {
  const errors: DatasetIssue[] = [];
  const error = (path: string, message: string) => errors.push({ file, path, message });
  const dates: DateField[] = [
    { path: "/last_reviewed", value: record.last_reviewed },
    { path: "/csa_schedule/since", value: record.csa_schedule.since },
    { path: "/hemp/effective", value: record.hemp.effective },
    { path: "/hemp/enacted_by/date", value: record.hemp.enacted_by?.date },
  ];
  record.appropriations_riders.forEach((rider, index) => {
    dates.push({
      path: `/appropriations_riders/${index}/first_enacted`,
      value: rider.first_enacted,
    });
    dates.push({
      path: `/appropriations_riders/${index}/current_through`,
      value: rider.current_through,
    });
    if (rider.sources.length === 0)
      error(`/appropriations_riders/${index}/sources`, "needs at least one source");
  });
  record.history.forEach((event, index) => {
    dates.push({ path: `/history/${index}/date`, value: event.date });
    dates.push({ path: `/history/${index}/effective`, value: event.effective });
    if (event.sources.length === 0) error(`/history/${index}/sources`, "needs at least one source");
    for (const issue of eventSenseIssues(event, `/history/${index}`, today))
      error(issue.path, issue.message);
    const previous = record.history[index - 1];
    if (previous !== undefined && event.date < previous.date) {
      error(
        `/history/${index}/date`,
        `${event.date} comes before the previous event; keep history oldest first`,
      );
    }
  });
  for (const { path, value } of dates) {
    if (typeof value === "string" && !isCalendarDate(value))
      error(path, `${value} is not a calendar date`);
  }
  for (const section of ["csa_schedule", "rescheduling", "hemp"] as const) {
    if (record[section].sources.length === 0)
      error(`/${section}/sources`, "needs at least one source");
  }
  if (record.last_reviewed > today)
    error("/last_reviewed", `${record.last_reviewed} is in the future`);
  return { errors, warnings: [] };
}

/** Checks the set of jurisdiction files as a whole: one file for each of the 56 covered codes. */
export function coverageIssues(fileNames: readonly string[]): DatasetIssue[] {
  const present = new Set(
    fileNames.map((file) => file.replace(/^.*\//, "").replace(/\.json$/, "")),
  );
  return JURISDICTIONS.filter(([code]) => !present.has(code)).map(([code, name]) => ({
    file: `jurisdictions/${code}.json`,
    path: "/",
    message: `missing: no record for ${name}`,
  }));
}

/**
 * The corrections log: unique ids, a known jurisdiction, nothing recorded
 * or verified after today, a second person as reviewer, and two sources
 * behind a `secondary` correction.
 */
export function correctionsIssues(
  file: string,
  log: CorrectionsFile,
  today: string,
): DatasetIssue[] {
  const errors: DatasetIssue[] = [];
  const error = (path: string, message: string) => errors.push({ file, path, message });
  const ids = new Set<string>();
  log.corrections.forEach((entry, index) => {
    const at = `/corrections/${index}`;
    if (ids.has(entry.id)) error(`${at}/id`, `duplicate id ${entry.id}`);
    ids.add(entry.id);
    if (entry.jurisdiction !== "US" && !JURISDICTIONS.some(([code]) => code === entry.jurisdiction))
      error(`${at}/jurisdiction`, `${entry.jurisdiction} is not a covered jurisdiction or US`);
    for (const [name, day] of [
      ["recorded", entry.recorded],
      ["verified", entry.verified],
    ] as const) {
      if (!isCalendarDate(day)) error(`${at}/${name}`, `${day} is not a calendar date`);
      else if (day > today) error(`${at}/${name}`, `${day} is after today (${today})`);
    }
    if (entry.reviewed_by !== undefined && entry.reviewed_by === entry.coded_by)
      error(`${at}/reviewed_by`, `${entry.reviewed_by} coded this correction and cannot review it`);
    if (entry.confidence === "secondary" && entry.sources.length < 2)
      error(
        `${at}/sources`,
        `a secondary correction needs at least two agreeing sources (has ${entry.sources.length})`,
      );
  });
  return errors;
}
