/**
 * The delivery queue, in the database: the same Kysely queries on SQLite and
 * PostgreSQL. Contract:
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
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DatasetManifest } from "../dataset/dataset.schema.ts";
import { type Database, supportsSkipLocked, takeWriteLock } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { serializePayload, TEST_EVENT_TYPE, type WebhookEvent } from "./webhook.events.ts";
import { breakerPauseMs } from "./webhook.retry.ts";
import { DELIVERY_LOG_SIZE, parseList } from "./webhooks.repository.ts";

/** How the queue shares delivery slots between endpoints and accounts (see the contract above). */
export const FAIRNESS = {
  /** Attempts in flight to one endpoint, every instance together (1 while its breaker is half-open). */
  inFlightPerEndpoint: 2,
  /** Attempts in flight to one user's endpoints, every instance together. */
  inFlightPerUser: 4,
  /** Deliveries waiting for one endpoint; an event beyond this is not queued for it. */
  pendingPerEndpoint: 1_000,
} as const;

/** How long the owner of an endpoint that was disabled is not mailed again about it. */
export const DISABLED_NOTICE_INTERVAL_MS = 24 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

function deliveryId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

function inTransaction<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The endpoints among `endpointIds` that already have the most deliveries allowed waiting. */
async function endpointsAtPendingCap(
  db: Database,
  endpointIds: readonly string[],
): Promise<Set<string>> {
  if (endpointIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select(["endpoint_id", (eb) => eb.fn.countAll<number | string | bigint>().as("n")])
    .where("endpoint_id", "in", endpointIds)
    .where("state", "=", "pending")
    .groupBy("endpoint_id")
    .execute();
  return new Set(
    rows
      .filter((row) => Number(row.n) >= FAIRNESS.pendingPerEndpoint)
      .map((row) => row.endpoint_id),
  );
}

/**
 * Fans `event` out to every enabled endpoint subscribed to its type (and,
 * when it has one, its jurisdiction): one delivery per endpoint, due now.
 * Safe to call any number of times, from any number of instances: the event
 * is enqueued once per endpoint. An endpoint with FAIRNESS.pendingPerEndpoint
 * deliveries waiting gets the event as a failed delivery with a line in its
 * log instead. Returns how many deliveries this call queued.
 */
export async function enqueueWebhookEvent(
  db: Database,
  event: WebhookEvent,
  clock: Clock,
): Promise<number> {
  const nowIso = iso(clock.now());
  return inTransaction(db, async (trx) => {
    await insertEvent(trx, event, nowIso);
    const endpoints = await trx
      .selectFrom("webhook_endpoints")
      .select(["id", "event_types", "jurisdictions"])
      .where("disabled_at", "is", null)
      .execute();
    const targets = endpoints
      .filter((endpoint) => {
        if (!(parseList(endpoint.event_types) ?? []).includes(event.type)) return false;
        const only = parseList(endpoint.jurisdictions);
        return event.jurisdiction === null || only === null || only.includes(event.jurisdiction);
      })
      .map((endpoint) => endpoint.id);
    const full = await endpointsAtPendingCap(trx, targets);
    for (const endpointId of full) await recordNotQueued(trx, event, endpointId, nowIso);
    return insertDeliveries(
      trx,
      event.id,
      targets.filter((id) => !full.has(id)),
      nowIso,
      null,
    );
  });
}

/** The event's row, once: a second insert of the same id does nothing. */
async function insertEvent(db: Database, event: WebhookEvent, nowIso: string): Promise<void> {
  await db
    .insertInto("webhook_events")
    .values({
      id: event.id,
      type: event.type,
      jurisdiction: event.jurisdiction,
      payload: serializePayload(event),
      created_at: nowIso,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

async function insertDeliveries(
  db: Database,
  eventId: string,
  endpointIds: readonly string[],
  nowIso: string,
  giveUpAt: string | null,
): Promise<number> {
  if (endpointIds.length === 0) return 0;
  const result = await db
    .insertInto("webhook_deliveries")
    .values(
      endpointIds.map((endpointId) => ({
        id: deliveryId(),
        event_id: eventId,
        endpoint_id: endpointId,
        state: "pending" as const,
        attempts: 0,
        created_at: nowIso,
        next_attempt_at: nowIso,
        give_up_at: giveUpAt,
      })),
    )
    .onConflict((oc) => oc.columns(["event_id", "endpoint_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** An event not queued because its endpoint's queue is full: a failed delivery and a line in the log. */
async function recordNotQueued(
  db: Database,
  event: WebhookEvent,
  endpointId: string,
  nowIso: string,
): Promise<void> {
  const error = `not sent: ${FAIRNESS.pendingPerEndpoint.toLocaleString("en-US")} deliveries were already waiting for this endpoint`;
  const id = deliveryId();
  const inserted = await db
    .insertInto("webhook_deliveries")
    .values({
      id,
      event_id: event.id,
      endpoint_id: endpointId,
      state: "failed",
      attempts: 0,
      created_at: nowIso,
      next_attempt_at: nowIso,
      last_attempt_at: nowIso,
      last_error: error,
    })
    .onConflict((oc) => oc.columns(["event_id", "endpoint_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await db
    .insertInto("webhook_attempts")
    .values({
      id: randomUUID(),
      delivery_id: id,
      endpoint_id: endpointId,
      event_type: event.type,
      attempt: 0,
      attempted_at: nowIso,
      status_code: null,
      error,
      duration_ms: 0,
    })
    .execute();
  await pruneAttemptLog(db, endpointId);
}

/** Keeps the newest DELIVERY_LOG_SIZE attempts of an endpoint. */
async function pruneAttemptLog(db: Database, endpointId: string): Promise<void> {
  await db
    .deleteFrom("webhook_attempts")
    .where("endpoint_id", "=", endpointId)
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("webhook_attempts")
        .select("id")
        .where("endpoint_id", "=", endpointId)
        .orderBy("attempted_at", "desc")
        .orderBy("attempt", "desc")
        .limit(DELIVERY_LOG_SIZE),
    )
    .execute();
}

/**
 * A `webhook.test` event for one endpoint, whatever it subscribes to, tried
 * once. False (nothing queued) when the endpoint's queue is full.
 */
export async function enqueueTestEvent(
  db: Database,
  endpointId: string,
  clock: Clock,
): Promise<boolean> {
  const now = clock.now();
  const event: WebhookEvent = {
    id: `${TEST_EVENT_TYPE}:${randomUUID()}`,
    type: TEST_EVENT_TYPE,
    timestamp: iso(now),
    jurisdiction: null,
    data: {
      endpoint_id: endpointId,
      message: "A test event from the webhooks page. It carries no data; reply with any 2xx.",
    },
  };
  return inTransaction(db, async (trx) => {
    await takeWriteLock(trx);
    if ((await endpointsAtPendingCap(trx, [endpointId])).size > 0) return false;
    await insertEvent(trx, event, iso(now));
    await insertDeliveries(trx, event.id, [endpointId], iso(now), iso(now));
    return true;
  });
}

/**
 * Queues a past delivery of the user's endpoint again, now, with the same
 * `webhook-id` (receivers that already processed it can tell), for one
 * attempt. False when the delivery is not theirs, the endpoint is disabled
 * or its queue is full, or it is being delivered right now.
 */
export async function resendDelivery(
  db: Database,
  input: { userId: string; endpointId: string; deliveryId: string; nowMs: number },
): Promise<boolean> {
  const nowIso = iso(input.nowMs);
  return inTransaction(db, async (trx) => {
    await takeWriteLock(trx);
    if ((await endpointsAtPendingCap(trx, [input.endpointId])).size > 0) return false;
    const result = await trx
      .updateTable("webhook_deliveries")
      .set({
        state: "pending",
        next_attempt_at: nowIso,
        created_at: nowIso,
        give_up_at: nowIso,
        lease_until: null,
        lease_token: null,
      })
      .where("id", "=", input.deliveryId)
      .where("endpoint_id", "=", input.endpointId)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("webhook_endpoints")
            .select("id")
            .where("webhook_endpoints.id", "=", input.endpointId)
            .where("webhook_endpoints.user_id", "=", input.userId)
            .where("webhook_endpoints.disabled_at", "is", null),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/**
 * Records the dataset version this instance serves. The instance whose
 * insert lands first enqueues `dataset.released`, in the same transaction;
 * every other one (and every later start of the same version) finds the
 * version recorded and does nothing. Returns true for the announcer.
 */
export async function announceDatasetRelease(
  db: Database,
  manifest: DatasetManifest,
  origin: string,
  clock: Clock,
): Promise<boolean> {
  const now = clock.now();
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("dataset_releases")
      .values({ version: manifest.version, first_served_at: iso(now) })
      .onConflict((oc) => oc.column("version").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await enqueueWebhookEvent(
      trx,
      {
        id: `dataset.released:${manifest.version}`,
        type: "dataset.released",
        timestamp: iso(now),
        jurisdiction: null,
        data: {
          version: manifest.version,
          released: manifest.released,
          sources_current_to: manifest.sources_current_to,
          links: { data: `${origin}/data`, changes: `${origin}/v1/changes` },
        },
      },
      clock,
    );
    return true;
  });
}

/** Endpoints considered per free slot in one claim, so that a claim reaches past one account's endpoints. */
const CANDIDATES_PER_SLOT = 4;
const MAX_CANDIDATES = 64;

/**
 * Endpoints ordered by account, then endpoint (least recently served first),
 * interleaved so accounts take turns: the first endpoint of every account,
 * then the second of every account, and so on.
 */
export function byAccountInTurn<T extends { user_id: string }>(endpoints: readonly T[]): T[] {
  const accounts = new Map<string, T[]>();
  for (const endpoint of endpoints) {
    const list = accounts.get(endpoint.user_id);
    if (list === undefined) accounts.set(endpoint.user_id, [endpoint]);
    else list.push(endpoint);
  }
  const lists = [...accounts.values()];
  const turns: T[] = [];
  for (let round = 0; turns.length < endpoints.length; round++) {
    for (const list of lists) {
      const endpoint = list[round];
      if (endpoint !== undefined) turns.push(endpoint);
    }
  }
  return turns;
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

    // 4. Round-robin: accounts in turn (each one's first endpoint, then each
    //    one's second…), one delivery per endpoint, then a second each,
    //    within the limits.
    const turns = byAccountInTurn(candidates);
    const picked = new Map<string, { due: Due; endpoint: (typeof candidates)[number] }>();
    const served = new Set<string>();
    for (let turn = 0; turn < FAIRNESS.inFlightPerEndpoint; turn++) {
      for (const candidate of turns) {
        if (picked.size >= options.limit) break;
        const due = queues.get(candidate.id)?.[turn];
        if (due === undefined) continue;
        const endpointLimit =
          Number(candidate.timeouts_in_a_row) > 0 ? 1 : FAIRNESS.inFlightPerEndpoint;
        if ((perEndpoint.get(candidate.id) ?? 0) >= endpointLimit) continue;
        if ((perUser.get(candidate.user_id) ?? 0) >= FAIRNESS.inFlightPerUser) continue;
        picked.set(due.id, { due, endpoint: candidate });
        served.add(candidate.id);
        perEndpoint.set(candidate.id, (perEndpoint.get(candidate.id) ?? 0) + 1);
        perUser.set(candidate.user_id, (perUser.get(candidate.user_id) ?? 0) + 1);
      }
    }
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

export type AttemptOutcome =
  | { kind: "delivered" }
  | { kind: "retry"; nextAttemptAtMs: number }
  | { kind: "failed" }
  /** 410 Gone: the receiver asked us to stop. */
  | { kind: "gone" };

export type SettleResult = {
  /** False when the lease was lost (taken over after expiring): nothing was changed. */
  settled: boolean;
  /**
   * Set when this attempt disabled the endpoint. `notify` is true when its
   * owner should be told: not more than once a day per endpoint.
   */
  disabled: {
    reason: string;
    url: string;
    userId: string;
    ownerEmail: string;
    notify: boolean;
  } | null;
};

/**
 * Records one attempt: the delivery's new state (fenced by the lease
 * token), the log line (keeping the newest DELIVERY_LOG_SIZE per endpoint),
 * the circuit breaker (a timeout or a slow answer pauses the endpoint, a
 * prompt answer closes it),
 * and the endpoint's health — healthy again on success; disabled on 410, or
 * when it has failed every attempt for `disableAfterMs`.
 */
export async function settleDelivery(
  db: Database,
  claimed: ClaimedDelivery,
  result: {
    status: number | null;
    error: string | null;
    durationMs: number;
    timedOut?: boolean;
    /** Timed out, or answered after more than half its deadline (webhook.retry.ts `isSlowAttempt`). */
    slow?: boolean;
  },
  outcome: AttemptOutcome,
  options: { nowMs: number; disableAfterMs: number },
): Promise<SettleResult> {
  const nowIso = iso(options.nowMs);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("webhook_deliveries")
      .set({
        state:
          outcome.kind === "delivered"
            ? "delivered"
            : outcome.kind === "retry"
              ? "pending"
              : "failed",
        next_attempt_at: outcome.kind === "retry" ? iso(outcome.nextAttemptAtMs) : nowIso,
        lease_until: null,
        lease_token: null,
        last_attempt_at: nowIso,
        last_status: result.status,
        last_error: result.error,
        last_duration_ms: result.durationMs,
      })
      .where("id", "=", claimed.id)
      .where("lease_token", "=", claimed.leaseToken)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { settled: false, disabled: null };
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: randomUUID(),
        delivery_id: claimed.id,
        endpoint_id: claimed.endpointId,
        event_type: claimed.eventType,
        attempt: claimed.attempt,
        attempted_at: nowIso,
        status_code: result.status,
        error: result.error,
        duration_ms: result.durationMs,
      })
      .execute();
    await pruneAttemptLog(trx, claimed.endpointId);
    await recordBreaker(trx, claimed.endpointId, result, options.nowMs);
    if (outcome.kind === "delivered") {
      await trx
        .updateTable("webhook_endpoints")
        .set({ failing_since: null })
        .where("id", "=", claimed.endpointId)
        .where("failing_since", "is not", null)
        .execute();
      return { settled: true, disabled: null };
    }
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: nowIso })
      .where("id", "=", claimed.endpointId)
      .where("failing_since", "is", null)
      .execute();
    const endpoint = await trx
      .selectFrom("webhook_endpoints as e")
      .innerJoin("users as u", "u.id", "e.user_id")
      .select(["e.failing_since", "e.url", "e.user_id", "u.email"])
      .where("e.id", "=", claimed.endpointId)
      .executeTakeFirst();
    if (endpoint === undefined) return { settled: true, disabled: null };
    const failingMs = options.nowMs - Date.parse(endpoint.failing_since ?? nowIso);
    const reason =
      outcome.kind === "gone"
        ? "The receiver answered 410 Gone."
        : failingMs >= options.disableAfterMs
          ? `Every delivery failed for ${Math.round(options.disableAfterMs / 86_400_000)} days.`
          : null;
    if (reason === null) return { settled: true, disabled: null };
    if (!(await disableEndpoint(trx, claimed.endpointId, reason, nowIso)))
      return { settled: true, disabled: null };
    // The owner hears of it at most once a day per endpoint, however often
    // it is enabled and disabled again.
    const noticed = await trx
      .updateTable("webhook_endpoints")
      .set({ disabled_notice_at: nowIso })
      .where("id", "=", claimed.endpointId)
      .where((eb) =>
        eb.or([
          eb("disabled_notice_at", "is", null),
          eb("disabled_notice_at", "<=", iso(options.nowMs - DISABLED_NOTICE_INTERVAL_MS)),
        ]),
      )
      .executeTakeFirst();
    return {
      settled: true,
      disabled: {
        reason,
        url: endpoint.url,
        userId: endpoint.user_id,
        ownerEmail: endpoint.email,
        notify: Number(noticed.numUpdatedRows) > 0,
      },
    };
  });
}

/**
 * The circuit breaker: an attempt that got no answer in time, or a slow
 * one, pauses the endpoint (longer after each in a row; the column keeps
 * its first name, `timeouts_in_a_row`); a prompt answer closes it. Errors
 * that cost no waiting (refused, no such host) change nothing.
 */
async function recordBreaker(
  db: Database,
  endpointId: string,
  result: { status: number | null; timedOut?: boolean; slow?: boolean },
  nowMs: number,
): Promise<void> {
  if (result.timedOut === true || result.slow === true) {
    const row = await db
      .updateTable("webhook_endpoints")
      .set({ timeouts_in_a_row: sql<number>`timeouts_in_a_row + 1` })
      .where("id", "=", endpointId)
      .returning("timeouts_in_a_row")
      .executeTakeFirst();
    if (row === undefined) return;
    await db
      .updateTable("webhook_endpoints")
      .set({ paused_until: iso(nowMs + breakerPauseMs(Number(row.timeouts_in_a_row))) })
      .where("id", "=", endpointId)
      .execute();
  } else if (result.status !== null) {
    await db
      .updateTable("webhook_endpoints")
      .set({ timeouts_in_a_row: 0, paused_until: null })
      .where("id", "=", endpointId)
      .where((eb) => eb.or([eb("timeouts_in_a_row", ">", 0), eb("paused_until", "is not", null)]))
      .execute();
  }
}

/** Stops deliveries to an endpoint and cancels what it has queued; false if it was disabled already. */
async function disableEndpoint(
  db: Database,
  endpointId: string,
  reason: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ disabled_at: nowIso, disabled_reason: reason })
    .where("id", "=", endpointId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .updateTable("webhook_deliveries")
    .set({ state: "cancelled", lease_until: null, lease_token: null })
    .where("endpoint_id", "=", endpointId)
    .where("state", "=", "pending")
    .execute();
  return true;
}

/** Queue depth (pending deliveries) and the age of the oldest, for /metrics. */
export async function queueStats(
  db: Database,
  nowMs: number,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as("depth"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("state", "=", "pending")
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Date.parse(String(row.oldest));
  return {
    depth: Number(row.depth),
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (nowMs - oldest) / 1000),
  };
}

/**
 * How long a settled delivery (delivered, failed, or cancelled) and its
 * attempts stay in the database: long enough for its owner to read it in the
 * delivery log, after which rows stop accumulating with every event and
 * endpoint. Pending deliveries are never removed here.
 */
export const SETTLED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Rows removed per purge at most, so one purge is a short transaction. */
export const PURGE_BATCH = 1_000;

/**
 * Removes up to `limit` deliveries settled and created before
 * `nowMs - retentionMs` (their attempts go with them, by the foreign key),
 * then up to `limit` events from before then that no delivery refers to.
 * Idempotent: instances may purge at the same time. A removed event can no
 * longer be fanned out twice to the same endpoint by its id, which is safe
 * because every producer enqueues an event on the day it happens.
 */
export async function purgeSettled(
  db: Database,
  options: { nowMs: number; retentionMs?: number; limit?: number },
): Promise<{ deliveries: number; events: number }> {
  const cutoff = iso(options.nowMs - (options.retentionMs ?? SETTLED_RETENTION_MS));
  const limit = options.limit ?? PURGE_BATCH;
  return inTransaction(db, async (trx) => {
    const deliveries = await trx
      .deleteFrom("webhook_deliveries")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("state", "in", ["delivered", "failed", "cancelled"])
          .where("created_at", "<", cutoff)
          .limit(limit),
      )
      .executeTakeFirst();
    const events = await trx
      .deleteFrom("webhook_events")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("webhook_events")
          .select("id")
          .where("created_at", "<", cutoff)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("webhook_deliveries")
                  .select("webhook_deliveries.id")
                  .whereRef("webhook_deliveries.event_id", "=", "webhook_events.id"),
              ),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst();
    return {
      deliveries: Number(deliveries.numDeletedRows),
      events: Number(events.numDeletedRows),
    };
  });
}
