/**
 * Shared by the measurement scripts: a real listening app over a fresh file
 * database, the website on its own origin over an in-memory one, and
 * latency percentiles.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { loadDataset } from "../src/dataset/dataset.load.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { isoDay } from "../src/lib/dates.ts";

export async function startBenchServer(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cls-bench-"));
  const database = createDatabase(`sqlite:${join(dir, "cls.db")}`);
  await migrateToLatest(database.db);
  const config = loadConfig({ PORT: "0", PUBLIC_BASE_URL: "http://127.0.0.1", ...env });
  const app = await buildApp(config, {
    dataset: loadDataset("data", isoDay(new Date())),
    database,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The website as a browser meets it: an in-memory instance listening on a
 * free loopback port, with `PUBLIC_BASE_URL` set to that very origin (the
 * pages' links and the same-origin checks of forms use it).
 */
export async function startLocalSite() {
  const { createServer } = await import("node:net");
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const port = (probe.address() as { port: number }).port;
  probe.close();
  const base = `http://127.0.0.1:${port}`;
  const database = createDatabase("sqlite::memory:");
  await migrateToLatest(database.db);
  const app = await buildApp(loadConfig({ PUBLIC_BASE_URL: base, PORT: String(port) }), {
    dataset: loadDataset("data", isoDay(new Date())),
    database,
    logger: false,
  });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    base,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The real server as its own process (so a flood's client load does not
 * share the server's event loop), over a fresh file database.
 */
export async function spawnBenchServer(env: Record<string, string> = {}) {
  const { spawn } = await import("node:child_process");
  const { createServer } = await import("node:net");
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === "string") throw new Error("no port");
  const dir = mkdtempSync(join(tmpdir(), "cls-bench-"));
  const child = spawn(process.execPath, ["src/server.ts"], {
    env: {
      ...process.env,
      PORT: String(address.port),
      DATABASE_URL: `sqlite:${join(dir, "cls.db")}`,
      PUBLIC_BASE_URL: "http://127.0.0.1",
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${address.port}`;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
