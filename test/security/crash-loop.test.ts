/**
 * Crash loop: the real server process is killed with SIGKILL at random
 * moments while clients sign up, create keys and delete keys, again and
 * again. Afterwards the database passes SQLite's integrity check, every key
 * a client was shown works, and every deletion a client saw confirmed stays
 * deleted.
 *
 * CRASH_LOOP_KILLS sets the number of kills (20 by default).
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { listeningPort } from "../support/server-process.ts";

const KILLS = Number(process.env.CRASH_LOOP_KILLS ?? 20);
const PASSWORD = "violet-harbor-tractor-57";

/** The site's public origin: what the browser stand-in sends as Origin, wherever the server listens. */
const SITE = "http://crash-loop.test";

/** The server on a port it binds itself (port 0, read from its log), answering /healthz. */
async function startServer(databaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, ["src/server.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      PUBLIC_BASE_URL: SITE,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      SHUTDOWN_GRACE_MS: "0",
      // Refused (deleted) keys count against the client's public quota; the check makes many.
      PUBLIC_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = `http://127.0.0.1:${await listeningPort(child)}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start");
    }
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) break;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base };
}

/** A browser stand-in over fetch: cookies, the page's CSRF token, the site's Origin. */
function browser(base: string) {
  const cookies = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        origin: SITE,
        accept: "text/html",
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return {
      status: response.status,
      location: response.headers.get("location"),
      body: await response.text(),
    };
  };
  const submit = async (page: string, action: string, fields: Record<string, string>) => {
    const form = await request(page);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
    return request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
    });
  };
  return { request, submit };
}

type Ledger = { received: Map<string, string>; pendingDelete: Set<string>; deleted: Set<string> };

/** Signs up and then creates and deletes keys until the server dies. */
async function workload(base: string, iteration: number, ledger: Ledger): Promise<void> {
  const agent = browser(base);
  const signup = await agent.submit("/signup", "/signup", {
    email: `crash${iteration}-${Date.now()}@example.org`,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  if (signup.status !== 303) return;
  const mine: { id: string; secret: string }[] = [];
  for (let n = 0; ; n++) {
    if (mine.length >= 6) {
      const victim = mine.shift() as { id: string; secret: string };
      ledger.received.delete(victim.secret);
      ledger.pendingDelete.add(victim.secret);
      const deleted = await agent.submit("/account/keys", `/account/keys/${victim.id}/delete`, {});
      if (deleted.status === 303 && deleted.location === "/account/keys?deleted=1") {
        ledger.pendingDelete.delete(victim.secret);
        ledger.deleted.add(victim.secret);
      }
      continue;
    }
    const nonce = `${iteration.toString(16).padStart(8, "0")}${n.toString(16).padStart(24, "0")}`;
    const created = await agent.submit("/account/keys", "/account/keys", { name: `k${n}`, nonce });
    const secret = /id="new-key"[^>]*>([^<]+)</.exec(created.body)?.[1];
    if (created.status !== 201 || secret === undefined) continue;
    const list = await agent.request("/account/keys");
    const ids = [...list.body.matchAll(/href="\/account\/keys\/([^/"]+)\/delete"/g)].map(
      (m) => m[1] as string,
    );
    const known = new Set(mine.map((key) => key.id));
    const id = ids.find((candidate) => !known.has(candidate));
    ledger.received.set(secret, id ?? "");
    if (id !== undefined) mine.push({ id, secret });
  }
}

test(`crash loop: ${KILLS} SIGKILLs during sign-ups, key creations and deletions lose nothing`, async () => {
  const path = join(mkdtempSync(join(tmpdir(), "cls-crash-")), "cls.db");
  const databaseUrl = `sqlite:${path}`;
  const ledger: Ledger = { received: new Map(), pendingDelete: new Set(), deleted: new Set() };
  for (let iteration = 0; iteration < KILLS; iteration++) {
    const { child, base } = await startServer(databaseUrl);
    const running = workload(base, iteration, ledger).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    const [, signal] = await exited;
    assert.equal(signal, "SIGKILL");
    await running;
  }

  const sqlite = new DatabaseSync(path);
  const integrity = sqlite.prepare("PRAGMA integrity_check").all();
  sqlite.close();
  assert.deepEqual(
    integrity.map((row) => Object.values(row)[0]),
    ["ok"],
  );

  const { child, base } = await startServer(databaseUrl);
  try {
    const status = async (key: string) =>
      (await fetch(`${base}/v1/federal`, { headers: { "x-api-key": key } })).status;
    for (const key of ledger.received.keys())
      assert.equal(await status(key), 200, "a received key works");
    for (const key of ledger.deleted)
      assert.equal(await status(key), 401, "a confirmed deletion holds");
    assert.ok(ledger.received.size + ledger.deleted.size > 0, "the workload got somewhere");
    process.stdout.write(
      `# crash loop: ${KILLS} kills, ${ledger.received.size} received keys work, ${ledger.deleted.size} confirmed deletions hold, integrity ok\n`,
    );
  } finally {
    child.kill("SIGKILL");
    await once(child, "exit");
  }
});
