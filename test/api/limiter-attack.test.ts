/**
 * The limits under attack, through the whole app: a flood of distinct
 * clients, an account cycling keys, a flood of made-up keys, and caches.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, createTestDatabase, json, type TestApp } from "../helpers.ts";
import { createKeyThroughWebsite, signedUpAgent } from "../web/agent.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe("no one is refused because of how many others exist", () => {
  test("after 150,000 distinct clients (X-Forwarded-For behind a trusted proxy) a newcomer is admitted and a client at its limit stays refused", async () => {
    const logLines: string[] = [];
    const clock = createFakeClock();
    const app = await buildTestApp(
      {
        clock,
        logger: {
          level: "warn",
          stream: new Writable({
            write(chunk, _encoding, done) {
              logLines.push(String(chunk));
              done();
            },
          }),
        },
      },
      { PUBLIC_RATE_LIMIT: "60", TRUST_PROXY: "1", RATE_LIMIT_MAX_COUNTERS: "100000" },
    );
    const from = (xff: string, headers: Record<string, string> = {}) =>
      app.inject({ url: "/v1/federal", headers: { "x-forwarded-for": xff, ...headers } });
    const etag = String((await from("192.0.2.200")).headers.etag);

    for (let i = 0; i < 60; i++) assert.equal((await from("192.0.2.1")).statusCode, 200);
    assert.equal((await from("192.0.2.1")).statusCode, 429, "the victim is at its limit");

    const FLOOD = 150_000;
    const BATCH = 500;
    for (let start = 0; start < FLOOD; start += BATCH) {
      clock.advance(100);
      const batch: Promise<{ statusCode: number }>[] = [];
      for (let i = start; i < start + BATCH; i++) {
        batch.push(
          from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, { "if-none-match": etag }),
        );
      }
      for (const response of await Promise.all(batch))
        assert.equal(response.statusCode, 304, "every flood client is a newcomer too");
    }

    const victim = await from("192.0.2.1");
    assert.equal(victim.statusCode, 429, "still refused");
    assert.equal(victim.headers["retry-after"], String(900 - FLOOD / BATCH / 10));
    const newcomer = await from("198.51.100.7");
    assert.equal(newcomer.statusCode, 200);
    assert.match(
      String(newcomer.headers.ratelimit),
      /^"public";r=59;t=\d+$/,
      "judged on its own request (by the over-counting estimate, past the exact bound)",
    );

    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 200, "still ready: estimating is not failing");
    assert.equal(
      json<{ checks: Record<string, string> }>(ready).checks.limiter,
      "over_bound_estimating",
    );
    assert.equal(
      logLines.filter((line) => line.includes("reached its exact bound")).length,
      1,
      "reaching the bound is logged once",
    );
    await app.close();
  });
});

describe("one keyed quota per account", () => {
  test("all keys of an account share the quota; deleting and re-creating keys yields none", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock();
    const app = await buildTestApp({ database, clock }, { KEY_RATE_LIMIT: "3" });
    const { agent } = await signedUpAgent(app);
    const call = (key: string) => app.inject({ url: "/v1/federal", headers: { "x-api-key": key } });
    const keyIds = async () =>
      (await database.db.selectFrom("api_keys").select("id").execute()).map((row) => row.id);
    const deleteAll = async () => {
      for (const id of await keyIds())
        await agent.submit(`/account/keys/${id}/delete`, `/account/keys/${id}/delete`, {});
    };

    const a = await createKeyThroughWebsite(agent, "a");
    for (let i = 0; i < 3; i++) {
      const response = await call(a);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers["ratelimit-policy"], '"key";q=3;w=3600');
    }
    assert.equal((await call(a)).statusCode, 429, "key A used the quota up");
    const b = await createKeyThroughWebsite(agent, "b");
    const viaB = await call(b);
    assert.equal(viaB.statusCode, 429, "key B shares it");
    assert.equal(json(viaB).policy, "key");
    await deleteAll();
    const c = await createKeyThroughWebsite(agent, "c");
    assert.equal((await call(c)).statusCode, 429, "a key made after deleting all others too");
    assert.equal((await call(a)).statusCode, 401, "deleted keys are refused");

    const other = await signedUpAgent(app);
    const theirs = await createKeyThroughWebsite(other.agent, "theirs");
    assert.equal((await call(theirs)).statusCode, 200, "another account has its own quota");

    clock.advance(HOUR);
    assert.equal((await call(c)).statusCode, 200, "the quota comes back as the window slides");
    await app.close();
  });

  test("key creation is throttled per account: 20 in any 24 hours, deleted keys included", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock();
    const app = await buildTestApp({ database, clock });
    const { agent } = await signedUpAgent(app);
    const page = await agent.get("/account/keys");
    assert.match(page.body, /up to 20 keys in any 24 hours/);
    const create = () =>
      agent.submit("/account/keys", "/account/keys", {
        name: "churn",
        nonce: randomBytes(16).toString("hex"),
      });
    for (let i = 0; i < 20; i++) {
      assert.equal((await create()).statusCode, 201, `creation ${i + 1}`);
      if (i % 5 === 4) {
        for (const { id } of await database.db.selectFrom("api_keys").select("id").execute())
          await agent.submit(`/account/keys/${id}/delete`, `/account/keys/${id}/delete`, {});
      }
    }
    const refused = await create();
    assert.equal(refused.statusCode, 429);
    assert.match(refused.body, /You have created 20 keys in the last 24 hours/);
    assert.equal(
      await database.db
        .selectFrom("api_keys")
        .select("id")
        .execute()
        .then((rows) => rows.length),
      0,
      "no key was made",
    );
    clock.advance(24 * HOUR);
    assert.equal((await create()).statusCode, 201, "allowed again a day later");
    await app.close();
  });
});

describe("bad keys cost little", () => {
  test("10,000 well-formed random keys from one client cause at most its public limit + 10 look-ups a minute; none is told the public limit is used up", async () => {
    let lookups = 0;
    const database = await createTestDatabase((sql) => {
      if (/from "api_keys"/.test(sql) && /"key_hash"/.test(sql)) lookups++;
    });
    const clock = createFakeClock();
    const app = await buildTestApp({ database, clock }, { PUBLIC_RATE_LIMIT: "60" });
    lookups = 0;
    const answers = new Map<string, number>();
    const flood = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const response = await app.inject({
          url: "/v1/federal",
          headers: { "x-api-key": generateApiKey() },
        });
        const answer = `${response.statusCode} ${json(response).code}`;
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        if (i % 100 === 99) clock.advance(1);
      }
    };
    await flood(10_000);
    console.log(
      `10,000 random well-formed keys from one client: ${lookups} database look-ups; answers ${JSON.stringify(Object.fromEntries(answers))}`,
    );
    assert.deepEqual(
      Object.fromEntries(answers),
      { "401 invalid_api_key": 70, "429 api_key_not_checked": 9930 },
      "refused as invalid when looked up (60 under the public limit, 10 over it), else not checked",
    );
    assert.ok(lookups <= 70, `${lookups} look-ups: 60 under the limit, at most 10 over it`);

    const before = lookups;
    clock.advance(60 * SECOND);
    await flood(1000);
    assert.ok(lookups - before <= 10, "at most 10 more in the next minute");
    await app.close();
  });

  test("a repeated unknown key is looked up once", async () => {
    let lookups = 0;
    const database = await createTestDatabase((sql) => {
      if (/"key_hash"/.test(sql)) lookups++;
    });
    const app = await buildTestApp(
      { database, clock: createFakeClock() },
      { PUBLIC_RATE_LIMIT: "5" },
    );
    lookups = 0;
    const key = generateApiKey();
    for (let i = 0; i < 50; i++)
      await app.inject({ url: "/v1/federal", headers: { "x-api-key": key } });
    assert.equal(lookups, 1);
    await app.close();
  });
});

/**
 * A cache that follows RFC 9111 in what matters here: whether it may store
 * a response (`no-store`; `private` for a shared cache) and whether a stored
 * response may answer a request (same URL, same values of every header the
 * response's `Vary` names).
 */
function createCache(kind: "shared" | "private") {
  type Entry = { vary: string[]; request: Record<string, string>; status: number; body: string };
  const entries = new Map<string, Entry[]>();
  const cacheable = new Set([200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]);
  const norm = (headers: Record<string, string>, name: string) =>
    (headers[name.toLowerCase()] ?? "").trim();
  return {
    entries,
    async fetch(app: TestApp, url: string, headers: Record<string, string>) {
      for (const entry of entries.get(url) ?? []) {
        if (entry.vary.includes("*")) continue;
        if (entry.vary.every((name) => norm(entry.request, name) === norm(headers, name)))
          return { fromCache: true, status: entry.status, body: entry.body };
      }
      const response = await app.inject({ url, headers });
      const cacheControl = String(response.headers["cache-control"] ?? "");
      const storable =
        cacheable.has(response.statusCode) &&
        !/no-store/.test(cacheControl) &&
        !(kind === "shared" && /private/.test(cacheControl));
      if (storable) {
        const vary = String(response.headers.vary ?? "")
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== "");
        const list = entries.get(url) ?? [];
        list.push({ vary, request: headers, status: response.statusCode, body: response.body });
        entries.set(url, list);
      }
      return { fromCache: false, status: response.statusCode, body: response.body };
    },
  };
}

describe("caches never cross callers", () => {
  for (const kind of ["shared", "private"] as const) {
    test(`a ${kind} cache never answers one caller with another's response, and never stores a 401`, async () => {
      const database = await createTestDatabase();
      const app = await buildTestApp({ database, clock: createFakeClock() });
      const { agent } = await signedUpAgent(app);
      const alice = await createKeyThroughWebsite(agent, "alice");
      const bob = await createKeyThroughWebsite((await signedUpAgent(app)).agent, "bob");
      const madeUp = generateApiKey();
      const cache = createCache(kind);
      const callers: Record<string, Record<string, string>> = {
        alice: { "x-api-key": alice },
        bob: { "x-api-key": bob },
        "made-up key": { "x-api-key": madeUp },
        "no key": {},
      };
      for (const url of ["/v1/federal", "/v1/states/CA", "/v1/changes?limit=5", "/v1/nowhere"]) {
        const first: Record<string, { status: number }> = {};
        for (const [name, headers] of Object.entries(callers)) {
          for (const encoding of ["", "gzip"]) {
            const result = await cache.fetch(app, url, {
              ...headers,
              ...(encoding ? { "accept-encoding": encoding } : {}),
            });
            if (result.fromCache) {
              assert.ok(
                kind === "private" && first[name] !== undefined,
                `${url}: ${name} was answered from another caller's cached response`,
              );
            }
            first[name] ??= result;
          }
          const again = await cache.fetch(app, url, headers);
          if (name === "made-up key") {
            assert.equal(again.status, 401, `${url}: the made-up key is refused every time`);
            assert.equal(again.fromCache, false, "a 401 is never served from a cache");
          }
        }
      }
      if (kind === "shared") assert.equal(cache.entries.size, 0, "a shared cache stores nothing");
      else assert.ok(cache.entries.size > 0, "a client's own cache may reuse its answers");
      await app.close();
    });
  }
});
