/**
 * Verifying `X-API-Key` on every /v1 request, cheaply.
 *
 * 1. A key that is not `cls_` + 28 base62 characters with a valid checksum
 *    is refused with no lookup at all (typos, made-up keys, scanner noise).
 * 2. Otherwise the SHA-256 of the key is looked up through an in-process
 *    cache: positive entries live POSITIVE_TTL_MS (so a key deleted through
 *    another instance stops working within that time), negative entries
 *    NEGATIVE_TTL_MS (128-bit random keys are never "created later").
 *    Deleting a key through this instance drops it from the cache at once.
 *    Both caches are bounded (oldest entry evicted first).
 * 3. An expired key is refused (`expired_api_key`) — checked on every
 *    request against the clock, cached or not; unknown or deleted keys are
 *    `invalid_api_key`. Neither is ever served as public.
 */
import type { Database } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { hashApiKey, isWellFormedApiKey } from "./api-keys.format.ts";
import { type ApiKey, findApiKeyByHash } from "./api-keys.repository.ts";

export const POSITIVE_TTL_MS = 1_000;
export const NEGATIVE_TTL_MS = 5 * 60_000;
export const MAX_POSITIVE_ENTRIES = 10_000;
export const MAX_NEGATIVE_ENTRIES = 50_000;

export type KeyCheck =
  | { ok: true; key: ApiKey; cached: boolean }
  | { ok: false; code: "invalid_api_key" | "expired_api_key"; cached: boolean };

export type ApiKeyVerifier = {
  verify: (presented: string, nowMs: number) => Promise<KeyCheck>;
  /** Forget a deleted key now. */
  revokeKey: (keyId: string) => void;
  /** Forget every key of a deleted account now. */
  revokeUser: (userId: string) => void;
  stats: () => { lookups: number; hits: number; positive: number; negative: number };
};

type Entry = { key: ApiKey | null; until: number };

function remember(map: Map<string, Entry>, hash: string, entry: Entry, max: number): void {
  map.delete(hash);
  if (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(hash, entry);
}

export function createApiKeyVerifier(db: Database): ApiKeyVerifier {
  const positive = new Map<string, Entry>();
  const negative = new Map<string, Entry>();
  let lookups = 0;
  let hits = 0;

  const judge = (key: ApiKey | null, nowMs: number, cached: boolean): KeyCheck => {
    if (key === null) return { ok: false, code: "invalid_api_key", cached };
    if (key.expiresAt !== null && Date.parse(key.expiresAt) <= nowMs)
      return { ok: false, code: "expired_api_key", cached };
    return { ok: true, key, cached };
  };

  return {
    async verify(presented, nowMs) {
      if (!isWellFormedApiKey(presented))
        return { ok: false, code: "invalid_api_key", cached: true };
      const hash = hashApiKey(presented);
      const entry = positive.get(hash) ?? negative.get(hash);
      if (entry !== undefined && entry.until > nowMs) {
        hits++;
        return judge(entry.key, nowMs, true);
      }
      lookups++;
      let key: ApiKey | null;
      try {
        key = await findApiKeyByHash(db, hash);
      } catch (cause) {
        throw new AppError(
          "service_unavailable",
          "API keys cannot be checked right now. Retry shortly, or call without a key.",
          {
            headers: { "retry-after": "5" },
            cause,
          },
        );
      }
      if (key === null) {
        positive.delete(hash);
        remember(
          negative,
          hash,
          { key: null, until: nowMs + NEGATIVE_TTL_MS },
          MAX_NEGATIVE_ENTRIES,
        );
      } else {
        remember(positive, hash, { key, until: nowMs + POSITIVE_TTL_MS }, MAX_POSITIVE_ENTRIES);
      }
      return judge(key, nowMs, false);
    },
    revokeKey(keyId) {
      for (const [hash, entry] of positive) if (entry.key?.id === keyId) positive.delete(hash);
    },
    revokeUser(userId) {
      for (const [hash, entry] of positive) if (entry.key?.userId === userId) positive.delete(hash);
    },
    stats: () => ({ lookups, hits, positive: positive.size, negative: negative.size }),
  };
}
