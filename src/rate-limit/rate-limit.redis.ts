/**
 * Exact sliding-window limiter shared by every instance through Redis.
 *
 * Contract (the same as the memory limiter's, checked by the same suite): in
 * no interval of `windowMs` is a counter admitted more than `limit` times,
 * across all instances; only admitted requests are counted; Retry-After is
 * exact. One decision is one round trip: a Lua script, atomic on the server,
 * keeps each counter's admitted timestamps in a sorted set, drops those that
 * left the window, and admits when fewer than `limit` remain. The set expires
 * with its window, so Redis holds only callers active within their window:
 * at most `limit` entries (about 40 bytes each) per active counter.
 *
 * The caller's clock decides (the same injected clock as everywhere else), so
 * instances must keep their clocks in sync (NTP); a skew of d ms can make the
 * window up to d ms longer or shorter at its edge, never double it.
 *
 * Failure: commands time out after COMMAND_TIMEOUT_MS and are never queued
 * while disconnected (`enableOfflineQueue: false`), so a dead or hung Redis
 * costs a request at most that long; the resilient wrapper then switches to
 * the per-instance share (rate-limit.resilient.ts).
 */
import { randomBytes } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "./rate-limit.ts";

export const COMMAND_TIMEOUT_MS = 400;
export const CONNECT_TIMEOUT_MS = 500;

/**
 * KEYS[1] the counter's sorted set; ARGV: now, windowMs, limit, a unique
 * member. Returns { admitted 0|1, used, oldest timestamp or -1 }.
 */
const SLIDING_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local admitted = 0
if used < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  used = used + 1
  admitted = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] == nil then return { admitted, used, -1 } end
return { admitted, used, tonumber(oldest[2]) }
`;

/**
 * The same window, read only: KEYS[1]; ARGV: now, windowMs. Returns
 * { used, oldest timestamp in the window or -1 }.
 */
const PEEK_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local floor = '(' .. (now - window)
local used = redis.call('ZCOUNT', KEYS[1], floor, '+inf')
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], floor, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
if oldest[2] == nil then return { used, -1 } end
return { used, tonumber(oldest[2]) }
`;

type SlidingWindowRedis = Redis & {
  peekWindow: (key: string, nowMs: number, windowMs: number) => Promise<[number, number]>;
  slidingWindow: (
    key: string,
    nowMs: number,
    windowMs: number,
    limit: number,
    member: string,
  ) => Promise<[number, number, number]>;
};

/** Connection options for every Redis client of the service: fail fast, never queue. */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // Reconnect quickly and keep trying: recovery must not wait on a long back-off.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
    lazyConnect: false,
    ...extra,
  };
}

export function waitUntilReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on("ready", onReady);
  });
}

export type RedisLimiter = RateLimiter & {
  hit: (counter: string, policy: RateLimitPolicy, nowMs: number) => Promise<RateLimitDecision>;
  peek: (counter: string, policy: RateLimitPolicy, nowMs: number) => Promise<RateLimitDecision>;
  /** Resolves true when Redis answers PING. */
  ping: () => Promise<boolean>;
  /**
   * Resolves true once connected, false if not connected within `timeoutMs`
   * (commands are never queued, so a caller that must not degrade at
   * start-up waits for this first).
   */
  connected: (timeoutMs?: number) => Promise<boolean>;
  close: () => Promise<void>;
};

export type RedisLimiterOptions = {
  url: string;
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** Told about connection errors (the wrapper logs state changes once). */
  onError?: (error: Error) => void;
};

export function createRedisLimiter(options: RedisLimiterOptions): RedisLimiter {
  const redis = new Redis(
    options.url,
    redisOptions({ keyPrefix: `${options.keyPrefix ?? "cls:"}rl:` }),
  ) as SlidingWindowRedis;
  redis.on("error", (error: Error) => options.onError?.(error));
  redis.defineCommand("slidingWindow", { numberOfKeys: 1, lua: SLIDING_WINDOW });
  redis.defineCommand("peekWindow", { numberOfKeys: 1, lua: PEEK_WINDOW });
  let sequence = 0;
  const instance = randomBytes(6).toString("hex");

  return {
    async hit(counter, policy, nowMs) {
      // Members must be unique: two requests in the same millisecond are two entries.
      sequence = (sequence + 1) % 1e9;
      const member = `${nowMs}:${instance}:${sequence}`;
      const [admitted, used, oldest] = await redis.slidingWindow(
        `${policy.name}|${counter}`,
        nowMs,
        policy.windowMs,
        policy.limit,
        member,
      );
      const resetMs = oldest < 0 ? 0 : oldest + policy.windowMs - nowMs;
      return {
        allowed: admitted === 1,
        used,
        remaining: Math.max(0, policy.limit - used),
        resetMs,
      };
    },
    async peek(counter, policy, nowMs) {
      const [used, oldest] = await redis.peekWindow(
        `${policy.name}|${counter}`,
        nowMs,
        policy.windowMs,
      );
      return {
        allowed: used < policy.limit,
        used,
        remaining: Math.max(0, policy.limit - used),
        resetMs: oldest < 0 ? 0 : oldest + policy.windowMs - nowMs,
      };
    },
    // Exact for every counter; counting them would cost a scan of the keyspace.
    status: () => ({ exact: true, counters: null }),
    ping: async () => (await redis.ping()) === "PONG",
    connected: (timeoutMs = CONNECT_TIMEOUT_MS * 4) => waitUntilReady(redis, timeoutMs),
    close: async () => {
      redis.disconnect();
    },
  };
}
