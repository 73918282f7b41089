/**
 * The server's edges, registered by the composition root (src/app.ts):
 * the Fastify instance and its timeouts, the response headers every answer
 * carries, metrics, connection caps, the access log, URL errors Fastify
 * reports before any hook, and the health probes.
 */
import fastJson from "fast-json-stringify";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { isDatabaseUnavailable } from "../db/database.ts";
import { AppError, buildProblem, frameworkError, sendProblem } from "../errors.ts";
import { isApiPath } from "../http/api-path.ts";
import type { LazyValidators } from "../lib/lazy-validators.ts";
import { requestId } from "../lib/request-id.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import { renderErrorPage } from "../web/errors.page.ts";
import { limitConnections } from "./connections.ts";
import { healthRoutes, type Lifecycle, type ReadinessProbe } from "./health.routes.ts";
import { redactUrl } from "./logger.ts";
import { type Metrics, metricsPlugin } from "./metrics.ts";
import {
  clientErrorHandler,
  connectionCaps,
  type ResponseHeaders,
  serverSettings,
  type TrustFunction,
} from "./server-settings.ts";

export type { ResponseHeaders, TrustFunction } from "./server-settings.ts";
export { responseHeaders } from "./server-settings.ts";

function headersFor(headers: ResponseHeaders, url: string): Readonly<Record<string, string>> {
  return isApiPath(url) ? headers.api : headers.site;
}

type FrameworkErrorHandler = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => void;

/**
 * The Fastify instance: timeouts, request ids, proxy trust, validators and
 * serializers compiled on first use. URL errors Fastify reports before any
 * hook go to the handler given later to `handleFrameworkErrors`.
 */
export function createFastify(
  config: Config,
  options: {
    validators: LazyValidators;
    headers: ResponseHeaders;
    logger: FastifyServerOptions["logger"] | undefined;
    /** Which proxies to believe (src/ops/server-settings.ts `loadTrustFunction`). */
    trust: TrustFunction | null;
    /** Makes the HTTP server (Fastify's `serverFactory`; src/api/fast-lane.ts). */
    serverFactory: FastifyServerOptions["serverFactory"];
  },
): {
  app: FastifyInstance;
  trust: TrustFunction | null;
  handleFrameworkErrors: (handler: FrameworkErrorHandler) => void;
} {
  const { validators, headers } = options;
  // Set once the app exists; Fastify reports URL errors before any hook runs.
  let onFrameworkError: FrameworkErrorHandler = () => {};
  const { trust } = options;
  const settings = serverSettings(config);
  const app = Fastify({
    serverFactory: options.serverFactory,
    schemaController: { compilersFactory: { buildValidator: validators.buildValidator } },
    keepAliveTimeout: settings.keepAliveTimeout,
    requestTimeout: settings.requestTimeout,
    http: settings.http,
    frameworkErrors: (error, request, reply) => onFrameworkError(error, request, reply),
    clientErrorHandler: clientErrorHandler(headers, requestId),
    logger: options.logger ?? false,
    genReqId: requestId,
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
  return {
    app,
    trust,
    handleFrameworkErrors: (handler) => {
      onFrameworkError = handler;
    },
  };
}

/**
 * Metrics, the headers and request id every response carries (and
 * `Connection: close` while draining), and the connection caps.
 */
export async function registerOps(
  app: FastifyInstance,
  options: {
    config: Config;
    metrics: Metrics;
    headers: ResponseHeaders;
    lifecycle: Lifecycle;
  },
): Promise<void> {
  const { config, metrics, headers, lifecycle } = options;
  await app.register(metricsPlugin, { metrics, isUnavailable: isDatabaseUnavailable });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headersFor(headers, request.url));
    reply.header("x-request-id", request.id);
    // While shutting down, each connection ends after its response, so
    // clients reconnect — through the load balancer, to another instance.
    if (lifecycle.draining) reply.header("connection", "close");
    done();
  });
  limitConnections(app.server, connectionCaps(config));
}

/** One access-log line per request (Fastify's own two are disabled in `createFastify`). */
export function registerAccessLog(app: FastifyInstance): void {
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
}

/**
 * URL errors Fastify reports before any hook: an API request is still
 * counted and labelled by the API's guard; a browser gets the HTML page.
 */
export function frameworkErrorHandler(options: {
  headers: ResponseHeaders;
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}): FrameworkErrorHandler {
  const { headers, guard } = options;
  return (error, request, reply) => {
    reply.headers(headersFor(headers, request.url));
    reply.header("x-request-id", request.id);
    const appError = frameworkError(error);
    request.log.info({ code: appError.code }, "request refused");
    if (isApiPath(request.url)) {
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
}

/** /healthz and /readyz: the database, any further probes, and the limiter's state. */
export async function registerHealth(
  app: FastifyInstance,
  options: {
    database: DatabaseHandle;
    probes: readonly ReadinessProbe[] | undefined;
    lifecycle: Lifecycle;
    limiter: RateLimiter;
  },
): Promise<void> {
  const { database, probes, lifecycle, limiter } = options;
  await app.register(healthRoutes, {
    probes: [{ name: "database", check: database.ping }, ...(probes ?? [])],
    lifecycle,
    details: async () => ({
      limiter: (await limiter.status()).exact ? "exact" : "over_bound_estimating",
    }),
  });
}
