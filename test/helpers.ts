/**
 * Test helpers: each test file builds its own app in-process over the real
 * dataset (loaded once per file) and talks to it with `app.inject()`.
 */
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Dataset, loadDataset } from "../src/dataset/dataset.load.ts";
import { createDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { systemClock } from "../src/lib/clock.ts";
import { isoDay } from "../src/lib/dates.ts";
import { createMemoryMailer } from "../src/mail/mailer.ts";

let dataset: Dataset | undefined;

/** A fresh, migrated in-memory SQLite database. */
export async function createTestDatabase(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const database = createDatabase("sqlite::memory:", onQuery ? { onQuery } : {});
  await migrateToLatest(database.db);
  return database;
}

/** The repository's dataset, validated as at start-up. */
export function realDataset(): Dataset {
  dataset ??= loadDataset("data", isoDay(new Date()));
  return dataset;
}

/**
 * Test configuration. The public limit is raised so suites about other
 * behaviour are not throttled by their own requests; the rate-limit suites
 * set the policy they test (or use the defaults) explicitly.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_BASE_URL: "http://api.test", PUBLIC_RATE_LIMIT: "1000000", ...env });
}

/**
 * Webhook host names resolve to nothing in tests (no real DNS); a test that
 * needs a name passes its own `webhookLookup`.
 */
const NO_DNS: NonNullable<AppDeps["webhookLookup"]> = (hostname, _options, callback) => {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = "ENOTFOUND";
  queueMicrotask(() => callback(error, []));
};

/**
 * Builds an app over the real dataset. Suites about limits and sessions move
 * their injected `clock` through arbitrary days; the law in force follows the
 * real day unless a suite injects `lawClock` too (the law's own suites pass
 * the same clock as both).
 */
export async function buildTestApp(
  deps: Partial<AppDeps> = {},
  env: Record<string, string> = {},
  configure: (app: FastifyInstance) => void = () => {},
) {
  const database = deps.database ?? (await createTestDatabase());
  const app = await buildApp(testConfig(env), {
    dataset: realDataset(),
    lawClock: systemClock,
    logger: false,
    mailer: createMemoryMailer(),
    webhookLookup: NO_DNS,
    ...deps,
    database,
  });
  if (deps.database === undefined) app.addHook("onClose", () => database.close());
  configure(app);
  await app.ready();
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Parses a JSON response body, failing the test with the body if it is not JSON. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/**
 * Bodies are compressed in the background and sent as identity until their
 * variant is ready: asks until the encoding is served (or 30 s pass).
 */
export async function injectCompressed(
  app: TestApp,
  url: string,
  encoding: "br" | "gzip",
  headers: Record<string, string> = {},
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await app.inject({
      url,
      headers: { ...headers, "accept-encoding": encoding },
    });
    if (response.headers["content-encoding"] === encoding || Date.now() > deadline) return response;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
