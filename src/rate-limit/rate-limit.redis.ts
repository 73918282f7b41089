/**
 * Exact sliding-window limiter shared by every instance through Redis.
 *
 * Contract (the same as the memory limiter's, checked by the same suite): in
 * no interval of `windowMs` is a counter admitted more than `limit` times,
 * across all instances; only admitted requests are counted; Retry-After is
 * exact. A Lua script, atomic on the server, keeps each counter's admitted
 * timestamps in a sorted set, drops those that left the window, and admits
 * when fewer than `limit` remain. The set expires with its window, so Redis
 * holds only callers active within their window: at most `limit` entries
 * (about 40 bytes each) per active counter.
 *
 * Leases (docs/decisions/0018-redis-limiter-leases.md, 0036): a round trip costs
 * more CPU than the rest of a request, so a counter that keeps one instance
 * busy asks for slots ahead — up to MAX_LEASE, never more than a sixteenth
 * of what remains, so near the limit every decision is single and exact.
 * Extra slots are held in Redis at grant time + LEASE_HOLD_MS and usable by
 * this instance only until then; a used one is counted from its grant, so
 * any window that holds its real admission time also holds a moment when
 * Redis counted it, and no window ever admits more than `limit`. When the
 * lease ends (next call, the sweep, or close), used slots take their true
 * times and unused ones are removed: the set is the exact log again, and
 * the cost of a lease is at most LEASE_HOLD_MS of over-counting its unused
 * slots. A counter asking once in a while gets exactly the single
 * decision it would without leases. A refused counter is refused here,
 * with no round trip, until its oldest admission leaves the window (Redis
 * would say no until then). Memory: one small record per counter that
 * asked within the last hold.
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
 * Settles a lease handed back: ARGV[1] its id ('' for none), ARGV[2] the
 * slots it granted beyond the first, ARGV[3] how many of those were used,
 * then their admission times. A used slot takes its true time (it was held
 * at grant time + hold, later than it could be used); an unused one leaves.
 * Afterwards the set is the exact log of admissions again.
 */
const SETTLE = `
local back = ARGV[1]
if back ~= '' then
  local granted = tonumber(ARGV[2])
  local usedBack = tonumber(ARGV[3])
  for i = 1, usedBack do redis.call('ZADD', KEYS[1], 'XX', ARGV[3 + i], back .. ':' .. i) end
  for i = usedBack + 1, granted do redis.call('ZREM', KEYS[1], back .. ':' .. i) end
end
`;

/** SETTLE's arguments for a lease handed back, or for none. */
const settleArgs = (lease: Lease | null): (string | number)[] =>
  lease === null ? ["", 0, 0] : [lease.id, lease.extra, lease.times.length, ...lease.times];

/**
 * KEYS[1] the counter's sorted set; ARGV: SETTLE's, then now, windowMs,
 * limit, hold ms, wanted slots, a unique lease id. Admits this request at
 * `now` when fewer than `limit` are in the window, and with it up to
 * `wanted - 1` more slots held at `now + hold` — never more than a
 * sixteenth of what remains, so near the limit every decision is single
 * and exact. Returns { admitted 0|1, used (held slots included), oldest
 * timestamp or -1, extra slots granted }.
 */
const SLIDING_WINDOW = `${SETTLE}
local at = 4 + tonumber(ARGV[3])
local now = tonumber(ARGV[at])
local window = tonumber(ARGV[at + 1])
local limit = tonumber(ARGV[at + 2])
local hold = tonumber(ARGV[at + 3])
local wanted = tonumber(ARGV[at + 4])
local id = ARGV[at + 5]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local admitted = 0
local extra = 0
if used < limit then
  redis.call('ZADD', KEYS[1], now, id .. ':0')
  used = used + 1
  admitted = 1
  extra = math.min(wanted - 1, math.floor((limit - used) / 16))
  for i = 1, extra do redis.call('ZADD', KEYS[1], now + hold, id .. ':' .. i) end
  used = used + extra
end
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local keep = window
if newest[2] ~= nil and tonumber(newest[2]) > now then keep = window + tonumber(newest[2]) - now end
redis.call('PEXPIRE', KEYS[1], keep)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] == nil then return { admitted, used, -1, extra } end
return { admitted, used, tonumber(oldest[2]), extra }
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

/**
 * Slots granted to this instance beyond the request that asked: usable by
 * later requests of the same counter from `grantedAt` until `expiresAt`.
 */
type Lease = {
  id: string;
  key: string;
  grantedAt: number;
  expiresAt: number;
  /** Slots beyond the first (held in Redis at grantedAt + hold). */
  extra: number;
  /** Admission times of the extra slots used so far. */
  times: number[];
  /** Redis's count right after the grant (extra slots included) and its oldest entry. */
  usedAtGrant: number;
  oldest: number;
  settled: boolean;
};

/**
 * Per counter on this instance: the current lease, the next size to ask
 * for, a call in flight, and the last refusal (from `at` until the window
 * has room again, the answer cannot be yes).
 */
type Local = {
  lease: Lease | null;
  wanted: number;
  inFlight: Promise<unknown> | null;
  refused: { at: number; until: number; used: number } | null;
};

/** How long granted slots may be used: short, so unused ones go back quickly. */
export const LEASE_HOLD_MS = 250;
/**
 * The most slots one call asks for; sizes double while a counter uses them
 * all within the hold. Each call costs the instance a command to encode and
 * write and a reply to parse, so a busy account's share of that per request
 * falls with the lease (decision 0036); only limits of 4,096 or more per
 * window ever reach this size (a sixteenth of what remains).
 */
export const MAX_LEASE = 256;

type SlidingWindowRedis = Redis & {
  peekWindow: (key: string, nowMs: number, windowMs: number) => Promise<[number, number]>;
  slidingWindow: (
    key: string,
    ...args: (string | number)[]
  ) => Promise<[number, number, number, number]>;
  settleLease: (key: string, ...args: (string | number)[]) => Promise<unknown>;
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
  /** Synchronous when a slot this instance holds decides; otherwise one round trip. */
  hit: (
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
  ) => Promise<RateLimitDecision> | RateLimitDecision;
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
  /** The clock leases expire by when no request comes (the newest request time otherwise). */
  now?: () => number;
};

export function createRedisLimiter(options: RedisLimiterOptions): RedisLimiter {
  const redis = new Redis(
    options.url,
    redisOptions({ keyPrefix: `${options.keyPrefix ?? "cls:"}rl:` }),
  ) as SlidingWindowRedis;
  redis.on("error", (error: Error) => options.onError?.(error));
  redis.defineCommand("slidingWindow", { numberOfKeys: 1, lua: SLIDING_WINDOW });
  redis.defineCommand("settleLease", { numberOfKeys: 1, lua: SETTLE });
  redis.defineCommand("peekWindow", { numberOfKeys: 1, lua: PEEK_WINDOW });
  let sequence = 0;
  const instance = randomBytes(6).toString("hex");
  const locals = new Map<string, Local>();
  // Leases in the order they were granted (all hold alike): the sweep
  // settles and forgets expired ones, so `locals` holds only counters that
  // asked within the last hold. Expired means past the newest request time
  // or the clock, whichever is later.
  let expiring: Lease[] = [];
  let expiringHead = 0;
  let latestMs = 0;
  const clock = options.now ?? Date.now;

  const settle = (lease: Lease): Promise<unknown> => {
    if (lease.settled) return Promise.resolve();
    lease.settled = true;
    if (lease.extra === 0) return Promise.resolve();
    // A failure leaves unused slots counted until they leave the window: over-counting only.
    return redis.settleLease(lease.key, ...settleArgs(lease)).catch(() => {});
  };

  const sweep = () => {
    const nowMs = Math.max(latestMs, clock());
    while (expiringHead < expiring.length) {
      const lease = expiring[expiringHead] as Lease;
      if (lease.expiresAt > nowMs) break;
      expiringHead++;
      const local = locals.get(lease.key);
      if (local?.lease === lease && local.inFlight === null) locals.delete(lease.key);
      void settle(lease);
    }
    if (expiringHead > 1024 && expiringHead * 2 > expiring.length) {
      expiring = expiring.slice(expiringHead);
      expiringHead = 0;
    }
  };
  const sweeper = setInterval(sweep, LEASE_HOLD_MS);
  sweeper.unref();

  const ask = (
    key: string,
    local: Local,
    policy: RateLimitPolicy,
    nowMs: number,
  ): Promise<RateLimitDecision> => {
    const previous = local.lease;
    let back: Lease | null = null;
    if (previous !== null) {
      // Twice as many while a counter uses all it was given within the hold; else what it used.
      const usedUp = previous.times.length >= previous.extra && nowMs < previous.expiresAt;
      local.wanted = usedUp
        ? Math.min(MAX_LEASE, local.wanted * 2)
        : Math.max(1, previous.times.length + 1);
      if (!previous.settled && previous.extra > 0) back = previous;
      previous.settled = true;
    }
    sequence = (sequence + 1) % 1e9;
    const id = `${instance}:${sequence}`;
    const call = redis
      .slidingWindow(
        key,
        ...settleArgs(back),
        nowMs,
        policy.windowMs,
        policy.limit,
        LEASE_HOLD_MS,
        local.wanted,
        id,
      )
      .then(
        ([admitted, usedInRedis, oldest, extra]): RateLimitDecision => {
          local.inFlight = null;
          const lease: Lease = {
            id,
            key,
            grantedAt: nowMs,
            expiresAt: nowMs + LEASE_HOLD_MS,
            extra,
            times: [],
            usedAtGrant: usedInRedis,
            oldest,
            settled: false,
          };
          local.lease = lease;
          local.refused =
            admitted === 1 || oldest < 0
              ? null
              : { at: nowMs, until: oldest + policy.windowMs, used: usedInRedis };
          expiring.push(lease);
          // The extra slots are not admissions yet: they count once used.
          const used = usedInRedis - extra;
          return {
            allowed: admitted === 1,
            used,
            remaining: Math.max(0, policy.limit - used),
            resetMs: oldest < 0 ? 0 : oldest + policy.windowMs - nowMs,
          };
        },
        (error: unknown) => {
          local.inFlight = null;
          local.lease = null;
          // Nothing to keep: the next request for this counter starts afresh.
          if (locals.get(key) === local) locals.delete(key);
          throw error;
        },
      );
    local.inFlight = call;
    return call;
  };

  const hit = (
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
  ): Promise<RateLimitDecision> | RateLimitDecision => {
    if (nowMs > latestMs) latestMs = nowMs;
    const key = `${policy.name}|${counter}`;
    let local = locals.get(key);
    if (local === undefined) {
      local = { lease: null, wanted: 1, inFlight: null, refused: null };
      locals.set(key, local);
    } else {
      const lease = local.lease;
      if (
        lease !== null &&
        !lease.settled &&
        lease.times.length < lease.extra &&
        nowMs >= lease.grantedAt &&
        nowMs < lease.expiresAt
      ) {
        // A slot Redis granted this instance: no round trip.
        lease.times.push(nowMs);
        const used = lease.usedAtGrant - (lease.extra - lease.times.length);
        return {
          allowed: true,
          used,
          remaining: Math.max(0, policy.limit - used),
          resetMs: lease.oldest < 0 ? 0 : Math.max(0, lease.oldest + policy.windowMs - nowMs),
        };
      }
      // Refused until the oldest admission leaves the window: so is this one.
      const refused = local.refused;
      if (refused !== null && nowMs >= refused.at && nowMs < refused.until) {
        return { allowed: false, used: refused.used, remaining: 0, resetMs: refused.until - nowMs };
      }
      // One call per counter at a time: the others wait for its grant.
      if (local.inFlight !== null) {
        const again = () => hit(counter, policy, nowMs);
        return local.inFlight.then(again, again);
      }
    }
    return ask(key, local, policy, nowMs);
  };

  return {
    hit,
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
      clearInterval(sweeper);
      // Hand back what this instance still holds, so a restart over-counts nothing.
      await Promise.all(expiring.slice(expiringHead).map(settle));
      locals.clear();
      redis.disconnect();
    },
  };
}
