/**
 * The composition root: builds the Fastify application from a Config and
 * its long-lived dependencies, registering every plugin explicitly, in
 * order. No I/O here; `server.ts` loads, builds and listens.
 */
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { accountsRoutes } from "./accounts/accounts.routes.ts";
import { createAttemptLimiter } from "./accounts/attempt-limiter.ts";
import { sessionCookies, sessions } from "./accounts/session.plugin.ts";
import { buildApiViews } from "./api/api.views.ts";
import { v1Routes } from "./api/v1.routes.ts";
import { createKeyUsage, FLUSH_INTERVAL_MS, type KeyUsage } from "./api-keys/api-key.usage.ts";
import { createApiKeyVerifier } from "./api-keys/api-key.verifier.ts";
import { apiKeysPages } from "./api-keys/api-keys.routes.ts";
import type { Config } from "./config.ts";
import type { Dataset } from "./dataset/dataset.load.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { registerErrorHandlers } from "./errors.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { healthRoutes, type Lifecycle, type ReadinessProbe } from "./ops/health.routes.ts";
import { createRateLimitGuard } from "./rate-limit/rate-limit.hook.ts";
import { createMemoryLimiter } from "./rate-limit/rate-limit.memory.ts";
import type { RateLimiter } from "./rate-limit/rate-limit.ts";
import { errorsPageRoutes, renderErrorPage } from "./web/errors.page.ts";
import type { PageContext } from "./web/layout.ts";
import { registerCsrf, sameOriginCheck } from "./web/security.ts";
import { siteSecurityHeaders } from "./web/security-headers.ts";
import { siteRoutes } from "./web/site.routes.ts";

export type AppDeps = {
  dataset: Dataset;
  /** Users, sessions and API keys (migrated already). */
  database: DatabaseHandle;
  /** Batched last-used writes for API keys; by default one the app flushes every minute and on close. */
  keyUsage?: KeyUsage;
  /** The rate limiter; an in-process one by default. */
  limiter?: RateLimiter;
  clock?: Clock;
  /** More dependencies for /readyz to check, besides the database. */
  probes?: readonly ReadinessProbe[];
  lifecycle?: Lifecycle;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
};

/** Log-in and sign-up throttles (SPEC §7): per account, per IP; no permanent lock-out. */
export const ATTEMPT_POLICIES = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerIp: { limit: 20, windowMs: 15 * 60_000 },
  signupPerIp: { limit: 5, windowMs: 60 * 60_000 },
} as const;

const KEY_IN_URL = /([?&](?:api_key|apikey|apiKey|x-api-key|key)=)[^&#]*/g;

/** Log form of a URL: never the value of a key someone put in the query string. */
export function redactUrl(url: string): string {
  return url.replace(KEY_IN_URL, "$1[REDACTED]");
}

export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers["x-api-key"]',
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: "[REDACTED]",
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

const API_DESCRIPTION = `The cannabis legal status of every US state, DC and the five inhabited territories, with sources and dated history. Read-only JSON.

**Keys are optional.** Without one, a client IP (an IPv6 client's /64) may make 60 requests per 15 minutes. With an \`X-API-Key\` header — created on the website's API keys page — the limit is 1000 requests per hour per key. Keys go only in the header; a key in the URL is refused (400 \`api_key_in_query\`). A bad or expired key is refused (401 \`invalid_api_key\` / \`expired_api_key\`), never served as public, and counts against the IP's public limit.

**Limits are exact sliding windows**: in no interval of the window's length is a counter admitted more than its limit. Every response — 200, 304 and every error — carries \`RateLimit-Policy\` (e.g. \`"public";q=60;w=900\`), \`RateLimit\` (e.g. \`"public";r=41;t=530\`: 41 left, the oldest counted request leaves the window in 530 s) and \`X-RateLimit-Limit\`, \`-Remaining\`, \`-Reset\` (Unix seconds), \`-Used\`. Over the limit: 429 \`rate_limited\` with an exact \`Retry-After\` and the \`policy\` in the body. CORS preflights are not counted.

**Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\` and a \`request_id\`; every code is listed at [/errors](/errors).

**Caching**: every 200 has an \`ETag\`; send it back in \`If-None-Match\` for a 304. Responses are compressed with br or gzip when asked.`;

/** Believe the nearest `hops` entries of X-Forwarded-For (the proxies in front of us). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: "request_id" }),
    requestIdHeader: false,
    trustProxy:
      typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: true,
        useDefaults: true,
        allErrors: false,
      },
    },
  });

  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const secure = config.publicBaseUrl.startsWith("https://");
  const pageContext = (request: FastifyRequest, reply: FastifyReply): PageContext => ({
    user: request.session ? { email: request.session.email } : null,
    csrfToken: reply.generateCsrf(),
  });

  registerErrorHandlers(app, (problem, request, reply) =>
    renderErrorPage(pageContext(request, reply), problem),
  );
  const securityHeaders = siteSecurityHeaders(secure);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header("x-request-id", request.id);
    done();
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cannabis Legal Status API",
        version: "1.0.0",
        description: API_DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          ApiKey: {
            type: "apiKey",
            in: "header",
            name: "X-API-Key",
            description:
              "Optional. Raises the limit to 1000 requests per hour per key. Create keys at /account/keys.",
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
  await registerCsrf(app, secure);
  await app.register(sessions, { db, clock, secure });

  const verifier = createApiKeyVerifier(db);
  const keyUsage = deps.keyUsage ?? createKeyUsage(db, app.log);
  let flushTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    flushTimer = setInterval(() => void keyUsage.flush(), FLUSH_INTERVAL_MS);
    flushTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(flushTimer);
    await keyUsage.flush();
  });
  const guard = createRateLimitGuard({
    verifier,
    usage: keyUsage,
    limiter: deps.limiter ?? createMemoryLimiter(config.rateLimitMaxCounters),
    clock,
    publicPolicy: { name: "public", ...config.publicRateLimit },
    keyPolicy: { name: "key", ...config.keyRateLimit },
  });
  const views = buildApiViews(deps.dataset);
  await app.register(v1Routes, { prefix: "/v1", views, guard });
  await app.register(healthRoutes, {
    probes: [{ name: "database", check: deps.database.ping }, ...(deps.probes ?? [])],
    lifecycle: deps.lifecycle ?? { draining: false },
  });
  await app.register(errorsPageRoutes);
  await app.register(siteRoutes, {
    dataset: deps.dataset,
    publicBaseUrl: config.publicBaseUrl,
    pageContext,
  });
  const protect = [sameOriginCheck(new URL(config.publicBaseUrl).origin), app.csrfProtection];
  await app.register(accountsRoutes, {
    db,
    clock,
    cookies: sessionCookies(secure),
    limiters: {
      loginPerAccount: createAttemptLimiter(ATTEMPT_POLICIES.loginPerAccount, clock),
      loginPerIp: createAttemptLimiter(ATTEMPT_POLICIES.loginPerIp, clock),
      signupPerIp: createAttemptLimiter(ATTEMPT_POLICIES.signupPerIp, clock),
    },
    pageContext,
    protect,
    onUserDeleted: (userId: string) => verifier.revokeUser(userId),
  });
  await app.register(apiKeysPages, {
    onKeyDeleted: (keyId: string) => verifier.revokeKey(keyId),
    db,
    clock,
    pageContext,
    protect,
    publicBaseUrl: config.publicBaseUrl,
  });

  let openapi: string | undefined;
  app.get("/openapi.json", { schema: { hide: true } }, (_request, reply) => {
    openapi ??= JSON.stringify(app.swagger());
    return reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(openapi);
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    staticCSP: false,
    uiConfig: { docExpansion: "list", deepLinking: true, tryItOutEnabled: true },
  });

  return app;
}
