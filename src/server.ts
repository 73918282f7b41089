/**
 * The process: reads the environment, loads and validates the dataset,
 * builds the app and listens. On SIGTERM/SIGINT it stops being ready,
 * drains in-flight requests (closing the app writes pending API-key
 * last-used times), closes the database and exits; a second signal or the grace period
 * running out forces the exit.
 */

import { buildApp, loggerOptions } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DatasetError, loadDataset } from "./dataset/dataset.load.ts";
import { createDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrations.ts";
import { isoDay } from "./lib/dates.ts";
import type { Lifecycle } from "./ops/health.routes.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let dataset: ReturnType<typeof loadDataset>;
  try {
    config = loadConfig(process.env);
    dataset = loadDataset(config.dataDir, isoDay(new Date()));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatasetError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db as never);
  } catch (error) {
    process.stderr.write(`Database migration failed: ${(error as Error).message}\n`);
    process.exit(1);
  }

  const lifecycle: Lifecycle = { draining: false };
  const app = await buildApp(config, {
    dataset,
    database,
    lifecycle,
    logger: loggerOptions(config),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    closing = true;
    lifecycle.draining = true;
    app.log.info({ signal }, "shutting down: draining requests");
    const timer = setTimeout(() => {
      app.log.error("grace period over: exiting with requests still open");
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    await app.close();
    await database.close();
    app.log.info("shut down cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      dataset_version: dataset.manifest.version,
      jurisdictions: dataset.jurisdictions.length,
      url: config.publicBaseUrl,
    },
    `serving the API at ${config.publicBaseUrl}/v1 and the reference at ${config.publicBaseUrl}/docs`,
  );
}

await main();
