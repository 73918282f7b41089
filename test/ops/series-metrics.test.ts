/**
 * The per-request metrics (src/ops/series-metrics.ts) expose exactly what
 * prom-client's own Counter and Histogram expose for the same observations.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { Counter, Histogram, Registry } from "prom-client";
import { seriesCounter, seriesHistogram } from "../../src/ops/series-metrics.ts";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const LABELS = ["method", "route", "status"] as const;

const observation = fc.record({
  method: fc.constantFrom("GET", "HEAD", "POST"),
  route: fc.constantFrom("/v1/states", "/v1/states/:code", "unmatched"),
  status: fc.constantFrom("200", "304", "429", "500"),
  // Bucket bounds themselves included: `le` is inclusive.
  seconds: fc.oneof(fc.constantFrom(...BUCKETS, 0, 3), fc.double({ min: 0, max: 5, noNaN: true })),
});

test("a series counter and histogram expose what prom-client's do, for any observations", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      const theirs = new Registry();
      const ours = new Registry();
      const counter = new Counter({
        name: "c_total",
        help: "h",
        labelNames: LABELS,
        registers: [theirs],
      });
      const histogram = new Histogram({
        name: "d_seconds",
        help: "h",
        labelNames: LABELS,
        buckets: BUCKETS,
        registers: [theirs],
      });
      const fastCounter = seriesCounter({
        name: "c_total",
        help: "h",
        labelNames: LABELS,
        registry: ours,
      });
      const fastHistogram = seriesHistogram({
        name: "d_seconds",
        help: "h",
        labelNames: LABELS,
        buckets: BUCKETS,
        registry: ours,
      });
      for (const { method, route, status, seconds } of observations) {
        counter.inc({ method, route, status });
        histogram.observe({ method, route, status }, seconds);
        fastCounter.inc(method, route, status);
        fastHistogram.series(method, route, status).observe(seconds);
      }
      assert.equal(await ours.metrics(), await theirs.metrics());
    }),
    { numRuns: 200 },
  );
});

test("one label, and a reset", async () => {
  const registry = new Registry();
  const cache = seriesCounter({ name: "k_total", help: "h", labelNames: ["result"], registry });
  cache.inc("hit");
  cache.inc("hit");
  cache.inc("miss");
  assert.match(await registry.metrics(), /k_total\{result="hit"\} 2\nk_total\{result="miss"\} 1/);
  registry.resetMetrics();
  assert.doesNotMatch(await registry.metrics(), /k_total\{/);
});

test("a bound series counts like inc and observe, and again after a reset", async () => {
  const registry = new Registry();
  const counter = seriesCounter({
    name: "b_total",
    help: "h",
    labelNames: ["route", "status"],
    registry,
  });
  const histogram = seriesHistogram({
    name: "b_seconds",
    help: "h",
    labelNames: ["route"],
    buckets: [0.1, 1],
    registry,
  });
  const ok = counter.bind("/a", "200");
  const time = histogram.bind("/a");
  ok();
  ok();
  counter.inc("/a", "200");
  time(0.05);
  histogram.series("/a").observe(0.5);
  let text = await registry.metrics();
  assert.match(text, /b_total\{route="\/a",status="200"\} 3\n/);
  assert.match(text, /b_seconds_count\{route="\/a"\} 2\n/);
  registry.resetMetrics();
  ok();
  time(2);
  text = await registry.metrics();
  assert.match(text, /b_total\{route="\/a",status="200"\} 1\n/);
  assert.match(text, /b_seconds_bucket\{le="1",route="\/a"\} 0\n/);
  assert.match(text, /b_seconds_count\{route="\/a"\} 1\n/);
});
