/**
 * The delivery queue, in the database: the same Kysely queries on SQLite and
 * PostgreSQL. Contract:
 *
 * - Enqueue once: an event is one `webhook_events` row (its producer's
 *   stable id is the key) and one `webhook_deliveries` row per endpoint,
 *   unique on (event_id, endpoint_id). Any number of instances may enqueue
 *   the same event at the same time; the unique key decides, and the
 *   losers' inserts do nothing.
 * - Claim with a lease: an instance takes due rows by setting `lease_until`
 *   (now + lease) and a random `lease_token`. On PostgreSQL the rows are
 *   chosen `FOR UPDATE SKIP LOCKED`, so instances claiming at once take
 *   different rows instead of waiting on each other; SQLite has one writer.
 *   A process that dies mid-delivery leaves a lease that expires, and the
 *   row is claimed again: delivery is at least once, and `webhook-id` (the
 *   delivery id) lets receivers drop the duplicate.
 * - Settle with the token: only the lease holder records the outcome (a
 *   holder whose lease ran out and was taken over changes nothing).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DatasetManifest } from "../dataset/dataset.schema.ts";
import { type Database, supportsSkipLocked } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { serializePayload, TEST_EVENT_TYPE, type WebhookEvent } from "./webhook.events.ts";
import { DELIVERY_LOG_SIZE, parseList } from "./webhooks.repository.ts";

const iso = (ms: number) => new Date(ms).toISOString();

function deliveryId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

function inTransaction<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Fans `event` out to every enabled endpoint subscribed to its type (and,
 * when it has one, its jurisdiction): one delivery per endpoint, due now.
 * Safe to call any number of times, from any number of instances: the event
 * is enqueued once per endpoint. Returns how many deliveries this call added.
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
    const targets = endpoints.filter((endpoint) => {
      if (!(parseList(endpoint.event_types) ?? []).includes(event.type)) return false;
      const only = parseList(endpoint.jurisdictions);
      return event.jurisdiction === null || only === null || only.includes(event.jurisdiction);
    });
    return insertDeliveries(
      trx,
      event.id,
      targets.map((endpoint) => endpoint.id),
      nowIso,
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
      })),
    )
    .onConflict((oc) => oc.columns(["event_id", "endpoint_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A `webhook.test` event for one endpoint, whatever it subscribes to. */
export async function enqueueTestEvent(
  db: Database,
  endpointId: string,
  clock: Clock,
): Promise<void> {
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
  await inTransaction(db, async (trx) => {
    await insertEvent(trx, event, iso(now));
    await insertDeliveries(trx, event.id, [endpointId], iso(now));
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

export type ClaimedDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  secret: string;
  payload: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** When the delivery was (re)queued: retries stop a day after. */
  createdAt: string;
  leaseToken: string;
};

/**
 * Claims up to `limit` due deliveries for `leaseMs`. Rows whose endpoint is
 * disabled are not claimed (they were cancelled when it was disabled).
 */
export async function claimDueDeliveries(
  db: Database,
  options: { nowMs: number; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const nowIso = iso(options.nowMs);
  const token = randomBytes(12).toString("base64url");
  const due = db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]))
    .orderBy("next_attempt_at")
    .limit(options.limit)
    .$if(supportsSkipLocked(db), (query) => query.forUpdate().skipLocked());
  const claimed = await db
    .updateTable("webhook_deliveries")
    .set({
      lease_until: iso(options.nowMs + options.leaseMs),
      lease_token: token,
      attempts: sql<number>`attempts + 1`,
    })
    .where("id", "in", due)
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]))
    .returning(["id", "attempts", "created_at"])
    .execute();
  if (claimed.length === 0) return [];
  const details = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .innerJoin("webhook_events as v", "v.id", "d.event_id")
    .select(["d.id", "d.event_id", "v.type", "d.endpoint_id", "e.url", "e.secret", "v.payload"])
    .where(
      "d.id",
      "in",
      claimed.map((row) => row.id),
    )
    .where("d.lease_token", "=", token)
    .where("e.disabled_at", "is", null)
    .execute();
  const byId = new Map(claimed.map((row) => [row.id, row]));
  return details.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    endpointId: row.endpoint_id,
    url: row.url,
    secret: row.secret,
    payload: row.payload,
    attempt: Number(byId.get(row.id)?.attempts ?? 1),
    createdAt: byId.get(row.id)?.created_at ?? nowIso,
    leaseToken: token,
  }));
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
  /** Set when this attempt disabled the endpoint (the owner is told once). */
  disabled: { reason: string; url: string; ownerEmail: string } | null;
};

/**
 * Records one attempt: the delivery's new state (fenced by the lease
 * token), the log line (keeping the newest DELIVERY_LOG_SIZE per endpoint),
 * and the endpoint's health — healthy again on success; disabled on 410, or
 * when it has failed every attempt for `disableAfterMs`.
 */
export async function settleDelivery(
  db: Database,
  claimed: ClaimedDelivery,
  result: { status: number | null; error: string | null; durationMs: number },
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
    await trx
      .deleteFrom("webhook_attempts")
      .where("endpoint_id", "=", claimed.endpointId)
      .where("id", "not in", (eb) =>
        eb
          .selectFrom("webhook_attempts")
          .select("id")
          .where("endpoint_id", "=", claimed.endpointId)
          .orderBy("attempted_at", "desc")
          .orderBy("attempt", "desc")
          .limit(DELIVERY_LOG_SIZE),
      )
      .execute();
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
      .select(["e.failing_since", "e.url", "u.email"])
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
    const disabled = await disableEndpoint(trx, claimed.endpointId, reason, nowIso);
    return {
      settled: true,
      disabled: disabled ? { reason, url: endpoint.url, ownerEmail: endpoint.email } : null,
    };
  });
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
