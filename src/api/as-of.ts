/**
 * Records as they stood on a past (or enacted-but-future) day, for
 * `as_of=YYYY-MM-DD`. The indicators come from the dataset's timelines; the
 * descriptive facts of an object (enactment, limits, home-grow rules) are
 * given only when the law that carries them was in force that day and no
 * later amendment could have changed them — otherwise null, never today's.
 */
import {
  ADULT_USE_VARIABLES,
  HEMP_VARIABLES,
  type Jurisdiction,
  type LegalEvent,
  MEDICAL_VARIABLES,
  type ProvenanceRef,
} from "../dataset/dataset.schema.ts";
import {
  buildTimelines,
  type JurisdictionTimelines,
  statusFrom,
  valueAt,
} from "../dataset/timeline.ts";
import type { JurisdictionAsOf } from "./api.schemas.ts";

export type AsOfSource = Readonly<{
  record: Jurisdiction;
  timelines: JurisdictionTimelines;
  /** Latest date an adult-use amendment took effect; limits before it are unknown. */
  adultAmendedAt: string | null;
  /** Latest date a medical amendment took effect. */
  medicalAmendedAt: string | null;
}>;

function latestOf(history: readonly LegalEvent[], kind: string): string | null {
  const dates = history
    .filter((event) => event.kind === kind)
    .map((event) => event.effective ?? event.date)
    .sort();
  return dates[dates.length - 1] ?? null;
}

export function prepareAsOf(record: Jurisdiction, history: readonly LegalEvent[]): AsOfSource {
  return Object.freeze({
    record,
    timelines: buildTimelines(record, history, "effective"),
    adultAmendedAt: latestOf(history, "adult_use_amended"),
    medicalAmendedAt: latestOf(history, "medical_amended"),
  });
}

const onOrBefore = (date: string | null, day: string): date is string =>
  date !== null && date <= day;

export function recordAsOf(source: AsOfSource, day: string): JurisdictionAsOf {
  const { record, timelines } = source;
  const current = day >= record.last_reviewed;
  const adultLegal = valueAt(timelines.adultUseLegal, day);
  const sales = valueAt(timelines.adultUseSales, day);
  const decriminalized = valueAt(timelines.decriminalized, day);
  const program = valueAt(timelines.medicalProgram, day);
  const adult = record.adult_use;
  const medical = record.medical;

  // The current law's facts apply once it is in force and past its last amendment.
  const adultCurrentLaw =
    adultLegal === true &&
    adult.legal &&
    (current || source.adultAmendedAt === null || source.adultAmendedAt <= day);
  const medicalCurrentProgram =
    program !== null && program === medical.program && program !== "none";

  const inForce = (present: boolean, value: unknown) => (present ? value : null);
  // Fields a record may carry (newer schema): set only where the record has them.
  const optional = (object: object, values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([key]) => key in object));

  const asOf: JurisdictionAsOf = {
    ...record,
    summary: current ? record.summary : null,
    status: statusFrom(adultLegal, program),
    decriminalized,
    decriminalization: {
      ...record.decriminalization,
      since: decriminalized === true ? record.decriminalization.since : null,
      summary: current ? record.decriminalization.summary : null,
      ...optional(record.decriminalization, {
        offense: inForce(current, (record.decriminalization as Extra).offense),
        jail_possible: inForce(current, (record.decriminalization as Extra).jail_possible),
        threshold_grams: inForce(current, (record.decriminalization as Extra).threshold_grams),
        authority: inForce(decriminalized === true, (record.decriminalization as Extra).authority),
      }),
    },
    adult_use: {
      ...adult,
      legal: adultLegal,
      enacted_by: adultLegal === true && adult.legal ? adult.enacted_by : null,
      effective: adultLegal === true && adult.legal ? adult.effective : null,
      sales_began: sales === true && onOrBefore(adult.sales_began, day) ? adult.sales_began : null,
      possession_limit: adultCurrentLaw ? adult.possession_limit : null,
      home_grow: adultCurrentLaw ? adult.home_grow : null,
      ...optional(adult, {
        authority: inForce(adultLegal === true && adult.legal, (adult as Extra).authority),
      }),
      ...datedFacts(adult, ADULT_USE_VARIABLES, day, current, adultLegal === true && adult.legal),
      local_taxes: adultLegal === true && adult.legal && current ? adult.local_taxes : null,
    },
    medical: {
      ...medical,
      legal: program === null ? null : program !== "none",
      program,
      enacted_by: medicalCurrentProgram ? medical.enacted_by : null,
      effective: medicalCurrentProgram ? medical.effective : null,
      ...optional(medical, {
        sales_began: inForce(
          medicalCurrentProgram && onOrBefore((medical as Extra).sales_began ?? null, day),
          (medical as Extra).sales_began,
        ),
        authority: inForce(medicalCurrentProgram, (medical as Extra).authority),
      }),
      ...datedFacts(medical, MEDICAL_VARIABLES, day, current, medicalCurrentProgram),
    },
    hemp: {
      ...record.hemp,
      ...datedFacts(record.hemp, HEMP_VARIABLES, day, current, true),
      summary: current ? record.hemp.summary : null,
    },
    regulator: current ? record.regulator : null,
    notes: current ? record.notes : [],
  };
  return asOf;
}

type Dated = Readonly<Record<string, unknown>> & {
  provenance: Readonly<Partial<Record<string, ProvenanceRef>>>;
};

/**
 * The dated variables of a group on a day: a value holds from its
 * provenance's `since` (from the record's review when that is unknown);
 * before then it is null and its provenance says the dataset does not
 * record it. Where the group does not apply that day (no adult-use law, no
 * program), every variable is null with no provenance.
 */
function datedFacts(
  group: Dated,
  variables: readonly string[],
  day: string,
  current: boolean,
  applies: boolean,
): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  const provenance: Record<string, ProvenanceRef> = {};
  for (const name of variables) {
    const given = group.provenance[name];
    const known = applies && (given?.since != null ? given.since <= day : current);
    facts[name] = known ? (group[name] ?? null) : null;
    if (given === undefined || !applies) continue;
    provenance[name] = known
      ? given
      : {
          since: null,
          since_unknown: null,
          authority: null,
          unknown:
            given.since === null
              ? "The dataset records this value from its last review; earlier values are not recorded."
              : `The dataset records this value from ${given.since}; earlier values are not recorded.`,
          null_reason: "unknown",
          confidence: null,
          verified: null,
          sources: [],
        };
  }
  return { ...facts, provenance };
}

/** Fields a newer dataset schema may add; read without requiring them. */
type Extra = {
  offense?: unknown;
  jail_possible?: unknown;
  threshold_grams?: unknown;
  authority?: unknown;
  sales_began?: string | null;
};
