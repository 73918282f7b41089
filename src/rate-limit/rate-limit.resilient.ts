/**
 * The shared limiter with its fallback: Redis while it answers; while it
 * does not, this instance's share in process memory.
 *
 * Guarantees:
 * - Never fail-open. When a Redis decision fails (error or timeout), the
 *   request is decided by a memory limiter that admits
 *   floor(limit / instanceCount) per window, so N instances together admit
 *   at most the limit (a limit smaller than the instance count admits
 *   nothing while degraded).
 * - A dead or hung Redis costs one command timeout per request only until
 *   a failed command is confirmed by a failed PING: from then on requests go
 *   straight to memory and a probe (PING every PROBE_INTERVAL_MS) decides
 *   when Redis is back, so the shared limits resume by themselves within
 *   about a second of Redis answering again. A request whose command fails
 *   before the PING has confirmed the outage is refused (429, retry in one
 *   second): it may have been counted in Redis already.
 * - The local counts are kept across recoveries (they expire with their
 *   windows), so however often Redis comes and goes, one instance admits at
 *   most its share per window from memory.
 * - Each change of state is reported once (`onStateChange`), not per request.
 *
 * Counts made while degraded stay in this instance (Redis never learns of
 * them); counts Redis held survive a hang, and survive a restart only if
 * Redis persists them (appendonly), as docs/DEPLOY.md advises.
 */
import { createMemoryLimiter, type MemoryLimiter } from "./rate-limit.memory.ts";
import type { RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RedisLimiter } from "./rate-limit.redis.ts";
import type { RateLimitDecision, RateLimiter } from "./rate-limit.ts";

export const LIMITER_BACKENDS = ["memory", "redis", "degraded"] as const;
export type LimiterBackend = (typeof LIMITER_BACKENDS)[number];

export const PROBE_INTERVAL_MS = 1_000;

export type ResilientLimiter = RateLimiter & {
  backend: () => LimiterBackend;
  close: () => Promise<void>;
};

const memory = (maxCounters: number) => createMemoryLimiter({ maxCounters });

export type ResilientLimiterOptions = {
  shared: RedisLimiter;
  instanceCount: number;
  maxCounters: number;
  onStateChange: (state: "degraded" | "recovered", error?: unknown) => void;
  probeIntervalMs?: number;
};

/** While a failure is unconfirmed: refused, retry in a second (never fail-open). */
const UNSURE = (policy: RateLimitPolicy): RateLimitDecision => ({
  allowed: false,
  used: policy.limit,
  remaining: 0,
  resetMs: 1_000,
});

export function sharePolicy(policy: RateLimitPolicy, instanceCount: number): RateLimitPolicy {
  return { ...policy, limit: Math.floor(policy.limit / instanceCount) };
}

export function createResilientLimiter(options: ResilientLimiterOptions): ResilientLimiter {
  const { shared, instanceCount } = options;
  const local: MemoryLimiter = memory(options.maxCounters);
  let degraded = false;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  let confirming = false;

  const recover = () => {
    if (!degraded) return;
    degraded = false;
    clearInterval(probe);
    probe = undefined;
    options.onStateChange("recovered");
  };

  // A command can fail once without Redis being down (a slow moment in this
  // process); the switch happens only when a PING fails too. Until then a
  // request whose command failed is refused for a second: Redis may have
  // counted it, and admitting it here could exceed the shared limit.
  const suspect = (error: unknown) => {
    if (degraded || closed || confirming) return;
    confirming = true;
    shared.ping().then(
      (ok) => {
        confirming = false;
        if (!ok) degrade(error);
      },
      () => {
        confirming = false;
        degrade(error);
      },
    );
  };

  const degrade = (error: unknown) => {
    if (degraded || closed) return;
    degraded = true;
    options.onStateChange("degraded", error);
    probe = setInterval(() => {
      shared.ping().then(
        (ok) => ok && recover(),
        () => {},
      );
    }, options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    probe.unref();
  };

  const decideLocally = (
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
    charge: boolean,
  ): RateLimitDecision => {
    const share = sharePolicy(policy, instanceCount);
    if (share.limit < 1) {
      return { allowed: false, used: 0, remaining: 0, resetMs: policy.windowMs };
    }
    return charge ? local.hit(counter, share, nowMs) : local.peek(counter, share, nowMs);
  };

  const hitFailed = (
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
    error: unknown,
  ): RateLimitDecision => {
    suspect(error);
    return degraded ? decideLocally(counter, policy, nowMs, true) : UNSURE(policy);
  };

  return {
    hit(counter, policy, nowMs): Promise<RateLimitDecision> | RateLimitDecision {
      if (degraded) return decideLocally(counter, policy, nowMs, true);
      let decided: Promise<RateLimitDecision> | RateLimitDecision;
      try {
        decided = shared.hit(counter, policy, nowMs);
      } catch (error) {
        return hitFailed(counter, policy, nowMs, error);
      }
      // A slot this instance already holds decides at once, with no promise.
      return decided instanceof Promise
        ? decided.catch((error: unknown) => hitFailed(counter, policy, nowMs, error))
        : decided;
    },
    async peek(counter, policy, nowMs): Promise<RateLimitDecision> {
      if (!degraded) {
        try {
          return await shared.peek(counter, policy, nowMs);
        } catch (error) {
          suspect(error);
          if (!degraded) return UNSURE(policy);
        }
      }
      return decideLocally(counter, policy, nowMs, false);
    },
    status: () => (degraded ? local.status() : shared.status()),
    backend: () => (degraded ? "degraded" : "redis"),
    close: async () => {
      closed = true;
      clearInterval(probe);
      local.close();
      await shared.close();
    },
  };
}
