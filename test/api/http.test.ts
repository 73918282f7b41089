import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildTestApp, json, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const ENDPOINTS = [
  "/v1/states",
  "/v1/states/ny",
  "/v1/states/ny/history",
  "/v1/federal",
  "/v1/changes",
];

describe("conditional requests", () => {
  for (const url of ENDPOINTS) {
    test(`${url}: ETag on 200, If-None-Match → 304 without a body`, async () => {
      const first = await app.inject({ url });
      assert.equal(first.statusCode, 200);
      const etag = String(first.headers.etag);
      assert.match(etag, /^(W\/)?"[^"]+"$/);
      const second = await app.inject({ url, headers: { "if-none-match": etag } });
      assert.equal(second.statusCode, 304);
      assert.equal(second.body, "");
      assert.equal(second.headers.etag, etag);
      const list = await app.inject({ url, headers: { "if-none-match": `"other", ${etag}` } });
      assert.equal(list.statusCode, 304);
      const stale = await app.inject({ url, headers: { "if-none-match": '"stale"' } });
      assert.equal(stale.statusCode, 200);
    });
  }

  test("different bodies have different ETags", async () => {
    const a = await app.inject({ url: "/v1/states/CA" });
    const b = await app.inject({ url: "/v1/states/NY" });
    assert.notEqual(a.headers.etag, b.headers.etag);
  });
});

/**
 * Prebuilt bodies are compressed in the background: until a variant is
 * ready the identity bytes are sent. Asks until the encoding is served.
 */
async function compressedResponse(url: string, encoding: "br" | "gzip") {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await app.inject({ url, headers: { "accept-encoding": encoding } });
    if (response.headers["content-encoding"] === encoding || Date.now() > deadline) return response;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("compression", () => {
  test("before its compressed variant is ready, a body is sent as identity with the identity ETag", async () => {
    const fresh = await buildTestApp();
    try {
      const first = await fresh.inject({
        url: "/v1/states/WY",
        headers: { "accept-encoding": "br" },
      });
      const identity = await fresh.inject({ url: "/v1/states/WY" });
      assert.equal(first.headers["content-encoding"], undefined);
      assert.equal(first.headers.etag, identity.headers.etag);
      assert.equal(first.body, identity.body);
    } finally {
      await fresh.close();
    }
  });

  for (const url of ["/v1/states", "/v1/federal", "/v1/changes?limit=100"]) {
    test(`${url}: br and gzip decode to the identity body; Vary: Accept-Encoding`, async () => {
      const identity = await app.inject({ url });
      assert.equal(identity.headers["content-encoding"], undefined);
      assert.match(String(identity.headers.vary), /Accept-Encoding/i);

      const br = await compressedResponse(url, "br");
      assert.equal(br.headers["content-encoding"], "br");
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), identity.body);
      assert.ok(br.rawPayload.length < identity.rawPayload.length);

      const gzip = await compressedResponse(url, "gzip");
      assert.equal(gzip.headers["content-encoding"], "gzip");
      assert.equal(gunzipSync(gzip.rawPayload).toString(), identity.body);

      const preferred = await app.inject({
        url,
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      assert.ok(["br", "gzip"].includes(String(preferred.headers["content-encoding"])));
      const refused = await app.inject({ url, headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
      assert.equal(refused.headers["content-encoding"], undefined);
    });
  }

  test("the same representation keeps one ETag per encoding, and any variant's ETag revalidates", async () => {
    const br = await compressedResponse("/v1/states", "br");
    assert.equal(br.headers["content-encoding"], "br");
    const identity = await app.inject({
      url: "/v1/states",
      headers: { "if-none-match": String(br.headers.etag) },
    });
    assert.equal(identity.statusCode, 304);
  });
});

describe("caching and HEAD", () => {
  test("Cache-Control is private with a max-age on data responses, which vary on the key", async () => {
    const response = await app.inject({ url: "/v1/states" });
    assert.match(String(response.headers["cache-control"]), /^private, max-age=\d+/);
    assert.match(String(response.headers.vary), /X-API-Key/);
  });

  for (const url of ENDPOINTS) {
    test(`HEAD ${url} has GET's headers and no body`, async () => {
      const get = await app.inject({ method: "GET", url });
      const head = await app.inject({ method: "HEAD", url });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, "");
      assert.equal(head.headers.etag, get.headers.etag);
      assert.equal(head.headers["content-type"], get.headers["content-type"]);
    });
  }

  test("errors are not cached", async () => {
    const response = await app.inject({ url: "/v1/states?status=bogus" });
    assert.equal(response.headers["cache-control"], "no-store");
  });
});

describe("CORS on /v1", () => {
  test("a cross-origin GET is allowed and the rate-limit and ETag headers are exposed", async () => {
    const response = await app.inject({
      url: "/v1/states",
      headers: { origin: "https://example.com" },
    });
    assert.equal(response.headers["access-control-allow-origin"], "*");
    const exposed = String(response.headers["access-control-expose-headers"]);
    for (const name of [
      "ETag",
      "RateLimit",
      "RateLimit-Policy",
      "X-RateLimit-Remaining",
      "Retry-After",
    ]) {
      assert.ok(exposed.includes(name), name);
    }
  });

  test("a preflight allows GET/HEAD with X-API-Key", async () => {
    const response = await app.inject({
      method: "OPTIONS",
      url: "/v1/states/CA",
      headers: {
        origin: "https://example.com",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-api-key",
      },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers["access-control-allow-origin"], "*");
    assert.match(String(response.headers["access-control-allow-methods"]), /GET/);
    assert.match(String(response.headers["access-control-allow-headers"]), /X-API-Key/i);
  });

  test("CORS errors carry the header too, so browsers can read problems", async () => {
    const response = await app.inject({
      url: "/v1/nope",
      headers: { origin: "https://example.com" },
    });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers["access-control-allow-origin"], "*");
  });

  test("the website is not opened to other origins", async () => {
    const response = await app.inject({
      url: "/healthz",
      headers: { origin: "https://example.com" },
    });
    assert.equal(response.headers["access-control-allow-origin"], undefined);
  });
});

describe("errors", () => {
  test("unknown path → 404 problem+json with a request id matching X-Request-Id", async () => {
    const response = await app.inject({ url: "/v1/nothing-here" });
    assert.equal(response.statusCode, 404);
    assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
    const problem = json(response);
    assert.equal(problem.code, "not_found");
    assert.equal(problem.status, 404);
    assert.equal(problem.type, "/errors#not_found");
    assert.equal(typeof problem.title, "string");
    assert.equal(typeof problem.detail, "string");
    assert.equal(problem.request_id, response.headers["x-request-id"]);
  });

  for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
    test(`${method} on an endpoint → 405 with Allow`, async () => {
      const response = await app.inject({ method, url: "/v1/states/CA" });
      assert.equal(response.statusCode, 405);
      assert.equal(response.headers.allow, "GET, HEAD, OPTIONS");
      assert.equal(json(response).code, "method_not_allowed");
    });
  }

  for (const name of ["api_key", "apikey", "key"]) {
    test(`an API key in the query string (${name}) → 400, and never echoed`, async () => {
      const response = await app.inject({ url: `/v1/states?${name}=cls_secretvalue123` });
      assert.equal(response.statusCode, 400);
      const problem = json(response);
      assert.equal(problem.code, "api_key_in_query");
      assert.ok(!response.body.includes("cls_secretvalue123"));
    });
  }
});
