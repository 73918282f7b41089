/**
 * The process: reads the environment (and `.env`, if the working directory
 * has one), loads the dataset (checked by its stamp, or in full:
 * src/dataset/dataset.stamp.ts), builds the app and listens. On
 * SIGTERM/SIGINT it stops being ready, keeps serving for a grace period, then
 * drains in-flight requests (closing the app writes pending API-key last-used
 * times), closes the database and exits; a second signal or the drain period
 * running out forces the exit.
 */

import { existsSync } from "node:fs";
import { enableCompileCache, flushCompileCache } from "node:module";
import type { EventLog } from "./ops/backends.ts";
import type { Lifecycle } from "./ops/health.routes.ts";

// node:http through getBuiltinModule, not an import: importing it as an ES
// module reads every export, and its WebSocket getter loads Node's fetch
// implementation (undici, ~30 ms of start-up) that nothing here uses.
const { createServer } = process.getBuiltinModule("node:http");

// Node keeps the compiled (and type-stripped) modules on disk between runs,
// which shortens start-up; the modules below are therefore loaded after it
// is enabled, not by static imports (those would run first).
enableCompileCache();
const { buildApp, loggerOptions } = await import("./app.ts");
const { ConfigError, loadConfig } = await import("./config.ts");
const { DatasetError } = await import("./dataset/dataset.load.ts");
const { loadStampedDataset } = await import("./dataset/dataset.stamp.ts");
const { createDatabase, describeDatabaseUrl } = await import("./db/database.ts");
const { migrateToLatest } = await import("./db/migrations.ts");
const { isoDay } = await import("./lib/dates.ts");
const { createLogStream } = await import("./ops/log-stream.ts");
const { createMetrics, renderMetrics } = await import("./ops/metrics.ts");

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

  // Events of the backing stores before the app's logger exists go to stderr.
  let appLog: EventLog | null = null;
  const eventLog: EventLog = {
    info: (fields, message) => appLog?.info(fields, message),
    warn: (fields, message) =>
      appLog ? appLog.warn(fields, message) : process.stderr.write(`${message}\n`),
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
    process.exit(1);
  }
  lap("migrations");

  const metrics = createMetrics();
  // The Redis backends (and ioredis) are loaded only when they are used.
  const backends =
    config.redisUrl === null
      ? { deps: {}, ready: async () => {}, close: async () => {} }
      : (await import("./ops/backends.ts")).createBackends(config, metrics, eventLog);
  await backends.ready();
  lap("backends");
  const lifecycle: Lifecycle = { draining: false };
  const logStream = createLogStream();
  const app = await buildApp(config, {
    dataset,
    lawModel: loaded.model,
    database,
    lifecycle,
    metrics,
    ...backends.deps,
    logger: loggerOptions(config, logStream),
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

  // SIGTERM: /readyz answers 503 at once so the load balancer stops sending
  // new work, but the listener keeps serving for SHUTDOWN_GRACE_MS (requests
  // already routed here, and retries, still succeed); then it closes, the
  // in-flight requests finish (SHUTDOWN_DRAIN_MS at most), API-key last-used
  // times are written and the database closes.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting now");
      logStream.flushSync();
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
      logStream.flushSync();
      process.exit(1);
    }, config.shutdownDrainMs);
    timer.unref();
    await app.close();
    await database.close();
    app.log.info("shut down cleanly");
    logStream.flushSync();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  lap("listen");
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
}

await main();
