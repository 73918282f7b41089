/**
 * Test helpers: each test file builds its own app in-process over the real
 * dataset (loaded once per file) and talks to it with `app.inject()`.
 */
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Dataset, loadDataset } from "../src/dataset/dataset.load.ts";
import { isoDay } from "../src/lib/dates.ts";

let dataset: Dataset | undefined;

/** The repository's dataset, validated as at start-up. */
export function realDataset(): Dataset {
  dataset ??= loadDataset("data", isoDay(new Date()));
  return dataset;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_BASE_URL: "http://api.test", ...env });
}

export async function buildTestApp(
  deps: Partial<AppDeps> = {},
  env: Record<string, string> = {},
  configure: (app: FastifyInstance) => void = () => {},
) {
  const app = await buildApp(testConfig(env), { dataset: realDataset(), logger: false, ...deps });
  configure(app);
  await app.ready();
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Parses a JSON response body, failing the test with the body if it is not JSON. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
