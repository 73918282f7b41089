import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createMetrics, renderMetrics } from "../../src/ops/metrics.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";

/** The value of one sample line of the exposition, or null when absent. */
function sample(text: string, line: string): number | null {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
}

describe("/metrics", () => {
  test("counts requests by route pattern and status, limiter decisions by backend, key-cache hits and misses", async () => {
    const database = await createTestDatabase();
    const key = await insertUserWithKey(database.db);
    const metrics = createMetrics();
    const app = await buildTestApp({ database, metrics });
    for (const code of ["CA", "NY", "ZZ"]) await app.inject(`/v1/states/${code}`);
    await app.inject({ url: "/v1/states", headers: { "x-api-key": key } });
    await app.inject({ url: "/v1/states", headers: { "x-api-key": key } });
    // What METRICS_PORT's listener serves (server.ts).
    const rendered = await renderMetrics(metrics);
    assert.match(rendered.contentType, /^text\/plain; version=0\.0\.4/);
    const text = rendered.body;
    assert.equal(
      sample(text, 'cls_http_requests_total{method="GET",route="/v1/states/:code",status="200"}'),
      2,
    );
    assert.equal(
      sample(text, 'cls_http_requests_total{method="GET",route="/v1/states/:code",status="404"}'),
      1,
    );
    assert.equal(
      sample(
        text,
        'cls_http_request_duration_seconds_count{method="GET",route="/v1/states",status="200"}',
      ),
      2,
    );
    assert.equal(
      sample(
        text,
        'cls_rate_limit_decisions_total{policy="public",decision="admitted",backend="memory"}',
      ),
      3,
    );
    assert.equal(
      sample(
        text,
        'cls_rate_limit_decisions_total{policy="key",decision="admitted",backend="memory"}',
      ),
      2,
    );
    assert.equal(sample(text, 'cls_rate_limit_backend{backend="memory"}'), 1);
    assert.equal(sample(text, 'cls_rate_limit_backend{backend="degraded"}'), 0);
    assert.equal(sample(text, 'cls_api_key_cache_total{result="miss"}'), 1);
    assert.equal(sample(text, 'cls_api_key_cache_total{result="hit"}'), 1);
    assert.ok(sample(text, "process_resident_memory_bytes") !== null, "process metrics");
    await app.close();
    await database.close();
  });

  test("the main port never serves it: not to a direct loopback client, not through a proxy, with or without METRICS_PORT", async () => {
    for (const env of [{}, { METRICS_PORT: "9464" }] as Record<string, string>[]) {
      const app = await buildTestApp({}, env);
      // A same-host TCP proxy that adds no X-Forwarded-For looks exactly like this.
      const direct = await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
      assert.equal(direct.statusCode, 404, JSON.stringify(env));
      assert.doesNotMatch(direct.body, /cls_http_requests_total/);
      const proxied = await app.inject({
        url: "/metrics",
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      assert.equal(proxied.statusCode, 404);
      const remote = await app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" });
      assert.equal(remote.statusCode, 404);
      await app.close();
    }
  });

  test("a database failure is answered 503 and counted as a store error", async () => {
    const database = await createTestDatabase();
    const key = await insertUserWithKey(database.db);
    const metrics = createMetrics();
    const app = await buildTestApp({ database, metrics });
    await database.close();
    const response = await app.inject({ url: "/v1/states", headers: { "x-api-key": key } });
    assert.equal(response.statusCode, 503);
    assert.equal(JSON.parse(response.body).code, "service_unavailable");
    const text = (await renderMetrics(metrics)).body;
    assert.equal(sample(text, 'cls_store_errors_total{store="database"}'), 1);
    await app.close();
  });
});
