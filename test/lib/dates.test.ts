import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { createDayOf, isoDay } from "../../src/lib/dates.ts";

test("createDayOf answers what isoDay answers, for any sequence of clock readings (forwards, backwards, across midnight)", () => {
  const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
  const nearMidnight = fc
    .tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: -2, max: 2 }))
    .map(([day, offset]) => day * 86_400_000 + offset);
  fc.assert(
    fc.property(
      fc.array(fc.oneof(instant, nearMidnight), { minLength: 1, maxLength: 50 }),
      (readings) => {
        const dayOf = createDayOf();
        for (const nowMs of readings) assert.equal(dayOf(nowMs), isoDay(new Date(nowMs)));
      },
    ),
    { numRuns: 1000 },
  );
});
