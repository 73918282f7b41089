/**
 * Recording into the metrics (src/ops/metrics.ts) what a request and a
 * limiter decision did. Apart from prom-client, which makes the metrics:
 * the lane that answers before the app exists (src/api/api.early.ts)
 * imports this without loading prom-client.
 */

import type { Counter, Gauge, Registry } from "prom-client";
import type { RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import { LIMITER_BACKENDS, type LimiterBackend } from "../rate-limit/rate-limit.resilient.ts";
import type { RateLimitDecision, RateLimiter } from "../rate-limit/rate-limit.ts";
import type { SeriesCounter, SeriesHistogram } from "./series-metrics.ts";

/** The app's metrics (made by `createMetrics`, src/ops/metrics.ts). */
export type Metrics = {
  registry: Registry;
  /** method, route, status */
  requests: SeriesCounter;
  /** method, route, status */
  latency: SeriesHistogram;
  /** policy, decision, backend */
  limiterDecisions: SeriesCounter;
  limiterBackend: Gauge<"backend">;
  /** result */
  keyCache: SeriesCounter;
  storeErrors: Counter<"store">;
  /** outcome */
  webhookDeliveries: Counter<"outcome">;
  /** Where the queue gauges read from when scraped; set by the app that owns the queue. */
  webhookQueue: { read: (() => Promise<{ depth: number; oldestAgeSeconds: number }>) | null };
};

/** Counts each decision under the backend that made it. */
export function instrumentLimiter(
  limiter: RateLimiter,
  metrics: Metrics,
  backend: () => LimiterBackend,
): RateLimiter {
  // The gauge is written when the backend changes, not on every decision.
  let shown: LimiterBackend | null = null;
  const show = (current = backend()) => {
    if (current === shown) return;
    shown = current;
    for (const name of LIMITER_BACKENDS)
      metrics.limiterBackend.set({ backend: name }, name === current ? 1 : 0);
  };
  show();
  // Per policy object, its two series under the backend they were bound
  // for: a decision is then counted with no look-up (the fast lane's hit).
  type Bound = { backend: LimiterBackend; admitted: () => void; refused: () => void };
  const bound = new WeakMap<RateLimitPolicy, Bound>();
  const count = (policy: RateLimitPolicy, decision: RateLimitDecision) => {
    const current = backend();
    let series = bound.get(policy);
    if (series === undefined || series.backend !== current) {
      series = {
        backend: current,
        admitted: metrics.limiterDecisions.bind(policy.name, "admitted", current),
        refused: metrics.limiterDecisions.bind(policy.name, "refused", current),
      };
      bound.set(policy, series);
    }
    if (decision.allowed) series.admitted();
    else series.refused();
    show(current);
    return decision;
  };
  return {
    peek: (counter, policy, nowMs) => limiter.peek(counter, policy, nowMs),
    status: () => limiter.status(),
    close: () => limiter.close(),
    hit(counter, policy, nowMs) {
      // Synchronous decisions stay synchronous (the fast lane answers them without a promise).
      const decided = limiter.hit(counter, policy, nowMs);
      return decided instanceof Promise
        ? decided.then((decision) => count(policy, decision))
        : count(policy, decided);
    },
  };
}

/** Counts one answered request and its time (the API's fast lane calls this too). */
export function observeRequest(
  metrics: Metrics,
  method: string,
  route: string,
  status: number,
  elapsedMs: number,
): void {
  const code = String(status);
  metrics.requests.inc(method, route, code);
  metrics.latency.series(method, route, code).observe(elapsedMs / 1000);
}

/**
 * `observeRequest` for one method, for a caller that counts the same few
 * routes and statuses over and over (the API's fast lane): each route and
 * status is looked up once, then counted with no look-up or string made.
 * Holds one entry per route and status seen; callers pass route patterns.
 */
export function requestObserver(
  metrics: Metrics,
  method: string,
): (route: string, status: number, elapsedMs: number) => void {
  const byRoute = new Map<string, Map<number, (elapsedMs: number) => void>>();
  return (route, status, elapsedMs) => {
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let observe = byStatus.get(status);
    if (observe === undefined) {
      const code = String(status);
      const count = metrics.requests.bind(method, route, code);
      const time = metrics.latency.bind(method, route, code);
      observe = (ms: number) => {
        count();
        time(ms / 1000);
      };
      byStatus.set(status, observe);
    }
    observe(elapsedMs);
  };
}
