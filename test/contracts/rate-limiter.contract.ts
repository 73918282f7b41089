/**
 * The contract every RateLimiter implementation must meet (see
 * src/rate-limit/rate-limit.ts); each store runs it with its own factory:
 *
 *   rateLimiterContract("memory", () => createMemoryLimiter());
 *   rateLimiterContract("redis", () => createRedisLimiter(...), { counterPrefix, floodSize });
 *
 * Each test makes a fresh limiter and closes it. Times are passed in, never
 * read from a clock, so a store must judge by `nowMs` alone.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RateLimitPolicy } from "../../src/rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../../src/rate-limit/rate-limit.ts";

const SECOND = 1000;
const PUBLIC: RateLimitPolicy = { name: "public", limit: 60, windowMs: 900 * SECOND };

export type ContractOptions = {
  /** Prepended to every counter (a store shared with others isolates by it). */
  counterPrefix?: string;
  /** Distinct other clients in the flood tests (default 20,000). */
  floodSize?: number;
};

/** A small deterministic generator, so a failure reproduces. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function rateLimiterContract(
  name: string,
  make: () => Promise<RateLimiter> | RateLimiter,
  options: ContractOptions = {},
) {
  const prefix = options.counterPrefix ?? "";
  const floodSize = options.floodSize ?? 20_000;
  const withLimiter = (run: (limiter: RateLimiter) => Promise<void>) => async () => {
    const limiter = await make();
    try {
      await run(limiter);
    } finally {
      await limiter.close();
    }
  };

  describe(`RateLimiter contract: ${name}`, () => {
    test(
      "admits the limit, refuses the next with the exact wait, admits again exactly when the first leaves",
      withLimiter(async (limiter) => {
        const counter = `${prefix}edge`;
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
        assert.equal(refused.resetMs, 890 * SECOND, "the first request leaves 890 s later");
        assert.equal((await limiter.hit(counter, PUBLIC, t0 + 900 * SECOND - 1)).allowed, false);
        const again = await limiter.hit(counter, PUBLIC, t0 + 900 * SECOND);
        assert.equal(again.allowed, true, "admitted at exactly that time");
        assert.equal(again.remaining, 0);
      }),
    );

    test(
      "never admits more than the limit in any window, whatever the arrival pattern, over many windows",
      withLimiter(async (limiter) => {
        for (const [policy, requests, maxGapMs] of [
          [{ name: "key", limit: 5, windowMs: 10 * SECOND }, 400, 1500],
          [{ name: "key", limit: 300, windowMs: 60 * SECOND }, 3000, 120],
        ] as const) {
          const random = seeded(policy.limit);
          const admitted: number[] = [];
          let now = 5_000_000;
          for (let i = 0; i < requests; i++) {
            now += Math.floor(random() * maxGapMs);
            if ((await limiter.hit(`${prefix}random`, policy, now)).allowed) admitted.push(now);
          }
          let first = 0;
          for (let last = 0; last < admitted.length; last++) {
            while ((admitted[first] as number) <= (admitted[last] as number) - policy.windowMs)
              first++;
            assert.ok(last - first + 1 <= policy.limit, `window ending at ${admitted[last]}`);
          }
          assert.ok(admitted.length > requests / 4, "and it does admit requests");
        }
      }),
    );

    test(
      "counters and policies are independent",
      withLimiter(async (limiter) => {
        const tight: RateLimitPolicy = { name: "public", limit: 1, windowMs: 60 * SECOND };
        assert.equal((await limiter.hit(`${prefix}a`, tight, 1)).allowed, true);
        assert.equal((await limiter.hit(`${prefix}a`, tight, 2)).allowed, false);
        assert.equal((await limiter.hit(`${prefix}b`, tight, 3)).allowed, true);
        const keyed: RateLimitPolicy = { name: "key", limit: 1, windowMs: 60 * SECOND };
        assert.equal((await limiter.hit(`${prefix}a`, keyed, 4)).allowed, true);
      }),
    );

    test(
      "peek tells what hit would decide, and charges nothing",
      withLimiter(async (limiter) => {
        const policy: RateLimitPolicy = { name: "public", limit: 2, windowMs: 60 * SECOND };
        const counter = `${prefix}peek`;
        const fresh = await limiter.peek(counter, policy, 1000);
        assert.equal(fresh.allowed, true);
        assert.equal(fresh.used, 0);
        for (let i = 0; i < 5; i++) await limiter.peek(counter, policy, 1000);
        assert.equal((await limiter.hit(counter, policy, 1000)).used, 1);
        assert.equal((await limiter.hit(counter, policy, 2000)).used, 2);
        const full = await limiter.peek(counter, policy, 3000);
        assert.equal(full.allowed, false);
        assert.equal(full.resetMs, 58 * SECOND);
        assert.equal((await limiter.peek(counter, policy, 61 * SECOND)).allowed, true);
      }),
    );

    test(
      `a newcomer is admitted and judged on its own requests after ${floodSize} other clients; a client at its limit stays refused`,
      withLimiter(async (limiter) => {
        const t0 = 10_000_000;
        const victim = `${prefix}victim`;
        const steady = `${prefix}steady`;
        for (let i = 0; i < 60; i++) await limiter.hit(victim, PUBLIC, t0 + i);
        for (let i = 0; i < 30; i++) await limiter.hit(steady, PUBLIC, t0 + i);
        for (let i = 0; i < floodSize; i++) {
          const decision = await limiter.hit(`${prefix}flood:${i}`, PUBLIC, t0 + 1000 + i);
          assert.equal(decision.allowed, true, `flood client ${i} is a newcomer too`);
        }
        const later = t0 + 1000 + floodSize;
        const refused = await limiter.hit(victim, PUBLIC, later);
        assert.equal(refused.allowed, false, "the victim is still at its limit");
        assert.equal(refused.resetMs, t0 + 900 * SECOND - later, "and keeps its exact wait");
        const newcomer = await limiter.hit(`${prefix}newcomer`, PUBLIC, later);
        assert.equal(newcomer.allowed, true);
        assert.equal(newcomer.used, 1, "judged on its own requests only");
        const steadyNext = await limiter.hit(steady, PUBLIC, later);
        assert.equal(steadyNext.used, 31, "a flood never lowers anyone's count");
      }),
    );

    test(
      "a quota is never reset by floods under other policies or by time short of the window",
      withLimiter(async (limiter) => {
        const account: RateLimitPolicy = { name: "key", limit: 3, windowMs: 3600 * SECOND };
        const counter = `${prefix}acct:1`;
        for (let i = 0; i < 3; i++) await limiter.hit(counter, account, i * 60 * SECOND);
        for (let i = 0; i < 2000; i++)
          await limiter.hit(`${prefix}acct:other${i}`, account, 600 * SECOND + i);
        for (let i = 0; i < 2000; i++)
          await limiter.hit(`${prefix}ip:${i}`, PUBLIC, 600 * SECOND + i);
        const refused = await limiter.hit(counter, account, 3600 * SECOND - 1);
        assert.equal(refused.allowed, false);
        assert.equal(refused.resetMs, 1);
        assert.equal((await limiter.hit(counter, account, 3600 * SECOND)).allowed, true);
      }),
    );

    test(
      "reports its status",
      withLimiter(async (limiter) => {
        await limiter.hit(`${prefix}s`, PUBLIC, 1);
        const status = await limiter.status();
        assert.equal(status.exact, true);
      }),
    );
  });
}
