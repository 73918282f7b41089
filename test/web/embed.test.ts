import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildTestApp, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const frameAncestors = (csp: unknown) =>
  /frame-ancestors ([^;]+)/.exec(String(csp ?? ""))?.[1]?.trim() ?? null;

describe("/embed/map", () => {
  test("the SVG map and legend, framable by anyone by default, without cookies or scripts", async () => {
    const response = await app.inject({ url: "/embed/map" });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<svg class="us-map"/);
    assert.match(response.body, /<table class="legend">/);
    assert.doesNotMatch(response.body, /<script/);
    assert.equal(response.headers["set-cookie"], undefined);
    assert.equal(response.headers["x-frame-options"], undefined);
    assert.equal(frameAncestors(response.headers["content-security-policy"]), "*");
  });

  test("every other page still refuses framing", async () => {
    for (const url of ["/", "/states/CA", "/data", "/login"]) {
      const response = await app.inject({ url });
      assert.equal(frameAncestors(response.headers["content-security-policy"]), "'none'", url);
      assert.equal(response.headers["x-frame-options"], "DENY", url);
    }
  });

  test("the operator's list replaces *", async () => {
    const listed = await buildTestApp({}, { EMBED_FRAME_ANCESTORS: "https://news.example 'self'" });
    try {
      const response = await listed.inject({ url: "/embed/map" });
      assert.equal(
        frameAncestors(response.headers["content-security-policy"]),
        "https://news.example 'self'",
      );
    } finally {
      await listed.close();
    }
  });

  test("the home page offers a copy-paste iframe snippet", async () => {
    const response = await app.inject({ url: "/" });
    assert.match(
      response.body,
      /<code id="embed-snippet">&lt;iframe src=&quot;http:\/\/api\.test\/embed\/map&quot;/,
    );
  });
});
