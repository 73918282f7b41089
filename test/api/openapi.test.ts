import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
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
    assert.deepEqual(
      new Set(states),
      new Set(["include", "status", "decriminalized", "sales", "as_of", "fields", "format"]),
    );
    const changes = document.paths["/v1/changes"]?.get?.parameters?.map((p) => p.name) ?? [];
    assert.deepEqual(
      new Set(changes),
      new Set(["basis", "since", "until", "jurisdiction", "limit", "cursor"]),
    );
  });
});

type Header = { required?: boolean };
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; schema?: { pattern?: string } }[];
  responses: Record<
    string,
    { headers?: Record<string, Header>; content?: Record<string, unknown> }
  >;
};

async function openapi() {
  return json<{
    info: { contact?: { url?: string } };
    paths: Record<string, Record<string, Operation>>;
  }>(await app.inject({ url: "/openapi.json" }));
}

describe("the five JSON endpoints", () => {
  test("exactly the five /v1 paths of the contract, and every documented body is JSON", async () => {
    const document = await openapi();
    const v1 = Object.keys(document.paths).filter((path) => path.startsWith("/v1"));
    assert.deepEqual(v1.sort(), [
      "/v1/changes",
      "/v1/federal",
      "/v1/states",
      "/v1/states/{code}",
      "/v1/states/{code}/history",
    ]);
    for (const path of v1) {
      for (const [method, operation] of Object.entries(document.paths[path] ?? {})) {
        assert.ok(["get", "head"].includes(method), `${path} ${method}`);
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const media of Object.keys(response.content ?? {})) {
            assert.match(
              media,
              /^application\/(json|problem\+json|geo\+json)$/,
              `${method} ${path} ${status}`,
            );
          }
        }
      }
    }
  });

  test("every /v1 response the server sends is JSON", async () => {
    for (const url of [
      "/v1/states",
      "/v1/states?format=geojson",
      "/v1/states?fields=code",
      "/v1/states/CA?as_of=2020-01-01",
      "/v1/states/CA/history",
      "/v1/federal",
      "/v1/changes",
      "/v1/nothing",
      "/v1/states?format=xml",
    ]) {
      const response = await app.inject({ url });
      assert.match(
        String(response.headers["content-type"]),
        /^application\/(json|problem\+json|geo\+json)/,
        url,
      );
    }
  });
});

describe("a document clients can rely on", () => {
  test("always-sent headers are required; {code} has its pattern; HEAD and 304 documented; contact", async () => {
    const document = await openapi();
    assert.ok(document.info.contact?.url);
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith("/v1")) continue;
      assert.ok(item.head, `HEAD ${path}`);
      assert.equal(item.head?.responses["200"]?.content, undefined, `HEAD ${path} has no body`);
      const get = item.get as Operation;
      assert.ok(get.responses["304"], `304 ${path}`);
      for (const [status, response] of Object.entries(get.responses)) {
        for (const name of ["RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-Request-Id"]) {
          assert.equal(response.headers?.[name]?.required, true, `${path} ${status} ${name}`);
        }
        if (status === "200" || status === "304") {
          assert.equal(response.headers?.ETag?.required, true, `${path} ${status} ETag`);
        }
      }
      const code = get.parameters?.find((p) => p.name === "code" && p.in === "path");
      if (path.includes("{code}")) assert.equal(code?.schema?.pattern, "^[A-Za-z]{2}$");
    }
  });

  test("Spectral's spectral:oas ruleset reports no error and no warning", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, "recommended"]] } as never);
    const results = await spectral.run(JSON.stringify(await openapi()));
    const problems = results
      .filter((result) => result.severity <= 1)
      .map((result) => `${result.code} at ${result.path.join(".")}: ${result.message}`);
    assert.deepEqual(problems, []);
  });
});

describe("/docs", () => {
  test("serves the reference and the interactive console from the service itself, no CDN", async () => {
    const slash = await app.inject({ url: "/docs/" });
    assert.equal(slash.statusCode, 308);
    assert.equal(slash.headers.location, "/docs");
    for (const page of ["/docs", "/docs/try"]) {
      const response = await app.inject({ url: page });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers["content-type"]), /text\/html/);
      assert.doesNotMatch(response.body, /<script[^>]+src="https?:\/\//);
      assert.doesNotMatch(response.body, /<link[^>]+href="https?:\/\//);
      const assets = [
        ...response.body.matchAll(/<script[^>]+src="([^"]+)"/g),
        ...response.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g),
      ].map((m) => m[1] as string);
      assert.ok(assets.length > 0);
      for (const src of assets) {
        const url = new URL(src, "http://api.test/docs/").pathname;
        const asset = await app.inject({ url });
        assert.equal(asset.statusCode, 200, `${page}: ${url}`);
      }
    }
  });

  test("/errors documents every error code", async () => {
    const response = await app.inject({ url: "/errors" });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /id="invalid_parameter"/);
  });
});
