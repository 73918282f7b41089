/**
 * The real process: start-up messages, refusing bad configuration, and a
 * clean exit on SIGTERM.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { insertUserWithKey } from "../fixtures.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["src/server.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForAsync(
  condition: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the server process", () => {
  test("serves, then drains and exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "cls-server-"));
    const { child, output } = start({
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "cls.db")}`,
    });
    await waitFor(() => output().includes("serving the API"), "start-up");
    const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
    assert.equal(response.status, 200);
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    assert.equal(code, 0);
    assert.match(output(), /shut down cleanly/);
  });

  test("on SIGTERM, pending API-key last-used times are written before exit", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "cls-server-")), "cls.db");
    const setup = createDatabase(`sqlite:${path}`);
    await migrateToLatest(setup.db as never);
    const secret = await insertUserWithKey(setup.db);
    const lastUsed = async () =>
      (await setup.db.selectFrom("api_keys").select("last_used_at").executeTakeFirstOrThrow())
        .last_used_at;

    const port = await freePort();
    const { child, output } = start({ PORT: String(port), DATABASE_URL: `sqlite:${path}` });
    await waitFor(() => output().includes("serving the API"), "start-up");
    const call = () =>
      fetch(`http://127.0.0.1:${port}/v1/federal`, {
        headers: { "x-api-key": secret },
      });
    assert.equal((await call()).status, 200);
    const seen: { first: string | null } = { first: null };
    await waitForAsync(async () => {
      seen.first = await lastUsed();
      return seen.first !== null;
    }, "the first use to be written");
    const first = seen.first;
    assert.equal((await call()).status, 200);
    assert.equal(await lastUsed(), first, "the second use waits for the batch");
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    assert.equal((await exited)[0], 0);
    const final = await lastUsed();
    assert.ok(final !== null && first !== null && final > first, `${final} after ${first}`);
    await setup.close();
  });

  test("refuses a bad variable with a message naming it, and exits 1", async () => {
    const { child, output } = start({ PORT: "eighty" });
    const [code] = await once(child, "exit");
    assert.equal(code, 1);
    assert.match(output(), /PORT="eighty"/);
  });
});
