/**
 * Throttles log-in and sign-up attempts: at most `limit` attempts per key
 * (an account's email, or a client IP) in any sliding `windowMs`. A refused
 * caller is told exactly when the oldest counted attempt leaves the window
 * (Retry-After); nothing is ever locked permanently. Memory is bounded: at
 * most `maxKeys` keys are tracked; when full, keys whose attempts have all
 * expired are dropped first, then the least recently used.
 */
import type { Clock } from "../lib/clock.ts";

export type AttemptPolicy = { limit: number; windowMs: number };

export type AttemptLimiter = {
  /** Milliseconds until another attempt is allowed, or 0 if allowed now. */
  retryAfterMs: (key: string) => number;
  /** Records an attempt (a failed log-in, a sign-up). */
  record: (key: string) => void;
  /** Forgets a key (after a successful log-in). */
  reset: (key: string) => void;
};

export function createAttemptLimiter(
  policy: AttemptPolicy,
  clock: Clock,
  maxKeys = 100_000,
): AttemptLimiter {
  const attempts = new Map<string, number[]>();

  const live = (key: string): number[] => {
    const list = attempts.get(key);
    if (list === undefined) return [];
    const cutoff = clock.now() - policy.windowMs;
    while (list.length > 0 && (list[0] as number) <= cutoff) list.shift();
    if (list.length === 0) attempts.delete(key);
    return list;
  };

  const makeRoom = () => {
    if (attempts.size < maxKeys) return;
    for (const key of attempts.keys()) live(key);
    while (attempts.size >= maxKeys) {
      const oldest = attempts.keys().next().value;
      if (oldest === undefined) break;
      attempts.delete(oldest);
    }
  };

  return {
    retryAfterMs(key) {
      const list = live(key);
      if (list.length < policy.limit) return 0;
      const oldest = list[list.length - policy.limit] as number;
      return oldest + policy.windowMs - clock.now();
    },
    record(key) {
      const list = live(key);
      if (list.length === 0) makeRoom();
      list.push(clock.now());
      attempts.delete(key);
      attempts.set(key, list);
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
