/**
 * The shared backends of a scaled-out deployment, built from the Config for
 * `start.ts`: with REDIS_URL, the Redis limiter behind its per-instance
 * fallback, revocations over pub/sub and a Redis readiness probe; without
 * it, nothing (the app's in-process defaults). Connection failures are
 * counted as store errors; state changes are logged once each. start.ts
 * imports this module only when REDIS_URL is set, so a single instance never
 * loads ioredis.
 */

import { createRedisRevocations } from "../api-keys/api-key.revocation.redis.ts";
import type { RevocationEvent, Revocations } from "../api-keys/api-key.revocation.ts";
import type { Config } from "../config.ts";
import { createRedisLimiter } from "../rate-limit/rate-limit.redis.ts";
import { createResilientLimiter, type LimiterBackend } from "../rate-limit/rate-limit.resilient.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import type { ReadinessProbe } from "./health.routes.ts";
import type { Metrics } from "./metrics.ts";

export type EventLog = {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
};

export type Backends = {
  /** Passed to buildApp as they are. */
  deps: {
    limiter?: RateLimiter;
    limiterBackend?: () => LimiterBackend;
    createRevocations?: (apply: (event: RevocationEvent) => void) => Revocations;
    probes?: readonly ReadinessProbe[];
  };
  /** Resolves once Redis is connected, or after a short wait (then the limiter starts degraded and recovers by itself). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export function createBackends(config: Config, metrics: Metrics, log: EventLog): Backends {
  if (config.redisUrl === null) return { deps: {}, ready: async () => {}, close: async () => {} };
  const url = config.redisUrl;
  const redisError = () => metrics.storeErrors.inc({ store: "redis" });
  const shared = createRedisLimiter({ url, onError: redisError });
  const limiter = createResilientLimiter({
    shared,
    instanceCount: config.instanceCount,
    maxCounters: config.rateLimitMaxCounters,
    onStateChange: (state, error) => {
      if (state === "degraded") {
        redisError();
        log.warn(
          { backend: "degraded", instance_count: config.instanceCount, err: error },
          `Redis unreachable: rate limits fall back to this instance's share (limit / ${config.instanceCount}) until it answers again`,
        );
      } else log.info({ backend: "redis" }, "Redis reachable again: shared rate limits resumed");
    },
  });
  return {
    deps: {
      limiter,
      limiterBackend: limiter.backend,
      createRevocations: (apply) => createRedisRevocations({ url, apply, onError: redisError }),
      probes: [{ name: "redis", check: shared.ping, degradable: true }],
    },
    ready: async () => {
      await shared.connected();
    },
    close: async () => {
      await limiter.close();
    },
  };
}
