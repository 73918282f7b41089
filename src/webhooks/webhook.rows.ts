/**
 * What the webhook tables' rows need in more than one module: the delivery
 * queue's rooms (webhook.enqueue.ts, webhook.claim.ts, webhook.settle.ts,
 * webhook.housekeeping.ts) and the endpoints' repository. List columns are
 * comma-joined text; instants are ISO text; the delivery log has a fixed
 * size; queue work runs in one transaction, the caller's when it has one.
 * No queries of its own.
 */
import type { Database } from "../db/database.ts";

/** How many attempts the log keeps per endpoint (older ones are pruned). */
export const DELIVERY_LOG_SIZE = 50;

export function parseList(value: string | null): string[] | null {
  return value === null ? null : value.split(",").filter((entry) => entry !== "");
}

export const iso = (ms: number) => new Date(ms).toISOString();

export function inTransaction<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
