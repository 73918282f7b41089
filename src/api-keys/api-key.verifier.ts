/**
 * Verifying `X-API-Key` on every /v1 request, cheaply.
 *
 * 1. The cache is keyed by the exact header value: a key this instance has
 *    already judged costs one Map lookup — no format check, checksum or
 *    SHA-256. Only a header value the cache does not know is checked.
 * 2. A value that is not `cls_` + 28 base62 characters with a valid
 *    checksum is refused with no lookup (typos, made-up keys, scanner noise)
 *    and is not cached (refusing it again is cheap).
 * 3. Otherwise the SHA-256 of the key is looked up in the database and the
 *    answer cached:
 *    - known keys (positive entries) have no time limit: they stay valid
 *      until revoked. A key deleted, or every key of an account deleted,
 *      through any instance (`revokeKey`, `revokeUser`; other instances are
 *      told through pub/sub, api-key.revocation.ts) turns into a negative
 *      entry at once: the deleted key is refused from memory, like any other
 *      known-bad key, without a look-up. `recheckUser` (password changed)
 *      and `recheckAll` (after messages may have been missed) only mark
 *      entries for re-checking: each key's next request looks it up again.
 *      If that look-up fails because the database is unreachable, the
 *      entry's last answer is used and kept for the next try — a key known
 *      to be valid a moment ago keeps working through a database outage.
 *    - unknown and deleted keys (negative entries) live NEGATIVE_TTL_MS:
 *      128-bit random keys are never "created later" and deleted keys never
 *      come back, so a negative entry is never wrong; the TTL only bounds
 *      how long one is held. `recheckAll` keeps them for the same reason.
 *    Both are bounded, oldest entry evicted first: MAX_POSITIVE_ENTRIES
 *    (≈ 405 B of heap each, ≈ 61 MB when full; measured by
 *    bench/key-cache-memory.ts) and MAX_NEGATIVE_ENTRIES (a key string and a
 *    time: ≈ 150 B each, ≈ 8 MB when full). An entry evicted is only
 *    looked up again (subject to the caller's look-up budget, api-key.auth.ts).
 * 4. An expired key is refused (`expired_api_key`) — checked on every
 *    request against the clock, cached or not; unknown or deleted keys are
 *    `invalid_api_key`. Neither is ever served as public.
 *
 * The cache holds the presented key strings in process memory (they pass
 * through it on every request anyway); nothing is written anywhere but the
 * hash.
 */
import type { Database } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { hashApiKey, isWellFormedApiKey } from "./api-keys.format.ts";
import { type ApiKey, findApiKeyByHash } from "./api-keys.repository.ts";

export const NEGATIVE_TTL_MS = 5 * 60_000;
export const MAX_POSITIVE_ENTRIES = 150_000;
export const MAX_NEGATIVE_ENTRIES = 50_000;

/**
 * What the cache keeps of a valid key: what a request needs (who owns it,
 * until when it works, whether it was ever used), not its name, prefix or
 * creation time (about a fifth of an entry, docs/PERFORMANCE.md "Memory").
 */
export type CachedKey = Readonly<Pick<ApiKey, "id" | "userId" | "expiresAt" | "lastUsedAt">>;

export type KeyCheck =
  | { ok: true; key: CachedKey; cached: boolean }
  | { ok: false; code: "invalid_api_key" | "expired_api_key"; cached: boolean };

export type ApiKeyVerifier = {
  /** The answer without the database — malformed, or cached — or null when only a look-up can tell. */
  checkCached: (presented: string, nowMs: number) => KeyCheck | null;
  /** The answer, looking the key up in the database when it is not cached. */
  verify: (presented: string, nowMs: number) => Promise<KeyCheck>;
  /** A key was deleted (by its id): refuse it from now on without a look-up. */
  revokeKey: (keyId: string, nowMs: number) => void;
  /** An account was deleted: refuse every key of it cached here from now on without a look-up. */
  revokeUser: (userId: string, nowMs: number) => void;
  /** Look every key of an account up again on its next request (password changed; the keys stay valid). */
  recheckUser: (userId: string) => void;
  /** Re-check every cached valid key: the next request of each is looked up again (its last answer is used only if the database cannot answer). Known-bad keys stay known. */
  recheckAll: () => void;
  stats: () => { lookups: number; hits: number; positive: number; negative: number };
};

type Positive = {
  key: CachedKey;
  expiresAtMs: number;
  ok: KeyCheck;
  /** The `recheckAll` generation it was looked up in: an older one is re-checked. */
  generation: number;
};
type Negative = { until: number };

const INVALID: KeyCheck = Object.freeze({ ok: false, code: "invalid_api_key", cached: true });
const EXPIRED: KeyCheck = Object.freeze({ ok: false, code: "expired_api_key", cached: true });

function positiveEntry(found: ApiKey, generation: number): Positive {
  const key: CachedKey = Object.freeze({
    id: found.id,
    userId: found.userId,
    expiresAt: found.expiresAt,
    lastUsedAt: found.lastUsedAt,
  });
  return {
    generation,
    key,
    expiresAtMs: key.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(key.expiresAt),
    ok: Object.freeze({ ok: true, key, cached: true }),
  };
}

function evictOldest(map: Map<string, unknown>, max: number): void {
  if (map.size < max) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}

export function createApiKeyVerifier(db: Database): ApiKeyVerifier {
  /** Presented header value → its key. */
  const positive = new Map<string, Positive>();
  /** Key id → the header value cached for it (a key has exactly one valid spelling). */
  const byKeyId = new Map<string, string>();
  const negative = new Map<string, Negative>();
  let lookups = 0;
  let hits = 0;
  // Bumped by every revocation: a look-up that started before one may have
  // read a key that is deleted since, so its answer is used but not cached
  // (cached, it would live until the next revocation of that key: never).
  let revocations = 0;
  /** Bumped by `recheckAll`: entries of an older generation are looked up again. */
  let generation = 0;

  const forget = (keyId: string) => {
    const presented = byKeyId.get(keyId);
    if (presented === undefined) return;
    byKeyId.delete(keyId);
    positive.delete(presented);
  };
  const rememberInvalid = (presented: string, nowMs: number) => {
    negative.delete(presented);
    evictOldest(negative, MAX_NEGATIVE_ENTRIES);
    negative.set(presented, { until: nowMs + NEGATIVE_TTL_MS });
  };
  /** A deleted key: its cached answer becomes "invalid". */
  const refuse = (keyId: string, nowMs: number) => {
    const presented = byKeyId.get(keyId);
    if (presented === undefined) return;
    forget(keyId);
    rememberInvalid(presented, nowMs);
  };

  const checkCached = (presented: string, nowMs: number): KeyCheck | null => {
    const entry = positive.get(presented);
    if (entry !== undefined && entry.generation === generation) {
      hits++;
      return entry.expiresAtMs <= nowMs ? EXPIRED : entry.ok;
    }
    const miss = negative.get(presented);
    if (miss !== undefined) {
      if (miss.until > nowMs) {
        hits++;
        return INVALID;
      }
      negative.delete(presented);
    }
    if (!isWellFormedApiKey(presented)) return INVALID;
    return null;
  };

  return {
    checkCached,
    async verify(presented, nowMs) {
      const known = checkCached(presented, nowMs);
      if (known !== null) return known;
      lookups++;
      const epoch = revocations;
      let key: ApiKey | null;
      try {
        key = await findApiKeyByHash(db, hashApiKey(presented));
      } catch (cause) {
        // Marked for re-checking but the database cannot answer: the last
        // answer stands until it can (deleted keys are negative entries by now).
        const stale = positive.get(presented);
        if (stale !== undefined) return stale.expiresAtMs <= nowMs ? EXPIRED : stale.ok;
        throw new AppError(
          "service_unavailable",
          "This API key could not be checked: the accounts database is unreachable. It is neither accepted nor refused; retry in 5 seconds, or call without a key.",
          { headers: { "retry-after": "5" }, cause },
        );
      }
      if (key === null) {
        const stale = positive.get(presented);
        if (stale !== undefined) forget(stale.key.id);
        rememberInvalid(presented, nowMs);
        return { ok: false, code: "invalid_api_key", cached: false };
      }
      if (epoch !== revocations) {
        return key.expiresAt !== null && Date.parse(key.expiresAt) <= nowMs
          ? { ok: false, code: "expired_api_key", cached: false }
          : { ok: true, key, cached: false };
      }
      forget(key.id);
      if (positive.size >= MAX_POSITIVE_ENTRIES) {
        const oldest = positive.entries().next().value;
        if (oldest !== undefined) forget(oldest[1].key.id);
      }
      const entry = positiveEntry(key, generation);
      positive.set(presented, entry);
      byKeyId.set(key.id, presented);
      return entry.expiresAtMs <= nowMs
        ? { ok: false, code: "expired_api_key", cached: false }
        : { ok: true, key, cached: false };
    },
    revokeKey(keyId, nowMs) {
      revocations++;
      refuse(keyId, nowMs);
    },
    revokeUser(userId, nowMs) {
      revocations++;
      // Rare (account deletion): a scan of the cache.
      for (const entry of positive.values())
        if (entry.key.userId === userId) refuse(entry.key.id, nowMs);
    },
    recheckUser(userId) {
      revocations++;
      for (const entry of positive.values()) if (entry.key.userId === userId) forget(entry.key.id);
    },
    recheckAll() {
      revocations++;
      generation++;
    },
    stats: () => ({ lookups, hits, positive: positive.size, negative: negative.size }),
  };
}

/** Where verification's cache hits and misses are counted (the metric `cls_api_key_cache_total`). */
export type KeyCacheCounter = { inc: (result: "hit" | "miss") => void };

/** Counts cache hits and misses of key verification (failures count as store errors when answered 503). */
export function instrumentVerifier(
  verifier: ApiKeyVerifier,
  keyCache: KeyCacheCounter,
): ApiKeyVerifier {
  return {
    ...verifier,
    checkCached(presented, nowMs) {
      const check = verifier.checkCached(presented, nowMs);
      if (check !== null) keyCache.inc("hit");
      return check;
    },
    async verify(presented, nowMs) {
      const check = await verifier.verify(presented, nowMs);
      keyCache.inc(check.cached ? "hit" : "miss");
      return check;
    },
  };
}
