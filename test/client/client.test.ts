/**
 * The typed client (client/) against the real server over HTTP, and a
 * guard that its generated types match the server's current document;
 * where it sends the API key when redirected (servers on 127.0.0.1).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { ApiProblemError, createClient } from "../../client/src/index.ts";
import { renderClientFiles } from "../../scripts/client-generate.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, type TestApp } from "../helpers.ts";

async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === "object");
  return `http://127.0.0.1:${address.port}`;
}

describe("generated types", () => {
  test("client/src/schema.ts and client/openapi.json match the current OpenAPI document", async () => {
    const fresh = await renderClientFiles();
    assert.equal(
      readFileSync("client/src/schema.ts", "utf8"),
      fresh.schema,
      "client types are stale: run npm run client:generate",
    );
    assert.equal(
      readFileSync("client/openapi.json", "utf8"),
      fresh.openapi,
      "client/openapi.json is stale: run npm run client:generate",
    );
  });
});

describe("the client against a real server", () => {
  let app: TestApp;
  let baseUrl: string;
  // What the server answered, seen on the wire below the client's own cache.
  const statuses: number[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  before(async () => {
    app = await buildTestApp();
    baseUrl = await listen(app);
  });
  after(() => app.close());

  test("lists with filters, fields and as_of; gets one record; history, federal, changes", async () => {
    const client = createClient({ baseUrl });
    const adultUse = await client.states.list({ status: ["adult_use"] });
    assert.ok(adultUse.data.length > 10);
    assert.ok(adultUse.data.every((record) => record.status === "adult_use"));
    const sparse = await client.states.list({ fields: ["code", "status"], include: "territories" });
    assert.equal(sparse.data.length, 56);
    assert.deepEqual(Object.keys(sparse.data[0] ?? {}), ["code", "status"]);
    const colorado = await client.states.get("co", { as_of: "2012-12-09" });
    assert.equal(colorado.data.status, "medical");
    assert.equal(colorado.meta.as_of, "2012-12-09");
    const history = await client.states.history("CO");
    assert.equal(history.meta.jurisdiction, "CO");
    const federal = await client.federal.get();
    assert.ok(federal.data.csa_schedule.schedule);
    const events = [];
    for await (const event of client.changes.all({ since: "2024-01-01", limit: 20 })) {
      events.push(event);
    }
    assert.ok(events.length > 20, "followed more than one page");
    assert.ok(events.every((event) => event.date >= "2024-01-01"));
    const geo = await client.states.geojson({ status: ["adult_use"] });
    assert.equal(geo.type, "FeatureCollection");
  });

  test("revalidates with the ETag: the second call is a 304 answered from its cache", async () => {
    const client = createClient({ baseUrl, fetch: recordingFetch });
    const first = await client.states.get("CA");
    statuses.length = 0;
    const second = await client.states.get("CA");
    assert.deepEqual(statuses, [304]);
    assert.deepEqual(second, first);
  });

  test("errors are typed problems", async () => {
    const client = createClient({ baseUrl });
    await assert.rejects(client.states.get("ZZ"), (error: unknown) => {
      assert.ok(error instanceof ApiProblemError);
      assert.equal(error.status, 404);
      assert.equal(error.problem.code, "jurisdiction_not_found");
      assert.ok(error.problem.request_id);
      return true;
    });
    const keyed = createClient({ baseUrl, apiKey: "cls_not-a-real-key" });
    await assert.rejects(keyed.states.list(), (error: unknown) => {
      assert.ok(error instanceof ApiProblemError);
      assert.equal(error.problem.code, "invalid_api_key");
      return true;
    });
  });
});

describe("retry on 429", () => {
  let app: TestApp;
  let baseUrl: string;
  const clock = createFakeClock(Date.parse("2026-06-01T00:00:00Z"));
  before(async () => {
    app = await buildTestApp(
      { clock },
      { PUBLIC_RATE_LIMIT: "2", PUBLIC_RATE_WINDOW_SECONDS: "60" },
    );
    baseUrl = await listen(app);
  });
  after(() => app.close());

  test("waits Retry-After (on the server's clock) and succeeds; bounded by maxRetries and maxRetryWaitMs", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock.advance(ms);
    };
    const client = createClient({ baseUrl, sleep, cacheEntries: 0 });
    await client.federal.get();
    await client.federal.get();
    const third = await client.federal.get();
    assert.ok(third.data);
    assert.equal(waits.length, 1);
    assert.ok((waits[0] ?? 0) > 0 && (waits[0] ?? 0) <= 60_000, `waited ${waits[0]} ms`);

    const impatient = createClient({ baseUrl, sleep, maxRetryWaitMs: 1, cacheEntries: 0 });
    await impatient.federal.get().catch(() => undefined);
    const before = waits.length;
    await assert.rejects(impatient.federal.get(), (error: unknown) => {
      assert.ok(error instanceof ApiProblemError);
      assert.equal(error.problem.code, "rate_limited");
      return true;
    });
    assert.equal(waits.length, before, "a wait longer than maxRetryWaitMs is not taken");

    const noRetry = createClient({ baseUrl, sleep, maxRetries: 0, cacheEntries: 0 });
    await assert.rejects(noRetry.federal.get(), ApiProblemError);
    assert.equal(waits.length, before);
  });
});

describe("the key stays at home", () => {
  type Seen = { path: string; key: string | undefined };
  /** A server on 127.0.0.1 answering from `route`; records each request's path and X-API-Key. */
  async function origin(
    route: (path: string) => { status: number; location?: string; body?: string },
  ) {
    const seen: Seen[] = [];
    const server = createServer((request, response) => {
      const path = request.url ?? "";
      seen.push({ path, key: request.headers["x-api-key"] as string | undefined });
      const answer = route(path);
      response
        .writeHead(answer.status, {
          "content-type": "application/json",
          ...(answer.location === undefined ? {} : { location: answer.location }),
        })
        .end(answer.body ?? "{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      seen,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }
  const FEDERAL = JSON.stringify({ data: { csa_schedule: {} }, meta: {} });

  test("X-API-Key follows a redirect within the API's origin, never to another origin", async () => {
    const elsewhere = await origin(() => ({ status: 200, body: FEDERAL }));
    const home = await origin((path) =>
      path === "/v1/federal"
        ? { status: 302, location: `${elsewhere.url}/v1/federal` }
        : path === "/v1/states/CA"
          ? { status: 301, location: "/v1/states/ca" }
          : path === "/v1/states/ca"
            ? { status: 307, location: `${elsewhere.url}/bounce` }
            : { status: 200, body: FEDERAL },
    );
    try {
      const client = createClient({ baseUrl: home.url, apiKey: "cls_secret-key", cacheEntries: 0 });
      await client.federal.get();
      assert.deepEqual(home.seen, [{ path: "/v1/federal", key: "cls_secret-key" }]);
      assert.deepEqual(elsewhere.seen, [{ path: "/v1/federal", key: undefined }]);
      // Same origin: kept; then off to another origin: dropped.
      await client.http.GET("/v1/states/{code}", { params: { path: { code: "CA" } } });
      assert.deepEqual(home.seen.slice(1), [
        { path: "/v1/states/CA", key: "cls_secret-key" },
        { path: "/v1/states/ca", key: "cls_secret-key" },
      ]);
      assert.deepEqual(elsewhere.seen.slice(1), [{ path: "/bounce", key: undefined }]);
    } finally {
      await home.close();
      await elsewhere.close();
    }
  });

  test("a base URL with a user name or password is refused, and never echoed", () => {
    for (const baseUrl of [
      "https://user:hunter2@api.example.org",
      "https://hunter2@api.example.org",
    ]) {
      assert.throws(
        () => createClient({ baseUrl, apiKey: "cls_x" }),
        (error: unknown) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, /must not contain a user name or password/);
          assert.doesNotMatch(error.message, /hunter2/);
          return true;
        },
      );
    }
  });
});
