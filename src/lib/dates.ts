/** True for a real YYYY-MM-DD calendar date (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Today's date (UTC) as YYYY-MM-DD. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * `isoDay` for a clock read on every request: the string is rebuilt only
 * when the day changes (one comparison per call otherwise). Days are UTC.
 */
export function createDayOf(): (nowMs: number) => string {
  let start = 0;
  let end = 0;
  let day = "";
  return (nowMs) => {
    if (nowMs < start || nowMs >= end) {
      start = Math.floor(nowMs / DAY_MS) * DAY_MS;
      end = start + DAY_MS;
      day = isoDay(new Date(nowMs));
    }
    return day;
  };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2026-07-02" → "July 2, 2026". The input is a validated ISO calendar date. */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${MONTH_NAMES[(month ?? 1) - 1] ?? ""} ${day}, ${year}`;
}

/**
 * How far the sources reach, in words, for every place that lists changes
 * or records: an empty list must never read as "nothing happened" when
 * the sources simply end earlier (docs/DATA.md, "Currency").
 */
export function horizonSentence(sourcesCurrentTo: string | null): string {
  return sourcesCurrentTo === null
    ? "The release does not state how far its sources reach: recent laws may not be shown."
    : `Sources current to ${longDate(sourcesCurrentTo)}: laws enacted or in force after that day are not shown yet.`;
}
