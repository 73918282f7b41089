/**
 * Enqueue: events into the delivery queue, whose contract is in
 * webhook.claim.ts. An event is one `webhook_events` row by its stable id
 * and one `webhook_deliveries` row per subscribed endpoint, unique on
 * (event, endpoint), so any number of instances enqueue it once. An endpoint
 * with `FAIRNESS.pendingPerEndpoint` deliveries waiting gets no more: the
 * event is a failed delivery with a line in its owner's log instead. Test
 * events and resends (made by hand) are tried once. The first instance to
 * serve a dataset version announces it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { DatasetManifest } from "../dataset/dataset.schema.ts";
import { type Database, takeWriteLock } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { FAIRNESS } from "./webhook.claim.ts";
import { serializePayload, TEST_EVENT_TYPE, type WebhookEvent } from "./webhook.events.ts";
import { pruneAttemptLog } from "./webhook.housekeeping.ts";
import { inTransaction, iso, parseList } from "./webhook.rows.ts";

function deliveryId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
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
