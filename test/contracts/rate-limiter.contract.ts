/**
 * The contract every RateLimiter implementation must meet; run against each
 * store (memory here; Redis where reachable).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RateLimitPolicy } from "../../src/rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../../src/rate-limit/rate-limit.ts";

const SECOND = 1000;
const PUBLIC: RateLimitPolicy = { name: "public", limit: 60, windowMs: 900 * SECOND };

export function rateLimiterContract(
  name: string,
  make: () => Promise<RateLimiter> | RateLimiter,
  counterPrefix = "",
) {
  describe(`RateLimiter contract: ${name}`, () => {
    test("admits the limit, refuses the next with the exact wait, admits again exactly when the first leaves", async () => {
      const limiter = await make();
      const counter = `${counterPrefix}edge`;
      const t0 = 1_000_000;
      for (let i = 0; i < 60; i++) {
        const at = t0 + Math.floor((i * 10 * SECOND) / 59);
        const decision = await limiter.hit(counter, PUBLIC, at);
        assert.equal(decision.allowed, true, `request ${i + 1}`);
        assert.equal(decision.remaining, 59 - i);
        assert.equal(decision.used, i + 1);
      }
      const refused = await limiter.hit(counter, PUBLIC, t0 + 10 * SECOND);
      assert.equal(refused.allowed, false);
      assert.equal(
        refused.resetMs,
        890 * SECOND,
        "the first request leaves the window 890 s later",
      );
      assert.equal(
        (await limiter.hit(counter, PUBLIC, t0 + 900 * SECOND - 1)).allowed,
        false,
        "1 ms early",
      );
      const again = await limiter.hit(counter, PUBLIC, t0 + 900 * SECOND);
      assert.equal(again.allowed, true, "admitted at exactly that time");
      assert.equal(again.remaining, 0);
    });

    test("never admits more than the limit in any window, whatever the arrival pattern", async () => {
      const limiter = await make();
      const policy: RateLimitPolicy = { name: "key", limit: 5, windowMs: 10 * SECOND };
      let seed = 42;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const admitted: number[] = [];
      let now = 5_000_000;
      for (let i = 0; i < 400; i++) {
        now += Math.floor(random() * 1500);
        if ((await limiter.hit(`${counterPrefix}random`, policy, now)).allowed) admitted.push(now);
      }
      for (const start of admitted) {
        const inWindow = admitted.filter((t) => t >= start && t < start + policy.windowMs).length;
        assert.ok(
          inWindow <= policy.limit,
          `${inWindow} admitted in the window starting at ${start}`,
        );
      }
      assert.ok(admitted.length > 100, "and it does admit requests");
    });

    test("counters and policies are independent", async () => {
      const limiter = await make();
      const tight: RateLimitPolicy = { name: "public", limit: 1, windowMs: 60 * SECOND };
      assert.equal((await limiter.hit(`${counterPrefix}a`, tight, 1)).allowed, true);
      assert.equal((await limiter.hit(`${counterPrefix}a`, tight, 2)).allowed, false);
      assert.equal((await limiter.hit(`${counterPrefix}b`, tight, 3)).allowed, true);
      const keyed: RateLimitPolicy = { name: "key", limit: 1, windowMs: 60 * SECOND };
      assert.equal((await limiter.hit(`${counterPrefix}a`, keyed, 4)).allowed, true);
    });
  });
}
