/**
 * The bundled server (`npm run build` → dist/server.mjs), which `npm start`
 * and the container run: it builds (and fills Node's compile cache with one
 * start), starts, and serves what the sources
 * serve — the API, the website's pages and assets, the map drawn on first
 * use, the reference's script (Scalar, left out of the bundle), and, with
 * PostgreSQL and Redis (pg left out, ioredis inside), the same API.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  createTestSchema,
  POSTGRES_URL,
  REDIS_URL,
  skipUnlessReachable,
} from "../support/backends.ts";
import { listeningPort } from "../support/server-process.ts";

const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

async function startBundle(
  env: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<number | null>; log: () => string }> {
  // Port 0: the server binds a port itself and logs it (test/support/server-process.ts).
  const child = spawn(process.execPath, ["dist/server.mjs"], {
    env: { ...process.env, PORT: "0", SHUTDOWN_GRACE_MS: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let errors = "";
  let log = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  const port = await listeningPort(child, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${errors}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bundle exited: ${errors}`);
    if (Date.now() > deadline) throw new Error(`the bundle did not answer in 60 s: ${errors}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    base,
    log: () => log,
    stop: async () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    },
  };
}

describe("the bundled server", () => {
  before(() => {
    const output = execFileSync(process.execPath, ["scripts/build.ts"], { encoding: "utf8" });
    assert.match(output, /built dist\/server\.mjs \(dist\/server\.bundle\.mjs\): \d+ modules/);
    assert.match(output, /stamped data\/ \(version [\d.]+, sha256 [0-9a-f]{12}\)/);
    // The build starts what it built once, so the first real start finds Node's compile cache.
    assert.match(output, /filled dist\/compile-cache\/ \(Node's compile cache\) with one start/);
    assert.ok(readdirSync("dist/compile-cache", { recursive: true }).length > 1);
  });

  test("skips the dataset checks its build stamped, and runs them on data edited since", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-bundle-"));
    const stamped = await startBundle({
      DATABASE_URL: `sqlite:${join(dir, "stamped.db")}`,
      LOG_LEVEL: "info",
    });
    assert.equal((await fetch(`${stamped.base}/v1/states/CA`)).status, 200);
    assert.equal(await stamped.stop(), 0);
    assert.match(stamped.log(), /dataset checks vouched for by its stamp \(npm run build, /);
    assert.match(stamped.log(), /"startup_ms":\{"modules":[\d.]+,"dataset":[\d.]+/);

    // The same data with one summary edited: no stamp vouches for it.
    const data = join(dir, "data");
    for (const file of ["dataset.json", "federal.json"])
      cpSync(join("data", file), join(data, file));
    cpSync(join("data", "jurisdictions"), join(data, "jurisdictions"), { recursive: true });
    symlinkSync(resolve("data", "releases"), join(data, "releases"));
    const file = join(data, "jurisdictions", "CO.json");
    const record = JSON.parse(readFileSync(file, "utf8")) as { summary: string };
    writeFileSync(file, JSON.stringify({ ...record, summary: `${record.summary} ` }));
    const edited = await startBundle({
      DATABASE_URL: `sqlite:${join(dir, "edited.db")}`,
      DATA_DIR: data,
    });
    assert.equal((await fetch(`${edited.base}/v1/states/CO`)).status, 200);
    assert.equal(await edited.stop(), 0);
    assert.match(
      edited.log(),
      /every dataset check ran at start: no stamp vouches for these data files \(sha256 [0-9a-f]{12}\)/,
    );
  });

  test("serves the API, the website, its assets and the reference on the embedded default", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-bundle-"));
    const server = await startBundle({ DATABASE_URL: `sqlite:${join(dir, "cls.db")}` });
    const record = await fetch(`${server.base}/v1/states/CA`);
    assert.equal(record.status, 200);
    assert.equal(((await record.json()) as { data: { code: string } }).data.code, "CA");
    const home = await fetch(`${server.base}/`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<svg[^>]*class="us-map/);
    const embed = await fetch(`${server.base}/embed/map`);
    assert.match(await embed.text(), /<svg/);
    const css = await fetch(`${server.base}/assets/site.css`);
    assert.equal(css.status, 200);
    assert.ok((await css.text()).length > 1000);
    const reference = await fetch(`${server.base}/docs/scalar.js`);
    assert.equal(reference.status, 200);
    assert.ok((await reference.arrayBuffer()).byteLength > 100_000);
    const refused = await fetch(`${server.base}/v1/states?status=sideways`);
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get("content-type"), "application/problem+json; charset=utf-8");
    assert.equal(await server.stop(), 0);
  });

  test("serves the API on PostgreSQL and Redis", async (t) => {
    const skip =
      (await skipUnlessReachable("PostgreSQL", POSTGRES_URL)) ||
      (await skipUnlessReachable("Redis", REDIS_URL));
    if (skip) {
      t.skip(skip);
      return;
    }
    const schema = await createTestSchema();
    try {
      const server = await startBundle({ DATABASE_URL: schema.url, REDIS_URL });
      const response = await fetch(`${server.base}/v1/states/CA`);
      assert.equal(response.status, 200);
      assert.ok(Number(response.headers.get("x-ratelimit-remaining")) >= 0);
      assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
      assert.equal(await server.stop(), 0);
    } finally {
      await schema.drop();
    }
  });
});
