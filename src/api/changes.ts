/**
 * Paging of the change feed. Events are ordered newest first by (date desc,
 * jurisdiction, id), a total order; a cursor names the position of the last
 * event of a page, so the next page starts strictly after it even if the
 * dataset changed in between. Cursors are opaque to clients (base64url).
 */

import { compareNewestFirst, type EventPosition } from "../dataset/dataset.load.ts";
import type { LegalEvent } from "../dataset/dataset.schema.ts";
import { AppError } from "../errors.ts";
import { isCalendarDate } from "../lib/dates.ts";

type Position = EventPosition;

export function encodeCursor(event: Position): string {
  return Buffer.from(JSON.stringify([event.date, event.jurisdiction, event.id])).toString(
    "base64url",
  );
}

export function decodeCursor(cursor: string): Position {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value.length === 3) {
    const [date, jurisdiction, id] = value as unknown[];
    if (typeof date === "string" && typeof jurisdiction === "string" && typeof id === "string") {
      if (isCalendarDate(date)) return { date, jurisdiction, id };
    }
  }
  throw new AppError(
    "invalid_cursor",
    "Query parameter 'cursor' is not a cursor this API issued; pass meta.next unchanged.",
    {
      extensions: { parameter: "cursor" },
    },
  );
}

export type Page<T> = { items: T[]; next: string | null };

/** One page of `events` (newest first): dated on or after `since`, after `cursor`. */
export function pageOfChanges<T extends { event: LegalEvent }>(
  events: readonly T[],
  options: { since: string | null; limit: number; cursor: string | null },
): Page<T> {
  let start = 0;
  if (options.cursor !== null) {
    const after = decodeCursor(options.cursor);
    start = events.findIndex((item) => compareNewestFirst(item.event, after) > 0);
    if (start === -1) start = events.length;
  }
  const items: T[] = [];
  let index = start;
  for (; index < events.length && items.length < options.limit; index++) {
    const item = events[index] as T;
    if (options.since !== null && item.event.date < options.since) break;
    items.push(item);
  }
  const following = events[index];
  const hasMore =
    following !== undefined && (options.since === null || following.event.date >= options.since);
  const last = items.at(-1);
  return { items, next: hasMore && last !== undefined ? encodeCursor(last.event) : null };
}
