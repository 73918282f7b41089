/**
 * Calendar days in IANA time zones, through `Intl` (no time-zone database of
 * our own): the day it is somewhere at an instant, and the instant a day
 * starts there. Laws take effect at the start of their day in the
 * jurisdiction's zone (src/dataset/jurisdictions.ts).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at `instantMs`, read as if it were UTC (ms). */
function wallClockMs(instantMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(instantMs)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The calendar day (YYYY-MM-DD) in `zone` at `instantMs`. */
export function dayIn(zone: string, instantMs: number): string {
  return new Date(wallClockMs(instantMs, zone)).toISOString().slice(0, 10);
}

/**
 * The instant (ms) at which `day` begins in `zone`. The offset is read at the
 * first guess and again at the answer, so a DST change between them is
 * accounted for (US zones change at 2 a.m., never at midnight).
 */
export function startOfDayIn(zone: string, day: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - (wallClockMs(midnightUtc, zone) - midnightUtc);
  instant -= wallClockMs(instant, zone) - midnightUtc;
  return instant;
}

/** The day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
