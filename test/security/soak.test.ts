/**
 * A short soak of mixed traffic: zero 5xx, and the process's memory does
 * not keep growing. The full-length run is `npm run soak`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { soak } from "../../scripts/soak.ts";

test("a short soak of mixed traffic: no 5xx, memory flat", async () => {
  const result = await soak(Number(process.env.SOAK_MS ?? 6000));
  process.stdout.write(`# soak: ${JSON.stringify(result)}\n`);
  assert.ok(result.requests > 100, "traffic flowed");
  assert.equal(result.serverErrors, 0);
  // Live memory (heap + Buffers after a full GC), not RSS: the allocator
  // keeps freed pages, so RSS on a slow machine says little about leaks.
  assert.ok(
    result.liveEndMb - result.liveStartMb < 24,
    `live memory ${result.liveStartMb} → ${result.liveEndMb} MB`,
  );
});
