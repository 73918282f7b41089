/**
 * `last used` for API keys, written in batches, off the request path:
 * `touch` only notes the time in a Map. A key's first use is written on the
 * next turn of the event loop (so a new key's page shows it almost at once);
 * after that at most once per FLUSH_INTERVAL_MS per key (last used may lag
 * by up to a minute). `flush()` runs on a timer and on graceful shutdown, so
 * nothing older than a minute is lost on a clean stop.
 *
 * Writes go in transactions of WRITE_CHUNK keys, and the event loop gets a
 * turn between chunks: the embedded database is synchronous, so one
 * transaction for 100,000 keys would stall every request for its duration.
 *
 * Daily figures (requests and 429s per key per UTC day) are counted in
 * memory by `count()` and added to `api_key_usage` by the same flush: one
 * upsert per key and day with traffic, whatever the request rate, in chunks
 * of WRITE_CHUNK rows.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { createDayOf } from "../lib/dates.ts";

export const FLUSH_INTERVAL_MS = 60_000;
/** Keys written per transaction; a chunk takes a few milliseconds on SQLite. */
export const WRITE_CHUNK = 500;

export type KeyUsage = {
  /** Notes a use of the key at nowMs; `everUsed` is whether the stored record has a last-used time. */
  touch: (keyId: string, nowMs: number, everUsed: boolean) => void;
  /** Counts one answered request with the key at nowMs; `limited` when it was a 429. */
  count: (keyId: string, nowMs: number, limited: boolean) => void;
  /** Writes every pending last-used time and daily count. */
  flush: () => Promise<void>;
  pending: () => number;
  /** Resolves when every first-use write noted so far has finished. */
  settled: () => Promise<void>;
};

export function createKeyUsage(db: Database, log: Pick<FastifyBaseLogger, "error">): KeyUsage {
  const pending = new Map<string, number>();
  /** `${keyId} ${day}` → counts not yet written. */
  const counts = new Map<string, { requests: number; limited: number }>();
  /**
   * Key id → its entry in `counts` and that entry's day, so that counting a
   * request builds no slot string. Cleared with `counts`; an entry in it is
   * always the one `counts` holds (counts are added into it, never replaced).
   */
  const current = new Map<string, { day: string; entry: { requests: number; limited: number } }>();
  const dayOf = createDayOf();
  const firstUses = new Map<string, number>();
  /** Keys whose first use has been noted (their stored last-used time is no longer null). */
  const firstNoted = new Set<string>();
  /** The first-use write not yet started (it still takes new first uses), if any. */
  let scheduled: Promise<void> | null = null;
  /** Every first-use write so far, chained. */
  let firstWrites: Promise<void> = Promise.resolve();
  let flushing: Promise<void> = Promise.resolve();

  /** Writes `batch` in chunks; on failure puts the unwritten rest back into `pending`. */
  const write = async (batch: [string, number][]) => {
    for (let start = 0; start < batch.length; start += WRITE_CHUNK) {
      const chunk = batch.slice(start, start + WRITE_CHUNK);
      try {
        await db.transaction().execute(async (trx) => {
          for (const [keyId, atMs] of chunk) {
            await trx
              .updateTable("api_keys")
              .set({ last_used_at: new Date(atMs).toISOString() })
              .where("id", "=", keyId)
              .execute();
          }
        });
      } catch (error) {
        for (const [id, at] of batch.slice(start)) if (!pending.has(id)) pending.set(id, at);
        log.error({ err: error }, "could not record API key last-used times; will retry");
        return;
      }
      if (start + WRITE_CHUNK < batch.length) await nextTurn();
    }
  };

  const writeFirstUses = async () => {
    await nextTurn();
    scheduled = null;
    const batch = [...firstUses];
    firstUses.clear();
    await write(batch);
  };

  const flush = async () => {
    const daily = [...counts];
    counts.clear();
    current.clear();
    for (let start = 0; start < daily.length; start += WRITE_CHUNK) {
      const chunk = daily.slice(start, start + WRITE_CHUNK);
      try {
        await writeCounts(db, chunk);
      } catch (error) {
        log.error({ err: error }, "could not record API key usage counts; will retry");
        for (const [slot, entry] of daily.slice(start)) {
          const now = counts.get(slot);
          if (now === undefined) counts.set(slot, { ...entry });
          else {
            now.requests += entry.requests;
            now.limited += entry.limited;
          }
        }
        break;
      }
      await nextTurn();
    }
    const batch = [...pending];
    pending.clear();
    await write(batch);
  };

  return {
    touch(keyId, nowMs, everUsed) {
      if (!everUsed && !firstNoted.has(keyId)) {
        firstNoted.add(keyId);
        firstUses.set(keyId, nowMs);
        if (scheduled === null) {
          const current = writeFirstUses();
          scheduled = current;
          firstWrites = Promise.all([firstWrites, current]).then(() => undefined);
        }
        return;
      }
      pending.set(keyId, nowMs);
    },
    async flush() {
      await firstWrites;
      // One flush at a time: a timer tick during a slow flush waits for it.
      flushing = flushing.then(flush);
      await flushing;
    },
    count(keyId, nowMs, limited) {
      const day = dayOf(nowMs);
      let known = current.get(keyId);
      if (known === undefined || known.day !== day) {
        const slot = `${keyId} ${day}`;
        let entry = counts.get(slot);
        if (entry === undefined) {
          entry = { requests: 0, limited: 0 };
          counts.set(slot, entry);
        }
        known = { day, entry };
        current.set(keyId, known);
      }
      known.entry.requests += 1;
      if (limited) known.entry.limited += 1;
    },
    pending: () => pending.size,
    settled: async () => {
      await firstWrites;
    },
  };
}

/** Adds counts to the daily rows, skipping keys deleted since (their rows went with them). */
async function writeCounts(
  db: Database,
  daily: [string, { requests: number; limited: number }][],
): Promise<void> {
  const rows = daily.map(([slot, entry]) => {
    const [keyId = "", day = ""] = slot.split(" ");
    return { key_id: keyId, day, requests: entry.requests, limited: entry.limited };
  });
  const live = new Set(
    (
      await db
        .selectFrom("api_keys")
        .select("id")
        .where("id", "in", [...new Set(rows.map((row) => row.key_id))])
        .execute()
    ).map((row) => row.id),
  );
  const kept = rows.filter((row) => live.has(row.key_id));
  if (kept.length === 0) return;
  await db
    .insertInto("api_key_usage")
    .values(kept)
    .onConflict((oc) =>
      oc.columns(["key_id", "day"]).doUpdateSet((eb) => ({
        requests: eb("api_key_usage.requests", "+", eb.ref("excluded.requests")),
        limited: eb("api_key_usage.limited", "+", eb.ref("excluded.limited")),
      })),
    )
    .execute();
}

export type DailyUsage = { day: string; requests: number; limited: number };

/** A user's keys' daily figures for the `days` UTC days ending with `todayIso`'s day, by key. */
export async function readKeyUsage(
  db: Database,
  userId: string,
  nowMs: number,
  days: number,
): Promise<Map<string, DailyUsage[]>> {
  const first = new Date(nowMs - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom("api_key_usage")
    .innerJoin("api_keys", "api_keys.id", "api_key_usage.key_id")
    .select([
      "api_key_usage.key_id",
      "api_key_usage.day",
      "api_key_usage.requests",
      "api_key_usage.limited",
    ])
    .where("api_keys.user_id", "=", userId)
    .where("api_key_usage.day", ">=", first)
    .execute();
  const byKey = new Map<string, DailyUsage[]>();
  for (const row of rows) {
    const list = byKey.get(row.key_id) ?? [];
    list.push({ day: row.day, requests: Number(row.requests), limited: Number(row.limited) });
    byKey.set(row.key_id, list);
  }
  return byKey;
}
