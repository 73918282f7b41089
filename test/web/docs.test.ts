import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { buildTestApp, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

describe("/docs, the API reference", () => {
  test("is a site page: the site's header, a viewport, the reference's own script and theme", async () => {
    const response = await app.inject({ url: "/docs" });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<meta name="viewport"/);
    assert.match(response.body, /<header class="site-header">/);
    assert.match(response.body, /<script src="\/docs\/scalar.js" defer><\/script>/);
    assert.match(response.body, /<script src="\/assets\/docs\.[0-9a-f]{16}\.js" defer><\/script>/);
    assert.doesNotMatch(response.body, /src="https?:/);
  });

  test("serves the reference's bundle compressed once: the same bytes each time, with an ETag", async () => {
    const first = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br" },
    });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers["content-encoding"], "br");
    assert.match(String(first.headers["content-type"]), /javascript/);
    const second = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br" },
    });
    assert.ok(first.rawPayload.equals(second.rawPayload));
    const plain = await app.inject({ url: "/docs/scalar.js" });
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.ok(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload));
    assert.ok(first.rawPayload.length < plain.rawPayload.length / 3);
    const cached = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br", "if-none-match": String(first.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
  });

  test("the plugin's own page and document copies are not exposed", async () => {
    for (const url of ["/docs/scalar/", "/docs/scalar/openapi.json", "/docs/scalar/js/scalar.js"]) {
      let response = await app.inject({ url, headers: { accept: "text/html" } });
      // A trailing-slash variant redirects to its canonical path first.
      if (response.statusCode === 308)
        response = await app.inject({
          url: String(response.headers.location),
          headers: { accept: "text/html" },
        });
      assert.equal(response.statusCode, 404, url);
    }
  });

  test("'Try it' asks the browser to bypass its cache, so answers are never shared across keys", async () => {
    const script = await app.inject({ url: "/assets/docs.js" });
    assert.match(script.body, /Cache-Control", "no-cache"/);
  });
});
