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
