/**
 * The two dates of a legal event and the change feed's orders on them.
 *
 * Every event has the day it was enacted (`date`: signed, approved by the
 * voters, decided or published) and the day it takes effect (`effective`;
 * an event that states none — a ruling, a vote, the first sales — counts
 * from its `date`). The change feed (`/v1/changes`, the `/changes` page, the
 * Atom feeds, the `law.took_effect` webhook) lists events on either basis,
 * newest first, in a total order: the day on the basis descending, then the
 * jurisdiction code, then the event's id (unique), so a position in it is
 * stable and paging by position never skips or repeats an event.
 */
import type { LegalEvent } from "./dataset.schema.ts";

export const CHANGE_BASES = ["enacted", "effective"] as const;
export type ChangeBasis = (typeof CHANGE_BASES)[number];

type Dated = Pick<LegalEvent, "date" | "effective">;

/** The day an event changes the law: its effective day, or its date when it states none. */
export function effectiveDayOf(event: Dated): string {
  return event.effective ?? event.date;
}

/** The day an event is listed under on `basis`. */
export function dayOnBasis(event: Dated, basis: ChangeBasis): string {
  return basis === "enacted" ? event.date : effectiveDayOf(event);
}

/** Where an event stands in the feed's order on one basis. */
export type FeedPosition = Readonly<{ day: string; jurisdiction: string; id: string }>;

export function positionOf(
  event: Dated & Pick<LegalEvent, "jurisdiction" | "id">,
  basis: ChangeBasis,
): FeedPosition {
  return { day: dayOnBasis(event, basis), jurisdiction: event.jurisdiction, id: event.id };
}

/** Newest day first; ties by jurisdiction code, then id: a total order. */
export function compareFeedPositions(a: FeedPosition, b: FeedPosition): number {
  if (a.day !== b.day) return a.day < b.day ? 1 : -1;
  if (a.jurisdiction !== b.jurisdiction) return a.jurisdiction < b.jurisdiction ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A copy of `events` in the feed's order on `basis` (newest first). */
export function inFeedOrder<E extends LegalEvent>(events: readonly E[], basis: ChangeBasis): E[] {
  return events
    .map((event) => ({ event, position: positionOf(event, basis) }))
    .sort((a, b) => compareFeedPositions(a.position, b.position))
    .map(({ event }) => event);
}

/**
 * Whether `event` took effect after `from` and on or before `to` (days in
 * its jurisdiction's zone): the events a move of the law from one day to a
 * later one brings into force. Only events that state an effective day take
 * effect; the others happened on their date.
 */
export function tookEffectWithin(event: Dated, from: string, to: string): boolean {
  return event.effective !== null && event.effective > from && event.effective <= to;
}
