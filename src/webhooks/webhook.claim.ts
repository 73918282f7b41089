/**
 * The delivery queue, in the database: the same Kysely queries on SQLite and
 * PostgreSQL. This module claims; enqueue (webhook.enqueue.ts), settle
 * (webhook.settle.ts) and housekeeping (webhook.housekeeping.ts) keep the
 * rest of this contract. Contract:
 *
 * - Enqueue once: an event is one `webhook_events` row (its producer's
 *   stable id is the key) and one `webhook_deliveries` row per endpoint,
 *   unique on (event_id, endpoint_id). Any number of instances may enqueue
 *   the same event at the same time; the unique key decides, and the
 *   losers' inserts do nothing. At most `FAIRNESS.pendingPerEndpoint`
 *   deliveries wait for one endpoint: an event beyond that is not queued
 *   for it, and its owner's delivery log says so.
 * - Claim fairly: a slow or dead receiver slows only itself.
 *   - At most `FAIRNESS.inFlightPerEndpoint` attempts are in flight to one
 *     endpoint and `FAIRNESS.inFlightPerUser` to one user's endpoints,
 *     counted over every instance (a delivery is in flight while its lease
 *     runs). With 8 slots per instance, one account can hold at most 4 of
 *     them, on all instances together.
 *   - Round-robin by account, then by endpoint: accounts with due
 *     deliveries are served least recently claimed first (an account's
 *     last claim is its endpoints' latest `last_claimed_at`), and within a
 *     claim one endpoint of each account goes before a second endpoint of
 *     any; within an account, endpoints go least recently claimed first,
 *     one delivery each before a second each. So N other accounts cost an
 *     account's next delivery at most N turns, however many endpoints
 *     they have, and a backlog at one endpoint never goes ahead of another
 *     endpoint's next delivery.
 *   - Circuit breaker: an attempt that timed out, or was answered after
 *     more than half its deadline (webhook.retry.ts `isSlowAttempt`),
 *     pauses its endpoint (`paused_until`: 1 minute, doubling up to 30);
 *     after the pause it gets one attempt at a time until it answers
 *     promptly again.
 *   Why the counts hold with N instances: a claim is one transaction that
 *   first locks the `users` rows of the endpoints it considers (PostgreSQL:
 *   `FOR NO KEY UPDATE OF users SKIP LOCKED`, so claimers take disjoint
 *   users instead of waiting; "no key" because a claim never changes a
 *   user's key, so the foreign-key checks of a settling attempt, which
 *   take `FOR KEY SHARE` on the same row, do not wait for it — with
 *   `FOR UPDATE` a claim and a settle could each wait for the other), then counts what is in flight for those users in a
 *   new statement — which, under READ COMMITTED, sees every committed
 *   claim — and leases within the limits before committing. Two claims for
 *   one user never overlap. On SQLite a claim takes the file's write lock
 *   first (`takeWriteLock`): one claim at a time, whatever the connections.
 * - Claim with a lease: an instance takes due rows by setting `lease_until`
 *   (now + lease) and a random `lease_token`. A process that dies
 *   mid-delivery leaves a lease that expires, and the row is claimed again:
 *   delivery is at least once, and `webhook-id` (the delivery id) lets
 *   receivers drop the duplicate.
 * - Settle with the token: only the lease holder records the outcome (a
 *   holder whose lease ran out and was taken over changes nothing).
 * - Deliveries made by hand (test events, resends) are tried once
 *   (`give_up_at` = when they were queued): they never start a day of
 *   retries.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Database, supportsSkipLocked, takeWriteLock } from "../db/database.ts";
import { inTransaction, iso } from "./webhook.rows.ts";

/** How the queue shares delivery slots between endpoints and accounts (see the contract above). */
export const FAIRNESS = {
  /** Attempts in flight to one endpoint, every instance together (1 while its breaker is half-open). */
  inFlightPerEndpoint: 2,
  /** Attempts in flight to one user's endpoints, every instance together. */
  inFlightPerUser: 4,
  /** Deliveries waiting for one endpoint; an event beyond this is not queued for it. */
  pendingPerEndpoint: 1_000,
} as const;

/** Endpoints considered per free slot in one claim, so that a claim reaches past one account's endpoints. */
const CANDIDATES_PER_SLOT = 4;
const MAX_CANDIDATES = 64;

/** Each account's endpoints, in their order; the accounts in the order of their first endpoint. */
function byAccount<T extends { user_id: string }>(endpoints: readonly T[]): T[][] {
  const accounts = new Map<string, T[]>();
  for (const endpoint of endpoints) {
    const list = accounts.get(endpoint.user_id);
    if (list === undefined) accounts.set(endpoint.user_id, [endpoint]);
    else list.push(endpoint);
  }
  return [...accounts.values()];
}

/** An endpoint as the pick sees it: whose it is, and whether its breaker is half-open. */
export type TurnEndpoint = { id: string; user_id: string; timeouts_in_a_row: number };

/**
 * The round-robin pick of a claim, without the database: which due
 * deliveries to lease, in order. `endpoints` come least recently served
 * first, `due` holds each one's oldest due deliveries (oldest first), and
 * `inFlight` counts what is leased already. Accounts take turns, each
 * endpoint one delivery and then a second, while the claim has room
 * (`limit`) and within the in-flight limits: an endpoint whose breaker is
 * half-open (`timeouts_in_a_row` > 0) one at a time. In each round every
 * account gives its next endpoint that can take a delivery, passing over
 * the ones that cannot (full, or nothing due), so an account whose first
 * endpoint is full still has its turn before another account's second
 * endpoint. Pure: it reads its inputs and changes none of them.
 */
export function pickInTurn<E extends TurnEndpoint, D>(input: {
  endpoints: readonly E[];
  due: ReadonlyMap<string, readonly D[]>;
  inFlight: { perEndpoint: ReadonlyMap<string, number>; perUser: ReadonlyMap<string, number> };
  limit: number;
  fairness?: { inFlightPerEndpoint: number; inFlightPerUser: number };
}): { due: D; endpoint: E }[] {
  const fairness = input.fairness ?? FAIRNESS;
  const perEndpoint = new Map(input.inFlight.perEndpoint);
  const perUser = new Map(input.inFlight.perUser);
  const accounts = byAccount(input.endpoints);
  const picked: { due: D; endpoint: E }[] = [];
  const takes = (endpoint: E, due: D | undefined): due is D => {
    if (due === undefined) return false;
    const endpointLimit = Number(endpoint.timeouts_in_a_row) > 0 ? 1 : fairness.inFlightPerEndpoint;
    if ((perEndpoint.get(endpoint.id) ?? 0) >= endpointLimit) return false;
    return (perUser.get(endpoint.user_id) ?? 0) < fairness.inFlightPerUser;
  };
  for (let turn = 0; turn < fairness.inFlightPerEndpoint; turn++) {
    // Each account's next endpoint to look at, in this turn.
    const next = accounts.map(() => 0);
    for (let round = true; round && picked.length < input.limit; ) {
      round = false;
      for (let index = 0; index < accounts.length && picked.length < input.limit; index++) {
        const list = accounts[index] as E[];
        while ((next[index] as number) < list.length) {
          const endpoint = list[(next[index] as number)++] as E;
          const due = input.due.get(endpoint.id)?.[turn];
          if (!takes(endpoint, due)) continue;
          picked.push({ due, endpoint });
          perEndpoint.set(endpoint.id, (perEndpoint.get(endpoint.id) ?? 0) + 1);
          perUser.set(endpoint.user_id, (perUser.get(endpoint.user_id) ?? 0) + 1);
          round = true;
          break;
        }
      }
    }
  }
  return picked;
}

export type ClaimedDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  /** The secrets that sign this attempt: the endpoint's, and during a rotation its previous one. */
  secrets: string[];
  payload: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** When the delivery was (re)queued: retries stop a day after, or at `giveUpAt`. */
  createdAt: string;
  /** No retry after this instant (test events and resends: when queued); null: a day after `createdAt`. */
  giveUpAt: string | null;
  leaseToken: string;
};

/**
 * Claims up to `limit` due deliveries for `leaseMs`, fairly (see the
 * contract above): round-robin over endpoints, within the in-flight limits
 * per endpoint and per user, skipping disabled and paused endpoints.
 */
export async function claimDueDeliveries(
  db: Database,
  options: { nowMs: number; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const nowIso = iso(options.nowMs);
  const token = randomBytes(12).toString("base64url");
  return inTransaction(db, async (trx) => {
    await takeWriteLock(trx);
    // 1. Endpoints with something due, least recently served first; their
    //    users' rows locked (PostgreSQL) so no other claim counts them now.
    const candidates = await trx
      .selectFrom("webhook_endpoints as e")
      .innerJoin("users as u", "u.id", "e.user_id")
      .select([
        "e.id",
        "e.user_id",
        "e.timeouts_in_a_row",
        "e.url",
        "e.secret",
        "e.previous_secret",
        "e.previous_secret_expires_at",
      ])
      .where("e.disabled_at", "is", null)
      .where((eb) => eb.or([eb("e.paused_until", "is", null), eb("e.paused_until", "<=", nowIso)]))
      // Its oldest claimable delivery is due: a probe of the endpoint's
      // index per endpoint (a scalar subquery, so no database turns it into
      // a scan of the whole backlog).
      .where(
        (eb) =>
          eb
            .selectFrom("webhook_deliveries as d")
            .select("d.next_attempt_at")
            .whereRef("d.endpoint_id", "=", "e.id")
            .where("d.state", "=", "pending")
            .where((w) => w.or([w("d.lease_until", "is", null), w("d.lease_until", "<", nowIso)]))
            .orderBy("d.next_attempt_at")
            .limit(1),
        "<=",
        nowIso,
      )
      // Users already at their limit are not worth a lock (counted exactly below).
      .where(
        (eb) =>
          eb
            .selectFrom("webhook_deliveries as f")
            .innerJoin("webhook_endpoints as g", "g.id", "f.endpoint_id")
            .select((s) => s.fn.countAll().as("n"))
            .whereRef("g.user_id", "=", "e.user_id")
            .where("f.lease_until", ">=", nowIso),
        "<",
        FAIRNESS.inFlightPerUser,
      )
      // Accounts least recently served first, then their endpoints likewise.
      .orderBy((eb) =>
        eb
          .selectFrom("webhook_endpoints as a")
          .select(sql<string>`coalesce(max(a.last_claimed_at), '')`.as("t"))
          .whereRef("a.user_id", "=", "e.user_id"),
      )
      .orderBy("e.user_id")
      .orderBy(sql`coalesce(e.last_claimed_at, '')`)
      .orderBy("e.id")
      // Enough endpoints to reach several accounts when the first has many.
      .limit(Math.min(options.limit * CANDIDATES_PER_SLOT, MAX_CANDIDATES))
      .$if(supportsSkipLocked(trx), (query) => query.forNoKeyUpdate("u").skipLocked())
      .execute();
    if (candidates.length === 0) return [];

    // 2. What is in flight for those users, counted under their locks. A
    //    lease is set only on a pending row and cleared whenever a row
    //    leaves that state, so a running lease alone means "in flight" (and
    //    (endpoint, lease) index finds the few such rows).
    const inFlight = await trx
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .select([
        "d.endpoint_id",
        "e.user_id",
        (eb) => eb.fn.countAll<number | string | bigint>().as("n"),
      ])
      .where("e.user_id", "in", [...new Set(candidates.map((c) => c.user_id))])
      .where("d.lease_until", ">=", nowIso)
      .groupBy(["d.endpoint_id", "e.user_id"])
      .execute();
    const perEndpoint = new Map<string, number>();
    const perUser = new Map<string, number>();
    for (const row of inFlight) {
      perEndpoint.set(row.endpoint_id, Number(row.n));
      perUser.set(row.user_id, (perUser.get(row.user_id) ?? 0) + Number(row.n));
    }

    // 3. Each candidate's oldest due deliveries, as many as it could take
    //    (one short index range per endpoint, never the whole backlog).
    type Due = { id: string; event_id: string; type: string; payload: string };
    const queues = new Map<string, Due[]>();
    for (const candidate of candidates) {
      const rows = await trx
        .selectFrom("webhook_deliveries as d")
        .innerJoin("webhook_events as v", "v.id", "d.event_id")
        .select(["d.id", "d.event_id", "v.type", "v.payload"])
        .where("d.endpoint_id", "=", candidate.id)
        .where("d.state", "=", "pending")
        .where("d.next_attempt_at", "<=", nowIso)
        .where((w) => w.or([w("d.lease_until", "is", null), w("d.lease_until", "<", nowIso)]))
        .orderBy("d.next_attempt_at")
        .limit(FAIRNESS.inFlightPerEndpoint)
        .execute();
      queues.set(candidate.id, rows);
    }

    // 4. Round-robin (pickInTurn): accounts in turn, one delivery per
    //    endpoint, then a second each, within the limits.
    const picks = pickInTurn({
      endpoints: candidates,
      due: queues,
      inFlight: { perEndpoint, perUser },
      limit: options.limit,
    });
    const picked = new Map(picks.map((pick) => [pick.due.id, pick]));
    const served = new Set(picks.map((pick) => pick.endpoint.id));
    if (picked.size === 0) return [];
    const leased = await trx
      .updateTable("webhook_deliveries")
      .set({
        lease_until: iso(options.nowMs + options.leaseMs),
        lease_token: token,
        attempts: sql<number>`attempts + 1`,
      })
      .where("id", "in", [...picked.keys()])
      .where("state", "=", "pending")
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]))
      .returning(["id", "attempts", "created_at", "give_up_at"])
      .execute();
    await trx
      .updateTable("webhook_endpoints")
      .set({ last_claimed_at: nowIso })
      .where("id", "in", [...served])
      .execute();
    return leased.flatMap((row): ClaimedDelivery[] => {
      const chosen = picked.get(row.id);
      if (chosen === undefined) return [];
      const { due, endpoint } = chosen;
      return [
        {
          id: row.id,
          eventId: due.event_id,
          eventType: due.type,
          endpointId: endpoint.id,
          url: endpoint.url,
          secrets:
            endpoint.previous_secret !== null &&
            endpoint.previous_secret_expires_at !== null &&
            endpoint.previous_secret_expires_at > nowIso
              ? [endpoint.secret, endpoint.previous_secret]
              : [endpoint.secret],
          payload: due.payload,
          attempt: Number(row.attempts),
          createdAt: row.created_at,
          giveUpAt: row.give_up_at,
          leaseToken: token,
        },
      ];
    });
  });
}
