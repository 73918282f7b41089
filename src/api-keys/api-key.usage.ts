/**
 * `last used` for API keys, written in batches: a key's first use is written
 * at once; after that at most once per FLUSH_INTERVAL_MS per key (SPEC §3
 * allows up to a minute of lag). `flush()` runs on a timer and on graceful
 * shutdown, so nothing older than a minute is lost on a clean stop.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";

export const FLUSH_INTERVAL_MS = 60_000;

export type KeyUsage = {
  /** Notes a use of the key at nowMs; `everUsed` is whether the stored record has a last-used time. */
  touch: (keyId: string, nowMs: number, everUsed: boolean) => void;
  /** Writes every pending last-used time. */
  flush: () => Promise<void>;
  pending: () => number;
  /** Resolves when every first-use write started so far has finished. */
  settled: () => Promise<void>;
};

export function createKeyUsage(db: Database, log: Pick<FastifyBaseLogger, "error">): KeyUsage {
  const pending = new Map<string, number>();
  const firstWritten = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  const write = async (keyId: string, atMs: number) => {
    await db
      .updateTable("api_keys")
      .set({ last_used_at: new Date(atMs).toISOString() })
      .where("id", "=", keyId)
      .execute();
  };

  return {
    touch(keyId, nowMs, everUsed) {
      if (!everUsed && !firstWritten.has(keyId)) {
        firstWritten.add(keyId);
        const writing = write(keyId, nowMs)
          .catch((error: unknown) => {
            firstWritten.delete(keyId);
            pending.set(keyId, nowMs);
            log.error({ err: error }, "could not record an API key's first use; will retry");
          })
          .finally(() => inFlight.delete(writing));
        inFlight.add(writing);
        return;
      }
      pending.set(keyId, nowMs);
    },
    async flush() {
      await Promise.all(inFlight);
      const batch = [...pending];
      pending.clear();
      for (const [index, [keyId, atMs]] of batch.entries()) {
        try {
          await write(keyId, atMs);
        } catch (error) {
          for (const [id, at] of batch.slice(index)) if (!pending.has(id)) pending.set(id, at);
          log.error({ err: error }, "could not record API key last-used times; will retry");
          return;
        }
      }
    },
    pending: () => pending.size,
    settled: async () => {
      await Promise.all(inFlight);
    },
  };
}
