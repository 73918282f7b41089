/**
 * memoize (src/lib/memoize.ts): a key's value is computed once while kept;
 * the store drops everything once it holds its bound.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { memoize } from "../../src/lib/memoize.ts";

test("any key's value is the computed one, and a key asked again at once is not computed again", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 300 }),
      fc.integer({ min: 1, max: 20 }),
      (keys, bound) => {
        let calls = 0;
        const lengthOf = memoize((key: string) => {
          calls++;
          return key.length;
        }, bound);
        for (const key of keys) {
          assert.equal(lengthOf(key), key.length);
          const after = calls;
          assert.equal(lengthOf(key), key.length);
          assert.equal(calls, after, `"${key}" was kept`);
        }
      },
    ),
  );
});

test("once it holds `bound` keys, a new key drops them all", () => {
  let calls = 0;
  const id = memoize((key: string) => {
    calls++;
    return key;
  }, 2);
  id("a");
  id("b");
  id("a");
  assert.equal(calls, 2, "both kept below the bound");
  id("c");
  assert.equal(calls, 3);
  id("a");
  assert.equal(calls, 4, '"a" was dropped with the rest and computed again');
  id("c");
  assert.equal(calls, 4, '"c" is kept beside it');
  id("d");
  id("c");
  assert.equal(calls, 6, '"d" at the bound dropped "a" and "c"');
});
