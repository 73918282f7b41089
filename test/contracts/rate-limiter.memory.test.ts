import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { createMemoryLimiter } from "../../src/rate-limit/rate-limit.memory.ts";
import type { RateLimitPolicy } from "../../src/rate-limit/rate-limit.policy.ts";
import { rateLimiterContract } from "./rate-limiter.contract.ts";

rateLimiterContract("memory", () => createMemoryLimiter());
rateLimiterContract("memory, exact bound far below the flood", () =>
  createMemoryLimiter({ maxCounters: 1000 }),
);

const SECOND = 1000;

describe("memory limiter bound", () => {
  const policy: RateLimitPolicy = { name: "public", limit: 3, windowMs: 60 * SECOND };

  test("past the bound new counters are estimated, reported once, and live ones keep their exact state", () => {
    const reports: number[] = [];
    const limiter = createMemoryLimiter({
      maxCounters: 100,
      onBoundReached: (_policy, counters) => reports.push(counters),
    });
    for (let i = 0; i < 3; i++) limiter.hit("victim", policy, i);
    for (let i = 0; i < 5000; i++) limiter.hit(`c${i}`, policy, 100 + i);
    assert.deepEqual(reports, [100], "reported once, at the bound");
    assert.equal(limiter.status().exact, false);
    assert.ok(limiter.size() <= 100);
    const victim = limiter.hit("victim", policy, 6000);
    assert.equal(victim.allowed, false);
    assert.equal(victim.approximate, undefined, "the victim is still exact");
    assert.equal(victim.resetMs, 60 * SECOND - 6000);
    const newcomer = limiter.hit("newcomer", policy, 6000);
    assert.equal(newcomer.allowed, true);
    assert.equal(newcomer.approximate, true);
  });

  test("estimates only over-count: no counter is admitted beyond its limit in any window", () => {
    const limiter = createMemoryLimiter({ maxCounters: 50 });
    const admitted = new Map<string, number[]>();
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let now = 0;
    for (let i = 0; i < 20_000; i++) {
      now += Math.floor(random() * 40);
      const counter = `c${Math.floor(random() * 400)}`;
      if (limiter.hit(counter, policy, now).allowed) {
        const times = admitted.get(counter) ?? [];
        times.push(now);
        admitted.set(counter, times);
      }
    }
    assert.equal(limiter.status().exact, false, "the bound was reached");
    for (const [counter, times] of admitted) {
      for (let last = 0, first = 0; last < times.length; last++) {
        while ((times[first] as number) <= (times[last] as number) - policy.windowMs) first++;
        assert.ok(last - first + 1 <= policy.limit, `${counter} over its limit`);
      }
    }
  });

  test("a busy counter whose ring would pass the bound carries its count into the estimate", () => {
    const busy: RateLimitPolicy = { name: "key", limit: 1000, windowMs: 3600 * SECOND };
    const limiter = createMemoryLimiter({ maxCounters: 10 });
    let last = limiter.hit("acct:1", busy, 0);
    for (let i = 1; i < 1000; i++) last = limiter.hit("acct:1", busy, i);
    assert.equal(last.approximate, true, "160 ring slots were not enough for 1000");
    assert.equal(limiter.hit("acct:1", busy, 2000).allowed, false, "never under-counted");
  });

  test("tables expire whole: two windows after the last request nothing is tracked", () => {
    const limiter = createMemoryLimiter();
    for (let i = 0; i < 10_000; i++) limiter.hit(`c${i}`, policy, i);
    assert.equal(limiter.size(), 10_000);
    limiter.hit("late", policy, 10_000 + 2 * policy.windowMs);
    assert.equal(limiter.size(), 1);
  });

  test("a counter carried across generations keeps its exact timestamps", () => {
    const limiter = createMemoryLimiter();
    const window = policy.windowMs;
    limiter.hit("a", policy, 0);
    limiter.hit("a", policy, window - 10);
    limiter.hit("b", policy, window + 5);
    const third = limiter.hit("a", policy, window + 5);
    assert.equal(third.used, 2, "the request at 0 left; the one at window − 10 did not");
    assert.equal(third.resetMs, window - 15);
    limiter.hit("a", policy, window + 6);
    assert.equal(limiter.hit("a", policy, window + 7).allowed, false);
    assert.equal(limiter.hit("a", policy, 2 * window - 10).allowed, true);
  });
});

describe("memory limiter fingerprints", () => {
  const once: RateLimitPolicy = { name: "public", limit: 1, windowMs: 60 * SECOND };

  test("counters that differ in one code unit, its order, or their length are counted apart", () => {
    const limiter = createMemoryLimiter();
    const counters = [
      "",
      "a",
      "b",
      "ab",
      "ba",
      "a\u0000",
      "\u0000a",
      "acct:1",
      "acct:10",
      "acct:01",
      "acct:1\u0000",
      "ip:203.0.113.7",
      "ip:203.0.113.70",
      "ip6:2001:db8::/64",
      "\u{1F600}",
      "\uD83D",
      "\uDE00",
    ];
    for (const counter of counters)
      assert.equal(limiter.hit(counter, once, 1).allowed, true, JSON.stringify(counter));
    for (const counter of counters)
      assert.equal(limiter.hit(counter, once, 2).allowed, false, JSON.stringify(counter));
  });

  test("any distinct counters are counted apart", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: "binary", maxLength: 40 }), {
          minLength: 2,
          maxLength: 50,
        }),
        (counters) => {
          const limiter = createMemoryLimiter();
          return counters.every((counter) => limiter.hit(counter, once, 1).allowed);
        },
      ),
    );
  });
});
