/**
 * The real process: start-up messages, refusing bad configuration, and a
 * clean exit on SIGTERM.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { PROJECT_ROOT } from "../../src/paths.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { spawnServer } from "../support/server-process.ts";
import { until } from "../support/wait.ts";

/** The server on a fresh SQLite database, once it serves the API: it and its port. */
async function serving(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cls-server-"));
  const server = spawnServer({ PORT: "0", DATABASE_URL: `sqlite:${join(dir, "cls.db")}`, ...env });
  await until("start-up", () => server.output().includes("serving the API"), 90_000);
  return { ...server, port: server.port() };
}

describe("the server process", () => {
  test("reads .env in its working directory; the environment wins over the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-env-"));
    writeFileSync(
      join(dir, ".env"),
      [
        "# a self-hoster's settings",
        "PORT=0",
        `DATA_DIR=${join(PROJECT_ROOT, "data")}`,
        `DATABASE_URL=sqlite:${join(dir, "cls.db")}`,
        "PUBLIC_RATE_LIMIT=7",
        "PUBLIC_RATE_WINDOW_SECONDS=30",
        "",
      ].join("\n"),
    );
    const server = spawnServer({ PUBLIC_RATE_WINDOW_SECONDS: "60" }, { cwd: dir });
    const { child, output } = server;
    await until("start-up", () => output().includes("serving the API"), 90_000);
    const response = await fetch(`http://127.0.0.1:${server.port()}/v1/federal`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("ratelimit-policy"), '"public";q=7;w=60');
    assert.match(output(), /settings read from \.env/);
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(), 0);
  });

  test("serves, then drains and exits 0 on SIGTERM", async () => {
    const server = await serving();
    const { child, output, port } = server;
    const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
    assert.equal(response.status, 200);
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(), 0);
    assert.match(output(), /shut down cleanly/);
    // It ended by itself once nothing was left running, not by the fallback.
    assert.doesNotMatch(output(), /still running/);
  });

  test("stops cleanly when the reader of its logs has gone (a broken pipe)", async () => {
    const server = await serving();
    const { child, output, port } = server;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
      assert.equal(response.status, 200);
      await response.arrayBuffer();
    }
    // The access log's lines are held for the next batch; the pipe they
    // would go into closes, and the stop that follows flushes them into it.
    child.stdout?.destroy();
    const after = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
    assert.equal(after.status, 200, "it goes on serving");
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(30_000), 0);
    assert.doesNotMatch(output(), /still running/);
  });

  test("opens its port before the app is ready: a plain read is answered, and a stop asked then is carried out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-server-early-"));
    const server = spawnServer({
      PORT: "0",
      DATABASE_URL: `sqlite:${join(dir, "cls.db")}`,
    });
    const { child, output } = server;
    await until("the port to open", () => /port open at http:\/\/[^:]+:\d+/.test(output()), 90_000);
    const port = Number(/port open at http:\/\/[^:]+:(\d+)/.exec(output())?.[1]);
    // Bounded, so that a server that never answers fails here with its log.
    const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`, {
      signal: AbortSignal.timeout(60_000),
    }).catch((error: Error) => {
      throw new Error(`${error.message}; the server's output:\n${output()}`);
    });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { data: { code: string } }).data.code, "CA");
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(), 0, output());
    const log = output();
    assert.match(log, /answering the API's plain reads while the app loads/);
    assert.ok(log.indexOf("port open at") < log.indexOf("Server listening at"), log);
    assert.ok(log.indexOf("serving the API at") < log.indexOf("shutting down"), log);
    assert.match(log, /shut down cleanly/);
    assert.doesNotMatch(log, /still running/);
  });

  test("on SIGTERM, pending API-key last-used times are written before exit", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "cls-server-")), "cls.db");
    const setup = createDatabase(`sqlite:${path}`);
    await migrateToLatest(setup.db);
    const secret = await insertUserWithKey(setup.db);
    const lastUsed = async () =>
      (await setup.db.selectFrom("api_keys").select("last_used_at").executeTakeFirstOrThrow())
        .last_used_at;

    const server = spawnServer({ PORT: "0", DATABASE_URL: `sqlite:${path}` });
    const { child, output } = server;
    await until("start-up", () => output().includes("serving the API"), 90_000);
    const port = server.port();
    const call = () =>
      fetch(`http://127.0.0.1:${port}/v1/federal`, {
        headers: { "x-api-key": secret },
      });
    assert.equal((await call()).status, 200);
    const seen: { first: string | null } = { first: null };
    await until("the first use to be written", async () => {
      seen.first = await lastUsed();
      return seen.first !== null;
    });
    const first = seen.first;
    assert.equal((await call()).status, 200);
    assert.equal(await lastUsed(), first, "the second use waits for the batch");
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(), 0);
    const final = await lastUsed();
    assert.ok(final !== null && first !== null && final > first, `${final} after ${first}`);
    await setup.close();
  });

  test("on SIGTERM, /readyz answers 503 at once while requests are still served through the grace period", async () => {
    const server = await serving({ SHUTDOWN_GRACE_MS: "60000", SHUTDOWN_DRAIN_MS: "5000" });
    const { child, output, port } = server;
    assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
    child.kill("SIGTERM");
    await until("the signal", () => output().includes("serving through the grace period"), 90_000);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 503, "not ready at once");
    const served = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
    assert.equal(served.status, 200, "still serving during the grace period");
    assert.equal(served.headers.get("connection"), "close", "clients are told to reconnect");
    assert.equal(child.exitCode, null, "the listener stays open for the grace period");
    child.kill("SIGTERM");
    assert.equal(await server.exitCode(), 1, "a second signal exits at once");
  });

  test("refuses a bad variable with a message naming it, and exits 1", async () => {
    const server = spawnServer({ PORT: "eighty" });
    assert.equal(await server.exitCode(), 1);
    const { output } = server;
    assert.match(output(), /PORT="eighty"/);
  });

  test("refuses a zero rate limit at start-up with one line naming the setting and its range", async () => {
    const server = spawnServer({ PUBLIC_RATE_LIMIT: "0" });
    assert.equal(await server.exitCode(), 1);
    const { output } = server;
    assert.equal(
      output().trim(),
      'Invalid environment variable PUBLIC_RATE_LIMIT="0": expected a whole number from 1 to 1000000000 (requests per window for public callers).',
    );
  });
});
