/**
 * Housekeeping for the delivery queue (its contract is in webhook.claim.ts):
 * each endpoint's log kept to its newest DELIVERY_LOG_SIZE attempts;
 * settled deliveries, their attempts and the events no delivery refers to
 * purged after SETTLED_RETENTION_MS, in bounded batches; and the queue's
 * depth and oldest age for /metrics. A pending delivery is never removed.
 */
import type { Database } from "../db/database.ts";
import { DELIVERY_LOG_SIZE, inTransaction, iso } from "./webhook.rows.ts";

/** Keeps the newest DELIVERY_LOG_SIZE attempts of an endpoint. */
export async function pruneAttemptLog(db: Database, endpointId: string): Promise<void> {
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
