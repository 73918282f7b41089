import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createMemoryLimiter } from "../../src/rate-limit/rate-limit.memory.ts";
import { rateLimiterContract } from "./rate-limiter.contract.ts";

rateLimiterContract("memory", () => createMemoryLimiter());

describe("memory limiter bound", () => {
  const policy = { name: "public", limit: 2, windowMs: 1000 } as const;

  test("when full of live counters, a new counter is refused and live ones keep their state", () => {
    const limiter = createMemoryLimiter(3);
    for (const ip of ["a", "b", "c"]) assert.equal(limiter.hit(ip, policy, 0).allowed, true);
    const refused = limiter.hit("d", policy, 10);
    assert.equal(refused.allowed, false);
    assert.equal(refused.saturated, true);
    assert.equal(limiter.hit("a", policy, 20).remaining, 0, "a's first hit is still counted");
    assert.equal(limiter.size(), 3);
  });

  test("counters whose window has emptied are swept to make room", () => {
    const limiter = createMemoryLimiter(3);
    for (const ip of ["a", "b", "c"]) limiter.hit(ip, policy, 0);
    assert.equal(limiter.hit("d", policy, 1000).allowed, true);
    assert.equal(limiter.size(), 1);
  });
});
