/**
 * The composition root: builds the Fastify application from a Config and
 * its long-lived dependencies. Each part registers itself from its own
 * folder (`*.register.ts`), taking what it needs as named options; the
 * order below is the order of every hook and plugin, and it matters (see
 * docs/architecture.md, "Composition"). No I/O here; `start.ts` loads,
 * builds and listens.
 */
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { registerAccounts, registerSessions } from "./accounts/accounts.register.ts";
import { registerApi, registerApiGuard, registerOpenApi } from "./api/api.register.ts";
import { createLaneServer, type LaneServer } from "./api/fast-lane.ts";
import type { RevocationEvent, Revocations } from "./api-keys/api-key.revocation.ts";
import type { KeyUsage } from "./api-keys/api-key.usage.ts";
import { registerApiKeyPages, registerApiKeys } from "./api-keys/api-keys.register.ts";
import type { Config } from "./config.ts";
import type { Dataset } from "./dataset/dataset.load.ts";
import { createLiveLaw, type LiveLaw } from "./dataset/law.live.ts";
import { createLawModel, type LawModel } from "./dataset/law.ts";
import { type DatabaseHandle, isDatabaseUnavailable } from "./db/database.ts";
import { registerErrorHandlers } from "./errors.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { createLazyValidators, type LazyValidators } from "./lib/lazy-validators.ts";
import { createOutboxMailer, createSmtpMailer, deliverer, type Mailer } from "./mail/mailer.ts";
import type { Lifecycle, ReadinessProbe } from "./ops/health.routes.ts";
import { createMetrics, type Metrics } from "./ops/metrics.ts";
import {
  createFastify,
  frameworkErrorHandler,
  registerAccessLog,
  registerHealth,
  registerOps,
  responseHeaders,
} from "./ops/ops.register.ts";
import { loadTrustFunction } from "./ops/server-settings.ts";
import type { LimiterBackend } from "./rate-limit/rate-limit.resilient.ts";
import type { RateLimiter } from "./rate-limit/rate-limit.ts";
import { registerReleases } from "./releases/releases.register.ts";
import {
  addCorrectionLinks,
  createReviewCurrency,
  registerReviewQueue,
} from "./review-queue/review-queue.register.ts";
import { renderErrorPage } from "./web/errors.page.ts";
import {
  formProtection,
  pageContext,
  registerReference,
  registerTrailingSlashRedirect,
  registerWebsite,
  registerWebsiteLimiter,
} from "./web/web.register.ts";
import type { Lookup } from "./webhooks/webhook.address-guard.ts";
import { registerWebhooks } from "./webhooks/webhooks.register.ts";

export { ATTEMPT_POLICIES, PASSWORD_GATE_POLICY } from "./accounts/accounts.register.ts";
export { KEY_LOOKUPS_OVER_LIMIT } from "./api/api.register.ts";
export { KEY_CREATION_POLICY } from "./api-keys/api-keys.register.ts";
export { loggerOptions, redactUrl } from "./ops/logger.ts";
export { WEBHOOK_ACTION_POLICIES } from "./webhooks/webhook.throttle.ts";

export type AppDeps = {
  /** The dataset as authored (the base of the dated model, src/dataset/law.ts). */
  dataset: Dataset;
  /** The law in force now; by default computed from `dataset` on `lawClock`. */
  live?: LiveLaw;
  /** The dated model of `dataset` (src/dataset/law.ts), when the caller has built it already. */
  lawModel?: LawModel;
  /** The clock the law in force follows; the app's `clock` by default. */
  lawClock?: Clock;
  /** Users, sessions and API keys (migrated already). */
  database: DatabaseHandle;
  /** Batched last-used writes for API keys; by default one the app flushes every minute and on close. */
  keyUsage?: KeyUsage;
  /** The rate limiter; an in-process one by default. */
  limiter?: RateLimiter;
  /** The website's limiter (pages, docs; not static assets); an in-process one by default. */
  webLimiter?: RateLimiter;
  /** Which backend the limiter is using right now (for metrics); "memory" by default. */
  limiterBackend?: () => LimiterBackend;
  /**
   * How key revocations reach every instance: given the function that
   * applies an event to this instance's caches, returns the publisher.
   * Local-only by default (one instance).
   */
  createRevocations?: (apply: (event: RevocationEvent) => void) => Revocations;
  /** Prometheus metrics; a fresh registry by default. */
  metrics?: Metrics;
  clock?: Clock;
  /** More dependencies for /readyz to check, besides the database. */
  probes?: readonly ReadinessProbe[];
  lifecycle?: Lifecycle;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the outbox folder. */
  mailer?: Mailer;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
  /**
   * Whether plain admitted GETs of prebuilt API bodies are answered before
   * Fastify (src/api/fast-lane.ts); true by default. Tests turn it off to
   * compare both paths.
   */
  fastLane?: boolean;
  /**
   * The HTTP server, when it was made (and listens) before the app: the
   * app then takes it (src/start.ts); by default the app makes its own.
   */
  laneServer?: LaneServer;
  /**
   * Where the app's request validators wait to be compiled
   * (src/lib/lazy-validators.ts); the app makes its own by default and
   * compiles them a few at a time once it listens. Tests pass one to
   * compile them all at once.
   */
  validators?: LazyValidators;
  /**
   * How webhook deliveries resolve host names (`dns.lookup` by default);
   * every address it returns is still checked. Tests map names to loopback
   * addresses with it, never touching real DNS.
   */
  webhookLookup?: Lookup;
};

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const origin = config.publicBaseUrl;
  const secure = origin.startsWith("https://");
  const headers = responseHeaders(secure);
  const validators = deps.validators ?? createLazyValidators();
  const lifecycle = deps.lifecycle ?? { draining: false };
  const metrics = deps.metrics ?? createMetrics();
  // The HTTP server, with a place for the API's fast lane in front of Fastify.
  const laneServer = deps.laneServer ?? createLaneServer();
  const { app, trust, handleFrameworkErrors } = createFastify(config, {
    trust: await loadTrustFunction(config.trustProxy),
    validators,
    headers,
    logger: deps.logger,
    serverFactory: laneServer.serverFactory as FastifyServerOptions["serverFactory"],
  });
  const mailer =
    deps.mailer ??
    (config.smtpUrl !== null
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.mailOutboxDir, config.mailFrom, app.log));
  const deliver = deliverer(mailer, app.log);

  // Hooks and plugins every request meets, in this order.
  registerErrorHandlers(
    app,
    (problem, request, reply) => renderErrorPage(pageContext(request, reply), problem),
    isDatabaseUnavailable,
  );
  await registerOps(app, { config, metrics, headers, lifecycle });
  registerTrailingSlashRedirect(app);
  registerWebsiteLimiter(app, { config, limiter: deps.webLimiter, clock });
  registerAccessLog(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await registerOpenApi(app, { publicBaseUrl: origin });
  await registerSessions(app, { db, clock, secure });

  // The API: who is calling and how much it may, then /v1 over the law in force.
  const keys = registerApiKeys(app, {
    db,
    clock,
    metrics,
    deliver,
    origin,
    createRevocations: deps.createRevocations,
    keyUsage: deps.keyUsage,
  });
  const guard = registerApiGuard(app, {
    config,
    clock,
    metrics,
    verifier: keys.verifier,
    keyUsage: keys.keyUsage,
    limiter: deps.limiter,
    limiterBackend: deps.limiterBackend,
  });
  handleFrameworkErrors(frameworkErrorHandler({ headers, guard: guard.guard }));
  const live =
    deps.live ??
    createLiveLaw(deps.lawModel ?? createLawModel(deps.dataset), deps.lawClock ?? clock);
  const { dayOfRequest } = await registerApi(app, {
    config,
    clock,
    live,
    guard,
    keyUsage: keys.keyUsage,
    metrics,
    lifecycle,
    headers,
    trust,
    validators,
    fastLane: deps.fastLane,
    laneServer,
    logger: deps.logger,
  });

  // Everything else: probes, the website, accounts, keys, webhooks, the reference.
  await registerHealth(app, {
    database: deps.database,
    probes: deps.probes,
    lifecycle,
    limiter: guard.limiter,
  });
  const reviewCurrency = createReviewCurrency({ db, clock, log: app.log });
  const { egress } = await registerWebsite(app, {
    config,
    live,
    clock,
    dayOfRequest,
    watchNote: reviewCurrency.publicNote,
    annotateStatePage: addCorrectionLinks,
  });
  await registerReleases(app, {
    config,
    live,
    currentVersion: deps.dataset.manifest.version,
    egress,
    pageContext,
  });
  const protect = formProtection(app, origin);
  await registerAccounts(app, {
    db,
    clock,
    secure,
    deliver,
    origin,
    // A changed password deletes no key: the account's keys are only looked up again.
    onPasswordChanged: (id) => keys.revoke({ kind: "user", id, deleted: false }),
    onAccountRemoved: (id) => keys.revoke({ kind: "user", id, deleted: true }),
    pageContext,
    protect,
  });
  await registerApiKeyPages(app, {
    db,
    clock,
    keys,
    limiter: guard.limiter,
    deliver,
    origin,
    pageContext,
    protect,
  });
  await registerWebhooks(app, {
    config,
    db,
    clock,
    metrics,
    live,
    manifest: deps.dataset.manifest,
    deliver,
    origin,
    limiter: guard.limiter,
    lookup: deps.webhookLookup,
    pageContext,
    protect,
  });
  // The review queue: readers' suggestions and /maintain (src/review-queue/).
  await registerReviewQueue(app, {
    db,
    clock,
    live,
    deliver,
    origin,
    limiter: guard.limiter,
    currency: reviewCurrency,
    pageContext,
    protect,
  });
  await registerReference(app, { egress });
  return app;
}
