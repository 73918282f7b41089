/**
 * Reconstructs what was in force on a given day from a record and its dated
 * history: the point-in-time answers of `/v1/states?as_of=` and the research
 * panels of a release are both built from these timelines.
 *
 * Contract:
 * - A timeline is a sorted list of segments; a segment's value holds from its
 *   `from` date (inclusive) until the next segment. The first segment starts
 *   at the beginning of time (`from: null`).
 * - `null` means the history cannot answer: a value is never borrowed from
 *   today. A current fact whose start date is unknown is known only from the
 *   record's `known_from` onward (the review that recorded it; a later review
 *   moves nothing here).
 * - The record's dated fields (`adult_use.effective`, `sales_began`,
 *   `decriminalization.since`, `medical.effective`, …) are authoritative;
 *   events add what the record cannot say: an earlier low-THC program, and
 *   changes enacted but not yet in force. Event kinds not listed here are
 *   ignored, so new kinds never break reconstruction.
 * - The basis picks the date that counts: `effective` (the law took effect,
 *   the default), `enacted` (voters approved or the governor signed) or
 *   `operating` (licensed sales opened).
 */
import type { Jurisdiction, LegalEvent, Status } from "./dataset.schema.ts";

export const BASES = ["effective", "enacted", "operating"] as const;
export type Basis = (typeof BASES)[number];

export type Segment<T> = Readonly<{ from: string | null; value: T | null }>;
export type Timeline<T> = readonly Segment<T>[];

export type MedicalProgram = Jurisdiction["medical"]["program"];

export type JurisdictionTimelines = Readonly<{
  adultUseLegal: Timeline<boolean>;
  adultUseSales: Timeline<boolean>;
  decriminalized: Timeline<boolean>;
  medicalProgram: Timeline<MedicalProgram>;
  homeGrowAllowed: Timeline<boolean>;
}>;

export function valueAt<T>(timeline: Timeline<T>, date: string): T | null {
  let value: T | null = null;
  for (const segment of timeline) {
    if (segment.from === null || segment.from <= date) value = segment.value;
    else break;
  }
  return value;
}

/**
 * The dates on which a timeline's value changes from one known value to
 * another (the day a value merely becomes known is not a change).
 */
export function changeDates<T>(timeline: Timeline<T>): string[] {
  const dates: string[] = [];
  for (let index = 1; index < timeline.length; index += 1) {
    const segment = timeline[index];
    const previous = timeline[index - 1];
    if (
      segment?.from != null &&
      previous !== undefined &&
      previous.value !== null &&
      segment.value !== null &&
      previous.value !== segment.value
    ) {
      dates.push(segment.from);
    }
  }
  return dates;
}

const DAY_MS = 86_400_000;
/** Day numbers of the dates seen (a few thousand at most): panels ask for the same ones per row. */
const dayNumbers = new Map<string, number>();
const dayNumber = (day: string) => {
  let number = dayNumbers.get(day);
  if (number === undefined) {
    number = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
    dayNumbers.set(day, number);
  }
  return number;
};

/**
 * The share of the days from `first` to `last` (inclusive) on which the
 * timeline is `true`; null if it is unknown on any of them.
 */
export function shareTrue(timeline: Timeline<boolean>, first: string, last: string): number | null {
  const start = dayNumber(first);
  const end = dayNumber(last) + 1;
  let trueDays = 0;
  for (let index = 0; index < timeline.length; index += 1) {
    const segment = timeline[index];
    if (segment === undefined) continue;
    const next = timeline[index + 1];
    const from = segment.from === null ? Number.NEGATIVE_INFINITY : dayNumber(segment.from);
    const to = next?.from == null ? Number.POSITIVE_INFINITY : dayNumber(next.from);
    const overlap = Math.min(to, end) - Math.max(from, start);
    if (overlap <= 0) continue;
    if (segment.value === null) return null;
    if (segment.value) trueDays += overlap;
  }
  return trueDays / (end - start);
}

/** Maps a timeline's values (e.g. a program to "is comprehensive"). */
export function mapTimeline<T, U>(timeline: Timeline<T>, map: (value: T) => U): Timeline<U> {
  return timeline.map((segment) => ({
    from: segment.from,
    value: segment.value === null ? null : map(segment.value),
  }));
}

/** Builds a timeline from an initial value and dated changes, merging equal neighbours. */
function timeline<T>(initial: T | null, changes: readonly [string, T | null][]): Timeline<T> {
  const sorted = [...changes].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const segments: Segment<T>[] = [{ from: null, value: initial }];
  for (const [from, value] of sorted) {
    const last = segments[segments.length - 1];
    if (last !== undefined && last.from === from) segments.pop();
    const before = segments[segments.length - 1];
    if (before !== undefined && before.value === value) continue;
    segments.push({ from, value });
  }
  return segments;
}

/** The date an event counts from on a basis: enacted → its date; otherwise when it took effect. */
function eventDate(event: LegalEvent, basis: Basis): string | null {
  return basis === "enacted" ? event.date : (event.effective ?? event.date);
}

/** Events of a kind that take effect after the record was reviewed: changes already enacted. */
function pending(history: readonly LegalEvent[], kind: string, reviewed: string, basis: Basis) {
  return history
    .filter((event) => event.kind === kind && (event.effective ?? event.date) > reviewed)
    .map((event) => eventDate(event, basis))
    .filter((date): date is string => date !== null);
}

function firstEventDate(history: readonly LegalEvent[], kind: string, basis: Basis) {
  const dates = history
    .filter((event) => event.kind === kind)
    .map((event) => eventDate(event, basis))
    .filter((date): date is string => date !== null)
    .sort();
  return dates[0] ?? null;
}

/** A value that is true from `start` (false before); unknown before review if `start` is unknown. */
function turnsOn(start: string | null, reviewed: string): Timeline<boolean> {
  return start === null
    ? timeline<boolean>(null, [[reviewed, true]])
    : timeline(false, [[start, true]]);
}

function offUntilPending(dates: readonly string[]): Timeline<boolean> {
  const first = [...dates].sort()[0];
  return first === undefined ? timeline(false, []) : timeline(false, [[first, true]]);
}

/** Optional fields a newer dataset schema may carry; read when present. */
type Extra = { sales_began?: string | null };

export function buildTimelines(
  record: Jurisdiction,
  history: readonly LegalEvent[],
  basis: Basis = "effective",
): JurisdictionTimelines {
  const reviewed = record.known_from;
  const adult = record.adult_use;

  const adultStart =
    basis === "effective"
      ? adult.effective
      : basis === "enacted"
        ? (adult.enacted_by?.date ?? firstEventDate(history, "adult_use_legalized", "enacted"))
        : adult.sales_began;
  const adultUseLegal = adult.legal
    ? basis === "operating" && adult.sales_began === null
      ? offUntilPending(pending(history, "adult_use_sales_began", reviewed, basis))
      : turnsOn(adultStart, reviewed)
    : offUntilPending(pending(history, "adult_use_legalized", reviewed, basis));

  const adultUseSales =
    adult.legal && adult.sales_began !== null
      ? timeline(false, [[adult.sales_began, true]])
      : offUntilPending(pending(history, "adult_use_sales_began", reviewed, basis));

  // Home grow follows the adult-use law itself (never the shops opening).
  const lawStart = basis === "operating" ? adult.effective : adultStart;
  const growAllowed = adult.home_grow?.allowed ?? null;
  const homeGrowAllowed = !adult.legal
    ? timeline(false, [])
    : growAllowed === false
      ? timeline(false, [])
      : lawStart === null
        ? timeline<boolean>(null, [[reviewed, growAllowed]])
        : timeline<boolean>(false, [[lawStart, growAllowed]]);

  let decriminalized: Timeline<boolean>;
  if (record.decriminalized) {
    const since = record.decriminalization.since;
    const decrimStart =
      since === null
        ? null
        : basis === "enacted"
          ? (history.find((event) => event.kind === "decriminalized" && event.effective === since)
              ?.date ?? since)
          : since;
    const adultLawStart = adult.legal ? lawStart : null;
    if (decrimStart !== null) {
      const start =
        adultLawStart !== null && adultLawStart < decrimStart ? adultLawStart : decrimStart;
      decriminalized = timeline(false, [[start, true]]);
    } else if (record.decriminalization.in_force_by !== null) {
      // The day is unknown; in force at the latest by this day (or the adult-use law's).
      const by = record.decriminalization.in_force_by;
      decriminalized = timeline<boolean>(null, [
        [adultLawStart !== null && adultLawStart < by ? adultLawStart : by, true],
      ]);
    } else if (adultLawStart !== null) {
      // Decriminalized at the latest when adult use became legal; before that, unknown.
      decriminalized = timeline<boolean>(null, [[adultLawStart, true]]);
    } else {
      decriminalized = timeline<boolean>(null, [[reviewed, true]]);
    }
  } else {
    decriminalized = offUntilPending([
      ...pending(history, "decriminalized", reviewed, basis),
      ...pending(history, "adult_use_legalized", reviewed, basis),
    ]);
  }

  const medical = record.medical;
  const medicalStart =
    basis === "effective"
      ? medical.effective
      : basis === "enacted"
        ? (medical.enacted_by?.date ?? null)
        : ((medical as Extra).sales_began ?? null);
  let medicalProgram: Timeline<MedicalProgram>;
  if (medical.program === "none") {
    const changes: [string, MedicalProgram][] = [
      ...pending(history, "low_thc_legalized", reviewed, basis).map(
        (date) => [date, "low_thc"] as [string, MedicalProgram],
      ),
      ...pending(history, "medical_legalized", reviewed, basis).map(
        (date) => [date, "comprehensive"] as [string, MedicalProgram],
      ),
    ];
    medicalProgram = timeline<MedicalProgram>("none", changes);
  } else if (medicalStart === null) {
    medicalProgram = timeline<MedicalProgram>(null, [[reviewed, medical.program]]);
  } else {
    const changes: [string, MedicalProgram | null][] = [[medicalStart, medical.program]];
    if (medical.program === "comprehensive") {
      const earlierLowThc = history.filter(
        (event) => event.kind === "low_thc_legalized" && event.date < medicalStart,
      );
      for (const event of earlierLowThc) {
        const date = eventDate(event, basis === "operating" ? "effective" : basis);
        if (date !== null && date < medicalStart) changes.push([date, "low_thc"]);
      }
    }
    medicalProgram = timeline<MedicalProgram>("none", changes);
  }

  return Object.freeze({
    adultUseLegal,
    adultUseSales,
    decriminalized,
    medicalProgram,
    homeGrowAllowed,
  });
}

/** The summary category from the indicators; null when one it depends on is unknown. */
export function statusFrom(
  adultUseLegal: boolean | null,
  program: MedicalProgram | null,
): Status | null {
  if (adultUseLegal === true) return "adult_use";
  if (adultUseLegal === null || program === null) return null;
  if (program === "comprehensive") return "medical";
  if (program === "low_thc") return "low_thc";
  return "prohibited";
}
