/**
 * The API's parts, registered by the composition root (src/app.ts): its
 * OpenAPI document, the guard every /v1 request passes (caller, limiter,
 * usage), and the /v1 routes over the views of the law in force, with the
 * fast lane in front of Fastify.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { type Caller, createApiKeyAuth } from "../api-keys/api-key.auth.ts";
import type { KeyUsage } from "../api-keys/api-key.usage.ts";
import type { ApiKeyVerifier } from "../api-keys/api-key.verifier.ts";
import type { Config } from "../config.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import type { LawState } from "../dataset/law.ts";
import type { Clock } from "../lib/clock.ts";
import { createDayOf } from "../lib/dates.ts";
import type { LazyValidators } from "../lib/lazy-validators.ts";
import { createAccessLog } from "../ops/access-log.ts";
import type { Lifecycle } from "../ops/health.routes.ts";
import { instrumentLimiter, type Metrics, requestObserver } from "../ops/metrics.ts";
import type { ResponseHeaders, TrustFunction } from "../ops/ops.register.ts";
import {
  createLookupGate,
  createRateLimitGuard,
  type RateLimitSubject,
  settleDecision,
} from "../rate-limit/rate-limit.hook.ts";
import { createMemoryLimiter } from "../rate-limit/rate-limit.memory.ts";
import { clientCounterKey, type RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { LimiterBackend } from "../rate-limit/rate-limit.resilient.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import { addWebhooksToDocument } from "../webhooks/webhook.openapi.ts";
import { fillLaneRoutes, laneResponseHeaders, loadClientIp } from "./api.lane.ts";
import { type ApiViews, buildApiViews } from "./api.views.ts";
import { createFastLane, type LaneRoute, type LaneServer, takePrecharge } from "./fast-lane.ts";
import { refineOpenApi } from "./openapi.ts";
import { wantsGeoJson } from "./representation.ts";
import { v1Routes } from "./v1.routes.ts";

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

const API_DESCRIPTION = `The cannabis legal status of every US state, DC and the five inhabited territories, with sources and dated history. Read-only JSON.

**Keys are optional.** Without one, a client IP (an IPv6 client's /64) may make 60 requests per 15 minutes. With an \`X-API-Key\` header — created on the website's API keys page — the limit is 1000 requests per hour per account: all the keys of an account share one quota, so deleting and re-creating keys gives no fresh quota. Keys go only in the header; a key in the URL is refused (400 \`api_key_in_query\`). A bad or expired key is refused (401 \`invalid_api_key\` / \`expired_api_key\`), never served as public, and counts against the IP's public limit — and is still answered 401 once that limit is used up. Only a key the service could not check is answered otherwise: 429 \`api_key_not_checked\` when its client, over its public limit, has had too many unfamiliar keys looked up in the last minute (at most 10 a minute), 503 \`service_unavailable\` when the accounts database is unreachable; both with \`Retry-After\`.

**Limits are exact sliding windows**: in no interval of the window's length is a counter admitted more than its limit. Every response — 200, 304 and every error — carries \`RateLimit-Policy\` (e.g. \`"public";q=60;w=900\`), \`RateLimit\` (e.g. \`"public";r=41;t=530\`: 41 left, the oldest counted request leaves the window in 530 s) and \`X-RateLimit-Limit\`, \`-Remaining\`, \`-Reset\` (Unix seconds), \`-Used\`. Over the limit: 429 \`rate_limited\` with an exact \`Retry-After\` and the \`policy\` in the body. CORS preflights are not counted.

**Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\` and a \`request_id\`; every code is listed at [/errors](/errors).

**Caching**: every 200 has an \`ETag\`; send it back in \`If-None-Match\` for a 304. Responses are \`private\` (your own cache may keep them five minutes; shared caches may not) and vary on \`X-API-Key\`; errors are \`no-store\`. Responses are compressed with br or gzip when asked. HEAD answers like GET without the body.

**Past days, sparse records, maps**: \`as_of=YYYY-MM-DD\` answers \`/v1/states\` and \`/v1/states/{code}\` as the law stood that day; \`fields=code,status\` returns only those fields; \`format=geojson\` (or \`Accept: application/geo+json\`) returns \`/v1/states\` as a GeoJSON FeatureCollection.

**What changed, and what took effect**: \`/v1/changes\` lists every event with both its dates, \`date\` (enacted) and \`effective\`, newest first by enactment; \`basis=effective\` lists by the day each takes effect instead (\`basis=effective&since=2026-11-01&until=2026-11-30\`: what took effect in November 2026, federal law included), and \`jurisdiction=OH,US\` keeps some jurisdictions (\`US\` is federal law).

**Retirement**: when a version or route is being retired, its responses carry \`Deprecation\` (RFC 9745), \`Sunset\` (RFC 8594) and a \`Link\` to the migration notes. None is retired today.

**Data licence**: the data is CC BY 4.0 (the code is MIT). Downloads, research panels and Atom feeds of changes are on the website (\`/data\`, \`/changes.atom\`).`;

/** The OpenAPI document (@fastify/swagger), served at /openapi.json and shown at /docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicBaseUrl: string },
): Promise<void> {
  await app.register(swagger, {
    transformObject: (document) =>
      "openapiObject" in document
        ? refineOpenApi(addWebhooksToDocument(document.openapiObject))
        : document.swaggerObject,
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cannabis Legal Status API",
        version: "1.0.0",
        description: API_DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
        contact: { name: "Cannabis Legal Status", url: `${options.publicBaseUrl}/docs` },
      },
      servers: [{ url: options.publicBaseUrl }],
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
}

/** Who is calling /v1 and how much it may: what the routes and the fast lane both need. */
export type ApiGuard = {
  /** The API's limiter (instrumented): quotas, the key look-up budget, key creation. */
  limiter: RateLimiter;
  auth: ReturnType<typeof createApiKeyAuth>;
  subjectOf: (caller: Caller) => RateLimitSubject;
  /** The /v1 hook: sets request.caller, charges its counter, sets the limit headers. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/**
 * The /v1 guard: the limiter (an in-process one unless given), the caller
 * from X-API-Key, its policy, and each valid key's daily figures.
 */
export function registerApiGuard(
  app: FastifyInstance,
  options: {
    config: Config;
    clock: Clock;
    metrics: Metrics;
    verifier: ApiKeyVerifier;
    keyUsage: KeyUsage;
    /** The rate limiter; an in-process one (closed with the app) by default. */
    limiter: RateLimiter | undefined;
    limiterBackend: (() => LimiterBackend) | undefined;
  },
): ApiGuard {
  const { config, clock, metrics, verifier, keyUsage } = options;
  const limiter = instrumentLimiter(
    options.limiter ??
      createMemoryLimiter({
        maxCounters: config.rateLimitMaxCounters,
        onBoundReached: (policy, counters) =>
          app.log.warn(
            { policy: policy.name, counters },
            "rate limiter reached its exact bound: further new counters are estimated (over-counting only)",
          ),
      }),
    metrics,
    options.limiterBackend ?? (() => "memory"),
  );
  if (options.limiter === undefined) app.addHook("onClose", async () => limiter.close());
  const publicPolicy: RateLimitPolicy = { name: "public", ...config.publicRateLimit };
  const keyPolicy: RateLimitPolicy = { name: "key", ...config.keyRateLimit };
  const auth = createApiKeyAuth({
    verifier,
    usage: keyUsage,
    clock,
    clientCounter: clientCounterKey,
    mayLookUp: createLookupGate(limiter, publicPolicy, KEY_LOOKUPS_OVER_LIMIT),
  });
  // A public caller over its limit is told that a free key lifts it, and where to get one.
  const keyAdvice =
    `A free API key raises it to ${keyPolicy.limit} requests per ${keyPolicy.windowMs / 1000} seconds: ` +
    `sign up at ${config.publicBaseUrl}/signup, create a key at ${config.publicBaseUrl}/account/keys ` +
    "and send it in the X-API-Key header.";
  const subjectOf = (caller: Caller): RateLimitSubject =>
    caller.kind === "account"
      ? { counter: caller.counter, policy: keyPolicy, refusal: null }
      : {
          counter: caller.counter,
          policy: publicPolicy,
          refusal: caller.refusal,
          advice: keyAdvice,
        };
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
  return { limiter, auth, subjectOf, guard };
}

/**
 * The /v1 routes over the views of the law in force: the API's bodies are
 * rebuilt when a change takes effect (src/dataset/law.live.ts), and each
 * part of the site asks for the current state on every request. Plain
 * admitted GETs of prebuilt bodies are answered by the fast lane
 * (src/api/fast-lane.ts) unless `fastLane` is false or routes are retired.
 * Returns the UTC day of a request, which the site shares.
 */
export async function registerApi(
  app: FastifyInstance,
  options: {
    config: Config;
    clock: Clock;
    live: LiveLaw;
    guard: ApiGuard;
    keyUsage: KeyUsage;
    metrics: Metrics;
    lifecycle: Lifecycle;
    headers: ResponseHeaders;
    trust: TrustFunction | null;
    validators: LazyValidators;
    fastLane: boolean | undefined;
    /** The app's HTTP server, where the lane is attached in front of Fastify. */
    laneServer: LaneServer;
    /** The app's logger options: the fast lane writes its access lines to the same stream. */
    logger: FastifyServerOptions["logger"] | undefined;
  },
): Promise<{ dayOfRequest: (nowMs: number) => string }> {
  const { config, clock, live, keyUsage, metrics, lifecycle, trust, validators } = options;
  const { limiter, auth, subjectOf, guard } = options.guard;
  const apiHeaders = options.headers.api;
  let listening = false;
  let viewsState: LawState;
  let views: ApiViews;
  // Set when the app closes: the background compression stops after the
  // body in hand, so a stop does not wait for every body's (src/start.ts).
  let closed = false;
  // Whether `built`'s bodies are still worth compressing: they are served, and the app is open.
  const wanted = (built: ApiViews) => () => views === built && !closed;
  const laneRoutes = new Map<string, () => LaneRoute>();
  let refillLaneRoutes = () => {};
  const currentViews = live.derive((state) => {
    const built = buildApiViews(state.dataset, live.model);
    viewsState = state;
    views = built;
    refillLaneRoutes();
    if (listening) void built.compressAll(wanted(built));
    return built;
  });
  currentViews();
  app.addHook("onListen", async () => {
    listening = true;
    live.start();
  });
  app.addHook("onClose", async () => {
    closed = true;
    live.stop();
  });
  const dayOfRequest = createDayOf();
  app.addHook("onListen", async () => {
    const built = currentViews();
    void built.compressAll(wanted(built));
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
  await app.register(v1Routes, {
    prefix: "/v1",
    views: currentViews,
    cacheControl: () => live.cacheControl(clock.now()),
    guard,
    today: () => dayOfRequest(clock.now()),
    deprecation: config.deprecation,
  });
  if (options.fastLane !== false && config.deprecation === null) {
    // Each route is made on its first request, from the views current when
    // the routes were filled (its body is built then too: api.views.ts).
    refillLaneRoutes = () =>
      fillLaneRoutes(
        laneRoutes,
        views,
        viewsState.dataset.jurisdictions.map((j) => j.code),
      );
    refillLaneRoutes();
    const clientIp = await loadClientIp(trust);
    const logStream = (
      options.logger as { stream?: { write: (chunk: Uint8Array) => unknown } } | undefined
    )?.stream;
    const accessLine = options.logger ? createAccessLog(app.log, logStream) : null;
    // It holds its lines briefly (src/ops/access-log.ts): handed over on close.
    if (accessLine !== null) app.addHook("onClose", async () => accessLine.flush());
    const observeGet = requestObserver(metrics, "GET");
    let closing = false;
    app.addHook("preClose", (done) => {
      closing = true;
      done();
    });
    options.laneServer.attach((fastify) =>
      createFastLane(
        {
          routes: laneRoutes,
          refresh: currentViews,
          cacheControl: (nowMs) => live.cacheControl(nowMs),
          headers: laneResponseHeaders(apiHeaders),
          clock,
          limiter,
          cachedCaller: (apiKey, request, now) =>
            auth.cachedCaller(apiKey, () => clientIp(request), now),
          policyOf: (caller) => subjectOf(caller).policy,
          open: () => !lifecycle.draining && !closing,
          wantsGeoJson: (accept) => wantsGeoJson(undefined, accept),
          served: ({ request, requestId, caller, pattern, status, nowMs, elapsedMs }) => {
            if (caller.kind === "account") keyUsage.count(caller.key.id, nowMs, false);
            observeGet(pattern, status, elapsedMs);
            accessLine?.(
              requestId,
              request.url ?? "",
              status,
              Math.round(elapsedMs * 100) / 100,
              // The time the answer was handed to the socket, from the
              // request's own clock reading (no second reading).
              Math.floor(nowMs + elapsedMs),
            );
          },
          onLimiterError: (error) =>
            app.log.warn({ err: error }, "rate limiter failed in the fast lane; Fastify answers"),
        },
        fastify,
      ),
    );
  }
  return { dayOfRequest };
}
