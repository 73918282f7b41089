/**
 * The real process: start-up messages, refusing bad configuration, and a
 * clean exit on SIGTERM.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { describe, test } from "node:test";

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

describe("the server process", () => {
  test("serves, then drains and exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const { child, output } = start({ PORT: String(port) });
    await waitFor(() => output().includes("serving the API"), "start-up");
    const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
    assert.equal(response.status, 200);
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    assert.equal(code, 0);
    assert.match(output(), /shut down cleanly/);
  });

  test("refuses a bad variable with a message naming it, and exits 1", async () => {
    const { child, output } = start({ PORT: "eighty" });
    const [code] = await once(child, "exit");
    assert.equal(code, 1);
    assert.match(output(), /PORT="eighty"/);
  });
});
