/**
 * The process, once Node's compile cache is on (src/server.ts): reads the
 * environment (and `.env`, if the working directory has one), loads the
 * dataset (checked by its stamp, or in full: src/dataset/dataset.stamp.ts)
 * and listens. From then on the API's plain reads for callers without a key
 * are answered (src/api/api.early.ts) while the rest loads: the app's
 * modules, the database's migrations, the backends, the app itself; every
 * other request waits for the app (docs/PERFORMANCE.md, "Start-up"). Once
 * the app is ready, it answers everything, the waiting requests first. On
 * SIGTERM/SIGINT it stops being ready, keeps serving for a grace period, then
 * drains in-flight requests (closing the app writes pending API-key last-used
 * times), closes the database and exits; a second signal or the drain period
 * running out forces the exit.
 *
 * Only what the process needs to listen and answer those reads is imported
 * here; the app's modules are loaded after listening (`loadApp`).
 */
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { flushCompileCache } from "node:module";
import pino from "pino";
import { createEarlyLane } from "./api/api.early.ts";
import { createLaneServer } from "./api/fast-lane.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatasetError } from "./dataset/dataset.load.ts";
import { loadStampedDataset } from "./dataset/dataset.stamp.ts";
import { createLiveLaw } from "./dataset/law.live.ts";
import { systemClock } from "./lib/clock.ts";
import { isoDay } from "./lib/dates.ts";
import { requestId } from "./lib/request-id.ts";
import { createAccessLog } from "./ops/access-log.ts";
import type { EventLog } from "./ops/backends.ts";
import { limitConnections } from "./ops/connections.ts";
import type { Lifecycle } from "./ops/health.routes.ts";
import { createLogStream } from "./ops/log-stream.ts";
import { loggerOptions } from "./ops/logger.ts";
import {
  clientErrorHandler,
  connectionCaps,
  loadTrustFunction,
  responseHeaders,
  serverSettings,
  startingUpResponse,
} from "./ops/server-settings.ts";
import { createMemoryLimiter } from "./rate-limit/rate-limit.memory.ts";

// node:http through getBuiltinModule, not an import: importing it as an ES
// module reads every export, and its WebSocket getter loads Node's fetch
// implementation (undici, ~30 ms of start-up) that nothing here uses.
const { createServer } = process.getBuiltinModule("node:http");

/** How long a clean stop waits for the event loop to run dry before `process.exit`. */
const EXIT_FALLBACK_MS = 5_000;

/**
 * Ends the process with `code` once its event loop has nothing left to do,
 * or by `process.exit` after `fallbackMs` if something still holds it.
 *
 * Why not `process.exit` once everything is closed: Node can deadlock in
 * it. Its main thread waits for V8's worker threads, while a background
 * compile on one of them waits for the main thread to collect garbage, and
 * the process never ends (nodejs/node#54918, open): 3 of about 750 stops
 * under load, none of 996 ending by itself (docs/DEPLOY.md, "Stopping an
 * instance"). A process whose loop runs dry lets V8 finish its background
 * work first. What may still run then is bounded: the body being
 * compressed in the background when the app closed
 * (src/api/api.register.ts). The fallback timer does not hold the loop
 * itself (`unref`), and says that it fired.
 */
function exitWhenIdle(code: number, fallbackMs: number): void {
  process.exitCode = code;
  setTimeout(() => {
    const active = process.getActiveResourcesInfo();
    process.stderr.write(
      `still running ${fallbackMs} ms after a clean stop${active.length > 0 ? ` (held by ${active.join(", ")})` : ""}: exiting now\n`,
    );
    process.exit(code);
  }, fallbackMs).unref();
}

/**
 * Two turns of the event loop: a request that has arrived is accepted, read
 * and answered (the lane writes at the end of its turn) before the next step.
 */
async function breathe(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Resolves once `server` has had no new connection or request for
 * `quietMs`, or after `maxMs` at most. The requests that came with the
 * start (a platform that starts an instance on demand holds the request
 * that woke it until the port opens) are answered before the rest of the
 * app loads and takes the event loop in steps.
 */
async function quietMoment(server: Server, quietMs: number, maxMs: number): Promise<void> {
  const started = performance.now();
  let last = started;
  const touch = () => {
    last = performance.now();
  };
  server.on("connection", touch);
  server.on("request", touch);
  try {
    for (;;) {
      const now = performance.now();
      if (now - last >= quietMs || now - started >= maxMs) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } finally {
    server.off("connection", touch);
    server.off("request", touch);
  }
}

/**
 * The rest: the app and the database, loaded once the process listens, a
 * step at a time. Each step's modules run in one go, and the early lane
 * answers only between steps, so the largest parts come one by one (each
 * step takes 5–40 ms on the machine of docs/PERFORMANCE.md).
 */
async function loadApp() {
  await breathe();
  const { createMetrics, renderMetrics } = await import("./ops/metrics.ts");
  const steps = [
    () => import("fastify"),
    () => import("@fastify/swagger"),
    () => import("@fastify/compress"),
    () => import("kysely"),
    () => import("./web/web.register.ts"),
    () => import("./accounts/accounts.register.ts"),
    () => import("./webhooks/webhooks.register.ts"),
    () => import("./review-queue/review-queue.register.ts"),
  ];
  for (const step of steps) {
    await breathe();
    await step();
  }
  await breathe();
  const { buildApp } = await import("./app.ts");
  const { createDatabase, describeDatabaseUrl } = await import("./db/database.ts");
  const { migrateToLatest } = await import("./db/migrations.ts");
  return {
    buildApp,
    createDatabase,
    createMetrics,
    describeDatabaseUrl,
    migrateToLatest,
    renderMetrics,
  };
}

const ENV_FILE = ".env";

/**
 * Settings from `.env` in the working directory, when there is one (the
 * variables of `.env.example`), read by Node itself; a variable already set
 * in the environment wins over the file.
 */
function readEnvFile(): string | null {
  if (!existsSync(ENV_FILE)) return null;
  try {
    process.loadEnvFile(ENV_FILE);
  } catch (error) {
    process.stderr.write(`${ENV_FILE} could not be read: ${(error as Error).message}\n`);
    process.exit(1);
  }
  return ENV_FILE;
}

async function main(): Promise<void> {
  // Where the start's time goes, logged once it listens: each phase's ms
  // (`modules`: from the process's start to here).
  const phases: Record<string, number> = { modules: performance.now() };
  const lap = (phase: string) => {
    phases[phase] = performance.now() - Object.values(phases).reduce((a, b) => a + b, 0);
  };
  const envFile = readEnvFile();
  let config: ReturnType<typeof loadConfig>;
  let loaded: ReturnType<typeof loadStampedDataset>;
  try {
    config = loadConfig(process.env);
    // Checked by its stamp when one vouches for these bytes; else every check runs.
    loaded = loadStampedDataset(config.dataDir, isoDay(new Date()));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatasetError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { dataset } = loaded;
  lap("dataset");

  // Listen now. What answers before the app exists is the API's own lane,
  // over the same law, limiter and log stream the app is given; what it
  // answers is counted into the metrics once they exist.
  const clock = systemClock;
  const lifecycle: Lifecycle = { draining: false };
  const logStream = createLogStream();
  const logOptions = loggerOptions(config, logStream) as Exclude<
    ReturnType<typeof loggerOptions>,
    boolean | undefined
  >;
  const { stream: _stream, ...pinoOptions } = logOptions as typeof logOptions & {
    stream?: unknown;
  };
  const startLog = pino(pinoOptions as Parameters<typeof pino>[0], logStream);
  const live = createLiveLaw(loaded.model, clock);
  const headers = responseHeaders(config.publicBaseUrl.startsWith("https://"));
  // The in-process limiter the app will use; with Redis, the app's limiter
  // is shared and connects with the app, so nothing answers before it.
  const limiter =
    config.redisUrl === null
      ? createMemoryLimiter({
          maxCounters: config.rateLimitMaxCounters,
          onBoundReached: (policy, counters) =>
            startLog.warn(
              { policy: policy.name, counters },
              "rate limiter reached its exact bound: further new counters are estimated (over-counting only)",
            ),
        })
      : undefined;
  // The early lane's access log holds its lines briefly (src/ops/access-log.ts):
  // handed to the stream before every synchronous flush of it here.
  const earlyAccessLog = createAccessLog(startLog, logStream);
  const flushLogs = () => {
    earlyAccessLog.flush();
    logStream.flushSync();
  };
  // A stop asked for before the app is ready is carried out once it is.
  let stopAsked: string | null = null;
  let onStop = (signal: string) => {
    if (stopAsked !== null) {
      flushLogs();
      process.exit(1);
    }
    stopAsked = signal;
    lifecycle.draining = true;
  };
  process.on("SIGTERM", () => onStop("SIGTERM"));
  process.on("SIGINT", () => onStop("SIGINT"));

  const laneServer = createLaneServer();
  const early =
    limiter !== undefined && config.deprecation === null
      ? await createEarlyLane({
          config,
          clock,
          live,
          limiter,
          headers,
          trust: await loadTrustFunction(config.trustProxy),
          accessLine: earlyAccessLog,
          open: () => !lifecycle.draining,
          onLimiterError: (error) =>
            startLog.warn(
              { err: error },
              "rate limiter failed before the app was ready; the app answers",
            ),
        })
      : null;
  if (early !== null) laneServer.attach(early.lane, { early: true });
  let server: Server;
  try {
    server = await laneServer.listenEarly({
      settings: serverSettings(config),
      port: config.port,
      host: config.host,
      prepare: (server) => limitConnections(server, connectionCaps(config)),
      clientError: clientErrorHandler(headers, requestId),
      refuse: startingUpResponse(headers, requestId),
    });
  } catch (error) {
    process.stderr.write(
      `Could not listen on ${config.host}:${config.port}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
  lap("listen");
  const bound = server.address();
  const where =
    typeof bound === "object" && bound !== null
      ? `http://${bound.family === "IPv6" ? `[${bound.address}]` : bound.address}:${bound.port}`
      : String(bound);
  startLog.info(
    { address: where },
    early !== null
      ? `port open at ${where}: answering the API's plain reads while the app loads`
      : `port open at ${where}: requests wait until the app is ready`,
  );
  flushLogs();
  await quietMoment(server, 10, 100);

  const modules = await loadApp();
  const { buildApp, createDatabase, describeDatabaseUrl, migrateToLatest, renderMetrics } = modules;
  const metrics = modules.createMetrics();
  const kept = early?.useMetrics(metrics);
  if (kept !== undefined && kept.untimed > 0)
    startLog.warn({ untimed: kept.untimed }, "answers before the metrics existed, not timed");
  lap("app_modules");

  // Events of the backing stores before the app's logger exists go to the start's log.
  let appLog: EventLog | null = null;
  const eventLog: EventLog = {
    info: (fields, message) => (appLog ?? startLog).info(fields, message),
    warn: (fields, message) => (appLog ?? startLog).warn(fields, message),
  };
  const database = createDatabase(config.databaseUrl, {
    onPoolError: (error) =>
      eventLog.warn({ err: error }, "database connection lost; reconnecting on next use"),
  });
  let applied: string[];
  try {
    applied = await migrateToLatest(database.db);
  } catch (error) {
    process.stderr.write(
      `Database migration failed (${describeDatabaseUrl(config.databaseUrl)}): ${(error as Error).message}\n`,
    );
    flushLogs();
    process.exit(1);
  }
  lap("migrations");

  // The Redis backends (and ioredis) are loaded only when they are used.
  const backends =
    config.redisUrl === null
      ? { deps: {}, ready: async () => {}, close: async () => {} }
      : (await import("./ops/backends.ts")).createBackends(config, metrics, eventLog);
  await backends.ready();
  lap("backends");
  const app = await buildApp(config, {
    dataset,
    live,
    database,
    lifecycle,
    metrics,
    ...(limiter === undefined ? {} : { limiter }),
    ...backends.deps,
    logger: logOptions,
    laneServer,
  });
  appLog = app.log;
  lap("app");
  if (loaded.stamp !== null) {
    const { by, checkedOn, days } = loaded.stamp;
    app.log.info(
      { stamp: { by, checked_on: checkedOn, days } },
      `dataset checks vouched for by its stamp (${by}, ${checkedOn}: ${days} served jurisdiction-days)`,
    );
  } else {
    app.log.warn({ reason: loaded.reason }, `every dataset check ran at start: ${loaded.reason}`);
  }
  if (envFile !== null) app.log.info({ file: envFile }, `settings read from ${envFile}`);
  if (applied.length > 0) app.log.info({ migrations: applied }, "migrations applied");
  else app.log.info("database schema up to date");
  app.addHook("onClose", () => backends.close());
  if (limiter !== undefined) app.addHook("onClose", async () => limiter.close());

  // SIGTERM: /readyz answers 503 at once so the load balancer stops sending
  // new work, but the listener keeps serving for SHUTDOWN_GRACE_MS (requests
  // already routed here, and retries, still succeed); then it closes, the
  // in-flight requests finish (SHUTDOWN_DRAIN_MS at most), API-key last-used
  // times are written and the database closes.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting now");
      flushLogs();
      process.exit(1);
    }
    closing = true;
    lifecycle.draining = true;
    app.log.info(
      { signal, grace_ms: config.shutdownGraceMs },
      "shutting down: not ready; serving through the grace period",
    );
    await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    app.log.info("grace period over: closing the listener and draining requests");
    const timer = setTimeout(() => {
      app.log.error("drain period over: exiting with requests still open");
      flushLogs();
      process.exit(1);
    }, config.shutdownDrainMs);
    timer.unref();
    await app.close();
    await database.close();
    clearTimeout(timer);
    app.log.info("shut down cleanly");
    flushLogs();
    exitWhenIdle(0, EXIT_FALLBACK_MS);
  };
  // The server listens already: Fastify's listen resolves at once, once
  // the app is ready; then the requests that waited go to it.
  await app.listen({ port: config.port, host: config.host });
  laneServer.release();
  lap("ready");
  onStop = (signal) => void shutdown(signal);
  // Node writes its compile cache when the process exits; written a few
  // seconds after listening too (not before the first answers), the next
  // start finds the code this one compiled even if this one is killed.
  setTimeout(flushCompileCache, 5_000).unref();
  if (config.metricsPort !== null) {
    const metricsServer = createServer((request, response) => {
      if (request.url !== "/metrics") {
        response.writeHead(404).end();
        return;
      }
      renderMetrics(metrics).then(
        ({ contentType, body }) =>
          response.writeHead(200, { "content-type": contentType }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    metricsServer.listen(config.metricsPort, config.host, () => {
      const address = metricsServer.address();
      app.log.info(
        {
          metrics_port: typeof address === "object" && address ? address.port : config.metricsPort,
        },
        "serving /metrics on its own port",
      );
    });
    metricsServer.unref();
  } else {
    app.log.info("METRICS_PORT is unset: /metrics is not served (the main port never serves it)");
  }
  app.log.info(
    {
      dataset_version: dataset.manifest.version,
      jurisdictions: dataset.jurisdictions.length,
      url: config.publicBaseUrl,
      startup_ms: Object.fromEntries(
        Object.entries(phases).map(([phase, ms]) => [phase, Math.round(ms * 10) / 10]),
      ),
    },
    `serving the API at ${config.publicBaseUrl}/v1 and the reference at ${config.publicBaseUrl}/docs`,
  );
  // A stop asked while the app was loading: carried out now that it is ready.
  if (stopAsked !== null) void shutdown(stopAsked);
}

await main();
