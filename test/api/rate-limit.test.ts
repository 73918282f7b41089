import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { createKeyUsage } from "../../src/api-keys/api-key.usage.ts";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { clientCounterKey } from "../../src/rate-limit/rate-limit.policy.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase, json, type TestApp } from "../helpers.ts";
import { createKeyThroughWebsite, signedUpAgent } from "../web/agent.ts";

const SECOND = 1000;
const DEFAULT_LIMITS = { PUBLIC_RATE_LIMIT: "60" };

async function keyFor(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  options: { expiresAt?: string | null; nowIso?: string } = {},
) {
  return insertUserWithKey(database.db, { nowIso: "2026-01-01T00:00:00.000Z", ...options });
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers });

describe("limit headers (happy)", () => {
  test("public defaults: 60 per 15 minutes, in both header families", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock }, DEFAULT_LIMITS);
    const response = await get(app, "/v1/states/CA");
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers["ratelimit-policy"], '"public";q=60;w=900');
    assert.equal(response.headers.ratelimit, '"public";r=59;t=900');
    assert.equal(response.headers["x-ratelimit-limit"], "60");
    assert.equal(response.headers["x-ratelimit-remaining"], "59");
    assert.equal(response.headers["x-ratelimit-used"], "1");
    assert.equal(
      response.headers["x-ratelimit-reset"],
      String(Math.ceil((clock.now() + 900 * SECOND) / 1000)),
    );
    clock.advance(370 * SECOND);
    const later = await get(app, "/v1/federal");
    assert.equal(
      later.headers.ratelimit,
      '"public";r=58;t=530',
      "t counts down to when the oldest request leaves",
    );
    await app.close();
  });

  test("keyed callers: 1000 per hour, counted per account", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database, clock: createFakeClock() }, DEFAULT_LIMITS);
    const key = await keyFor(database);
    const response = await get(app, "/v1/states", { "x-api-key": key });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers["ratelimit-policy"], '"key";q=1000;w=3600');
    assert.equal(response.headers.ratelimit, '"key";r=999;t=3600');
    await app.close();
  });

  for (const [status, url, headers] of [
    [304, "/v1/federal", "etag"],
    [400, "/v1/states?status=nope", null],
    [401, "/v1/states", "bad-key"],
    [404, "/v1/nowhere", null],
    [405, "/v1/states", "post"],
  ] as const) {
    test(`a ${status} response carries the limit headers`, async () => {
      const app = await buildTestApp({ clock: createFakeClock() }, DEFAULT_LIMITS);
      let response: LightMyRequestResponse;
      if (headers === "etag") {
        const first = await get(app, url);
        response = await get(app, url, { "if-none-match": String(first.headers.etag) });
      } else if (headers === "bad-key") {
        response = await get(app, url, { "x-api-key": "cls_wrong" });
      } else if (headers === "post") {
        response = await app.inject({ method: "POST", url });
      } else {
        response = await get(app, url);
      }
      assert.equal(response.statusCode, status);
      assert.match(String(response.headers.ratelimit), /^"public";r=\d+;t=\d+$/);
      for (const name of [
        "ratelimit-policy",
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "x-ratelimit-used",
      ]) {
        assert.ok(response.headers[name] !== undefined, name);
      }
      await app.close();
    });
  }
});

describe("exact sliding window through the API", () => {
  test("60 admitted in 10 s; the 61st gets 429 with Retry-After 890; admitted again exactly 900 s after the first", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock }, DEFAULT_LIMITS);
    const start = clock.now();
    for (let i = 0; i < 60; i++) {
      clock.set(start + Math.floor((i * 10 * SECOND) / 59));
      assert.equal((await get(app, "/v1/states/NY")).statusCode, 200, `request ${i + 1}`);
    }
    const refused = await get(app, "/v1/states/NY");
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers["retry-after"], "890");
    assert.equal(refused.headers.ratelimit, '"public";r=0;t=890');
    const problem = json(refused);
    assert.equal(problem.code, "rate_limited");
    assert.equal(problem.policy, "public");
    assert.equal(problem.limit, 60);
    assert.equal(problem.window_seconds, 900);
    assert.equal(problem.retry_after_seconds, 890);
    // An anonymous caller is told that a free key lifts the limit, and where to get one.
    assert.match(
      String(problem.detail),
      /^The public limit of 60 requests per 900 seconds is used up\. Retry in 890 seconds\. A free API key raises it to 1000 requests per 3600 seconds: sign up at http:\/\/api\.test\/signup, create a key at http:\/\/api\.test\/account\/keys and send it in the X-API-Key header\.$/,
    );
    clock.set(start + 900 * SECOND - 1);
    assert.equal((await get(app, "/v1/states/NY")).statusCode, 429);
    clock.set(start + 900 * SECOND);
    assert.equal((await get(app, "/v1/states/NY")).statusCode, 200);
    await app.close();
  });

  test("keyed: 1000 admitted in the hour, the 1001st refused until the first leaves", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock();
    const app = await buildTestApp({ database, clock }, DEFAULT_LIMITS);
    const key = await keyFor(database);
    const start = clock.now();
    for (let i = 0; i < 1000; i++) {
      clock.set(start + i * 3 * SECOND);
      const response = await get(app, "/v1/federal", { "x-api-key": key });
      assert.equal(response.statusCode, 200, `request ${i + 1}`);
    }
    clock.set(start + 3000 * SECOND);
    const refused = await get(app, "/v1/federal", { "x-api-key": key });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers["retry-after"], "600");
    assert.equal(json(refused).policy, "key");
    assert.doesNotMatch(
      String(json(refused).detail),
      /free API key|sign up/,
      "a keyed caller has one",
    );
    clock.set(start + 3600 * SECOND);
    assert.equal((await get(app, "/v1/federal", { "x-api-key": key })).statusCode, 200);
    await app.close();
  });

  test("public and keyed counters are independent", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(
      { database, clock: createFakeClock() },
      { PUBLIC_RATE_LIMIT: "2", KEY_RATE_LIMIT: "2" },
    );
    const key = await keyFor(database);
    await get(app, "/v1/federal");
    await get(app, "/v1/federal");
    assert.equal((await get(app, "/v1/federal")).statusCode, 429, "public exhausted");
    assert.equal(
      (await get(app, "/v1/federal", { "x-api-key": key })).statusCode,
      200,
      "the key still works",
    );
    assert.equal((await get(app, "/v1/federal", { "x-api-key": key })).statusCode, 200);
    assert.equal(
      (await get(app, "/v1/federal", { "x-api-key": key })).statusCode,
      429,
      "key exhausted",
    );
    await app.close();
  });

  test("CORS preflights are not counted", async () => {
    const app = await buildTestApp({ clock: createFakeClock() }, { PUBLIC_RATE_LIMIT: "1" });
    for (let i = 0; i < 5; i++) {
      const preflight = await app.inject({
        method: "OPTIONS",
        url: "/v1/states",
        headers: { origin: "https://example.com", "access-control-request-method": "GET" },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers.ratelimit, undefined);
    }
    assert.equal((await get(app, "/v1/states")).statusCode, 200);
    await app.close();
  });
});

describe("API keys on /v1 (errors)", () => {
  test("a malformed, unknown or expired key is refused with 401, never served as public", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock(Date.parse("2026-06-01T00:00:00Z"));
    const app = await buildTestApp({ database, clock }, DEFAULT_LIMITS);
    const expired = await keyFor(database, { expiresAt: "2026-05-01T00:00:00.000Z" });
    const valid = await keyFor(database);
    const unknown = `${valid.slice(0, 4)}${valid.slice(4, 10).split("").reverse().join("")}${valid.slice(10)}`;
    for (const [key, code] of [
      ["nonsense", "invalid_api_key"],
      ["cls_AAAAAAAAAAAAAAAAAAAAAAAAAAAA", "invalid_api_key"],
      [unknown, "invalid_api_key"],
      [expired, "expired_api_key"],
    ] as const) {
      const response = await get(app, "/v1/states", { "x-api-key": key });
      assert.equal(response.statusCode, 401, key);
      assert.equal(json(response).code, code, key);
      assert.equal(
        response.headers["ratelimit-policy"],
        '"public";q=60;w=900',
        "charged to the IP",
      );
    }
    await app.close();
  });

  test("requests refused for a bad key count against the caller's IP", async () => {
    const app = await buildTestApp({ clock: createFakeClock() }, { PUBLIC_RATE_LIMIT: "2" });
    assert.equal(
      (await get(app, "/v1/states", { "x-api-key": "cls_bad" })).headers.ratelimit,
      '"public";r=1;t=900',
    );
    assert.equal((await get(app, "/v1/states", { "x-api-key": "cls_bad" })).statusCode, 401);
    const third = await get(app, "/v1/states");
    assert.equal(third.statusCode, 429);
    await app.close();
  });

  test("a key deleted on the website is refused on the very next request", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database }, DEFAULT_LIMITS);
    const { agent } = await signedUpAgent(app);
    const key = await createKeyThroughWebsite(agent, "soon gone");
    assert.equal((await get(app, "/v1/states/CA", { "x-api-key": key })).statusCode, 200);
    const row = await database.db.selectFrom("api_keys").select("id").executeTakeFirstOrThrow();
    await agent.submit(`/account/keys/${row.id}/delete`, `/account/keys/${row.id}/delete`, {});
    const after = await get(app, "/v1/states/CA", { "x-api-key": key });
    assert.equal(after.statusCode, 401);
    assert.equal(json(after).code, "invalid_api_key");
    await app.close();
  });

  test("deleting the account revokes its keys at once", async () => {
    const app = await buildTestApp({}, DEFAULT_LIMITS);
    const { agent } = await signedUpAgent(app);
    const key = await createKeyThroughWebsite(agent, "k");
    assert.equal((await get(app, "/v1/federal", { "x-api-key": key })).statusCode, 200);
    await agent.submit("/account", "/account/delete", {
      current_password: "violet-harbor-tractor-57",
      confirm: "yes",
    });
    assert.equal((await get(app, "/v1/federal", { "x-api-key": key })).statusCode, 401);
    await app.close();
  });
});

describe("API keys on /v1 once the client's public window is spent (errors)", () => {
  const spendWindow = async (app: TestApp) => {
    for (let i = 0; i < 60; i++) assert.equal((await get(app, "/v1/federal")).statusCode, 200);
    assert.equal((await get(app, "/v1/federal")).statusCode, 429, "the window is spent");
  };

  test("a malformed, unknown, deleted or expired key is still refused as such (401), charged, and never told the public limit is used up", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock(Date.parse("2026-06-01T00:00:00Z"));
    const app = await buildTestApp({ database, clock }, DEFAULT_LIMITS);
    const expired = await keyFor(database, { expiresAt: "2026-05-01T00:00:00.000Z" });
    const unknown = await keyFor(await createTestDatabase());
    const { agent } = await signedUpAgent(app);
    const deleted = await createKeyThroughWebsite(agent, "soon gone");
    assert.equal((await get(app, "/v1/federal", { "x-api-key": deleted })).statusCode, 200);
    await spendWindow(app);
    const row = await database.db
      .selectFrom("api_keys")
      .select("id")
      .where("name", "=", "soon gone")
      .executeTakeFirstOrThrow();
    await agent.submit(`/account/keys/${row.id}/delete`, `/account/keys/${row.id}/delete`, {});
    for (const [key, code] of [
      ["cls_AAAAAAAAAAAAAAAAAAAAAAAAAAAA", "invalid_api_key"],
      ["nonsense", "invalid_api_key"],
      [unknown, "invalid_api_key"],
      [deleted, "invalid_api_key"],
      [expired, "expired_api_key"],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const response = await get(app, "/v1/states/CA", { "x-api-key": key });
        assert.equal(response.statusCode, 401, key);
        assert.equal(json(response).code, code, key);
        assert.doesNotMatch(response.body, /public limit/);
        assert.equal(response.headers["retry-after"], undefined, "nothing to wait for");
        assert.equal(
          response.headers["ratelimit-policy"],
          '"public";q=60;w=900',
          "charged to the IP",
        );
        assert.equal(response.headers["x-ratelimit-remaining"], "0", "whose window is spent");
        assert.equal(response.headers["x-ratelimit-used"], "60");
        assert.match(String(response.headers.ratelimit), /^"public";r=0;t=\d+$/);
      }
    }
    assert.equal((await get(app, "/v1/federal")).statusCode, 429, "no key: still the public 429");
    await app.close();
  });

  test("a key the client may not have looked up is answered 429 api_key_not_checked with Retry-After, then checked when it may be", async () => {
    let lookups = 0;
    const database = await createTestDatabase((sql) => {
      if (/"key_hash"/.test(sql)) lookups++;
    });
    const clock = createFakeClock();
    const app = await buildTestApp({ database, clock }, DEFAULT_LIMITS);
    const valid = await keyFor(database);
    await spendWindow(app);
    clock.advance(30 * SECOND);
    lookups = 0;
    for (let i = 0; i < 10; i++) {
      const response = await get(app, "/v1/federal", { "x-api-key": generateApiKey() });
      assert.equal(response.statusCode, 401, "10 look-ups a minute over the limit");
    }
    assert.equal(lookups, 10);
    const unchecked = await get(app, "/v1/federal", { "x-api-key": valid });
    assert.equal(unchecked.statusCode, 429);
    const problem = json(unchecked);
    assert.equal(problem.code, "api_key_not_checked");
    assert.equal(problem.policy, undefined, "no policy: the public limit is not what stopped it");
    assert.doesNotMatch(unchecked.body, /public/);
    assert.equal(unchecked.headers["retry-after"], "60", "when the next look-up may be made");
    assert.equal(problem.retry_after_seconds, 60);
    assert.equal(
      unchecked.headers["x-ratelimit-remaining"],
      "0",
      "charged to the IP, as any bad key",
    );
    assert.equal(lookups, 10, "no look-up");
    clock.advance(60 * SECOND);
    const checked = await get(app, "/v1/federal", { "x-api-key": valid });
    assert.equal(checked.statusCode, 200, "looked up, and served on the account's quota");
    assert.equal(checked.headers["ratelimit-policy"], '"key";q=1000;w=3600');
    await app.close();
  });
});

describe("API keys on /v1 (security and cost)", () => {
  test("a flood of random keys never reaches the database; a repeated unknown key is looked up once", async () => {
    const queries: string[] = [];
    const database = await createTestDatabase((sql) => queries.push(sql));
    const app = await buildTestApp(
      { database, clock: createFakeClock() },
      { PUBLIC_RATE_LIMIT: "100000" },
    );
    queries.length = 0;
    for (let i = 0; i < 1000; i++) {
      const random = `cls_${Math.random().toString(36).slice(2).padEnd(28, "x").slice(0, 28)}`;
      assert.equal((await get(app, "/v1/federal", { "x-api-key": random })).statusCode, 401);
    }
    assert.equal(
      queries.filter((q) => q.includes("api_keys")).length,
      0,
      "1000 random keys: no query",
    );
    const wellFormedUnknown = await keyFor(await createTestDatabase());
    for (let i = 0; i < 100; i++) await get(app, "/v1/federal", { "x-api-key": wellFormedUnknown });
    assert.equal(
      queries.filter((q) => q.includes("api_keys")).length,
      1,
      "one lookup, then the negative cache",
    );
    await app.close();
  });

  test("a valid key is looked up once; later requests never query, however late", async () => {
    const queries: string[] = [];
    const database = await createTestDatabase((sql) => queries.push(sql));
    const clock = createFakeClock();
    const usage = createKeyUsage(database.db, { error: () => {} });
    const app = await buildTestApp({ database, clock, keyUsage: usage }, DEFAULT_LIMITS);
    const key = await keyFor(database);
    await get(app, "/v1/federal", { "x-api-key": key });
    await usage.settled();
    queries.length = 0;
    for (let i = 0; i < 200; i++) {
      assert.equal((await get(app, "/v1/federal", { "x-api-key": key })).statusCode, 200);
      clock.advance(60 * SECOND);
    }
    assert.equal(
      queries.filter((q) => q.startsWith("select")).length,
      0,
      "served from the cache (revalidated by revocation, not by age)",
    );
    await app.close();
  });

  test("last used: the first use is written at once; later uses in a batch", async () => {
    const database = await createTestDatabase();
    const clock = createFakeClock(Date.parse("2026-02-01T10:00:00Z"));
    const usage = createKeyUsage(database.db, { error: () => {} });
    const app = await buildTestApp({ database, clock, keyUsage: usage }, DEFAULT_LIMITS);
    const key = await keyFor(database);
    const lastUsed = async () =>
      (await database.db.selectFrom("api_keys").select("last_used_at").executeTakeFirstOrThrow())
        .last_used_at;
    assert.equal(await lastUsed(), null);
    await get(app, "/v1/federal", { "x-api-key": key });
    await usage.settled();
    assert.equal(await lastUsed(), "2026-02-01T10:00:00.000Z");
    clock.advance(30 * SECOND);
    await get(app, "/v1/federal", { "x-api-key": key });
    assert.equal(await lastUsed(), "2026-02-01T10:00:00.000Z", "not written per request");
    assert.equal(usage.pending(), 1);
    await usage.flush();
    assert.equal(await lastUsed(), "2026-02-01T10:00:30.000Z");
    await app.close();
  });
});

describe("client IP", () => {
  test("X-Forwarded-For is ignored by default", async () => {
    const app = await buildTestApp({ clock: createFakeClock() }, { PUBLIC_RATE_LIMIT: "1" });
    assert.equal(
      (await get(app, "/v1/federal", { "x-forwarded-for": "203.0.113.1" })).statusCode,
      200,
    );
    assert.equal(
      (await get(app, "/v1/federal", { "x-forwarded-for": "203.0.113.2" })).statusCode,
      429,
      "spoofed header changes nothing",
    );
    await app.close();
  });

  test("TRUST_PROXY=1 believes the nearest proxy's X-Forwarded-For, grouping IPv6 by /64", async () => {
    const app = await buildTestApp(
      { clock: createFakeClock() },
      { PUBLIC_RATE_LIMIT: "1", TRUST_PROXY: "1" },
    );
    const from = (xff: string) => get(app, "/v1/federal", { "x-forwarded-for": xff });
    assert.equal((await from("203.0.113.1")).statusCode, 200);
    assert.equal((await from("203.0.113.2")).statusCode, 200, "a different client");
    assert.equal(
      (await from("198.51.100.9, 203.0.113.1")).statusCode,
      429,
      "only the nearest hop is believed",
    );
    assert.equal((await from("2001:db8:1:2::1")).statusCode, 200);
    assert.equal((await from("2001:db8:1:2:ffff::9")).statusCode, 429, "same /64");
    assert.equal((await from("2001:db8:1:3::1")).statusCode, 200, "another /64");
    await app.close();
  });

  test("TRUST_PROXY with addresses trusts only those proxies", async () => {
    const app = await buildTestApp(
      { clock: createFakeClock() },
      { PUBLIC_RATE_LIMIT: "1", TRUST_PROXY: "10.0.0.0/8" },
    );
    const direct = (xff: string) =>
      app.inject({
        url: "/v1/federal",
        headers: { "x-forwarded-for": xff },
        remoteAddress: "192.0.2.50",
      });
    assert.equal((await direct("203.0.113.1")).statusCode, 200);
    assert.equal(
      (await direct("203.0.113.2")).statusCode,
      429,
      "192.0.2.50 is not a trusted proxy",
    );
    const viaProxy = (xff: string) =>
      app.inject({
        url: "/v1/federal",
        headers: { "x-forwarded-for": xff },
        remoteAddress: "10.1.2.3",
      });
    assert.equal((await viaProxy("203.0.113.7")).statusCode, 200);
    assert.equal((await viaProxy("203.0.113.8")).statusCode, 200);
    await app.close();
  });

  test("counter keys", () => {
    assert.equal(clientCounterKey("203.0.113.5"), "ip:203.0.113.5");
    assert.equal(clientCounterKey("::ffff:203.0.113.5"), "ip:203.0.113.5");
    assert.equal(clientCounterKey("2001:db8::1"), "ip6:2001:db8:0:0::/64");
    assert.equal(clientCounterKey("2001:0db8:0000:0000:abcd::1"), "ip6:2001:db8:0:0::/64");
    assert.equal(clientCounterKey("::1"), "ip6:0:0:0:0::/64");
  });
});
