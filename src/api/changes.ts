/**
 * Paging of the change feed, on either date basis (src/dataset/change-feed.ts):
 * `enacted` orders and filters by the day each event was enacted, `effective`
 * by the day it takes effect. Both orders are total, and a cursor names the
 * position of the last event of a page and the basis it was issued for, so
 * the next page starts strictly after it even if the dataset changed in
 * between, and a cursor of one basis is refused on the other. Cursors are
 * opaque to clients (base64url).
 *
 * Bounded work per request: both orders, whole and per jurisdiction, with
 * each event's JSON, are built once per dataset (`changeFeedOf`, shared by
 * every state of the law built from it). A page finds where it starts by
 * binary search in each list it reads — the whole feed, or one list per
 * jurisdiction asked for — and merges them up to `limit` + 1 events.
 */

import {
  CHANGE_BASES,
  type ChangeBasis,
  compareFeedPositions,
  dayOnBasis,
  type FeedPosition,
  inFeedOrder,
  positionOf,
} from "../dataset/change-feed.ts";
import type { LegalEvent } from "../dataset/dataset.schema.ts";
import { AppError } from "../errors.ts";
import { isCalendarDate } from "../lib/dates.ts";

/** An event and its JSON, serialized once (every event was checked against its closed schema at load). */
export type FeedItem = Readonly<{ event: LegalEvent; json: string }>;

type FeedOrder = Readonly<{
  all: readonly FeedItem[];
  byJurisdiction: ReadonlyMap<string, readonly FeedItem[]>;
}>;

/** The change feed in both orders, whole and per jurisdiction. */
export type ChangeFeed = Readonly<Record<ChangeBasis, FeedOrder>>;

const feeds = new WeakMap<readonly LegalEvent[], ChangeFeed>();

/** The feed of `events` (a dataset's `changes`), built on first use and kept while they live. */
export function changeFeedOf(events: readonly LegalEvent[]): ChangeFeed {
  let feed = feeds.get(events);
  if (feed === undefined) {
    const items = new Map(
      events.map((event) => [event, Object.freeze({ event, json: JSON.stringify(event) })]),
    );
    const order = (basis: ChangeBasis): FeedOrder => {
      const all = inFeedOrder(events, basis).map((event) => items.get(event) as FeedItem);
      const byJurisdiction = new Map<string, FeedItem[]>();
      for (const item of all) {
        const list = byJurisdiction.get(item.event.jurisdiction);
        if (list === undefined) byJurisdiction.set(item.event.jurisdiction, [item]);
        else list.push(item);
      }
      return Object.freeze({ all, byJurisdiction });
    };
    feed = Object.freeze({ enacted: order("enacted"), effective: order("effective") });
    feeds.set(events, feed);
  }
  return feed;
}

export function encodeCursor(basis: ChangeBasis, position: FeedPosition): string {
  return Buffer.from(
    JSON.stringify([basis, position.day, position.jurisdiction, position.id]),
  ).toString("base64url");
}

function invalidCursor(detail: string): AppError {
  return new AppError("invalid_cursor", detail, { extensions: { parameter: "cursor" } });
}

/**
 * The position a cursor names on `basis`. Cursors issued before the basis
 * existed (`[date, jurisdiction, id]`) are positions on the enacted basis.
 */
export function decodeCursor(cursor: string, basis: ChangeBasis): FeedPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  const parts = Array.isArray(value) && value.length === 3 ? ["enacted", ...value] : value;
  if (Array.isArray(parts) && parts.length === 4) {
    const [issuedFor, day, jurisdiction, id] = parts as unknown[];
    if (
      (CHANGE_BASES as readonly unknown[]).includes(issuedFor) &&
      typeof day === "string" &&
      isCalendarDate(day) &&
      typeof jurisdiction === "string" &&
      typeof id === "string"
    ) {
      if (issuedFor !== basis) {
        throw invalidCursor(
          `Query parameter 'cursor' was issued for basis=${issuedFor}, not basis=${basis}: page with the basis of the request that returned it, or start again without a cursor.`,
        );
      }
      return { day, jurisdiction, id };
    }
  }
  throw invalidCursor(
    "Query parameter 'cursor' is not a cursor this API issued; pass meta.next unchanged.",
  );
}

export type Page<T> = { items: T[]; next: string | null };

export type ChangesRequest = Readonly<{
  basis: ChangeBasis;
  /** Earliest day on the basis, inclusive; null for no bound. */
  since: string | null;
  /** Latest day on the basis, inclusive; null for no bound. */
  until: string | null;
  /** Codes to keep (already checked, no duplicates); null for every jurisdiction. */
  jurisdictions: readonly string[] | null;
  limit: number;
  cursor: string | null;
}>;

/** The first index of `list` whose item satisfies `isAtOrAfterStart` (false, then true, along the list). */
function firstIndex(list: readonly FeedItem[], isAtOrAfterStart: (item: FeedItem) => boolean) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAtOrAfterStart(list[middle] as FeedItem)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** One page of the feed on `request.basis`: within [since, until], after `cursor`, newest first. */
export function pageOfChanges(feed: ChangeFeed, request: ChangesRequest): Page<FeedItem> {
  const { basis, since, until, limit } = request;
  const order = feed[basis];
  const lists =
    request.jurisdictions === null
      ? [order.all]
      : request.jurisdictions.map((code) => order.byJurisdiction.get(code) ?? []);
  const after = request.cursor === null ? null : decodeCursor(request.cursor, basis);
  const isStart = (item: FeedItem) =>
    (until === null || dayOnBasis(item.event, basis) <= until) &&
    (after === null || compareFeedPositions(positionOf(item.event, basis), after) > 0);
  const heads = lists.map((list) => firstIndex(list, isStart));
  const inRange = (item: FeedItem | undefined): item is FeedItem =>
    item !== undefined && (since === null || dayOnBasis(item.event, basis) >= since);

  // Merge the lists (each newest first) until the page is full and one more is known.
  const items: FeedItem[] = [];
  let hasMore = false;
  for (;;) {
    let best = -1;
    let bestItem: FeedItem | undefined;
    for (let list = 0; list < lists.length; list++) {
      const item = lists[list]?.[heads[list] as number];
      if (!inRange(item)) continue;
      if (
        bestItem === undefined ||
        compareFeedPositions(positionOf(item.event, basis), positionOf(bestItem.event, basis)) < 0
      ) {
        best = list;
        bestItem = item;
      }
    }
    if (bestItem === undefined) break;
    if (items.length === limit) {
      hasMore = true;
      break;
    }
    items.push(bestItem);
    heads[best] = (heads[best] as number) + 1;
  }
  const last = items.at(-1);
  return {
    items,
    next: hasMore && last !== undefined ? encodeCursor(basis, positionOf(last.event, basis)) : null,
  };
}
