/**
 * Prometheus metrics (text format, prom-client). One registry per app, so
 * tests and several apps in one process never share counters. The metrics
 * counted on every request are series metrics (./series-metrics.ts: the
 * same exposition, without a key string built per call).
 *
 * - cls_http_requests_total{method,route,status} and
 *   cls_http_request_duration_seconds{method,route,status}: the route is the
 *   matched pattern (`/v1/states/:code`), never the raw URL, so label values
 *   stay few; unmatched paths count as `unmatched`.
 * - cls_rate_limit_decisions_total{policy,decision,backend} and
 *   cls_rate_limit_backend{backend} (1 for the one in force: memory, redis or
 *   degraded).
 * - cls_api_key_cache_total{result=hit|miss} (counted by the key verifier,
 *   src/api-keys/api-key.verifier.ts).
 * - cls_store_errors_total{store=database|redis}.
 * - cls_webhook_deliveries_total{outcome}: settled delivery attempts
 *   (delivered, retry, failed = given up, gone = 410, lost_lease);
 *   cls_webhook_queue_depth and cls_webhook_queue_oldest_age_seconds: the
 *   pending deliveries of every instance, read from the database when
 *   scraped.
 * - the process metrics prom-client collects (CPU, memory, event loop lag).
 *
 * Exposure: only on METRICS_PORT, a listener of its own (start.ts); unset,
 * metrics are not served at all. The main port never answers /metrics:
 * who is calling it cannot be told reliably there (a same-host TCP proxy
 * that adds no `X-Forwarded-For` makes every visitor look like loopback).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { type Metrics, observeRequest } from "./metrics.record.ts";
import { seriesCounter, seriesHistogram } from "./series-metrics.ts";

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const webhookQueue: Metrics["webhookQueue"] = { read: null };
  // Both queue gauges come from one query per scrape.
  let reading: Promise<{ depth: number; oldestAgeSeconds: number } | null> | null = null;
  const readQueue = () => {
    reading ??= (webhookQueue.read?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => {
        setImmediate(() => {
          reading = null;
        });
      });
    return reading;
  };
  // The metrics counted on every request are series metrics (src/ops/series-metrics.ts).
  const metrics: Metrics = {
    registry,
    requests: seriesCounter({
      name: "cls_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registry,
    }),
    latency: seriesHistogram({
      name: "cls_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registry,
    }),
    limiterDecisions: seriesCounter({
      name: "cls_rate_limit_decisions_total",
      help: "Rate-limit decisions, by policy, decision (admitted/refused) and backend",
      labelNames: ["policy", "decision", "backend"],
      registry,
    }),
    limiterBackend: new Gauge({
      name: "cls_rate_limit_backend",
      help: "The limiter backend in force (1) — memory, redis, or degraded (per-instance share while Redis is unreachable)",
      labelNames: ["backend"],
      registers,
    }),
    keyCache: seriesCounter({
      name: "cls_api_key_cache_total",
      help: "API key verifications answered from the cache (hit) or the database (miss)",
      labelNames: ["result"],
      registry,
    }),
    storeErrors: new Counter({
      name: "cls_store_errors_total",
      help: "Failed calls to a backing store (database, redis)",
      labelNames: ["store"],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "cls_webhook_deliveries_total",
      help: "Webhook delivery attempts settled by this instance, by outcome: delivered (2xx), retry (will be tried again), failed (given up), gone (410: endpoint disabled), lost_lease",
      labelNames: ["outcome"],
      registers,
    }),
    webhookQueue,
  };
  new Gauge({
    name: "cls_webhook_queue_depth",
    help: "Webhook deliveries waiting to be sent or retried (all instances)",
    registers,
    async collect() {
      const stats = await readQueue();
      if (stats !== null) this.set(stats.depth);
    },
  });
  new Gauge({
    name: "cls_webhook_queue_oldest_age_seconds",
    help: "Age of the oldest webhook delivery still waiting (0 when none)",
    registers,
    async collect() {
      const stats = await readQueue();
      if (stats !== null) this.set(stats.oldestAgeSeconds);
    },
  });
  return metrics;
}

export {
  instrumentLimiter,
  type Metrics,
  observeRequest,
  requestObserver,
} from "./metrics.record.ts";

export type MetricsPluginOptions = {
  metrics: Metrics;
  /** Which unexpected errors mean the database is unreachable (counted as store errors). */
  isUnavailable: (error: unknown) => boolean;
};

/** Counts every request of the app (not encapsulated). /metrics itself is served by start.ts on METRICS_PORT. */
export const metricsPlugin = fp(async function metricsPlugin(
  app: FastifyInstance,
  options: MetricsPluginOptions,
): Promise<void> {
  const { metrics } = options;
  app.addHook("onResponse", (request, reply, done) => {
    observeRequest(
      metrics,
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  app.addHook("onError", (_request, _reply, error, done) => {
    if ((error as { code?: string }).code === "service_unavailable" || options.isUnavailable(error))
      metrics.storeErrors.inc({ store: "database" });
    done();
  });
});

/** The metrics text for a separate listener (METRICS_PORT). */
export async function renderMetrics(
  metrics: Metrics,
): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
