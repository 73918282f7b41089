/**
 * The composition root: builds the Fastify application from a Config and
 * its long-lived dependencies, registering every plugin explicitly, in
 * order. No I/O here; `server.ts` loads, builds and listens.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import proxyAddr from "@fastify/proxy-addr";
import swagger from "@fastify/swagger";
import fastJson from "fast-json-stringify";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { type AccountLimiters, accountsRoutes } from "./accounts/accounts.routes.ts";
import { createAttemptLimiter } from "./accounts/attempt-limiter.ts";
import { createEmailVerification, emailVerificationRoutes } from "./accounts/email-verification.ts";
import { createPasswordGate } from "./accounts/password-gate.ts";
import { passwordResetRoutes } from "./accounts/password-reset.routes.ts";
import { sessionCookies, sessions } from "./accounts/session.plugin.ts";
import { deleteExpiredSessions, SESSION_SWEEP_INTERVAL_MS } from "./accounts/sessions.ts";
import { buildApiViews } from "./api/api.views.ts";
import { createFastLane, type LaneRoute, takePrecharge } from "./api/fast-lane.ts";
import { refineOpenApi } from "./api/openapi.ts";
import { API_VARY, etagFor } from "./api/representation.ts";
import { EXPOSED_HEADERS, v1Routes, wantsGeoJson } from "./api/v1.routes.ts";
import { accountCounter, type Caller, createApiKeyAuth } from "./api-keys/api-key.auth.ts";
import {
  createLocalRevocations,
  type RevocationEvent,
  type Revocations,
} from "./api-keys/api-key.revocation.ts";
import { createKeyUsage, FLUSH_INTERVAL_MS, type KeyUsage } from "./api-keys/api-key.usage.ts";
import { createApiKeyVerifier } from "./api-keys/api-key.verifier.ts";
import { KEY_PARAMETER_NAMES } from "./api-keys/api-keys.format.ts";
import { apiKeysPages, KEY_CREATIONS_PER_DAY } from "./api-keys/api-keys.routes.ts";
import { sendExpiryNotices } from "./api-keys/key-expiry.ts";
import type { Config } from "./config.ts";
import type { Dataset } from "./dataset/dataset.load.ts";
import { timeZoneOf } from "./dataset/jurisdictions.ts";
import { createLiveLaw, type LiveLaw } from "./dataset/law.live.ts";
import { createLawModel } from "./dataset/law.ts";
import { type DatabaseHandle, isDatabaseUnavailable } from "./db/database.ts";
import {
  AppError,
  buildProblem,
  clientErrorResponse,
  frameworkError,
  registerErrorHandlers,
  sendProblem,
} from "./errors.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { createDayOf } from "./lib/dates.ts";
import { createLazyValidators, type LazyValidators } from "./lib/lazy-validators.ts";
import { dayIn } from "./lib/zoned-time.ts";
import { createOutboxMailer, createSmtpMailer, deliverer, type Mailer } from "./mail/mailer.ts";
import { accountDeletedMail, keyCreatedMail, passwordChangedMail } from "./mail/messages.ts";
import { createAccessLog } from "./ops/access-log.ts";
import { limitConnections } from "./ops/connections.ts";
import { healthRoutes, type Lifecycle, type ReadinessProbe } from "./ops/health.routes.ts";
import { REDACTED, redactDeep, redactSecrets } from "./ops/log-redaction.ts";
import type { LogStream } from "./ops/log-stream.ts";
import {
  createMetrics,
  instrumentLimiter,
  instrumentVerifier,
  type Metrics,
  metricsPlugin,
  observeRequest,
} from "./ops/metrics.ts";
import {
  createLookupGate,
  createRateLimitGuard,
  type RateLimitSubject,
  settleDecision,
} from "./rate-limit/rate-limit.hook.ts";
import { createMemoryLimiter } from "./rate-limit/rate-limit.memory.ts";
import { clientCounterKey, type RateLimitPolicy } from "./rate-limit/rate-limit.policy.ts";
import type { LimiterBackend } from "./rate-limit/rate-limit.resilient.ts";
import type { RateLimiter } from "./rate-limit/rate-limit.ts";
import { releasesRoutes } from "./releases/releases.routes.ts";
import { createBulkEgress } from "./web/bulk-egress.ts";
import { docsRoutes } from "./web/docs.page.ts";
import { errorsPageRoutes, renderErrorPage } from "./web/errors.page.ts";
import { feedRoutes } from "./web/feeds.ts";
import type { PageContext } from "./web/layout.ts";
import { csrfProtection, sameOriginCheck } from "./web/security.ts";
import { siteSecurityHeaders } from "./web/security-headers.ts";
import { siteRoutes } from "./web/site.routes.ts";

export type AppDeps = {
  /** The dataset as authored (the base of the dated model, src/dataset/law.ts). */
  dataset: Dataset;
  /** The law in force now; by default computed from `dataset` on `lawClock`. */
  live?: LiveLaw;
  /** The clock the law in force follows; the app's `clock` by default. */
  lawClock?: Clock;
  /** Users, sessions and API keys (migrated already). */
  database: DatabaseHandle;
  /** Batched last-used writes for API keys; by default one the app flushes every minute and on close. */
  keyUsage?: KeyUsage;
  /** The rate limiter; an in-process one by default. */
  limiter?: RateLimiter;
  /** The website's limiter (pages, assets, docs); an in-process one by default. */
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
   * Where the app's request validators wait to be compiled
   * (src/lib/lazy-validators.ts); the app makes its own by default and
   * compiles them a few at a time once it listens. Tests pass one to
   * compile them all at once.
   */
  validators?: LazyValidators;
};

/**
 * Account throttles. "client" is an IPv4 address or an IPv6 /64, as the API
 * counts it. Failures are counted per (account, client), never per account
 * alone, so nobody can lock an owner out; every log-in (successful ones
 * too) counts per client, because each costs an argon2 computation.
 */
export const ATTEMPT_POLICIES = {
  loginFailuresPerAccountClient: { limit: 5, windowMs: 15 * 60_000 },
  loginFailuresPerClient: { limit: 20, windowMs: 15 * 60_000 },
  loginsPerClient: { limit: 30, windowMs: 15 * 60_000 },
  signupsPerClient: { limit: 5, windowMs: 60 * 60_000 },
  passwordChecksPerSession: { limit: 5, windowMs: 15 * 60_000 },
  passwordChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  passwordChecksPerClient: { limit: 20, windowMs: 15 * 60_000 },
  passwordResetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  verificationResendPerUser: { limit: 3, windowMs: 60 * 60_000 },
} as const;

/** argon2id work: two at a time (a core each), at most 32 waiting, none for more than 5 s. */
export const PASSWORD_GATE_POLICY = { concurrency: 2, maxQueued: 32, maxWaitMs: 5_000 } as const;

/** Large downloads at once per client network: more than a browser needs. */
const DOWNLOADS_PER_CLIENT = 4;

/** How often keys nearing expiry are looked for (their owners are emailed once). */
const EXPIRY_SWEEP_MS = 60 * 60_000;

/**
 * A client over its public limit may have at most this many keys that are
 * not in the cache looked up per minute; beyond it, such a key is answered
 * 429 `api_key_not_checked` (with the `Retry-After` of the next look-up),
 * without a database query.
 */
export const KEY_LOOKUPS_OVER_LIMIT: RateLimitPolicy = {
  name: "key-lookup",
  limit: 10,
  windowMs: 60_000,
};

/** Key creation per account: a sliding day, counted by the limiter like the quotas. */
export const KEY_CREATION_POLICY: RateLimitPolicy = {
  name: "key-creation",
  limit: KEY_CREATIONS_PER_DAY,
  windowMs: 24 * 60 * 60_000,
};

const KEY_IN_URL = new RegExp(`([?&](?:${KEY_PARAMETER_NAMES.join("|")})=)[^&#]*`, "g");

/**
 * Log form of a URL: never the value of a key-named parameter, and never
 * anything shaped like a key, wherever it is (src/ops/log-redaction.ts).
 */
export function redactUrl(url: string): string {
  return redactSecrets(url.replace(KEY_IN_URL, `$1${REDACTED}`));
}

/** Pino options; `stream` is where lines go (stdout, line by line, when omitted). */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    ...(stream === undefined ? {} : { stream }),
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
    // Whatever else a log line carries (an error message quoting a URL, a
    // header someone logs while debugging) is redacted by shape as well.
    formatters: { log: (object) => redactDeep(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as typeof args,
        );
      },
    },
  };
}

const API_DESCRIPTION = `The cannabis legal status of every US state, DC and the five inhabited territories, with sources and dated history. Read-only JSON.

**Keys are optional.** Without one, a client IP (an IPv6 client's /64) may make 60 requests per 15 minutes. With an \`X-API-Key\` header — created on the website's API keys page — the limit is 1000 requests per hour per account: all the keys of an account share one quota, so deleting and re-creating keys gives no fresh quota. Keys go only in the header; a key in the URL is refused (400 \`api_key_in_query\`). A bad or expired key is refused (401 \`invalid_api_key\` / \`expired_api_key\`), never served as public, and counts against the IP's public limit — and is still answered 401 once that limit is used up. Only a key the service could not check is answered otherwise: 429 \`api_key_not_checked\` when its client, over its public limit, has had too many unfamiliar keys looked up in the last minute (at most 10 a minute), 503 \`service_unavailable\` when the accounts database is unreachable; both with \`Retry-After\`.

**Limits are exact sliding windows**: in no interval of the window's length is a counter admitted more than its limit. Every response — 200, 304 and every error — carries \`RateLimit-Policy\` (e.g. \`"public";q=60;w=900\`), \`RateLimit\` (e.g. \`"public";r=41;t=530\`: 41 left, the oldest counted request leaves the window in 530 s) and \`X-RateLimit-Limit\`, \`-Remaining\`, \`-Reset\` (Unix seconds), \`-Used\`. Over the limit: 429 \`rate_limited\` with an exact \`Retry-After\` and the \`policy\` in the body. CORS preflights are not counted.

**Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\` and a \`request_id\`; every code is listed at [/errors](/errors).

**Caching**: every 200 has an \`ETag\`; send it back in \`If-None-Match\` for a 304. Responses are \`private\` (your own cache may keep them five minutes; shared caches may not) and vary on \`X-API-Key\`; errors are \`no-store\`. Responses are compressed with br or gzip when asked. HEAD answers like GET without the body.

**Past days, sparse records, maps**: \`as_of=YYYY-MM-DD\` answers \`/v1/states\` and \`/v1/states/{code}\` as the law stood that day; \`fields=code,status\` returns only those fields; \`format=geojson\` (or \`Accept: application/geo+json\`) returns \`/v1/states\` as a GeoJSON FeatureCollection.

**Retirement**: when a version or route is being retired, its responses carry \`Deprecation\` (RFC 9745), \`Sunset\` (RFC 8594) and a \`Link\` to the migration notes. None is retired today.

**Data licence**: the data is CC BY 4.0 (the code is MIT). Downloads, research panels and Atom feeds of changes are on the website (\`/data\`, \`/changes.atom\`).`;

/** True for the API's URLs (`/v1` and below), which answer JSON only. */
function isApiUrl(url: string): boolean {
  return url.startsWith("/v1") && (url.length === 3 || url[3] === "/" || url[3] === "?");
}

/**
 * Headers every API response carries besides its own: the page-oriented
 * policies (CSP, framing, cross-origin isolation, referrer) mean nothing to a
 * JSON client and cost bytes on every response; `nosniff` keeps a browser
 * from rendering JSON as something else, and HSTS applies to the origin.
 */
function apiSecurityHeaders(
  site: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const kept = ["x-content-type-options", "strict-transport-security"];
  return Object.freeze(Object.fromEntries(Object.entries(site).filter(([n]) => kept.includes(n))));
}

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Which proxies' X-Forwarded-For entries to believe, as one function used
 * by Fastify (request.ip) and the API's fast lane alike; null: none. A
 * number is the count of proxies in front of us (the nearest `hops`).
 */
function trustFunction(trust: Config["trustProxy"]): TrustFunction | null {
  if (trust === false) return null;
  if (trust === true) return () => true;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** Paths neither counted by the website limit nor redirected: the API and the probes. */
function isWebsitePath(path: string): boolean {
  return !(path.startsWith("/v1/") || path === "/v1" || path === "/healthz" || path === "/readyz");
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Set once the app exists; Fastify reports URL errors before any hook runs.
  let onFrameworkError: (
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => void = () => {};
  const trust = trustFunction(config.trustProxy);
  const validators = deps.validators ?? createLazyValidators();
  const app = Fastify({
    schemaController: { compilersFactory: { buildValidator: validators.buildValidator } },
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would double them).
      connectionsCheckingInterval: 1_000,
    },
    frameworkErrors: (error, request, reply) => onFrameworkError(error, request, reply),
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === "ECONNRESET" || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(
        clientErrorResponse((error as NodeJS.ErrnoException).code, randomUUID(), securityHeaders),
      );
    },
    logger: deps.logger ?? false,
    genReqId: () => randomUUID(),
    logController: new LogController({
      requestIdLogLabel: "request_id",
      disableRequestLogging: true,
    }),
    requestIdHeader: false,
    trustProxy: trust ?? false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 100 },
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: true,
        useDefaults: true,
        allErrors: false,
      },
    },
  });

  // Response serializers are compiled on first use, not at start-up: the
  // API sends prebuilt bodies, so most of them are never called, and
  // compiling the record schemas (fast-json-stringify + Ajv) costs ~0.5 s.
  app.setSerializerCompiler(({ schema }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= fastJson(schema as Parameters<typeof fastJson>[0]);
      return serialize(data);
    };
  });

  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const secure = config.publicBaseUrl.startsWith("https://");
  const securityHeaders = siteSecurityHeaders(secure);
  const pageContext = (request: FastifyRequest, reply: FastifyReply): PageContext => ({
    user: request.session ? { email: request.session.email } : null,
    csrfToken: reply.generateCsrf(),
  });

  registerErrorHandlers(
    app,
    (problem, request, reply) => renderErrorPage(pageContext(request, reply), problem),
    isDatabaseUnavailable,
  );
  const lifecycle = deps.lifecycle ?? { draining: false };
  const metrics = deps.metrics ?? createMetrics();
  await app.register(metricsPlugin, {
    metrics,
    serveOnMainPort: config.metricsPort === null,
    isUnavailable: isDatabaseUnavailable,
  });
  const apiHeaders = apiSecurityHeaders(securityHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : securityHeaders);
    reply.header("x-request-id", request.id);
    // While shutting down, each connection ends after its response, so
    // clients reconnect — through the load balancer, to another instance.
    if (lifecycle.draining) reply.header("connection", "close");
    done();
  });
  limitConnections(app.server, {
    maxTotal: config.maxConnections,
    maxPerClient: config.trustProxy === false ? config.maxConnectionsPerClient : 0,
  });

  // `/v1/states/` is not `/v1/states`: trailing-slash variants get a
  // permanent redirect to the one documented path.
  app.addHook("onRequest", (request, reply, done) => {
    const [path = "", query] = request.url.split(/\?(.*)/s, 2);
    if (path.length > 1 && path.endsWith("/")) {
      const canonical = path.replace(/\/+$/, "") || "/";
      if (!/^\/[\\/]/.test(canonical)) {
        reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 308);
        return;
      }
    }
    done();
  });

  // The website, its assets and the API reference: a generous per-client
  // quota of its own, counted apart from the API's (prefix `web:`).
  const webLimiter =
    deps.webLimiter ?? createMemoryLimiter({ maxCounters: config.rateLimitMaxCounters });
  const webPolicy: RateLimitPolicy = { name: "web", ...config.webRateLimit };
  app.addHook("onRequest", async (request) => {
    if (!isWebsitePath(request.url) || request.method === "OPTIONS") return;
    const decision = await webLimiter.hit(
      `web:${clientCounterKey(request.ip)}`,
      webPolicy,
      clock.now(),
    );
    if (!decision.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
      throw new AppError(
        "rate_limited",
        `Too many requests from your network. Retry in ${retryAfter} seconds.`,
        { headers: { "retry-after": retryAfter } },
      );
    }
  });
  // One access-log line per request (Fastify's own two are disabled above).
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.includes("?") ? redactUrl(request.url) : request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      "request",
    );
    done();
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    transformObject: (document) =>
      "openapiObject" in document ? refineOpenApi(document.openapiObject) : document.swaggerObject,
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cannabis Legal Status API",
        version: "1.0.0",
        description: API_DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
        contact: { name: "Cannabis Legal Status", url: `${config.publicBaseUrl}/docs` },
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          ApiKey: {
            type: "apiKey",
            in: "header",
            name: "X-API-Key",
            description:
              "Optional. Raises the limit to 1000 requests per hour, shared by all the keys of an account. Create keys at /account/keys.",
          },
        },
      },
      security: [{}, { ApiKey: [] }],
      tags: [
        { name: "jurisdictions", description: "States, DC and territories" },
        { name: "federal", description: "Federal law" },
        { name: "changes", description: "The change feed" },
        { name: "operations", description: "Health and readiness" },
      ],
    },
  });

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(sessions, { db, clock, secure });
  await app.register(csrfProtection, { secure });
  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweepTimer = setInterval(() => {
      deleteExpiredSessions(db, clock).catch((error: unknown) =>
        app.log.warn({ err: error }, "expired-session sweep failed"),
      );
    }, SESSION_SWEEP_INTERVAL_MS);
    sweepTimer.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweepTimer));

  const verifier = instrumentVerifier(createApiKeyVerifier(db), metrics);
  const revocations = (deps.createRevocations ?? ((apply) => createLocalRevocations({ apply })))(
    (event) => {
      if (event.kind === "all") verifier.recheckAll();
      else if (event.kind === "key") verifier.revokeKey(event.id, clock.now());
      else if (event.deleted) verifier.revokeUser(event.id, clock.now());
      else verifier.recheckUser(event.id);
    },
  );
  const revoke = (event: RevocationEvent) => void revocations.publish(event);
  app.addHook("onClose", () => revocations.close());
  const keyUsage = deps.keyUsage ?? createKeyUsage(db, app.log);
  const origin = config.publicBaseUrl;
  const mailer =
    deps.mailer ??
    (config.smtpUrl !== null
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.mailOutboxDir, config.mailFrom, app.log));
  const deliver = deliverer(mailer, app.log);
  let flushTimer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    flushTimer = setInterval(() => void keyUsage.flush(), FLUSH_INTERVAL_MS);
    flushTimer.unref();
    expiryTimer = setInterval(() => {
      sendExpiryNotices(db, deliver, clock.now(), origin).catch((error: unknown) =>
        app.log.error({ err: error }, "could not send key expiry notices"),
      );
    }, EXPIRY_SWEEP_MS);
    expiryTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(flushTimer);
    clearInterval(expiryTimer);
    await keyUsage.flush();
  });
  const limiter = instrumentLimiter(
    deps.limiter ??
      createMemoryLimiter({
        maxCounters: config.rateLimitMaxCounters,
        onBoundReached: (policy, counters) =>
          app.log.warn(
            { policy: policy.name, counters },
            "rate limiter reached its exact bound: further new counters are estimated (over-counting only)",
          ),
      }),
    metrics,
    deps.limiterBackend ?? (() => "memory"),
  );
  if (deps.limiter === undefined) app.addHook("onClose", async () => limiter.close());
  const publicPolicy: RateLimitPolicy = { name: "public", ...config.publicRateLimit };
  const keyPolicy: RateLimitPolicy = { name: "key", ...config.keyRateLimit };
  const auth = createApiKeyAuth({
    verifier,
    usage: keyUsage,
    clock,
    clientCounter: clientCounterKey,
    mayLookUp: createLookupGate(limiter, publicPolicy, KEY_LOOKUPS_OVER_LIMIT),
  });
  const subjectOf = (caller: Caller): RateLimitSubject =>
    caller.kind === "account"
      ? { counter: caller.counter, policy: keyPolicy, refusal: null }
      : { counter: caller.counter, policy: publicPolicy, refusal: caller.refusal };
  const limit = createRateLimitGuard({
    limiter,
    clock,
    subjectOf: ({ caller }) => subjectOf(caller),
  });
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    // Charged already by the fast lane, which handed this request over (refused, or a bad key).
    const precharged = takePrecharge(request.raw);
    if (precharged !== undefined) {
      request.caller = precharged.caller;
      settleDecision(reply, subjectOf(precharged.caller), precharged.decision, precharged.nowMs);
      return;
    }
    await auth.authenticate(request, reply);
    await limit(request, reply);
  };
  // Daily figures per key: every answered /v1 request made with a valid key,
  // 429s apart. The API-key hook has set request.caller by the time anything answers.
  app.addHook("onResponse", (request, reply, done) => {
    const caller = request.caller as Caller | undefined;
    if (caller?.kind === "account") {
      keyUsage.count(caller.key.id, clock.now(), reply.statusCode === 429);
    }
    done();
  });
  // The law in force now: the API's bodies are rebuilt when a change takes
  // effect (src/dataset/law.live.ts), and each part of the site asks for
  // the current state on every request.
  const live = deps.live ?? createLiveLaw(createLawModel(deps.dataset), deps.lawClock ?? clock);
  let listening = false;
  let viewsState = live.current();
  let views = buildApiViews(viewsState.dataset, live.model);
  const laneRoutes = new Map<string, LaneRoute>();
  let fillLaneRoutes = () => {};
  const currentViews = () => {
    const state = live.current();
    if (state !== viewsState) {
      viewsState = state;
      views = buildApiViews(state.dataset, live.model);
      fillLaneRoutes();
      if (listening) void views.compressAll();
    }
    return views;
  };
  const currentDataset = () => live.current().dataset;
  app.addHook("onListen", async () => {
    listening = true;
    live.start();
  });
  app.addHook("onClose", async () => live.stop());
  const dayOfRequest = createDayOf();
  app.addHook("onListen", async () => {
    void currentViews().compressAll();
    // The request validators not used yet are compiled a second after the
    // server listens (the first one also compiles Ajv's meta-schema, ~0.1 s),
    // one per turn of the event loop, so requests come first.
    const compileNext = () => {
      let left: number;
      try {
        left = validators.compileSome(1);
      } catch (error) {
        app.log.error({ err: error }, "a request schema does not compile");
        left = validators.pending();
      }
      if (left > 0) setImmediate(compileNext);
    };
    setTimeout(compileNext, 1_000).unref();
  });
  onFrameworkError = (error, request, reply) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : securityHeaders);
    reply.header("x-request-id", request.id);
    const appError = frameworkError(error);
    request.log.info({ code: appError.code }, "request refused");
    if (request.url.startsWith("/v1")) {
      // Counted and labelled like every other API response.
      Promise.resolve(guard(request, reply)).then(
        () => sendProblem(reply, appError),
        (refusal: unknown) => sendProblem(reply, refusal instanceof AppError ? refusal : appError),
      );
      return;
    }
    if ((request.headers.accept ?? "").includes("text/html")) {
      const problem = buildProblem(
        appError.code,
        appError.message,
        request.id,
        appError.extensions,
      );
      reply
        .code(appError.status)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(renderErrorPage({ user: null, csrfToken: "" }, problem));
      return;
    }
    sendProblem(reply, appError);
  };
  await app.register(v1Routes, {
    prefix: "/v1",
    views: currentViews,
    cacheControl: () => live.cacheControl(clock.now()),
    guard,
    today: () => dayOfRequest(clock.now()),
    deprecation: config.deprecation,
  });
  if (deps.fastLane !== false && config.deprecation === null) {
    const lane = (
      representation: LaneRoute["representation"] | undefined,
      pattern: string,
      vary = API_VARY,
    ): LaneRoute => {
      if (representation === undefined) throw new Error(`no prebuilt body for ${pattern}`);
      const etags = {
        identity: etagFor(representation.tag, "identity"),
        br: etagFor(representation.tag, "br"),
        gzip: etagFor(representation.tag, "gzip"),
      };
      return { representation, etags, pattern, vary, negotiatesAccept: vary !== API_VARY };
    };
    fillLaneRoutes = () => {
      laneRoutes.set(
        "/v1/states",
        lane(
          views.states({ includeTerritories: false, statuses: null, decriminalized: null }),
          "/v1/states",
          `${API_VARY}, Accept`,
        ),
      );
      laneRoutes.set("/v1/federal", lane(views.federal, "/v1/federal"));
      for (const { code } of viewsState.dataset.jurisdictions) {
        laneRoutes.set(`/v1/states/${code}`, lane(views.state(code), "/v1/states/:code"));
        laneRoutes.set(
          `/v1/states/${code}/history`,
          lane(views.history(code), "/v1/states/:code/history"),
        );
      }
    };
    fillLaneRoutes();
    const clientIp = (request: IncomingMessage): string => {
      if (trust === null) return request.socket.remoteAddress ?? "";
      const addresses = proxyAddr.all(request, trust);
      return addresses[addresses.length - 1] ?? "";
    };
    const logStream = (deps.logger as { stream?: { write: (line: string) => unknown } } | undefined)
      ?.stream;
    const accessLine = deps.logger ? createAccessLog(app.log, logStream) : () => {};
    let closing = false;
    app.addHook("preClose", (done) => {
      closing = true;
      done();
    });
    const [fastify] = app.server.listeners("request") as ((
      request: IncomingMessage,
      response: ServerResponse,
    ) => void)[];
    if (fastify === undefined) throw new Error("the HTTP server has no request listener");
    app.server.removeAllListeners("request");
    app.server.on(
      "request",
      createFastLane(
        {
          routes: laneRoutes,
          refresh: currentViews,
          cacheControl: (nowMs) => live.cacheControl(nowMs),
          headers: {
            ...apiHeaders,
            "access-control-allow-origin": "*",
            "access-control-expose-headers": EXPOSED_HEADERS.join(", "),
          },
          clock,
          limiter,
          cachedCaller: (apiKey, request, now) =>
            auth.cachedCaller(apiKey, () => clientIp(request), now),
          policyOf: (caller) => subjectOf(caller).policy,
          open: () => !lifecycle.draining && !closing,
          wantsGeoJson: (accept) => wantsGeoJson(undefined, accept),
          served: ({ request, requestId, caller, pattern, status, nowMs, elapsedMs }) => {
            if (caller.kind === "account") keyUsage.count(caller.key.id, nowMs, false);
            observeRequest(metrics, "GET", pattern, status, elapsedMs);
            accessLine(requestId, request.url ?? "", status, Math.round(elapsedMs * 100) / 100);
          },
          onLimiterError: (error) =>
            app.log.warn({ err: error }, "rate limiter failed in the fast lane; Fastify answers"),
        },
        (request, response) => fastify.call(app.server, request, response),
      ),
    );
  }
  await app.register(healthRoutes, {
    probes: [{ name: "database", check: deps.database.ping }, ...(deps.probes ?? [])],
    lifecycle,
    details: async () => ({
      limiter: (await limiter.status()).exact ? "exact" : "over_bound_estimating",
    }),
  });
  await app.register(errorsPageRoutes, { pageContext });
  await app.register(siteRoutes, {
    dataset: currentDataset,
    today: (code) =>
      code === undefined ? dayOfRequest(clock.now()) : dayIn(timeZoneOf(code), clock.now()),
    embedCacheControl: () => live.cacheControl(clock.now()).replace("private", "public"),
    publicBaseUrl: config.publicBaseUrl,
    embedFrameAncestors: config.embedFrameAncestors,
    pageContext,
  });
  // Large downloads share one pace and a bound on how many run at once.
  const egress = createBulkEgress({
    bytesPerSecond: config.downloads.bytesPerSecond,
    maxStreams: config.downloads.maxStreams,
    maxStreamsPerClient: DOWNLOADS_PER_CLIENT,
  });
  await app.register(releasesRoutes, {
    releasesDir: join(config.dataDir, "releases"),
    currentVersion: deps.dataset.manifest.version,
    pageContext,
    egress,
  });
  await app.register(feedRoutes, {
    state: () => live.current(),
    publicBaseUrl: config.publicBaseUrl,
  });
  const protect = [sameOriginCheck(new URL(config.publicBaseUrl).origin), app.csrfProtection];
  const verification = createEmailVerification({ db, clock, deliver, origin });
  const passwordGate = createPasswordGate(PASSWORD_GATE_POLICY);
  // A changed password deletes no key: the account's keys are only looked up again.
  const onPasswordChanged = (userId: string) =>
    revoke({ kind: "user", id: userId, deleted: false });
  await app.register(accountsRoutes, {
    db,
    clock,
    cookies: sessionCookies(secure),
    limiters: Object.fromEntries(
      Object.entries(ATTEMPT_POLICIES).map(([name, policy]) => [
        name,
        createAttemptLimiter(policy, clock),
      ]),
    ) as AccountLimiters,
    passwordGate,
    pageContext,
    protect,
    onUserDeleted: (userId: string) => revoke({ kind: "user", id: userId, deleted: true }),
    onPasswordChanged,
    events: {
      signedUp: (user) => verification.send(user),
      passwordChanged: (user) => deliver(passwordChangedMail(user.email, origin)),
      accountDeleted: (user) => deliver(accountDeletedMail(user.email)),
      accountNotice: (userId, csrfToken, query) => verification.reminder(userId, csrfToken, query),
    },
  });
  await app.register(passwordResetRoutes, {
    db,
    clock,
    deliver,
    origin,
    limiters: {
      perIp: createAttemptLimiter(ATTEMPT_POLICIES.passwordResetPerIp, clock),
      perEmail: createAttemptLimiter(ATTEMPT_POLICIES.passwordResetPerEmail, clock),
    },
    passwordGate,
    onPasswordChanged,
    pageContext,
    protect,
  });
  await app.register(emailVerificationRoutes, {
    db,
    clock,
    verification,
    resendPerUser: createAttemptLimiter(ATTEMPT_POLICIES.verificationResendPerUser, clock),
    pageContext,
    protect,
  });
  await app.register(apiKeysPages, {
    onKeyDeleted: (keyId: string) => revoke({ kind: "key", id: keyId }),
    onKeyCreated: (owner, key) => deliver(keyCreatedMail(owner.email, key, origin)),
    flushUsage: () => keyUsage.flush(),
    throttleCreation: async (userId: string, nowMs: number) => {
      const decision = await limiter.hit(accountCounter(userId), KEY_CREATION_POLICY, nowMs);
      return { allowed: decision.allowed, retryAfterMs: decision.resetMs };
    },
    db,
    clock,
    pageContext,
    protect,
    publicBaseUrl: config.publicBaseUrl,
  });

  let openapi: string | undefined;
  const openApiJson = () => {
    openapi ??= JSON.stringify(app.swagger());
    return openapi;
  };
  app.get("/openapi.json", { schema: { hide: true } }, (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(openApiJson()),
  );
  await app.register(docsRoutes, { pageContext, egress, openApiJson });

  return app;
}
