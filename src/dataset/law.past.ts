/**
 * The base record as it stood on a day: the first step of `lawOn`
 * (src/dataset/law.ts). The indicators come from the dataset's timelines;
 * the descriptive facts of an object (enactment, limits, home-grow rules)
 * are given only when the law that carries them was in force that day and
 * no later amendment could have changed them — otherwise null, never
 * today's.
 *
 * Every fact group that says something cites the law that made it so on
 * that day: the law in force (today's law once it took effect; before it,
 * the earlier law the history names, e.g. a decriminalization or low-THC
 * act), and where nothing in the record had yet changed the law, the
 * statute that prohibits possession (`prohibition`). A group the history
 * cannot describe (its flag null) cites nothing.
 */
import {
  ADULT_USE_VARIABLES,
  type AuthorityRef,
  HEMP_VARIABLES,
  type Jurisdiction,
  type JurisdictionOnDay,
  type LegalEvent,
  MEDICAL_VARIABLES,
  type ProvenanceRef,
} from "./dataset.schema.ts";
import { buildTimelines, type JurisdictionTimelines, statusFrom, valueAt } from "./timeline.ts";

export type AsOfSource = Readonly<{
  record: Jurisdiction;
  history: readonly LegalEvent[];
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
    history,
    timelines: buildTimelines(record, history, "effective"),
    adultAmendedAt: latestOf(history, "adult_use_amended"),
    medicalAmendedAt: latestOf(history, "medical_amended"),
  });
}

const onOrBefore = (date: string | null, day: string): date is string =>
  date !== null && date <= day;

/** The authority of the latest event of one of `kinds` in force on `day`, if any. */
function latestLaw(
  history: readonly LegalEvent[],
  kinds: ReadonlySet<string>,
  day: string,
): AuthorityRef | null {
  let found: AuthorityRef | null = null;
  let at = "";
  for (const event of history) {
    const from = event.effective ?? event.date;
    if (kinds.has(event.kind) && from <= day && from >= at && event.authority !== null) {
      found = event.authority;
      at = from;
    }
  }
  return found;
}

/**
 * The earlier law a citation names after "; earlier, " (the convention of
 * a decriminalization citation that names today's law, then the one it
 * replaced): cited on a day before today's law, without the URL of today's.
 * A citation that names no earlier law is returned as it is.
 */
function earlierLaw(authority: AuthorityRef | null): AuthorityRef | null {
  const marker = "; earlier, ";
  const at = authority?.citation.indexOf(marker) ?? -1;
  if (authority === null || at < 0) return authority;
  const earlier = authority.citation.slice(at + marker.length).trim();
  return { citation: earlier.charAt(0).toUpperCase() + earlier.slice(1), url: null };
}

const DECRIMINALIZING = new Set(["decriminalized", "decriminalization_amended"]);
const LOW_THC = new Set(["low_thc_legalized"]);

export function recordAsOf(source: AsOfSource, day: string): JurisdictionOnDay {
  const { record, timelines } = source;
  const current = day >= record.known_from;
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

  const inForce = <T>(present: boolean, value: T): T | null => (present ? value : null);
  const prohibition = record.prohibition?.authority ?? null;
  const history = source.history;

  // The law behind each group on the day (see the contract above).
  const decriminalizationLaw =
    decriminalized === null
      ? null
      : decriminalized === false
        ? record.decriminalized
          ? prohibition
          : record.decriminalization.authority
        : adultLegal === true || current
          ? record.decriminalization.authority
          : (latestLaw(history, DECRIMINALIZING, day) ??
            earlierLaw(record.decriminalization.authority));
  const adultLaw =
    adultLegal === null
      ? null
      : adultLegal === true || !adult.legal
        ? adult.authority
        : prohibition;
  const medicalLaw =
    program === null
      ? null
      : program === medical.program
        ? medical.authority
        : program === "low_thc"
          ? (latestLaw(history, LOW_THC, day) ?? prohibition)
          : prohibition;

  const asOf: JurisdictionOnDay = {
    ...record,
    summary: current ? record.summary : null,
    status: statusFrom(adultLegal, program),
    decriminalized,
    decriminalization: {
      ...record.decriminalization,
      since: decriminalized === true ? record.decriminalization.since : null,
      summary: current ? record.decriminalization.summary : null,
      offense: inForce(current, record.decriminalization.offense),
      jail_possible: inForce(current, record.decriminalization.jail_possible),
      threshold_grams: inForce(current, record.decriminalization.threshold_grams),
      authority: decriminalizationLaw,
    },
    adult_use: {
      ...adult,
      legal: adultLegal,
      enacted_by: adultLegal === true && adult.legal ? adult.enacted_by : null,
      effective: adultLegal === true && adult.legal ? adult.effective : null,
      sales_began: sales === true && onOrBefore(adult.sales_began, day) ? adult.sales_began : null,
      possession_limit: adultCurrentLaw ? adult.possession_limit : null,
      home_grow: adultCurrentLaw ? adult.home_grow : null,
      authority: adultLaw,
      ...datedFacts(adult, ADULT_USE_VARIABLES, day, current, adultLegal === true && adult.legal),
      local_taxes: adultLegal === true && adult.legal && current ? adult.local_taxes : null,
    },
    medical: {
      ...medical,
      legal: program === null ? null : program !== "none",
      program,
      enacted_by: medicalCurrentProgram ? medical.enacted_by : null,
      effective: medicalCurrentProgram ? medical.effective : null,
      sales_began: inForce(
        medicalCurrentProgram && onOrBefore(medical.sales_began, day),
        medical.sales_began,
      ),
      authority: medicalLaw,
      ...datedFacts(medical, MEDICAL_VARIABLES, day, current, medicalCurrentProgram),
    },
    hemp: {
      ...record.hemp,
      ...datedFacts(record.hemp, HEMP_VARIABLES, day, current, true),
      ...hempLawOn(record.hemp, day),
      summary: current ? record.hemp.summary : null,
    },
    regulator: current ? record.regulator : null,
    notes: current ? record.notes : [],
  };
  return asOf;
}

/**
 * The law the hemp group cites on a day. The group has no effective day of
 * its own: its law is in force from its values' `since`. Where the group's
 * citation is the law of a value that takes effect only after the day, it
 * cites the law of a value already in force then, or nothing (and none of
 * its sources): a record for 2023 never cites a 2025 act. The values
 * themselves are unknown before their `since` (datedFacts).
 */
function hempLawOn(
  hemp: Jurisdiction["hemp"],
  day: string,
): { authority: AuthorityRef | null; sources: Jurisdiction["hemp"]["sources"] } {
  const { authority, sources } = hemp;
  if (authority === null) return { authority, sources };
  const entries = Object.values(hemp.provenance as Partial<Record<string, ProvenanceRef>>).filter(
    (entry): entry is ProvenanceRef & { authority: AuthorityRef; since: string } =>
      entry?.authority != null && entry.since != null,
  );
  const later = new Set(
    entries.filter((entry) => entry.since > day).map((entry) => entry.authority.citation),
  );
  if (!later.has(authority.citation)) return { authority, sources };
  const inForce = entries
    .filter((entry) => entry.since <= day && !later.has(entry.authority.citation))
    .sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0))[0];
  return inForce === undefined
    ? { authority: null, sources: [] }
    : { authority: inForce.authority, sources };
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
              : `The dataset records this value from ${given.since}, when the law it rests on took effect; earlier values are not recorded.`,
          null_reason: "unknown",
          confidence: null,
          verified: null,
          sources: [],
          ...(given.sources_current_to === undefined
            ? {}
            : { sources_current_to: given.sources_current_to }),
        };
  }
  return { ...facts, provenance };
}
