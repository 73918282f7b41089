import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildTestApp, json, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

describe("/openapi.json", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const response = await app.inject({ url: "/openapi.json" });
    assert.equal(response.statusCode, 200);
    const document = json(response);
    assert.equal(document.openapi, "3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });

  test("documents the five endpoints with their parameters and problem responses", async () => {
    const document = json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
      >;
    }>(await app.inject({ url: "/openapi.json" }));
    for (const path of [
      "/v1/states",
      "/v1/states/{code}",
      "/v1/states/{code}/history",
      "/v1/federal",
      "/v1/changes",
    ]) {
      assert.ok(document.paths[path]?.get, path);
      assert.ok(document.paths[path]?.get?.responses["200"], `${path} 200`);
      assert.ok(document.paths[path]?.get?.responses["400"], `${path} 400`);
    }
    const states = document.paths["/v1/states"]?.get?.parameters?.map((p) => p.name) ?? [];
    assert.deepEqual(new Set(states), new Set(["include", "status", "decriminalized"]));
    const changes = document.paths["/v1/changes"]?.get?.parameters?.map((p) => p.name) ?? [];
    assert.deepEqual(new Set(changes), new Set(["since", "limit", "cursor"]));
  });
});

describe("/docs", () => {
  test("serves the interactive reference from the service itself, no CDN", async () => {
    const response = await app.inject({ url: "/docs/" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /text\/html/);
    assert.doesNotMatch(response.body, /<script[^>]+src="https?:\/\//);
    assert.doesNotMatch(response.body, /<link[^>]+href="https?:\/\//);
    const scripts = [...response.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    assert.ok(scripts.length > 0);
    for (const src of scripts) {
      const url = new URL(src, "http://api.test/docs/").pathname;
      const asset = await app.inject({ url });
      assert.equal(asset.statusCode, 200, url);
    }
  });

  test("/errors documents every error code", async () => {
    const response = await app.inject({ url: "/errors" });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /id="invalid_parameter"/);
  });
});
