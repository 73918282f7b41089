import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { Redis } from "ioredis";
import { createRedisLimiter, type RedisLimiter } from "../../src/rate-limit/rate-limit.redis.ts";
import { REDIS_URL, randomName, skipUnlessReachable } from "../support/backends.ts";
import { rateLimiterContract } from "./rate-limiter.contract.ts";

const skip = await skipUnlessReachable("Redis", REDIS_URL);
const keyPrefix = `${randomName("cls_test")}:`;
const opened: RedisLimiter[] = [];
const open = async () => {
  const limiter = createRedisLimiter({ url: REDIS_URL, keyPrefix });
  opened.push(limiter);
  assert.equal(await limiter.connected(), true, "connected to Redis");
  return limiter;
};

after(async () => {
  if (skip !== false) return;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await Promise.all(opened.map((limiter) => limiter.close()));
});

if (skip !== false) {
  test("Redis limiter contract", { skip }, () => {});
} else {
  // Fewer flood clients than in memory: each is a network round trip.
  rateLimiterContract("Redis", () => open(), { floodSize: 2_000 });

  describe("Redis limiter storage", () => {
    test("a counter expires with its window: Redis holds only active callers", async () => {
      const limiter = await open();
      const policy = { name: "public", limit: 3, windowMs: 60_000 } as const;
      await limiter.hit("ttl", policy, Date.now());
      const redis = new Redis(REDIS_URL);
      const ttl = await redis.pttl(`${keyPrefix}rl:public|ttl`);
      redis.disconnect();
      assert.ok(ttl > 0 && ttl <= 60_000, `TTL ${ttl} ms`);
    });

    test("a busy counter is decided from slots this instance holds: fewer round trips, still exact across two instances", async () => {
      const a = await open();
      const b = await open();
      const policy = { name: "key", limit: 1_000, windowMs: 2_000 } as const;
      let now = 10_000_000;
      let held = 0;
      const admitted: number[] = [];
      for (let i = 0; i < 6_000; i++) {
        now += i % 97 === 0 ? 40 : 1;
        const decided = (i % 3 === 0 ? b : a).hit("busy", policy, now);
        if (!(decided instanceof Promise)) held++;
        if ((await decided).allowed) admitted.push(now);
      }
      let first = 0;
      for (let last = 0; last < admitted.length; last++) {
        while ((admitted[first] as number) <= (admitted[last] as number) - policy.windowMs) first++;
        assert.ok(last - first + 1 <= policy.limit, `window ending at ${admitted[last]}`);
      }
      assert.ok(
        held > admitted.length / 2,
        `${held} of ${admitted.length} admissions decided without a round trip`,
      );
      assert.ok(admitted.length >= 3_000, `${admitted.length} admitted over about 3.3 windows`);
    });

    test("slots an instance holds and does not use go back: the other instance gets the whole limit", async () => {
      const a = await open();
      const b = await open();
      const policy = { name: "key", limit: 200, windowMs: 60_000 } as const;
      const start = Date.now() - 10_000;
      let used = 0;
      for (let i = 0; i < 40; i++) if ((await a.hit("handback", policy, start + i)).allowed) used++;
      assert.equal(used, 40);
      // Held slots are counted in Redis until the hold ends and the sweep hands them back.
      const deadline = Date.now() + 5_000;
      while ((await b.peek("handback", policy, start + 100)).used !== used) {
        assert.ok(Date.now() < deadline, "the unused slots were handed back within 5 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      let more = 0;
      for (let i = 0; i < 300; i++)
        if ((await b.hit("handback", policy, start + 200 + i)).allowed) more++;
      assert.equal(used + more, policy.limit);
    });

    test("a refused counter is refused without a round trip until its oldest admission leaves", async () => {
      const a = await open();
      const policy = { name: "public", limit: 3, windowMs: 60_000 } as const;
      const t0 = 50_000_000;
      for (let i = 0; i < 3; i++) assert.equal((await a.hit("full", policy, t0 + i)).allowed, true);
      const first = await a.hit("full", policy, t0 + 10);
      assert.deepEqual([first.allowed, first.resetMs], [false, 59_990]);
      const later = a.hit("full", policy, t0 + 30_000);
      assert.ok(!(later instanceof Promise), "decided here");
      assert.deepEqual([later.allowed, later.resetMs, later.remaining], [false, 30_000, 0]);
      assert.equal((await a.hit("full", policy, t0 + 60_000 - 1)).allowed, false);
      assert.equal(
        (await a.hit("full", policy, t0 + 60_000)).allowed,
        true,
        "exactly when it leaves",
      );
    });

    test("closing hands back held slots at once", async () => {
      const a = await open();
      const b = await open();
      const policy = { name: "key", limit: 200, windowMs: 60_000 } as const;
      const start = Date.now() + 60_000;
      for (let i = 0; i < 40; i++) await a.hit("closing", policy, start + i);
      await a.close();
      assert.equal((await b.peek("closing", policy, start + 41)).used, 40);
    });

    test("two instances share one exact count", async () => {
      const a = await open();
      const b = await open();
      const policy = { name: "key", limit: 10, windowMs: 60_000 } as const;
      const now = Date.now();
      const decisions = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit("shared", policy, now + i)),
      );
      assert.equal(decisions.filter((d) => d.allowed).length, 10);
    });
  });
}
