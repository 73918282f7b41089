/**
 * Exact sliding-window limiter in process memory.
 *
 * Each counter keeps the timestamps of its admitted requests in a ring
 * buffer that grows by doubling up to `limit` slots: a request at `now` is admitted when fewer than
 * `limit` timestamps fall in (now − window, now]; the oldest of them decides
 * Retry-After exactly. Popular limiters use fixed or approximated windows
 * that admit up to twice the limit around a window edge; none of the widely
 * used Node packages offers an exact sliding log, hence this small module.
 *
 * Memory bound: at most `maxCounters` counters (default 100,000). A ring
 * grows by doubling up to `limit` slots of 8 bytes, so a public counter at 60
 * requests holds 64 slots (512 B) plus its key and map entry: 100,000 busy
 * public counters measured about 80 MB of heap. Counters with nothing left in
 * their window are dropped by a sweep; when the map is full of live counters
 * a new counter is refused (429), never a live one evicted — evicting would
 * hand its owner a fresh quota.
 */

import type { RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RateLimitDecision } from "./rate-limit.ts";

type Log = { times: Float64Array; start: number; size: number; limit: number; windowMs: number };

export const DEFAULT_MAX_COUNTERS = 100_000;
const INITIAL_SLOTS = 8;

function drop(log: Log, nowMs: number): void {
  while (log.size > 0 && (log.times[log.start] as number) <= nowMs - log.windowMs) {
    log.start = (log.start + 1) % log.times.length;
    log.size--;
  }
}

/** Doubles the ring (up to the limit), keeping the timestamps in order. */
function grow(log: Log): void {
  const next = new Float64Array(Math.min(log.limit, log.times.length * 2));
  for (let i = 0; i < log.size; i++)
    next[i] = log.times[(log.start + i) % log.times.length] as number;
  log.times = next;
  log.start = 0;
}

export type MemoryLimiter = {
  hit: (counter: string, policy: RateLimitPolicy, nowMs: number) => RateLimitDecision;
  /** Counters currently tracked. */
  size: () => number;
};

export function createMemoryLimiter(maxCounters = DEFAULT_MAX_COUNTERS): MemoryLimiter {
  const logs = new Map<string, Log>();

  const sweep = (nowMs: number) => {
    for (const [key, log] of logs) {
      drop(log, nowMs);
      if (log.size === 0) logs.delete(key);
    }
  };

  return {
    size: () => logs.size,
    hit(counter: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision {
      const key = `${policy.name}|${counter}`;
      let log = logs.get(key);
      if (log === undefined || log.limit !== policy.limit || log.windowMs !== policy.windowMs) {
        if (log === undefined && logs.size >= maxCounters) sweep(nowMs);
        if (log === undefined && logs.size >= maxCounters) {
          return {
            allowed: false,
            used: 0,
            remaining: 0,
            resetMs: policy.windowMs,
            saturated: true,
          };
        }
        const slots = Math.max(1, Math.min(policy.limit, INITIAL_SLOTS));
        log = {
          times: new Float64Array(slots),
          start: 0,
          size: 0,
          limit: policy.limit,
          windowMs: policy.windowMs,
        };
        logs.set(key, log);
      }
      drop(log, nowMs);
      if (log.size < log.limit) {
        if (log.size === log.times.length) grow(log);
        log.times[(log.start + log.size) % log.times.length] = nowMs;
        log.size++;
        const oldest = log.times[log.start] as number;
        return {
          allowed: true,
          used: log.size,
          remaining: log.limit - log.size,
          resetMs: oldest + policy.windowMs - nowMs,
        };
      }
      const oldest = log.times[log.start] as number;
      return {
        allowed: false,
        used: log.size,
        remaining: 0,
        resetMs: oldest + policy.windowMs - nowMs,
      };
    },
  };
}
