/**
 * Request ids (src/lib/request-id.ts): random version-4 UUIDs in the form
 * `crypto.randomUUID()` gives, none repeated, every random digit random,
 * across the batches they are drawn in.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { requestId } from "../../src/lib/request-id.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("ids are version-4 UUIDs, none repeated over many batches", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 5_000; i++) {
    const id = requestId();
    assert.match(id, UUID_V4);
    assert.equal(id.length, 36);
    seen.add(id);
  }
  assert.equal(seen.size, 5_000);
});

test("every digit that is not fixed by the version and variant varies, in every position", () => {
  const ids = Array.from({ length: 2_000 }, () => requestId());
  for (let at = 0; at < 36; at++) {
    const values = new Set(ids.map((id) => id[at]));
    if ([8, 13, 18, 23].includes(at)) assert.deepEqual([...values], ["-"], `position ${at}`);
    else if (at === 14) assert.deepEqual([...values], ["4"], "the version");
    // The variant's digit is one of 8, 9, a, b; every other digit any of 16.
    else if (at === 19) assert.equal(values.size, 4, "the variant");
    else assert.equal(values.size, 16, `position ${at}`);
  }
});
