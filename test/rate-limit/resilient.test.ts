import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RateLimitPolicy } from "../../src/rate-limit/rate-limit.policy.ts";
import type { RedisLimiter } from "../../src/rate-limit/rate-limit.redis.ts";
import { createResilientLimiter } from "../../src/rate-limit/rate-limit.resilient.ts";

const policy: RateLimitPolicy = { name: "public", limit: 60, windowMs: 900_000 };

/** A Redis limiter stand-in that can be switched off, admitting everything while on. */
function fakeShared() {
  const state = { up: true, hits: 0 };
  const shared: RedisLimiter = {
    hit: async (_counter, p) => {
      if (!state.up) throw new Error("Command timed out");
      state.hits++;
      return { allowed: true, used: 1, remaining: p.limit - 1, resetMs: p.windowMs };
    },
    ping: async () => {
      if (!state.up) throw new Error("Connection is closed.");
      return true;
    },
    peek: async (_counter, p) => {
      if (!state.up) throw new Error("Command timed out");
      return { allowed: true, used: 0, remaining: p.limit, resetMs: 0 };
    },
    status: () => ({ exact: true, counters: null }),
    connected: async () => state.up,
    close: async () => {},
  };
  return { shared, state };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("resilient limiter", () => {
  test("while Redis fails, each instance admits its share, reports once, and recovers by itself", async () => {
    const { shared, state } = fakeShared();
    const events: string[] = [];
    const limiter = createResilientLimiter({
      shared,
      instanceCount: 3,
      maxCounters: 100,
      probeIntervalMs: 10,
      onStateChange: (change) => events.push(change),
    });
    assert.equal((await limiter.hit("ip:1", policy, 0)).allowed, true);
    assert.equal(limiter.backend(), "redis");

    state.up = false;
    const unsure = await limiter.hit("ip:1", policy, 1);
    assert.deepEqual(
      [unsure.allowed, unsure.resetMs],
      [false, 1000],
      "refused while the failure is unconfirmed",
    );
    await until(() => limiter.backend() === "degraded");
    const decisions = [];
    for (let i = 0; i < 50; i++) decisions.push(await limiter.hit("ip:1", policy, 2 + i));
    assert.equal(decisions.filter((d) => d.allowed).length, 20, "floor(60 / 3)");
    assert.deepEqual(events, ["degraded"], "reported once, not per request");

    state.up = true;
    await until(() => limiter.backend() === "redis");
    assert.deepEqual(events, ["degraded", "recovered"]);
    const before = state.hits;
    assert.equal((await limiter.hit("ip:1", policy, 100)).allowed, true);
    assert.equal(state.hits, before + 1, "decided by Redis again");
    await limiter.close();
  });

  test("never fail-open: a limit smaller than the instance count admits nothing while degraded", async () => {
    const { shared, state } = fakeShared();
    state.up = false;
    const limiter = createResilientLimiter({
      shared,
      instanceCount: 4,
      maxCounters: 100,
      onStateChange: () => {},
    });
    const tiny: RateLimitPolicy = { name: "key", limit: 3, windowMs: 1000 };
    await limiter.hit("key:a", tiny, 0);
    await until(() => limiter.backend() === "degraded");
    const decision = await limiter.hit("key:a", tiny, 0);
    assert.equal(decision.allowed, false);
    assert.equal(decision.resetMs, 1000);
    await limiter.close();
  });
});
