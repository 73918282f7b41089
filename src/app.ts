/**
 * The composition root: builds the Fastify application from a Config and
 * its long-lived dependencies, registering every plugin explicitly, in
 * order. No I/O here; `server.ts` loads, builds and listens.
 */
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { buildApiViews } from "./api/api.views.ts";
import { v1Routes } from "./api/v1.routes.ts";
import type { Config } from "./config.ts";
import type { Dataset } from "./dataset/dataset.load.ts";
import { registerErrorHandlers } from "./errors.ts";
import { healthRoutes, type Lifecycle, type ReadinessProbe } from "./ops/health.routes.ts";
import { errorsPageRoutes } from "./web/errors.page.ts";

export type AppDeps = {
  dataset: Dataset;
  /** Dependencies /readyz checks (database, Redis) once they exist. */
  probes?: readonly ReadinessProbe[];
  lifecycle?: Lifecycle;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
};

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

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: "request_id" }),
    requestIdHeader: false,
    trustProxy: false,
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

  registerErrorHandlers(app);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // Swagger UI sets style attributes from its scripts.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginResourcePolicy: false,
    frameguard: { action: "deny" },
    strictTransportSecurity: config.publicBaseUrl.startsWith("https://")
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cannabis Legal Status API",
        version: "1.0.0",
        description:
          "The cannabis legal status of every US state, DC and the five inhabited territories, with sources and dated history. Read-only JSON; no key needed. See /errors for every error code.",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: config.publicBaseUrl }],
      tags: [
        { name: "jurisdictions", description: "States, DC and territories" },
        { name: "federal", description: "Federal law" },
        { name: "changes", description: "The change feed" },
        { name: "operations", description: "Health and readiness" },
      ],
    },
  });

  const views = buildApiViews(deps.dataset);
  await app.register(v1Routes, { prefix: "/v1", views });
  await app.register(healthRoutes, {
    probes: deps.probes ?? [],
    lifecycle: deps.lifecycle ?? { draining: false },
  });
  await app.register(errorsPageRoutes);

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
  app.get("/", { schema: { hide: true } }, (_request, reply) => reply.redirect("/docs", 302));

  return app;
}
