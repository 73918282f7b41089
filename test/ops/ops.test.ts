import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { redactUrl } from "../../src/app.ts";
import { buildTestApp, json } from "../helpers.ts";

describe("health and readiness", () => {
  test("/healthz and /readyz answer 200 when ready", async () => {
    const app = await buildTestApp();
    const health = await app.inject({ url: "/healthz" });
    assert.equal(health.statusCode, 200);
    assert.equal(json(health).status, "ok");
    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(json(ready), {
      status: "ready",
      checks: { dataset: "ok", database: "ok", limiter: "exact" },
    });
    await app.close();
  });

  test("/readyz answers 503 while draining for shutdown", async () => {
    const lifecycle = { draining: false };
    const app = await buildTestApp({ lifecycle });
    lifecycle.draining = true;
    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 503);
    assert.equal(json<{ checks: Record<string, string> }>(ready).checks.lifecycle, "draining");
    assert.equal((await app.inject({ url: "/healthz" })).statusCode, 200);
    await app.close();
  });

  test("/readyz answers 503 naming an unreachable dependency", async () => {
    const app = await buildTestApp({
      probes: [
        { name: "cache", check: async () => true },
        { name: "redis", check: async () => Promise.reject(new Error("ECONNREFUSED")) },
      ],
    });
    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(json(ready).checks, {
      dataset: "ok",
      database: "ok",
      cache: "ok",
      redis: "unreachable",
      limiter: "exact",
    });
    await app.close();
  });
});

describe("every response", () => {
  test("carries a request id; pages get the strict security headers", async () => {
    const app = await buildTestApp();
    const a = await app.inject({ url: "/" });
    const b = await app.inject({ url: "/" });
    assert.match(String(a.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
    assert.notEqual(a.headers["x-request-id"], b.headers["x-request-id"]);
    assert.equal(a.headers["x-content-type-options"], "nosniff");
    assert.match(String(a.headers["content-security-policy"]), /frame-ancestors 'none'/);
    assert.ok(a.headers["referrer-policy"]);
    assert.equal(a.headers["strict-transport-security"], undefined, "no HSTS over plain http");
    await app.close();
  });

  test("API responses carry nosniff and a request id, not the page policies", async () => {
    const app = await buildTestApp();
    for (const url of ["/v1/states/CA", "/v1/nowhere", "/v1?x=1"]) {
      const response = await app.inject({ url });
      assert.match(String(response.headers["x-request-id"]), /^[0-9a-f-]{36}$/, url);
      assert.equal(response.headers["x-content-type-options"], "nosniff", url);
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "cross-origin-resource-policy",
        "referrer-policy",
      ]) {
        assert.equal(response.headers[name], undefined, `${url}: ${name}`);
      }
    }
    await app.close();
  });

  test("API responses carry HSTS when the public URL is https", async () => {
    const app = await buildTestApp({}, { PUBLIC_BASE_URL: "https://api.example.org" });
    const response = await app.inject({ url: "/v1/federal" });
    assert.match(String(response.headers["strict-transport-security"]), /max-age=\d+/);
    await app.close();
  });

  test("HSTS is sent when the public URL is https", async () => {
    const app = await buildTestApp({}, { PUBLIC_BASE_URL: "https://api.example.org" });
    const response = await app.inject({ url: "/healthz" });
    assert.match(String(response.headers["strict-transport-security"]), /max-age=\d+/);
    await app.close();
  });

  test("an unexpected failure is a 500 problem that reveals nothing internal", async () => {
    const app = await buildTestApp({}, {}, (instance) => {
      instance.get("/boom", () => {
        throw new Error("connect ECONNREFUSED db.internal:5432 SELECT * FROM users");
      });
    });
    const response = await app.inject({ url: "/boom" });
    assert.equal(response.statusCode, 500);
    const problem = json(response);
    assert.equal(problem.code, "internal_error");
    for (const secret of ["db.internal", "ECONNREFUSED", "SELECT", "at "]) {
      assert.ok(!response.body.includes(secret), secret);
    }
    await app.close();
  });

  test("logged URLs never contain a key put in the query string", () => {
    assert.equal(redactUrl("/v1/states?api_key=cls_abc&x=1"), "/v1/states?api_key=[REDACTED]&x=1");
    assert.equal(redactUrl("/v1/states?x=1&key=cls_abc"), "/v1/states?x=1&key=[REDACTED]");
    assert.equal(redactUrl("/v1/states?monkey=1"), "/v1/states?monkey=1");
  });

  test("logged URLs never contain a token, a CSRF token or another secret-bearing value", () => {
    const secret = "OXgo2NiQ3vZ_kq9-Lr8PbW1cT0aYdFhE5uJmNnXs7Ig";
    const cases: [string, string][] = [
      [`/password/reset?token=${secret}`, "/password/reset?token=[REDACTED]"],
      [`/account/verify?token=${secret}&x=1`, "/account/verify?token=[REDACTED]&x=1"],
      [`/logout?_csrf=${secret}`, "/logout?_csrf=[REDACTED]"],
      [`/x?a=1&new_password=${secret}#f`, "/x?a=1&new_password=[REDACTED]#f"],
      [`/x?accessToken=${secret}`, "/x?accessToken=[REDACTED]"],
      [`/x?client_secret=${secret}`, "/x?client_secret=[REDACTED]"],
      [`/x?session=${secret}`, "/x?session=[REDACTED]"],
    ];
    for (const [url, logged] of cases) assert.equal(redactUrl(url), logged);
    // Hidden behind percent-encoding of the name or of the "=".
    for (const url of [`/x?%74oken=${secret}`, `/x?to%6Ben=${secret}`, `/x?token%3D${secret}`]) {
      assert.ok(!redactUrl(url).includes(secret), url);
      assert.ok(redactUrl(url).includes("[REDACTED]"), url);
    }
    // What carries no secret is logged as is.
    for (const url of [
      "/v1/changes?since=2024-01-01&cursor=eyJhIjoxfQ&limit=50",
      "/v1/states?fields=code,status&format=geojson&as_of=2020-01-01",
      "/states?q=new%20york&sort=name",
      "/v1/states?monkey=1&keyboard=2&passage=3",
    ])
      assert.equal(redactUrl(url), url);
  });
});
