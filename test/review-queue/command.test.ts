/**
 * The ready command of an accepted item: each value one shell word, whatever
 * a stranger typed; the tool and flags as docs/MAINTAINING.md gives them.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, test } from "node:test";
import fc from "fast-check";
import { acceptCommand, shellQuote } from "../../src/review-queue/review-queue.command.ts";
import type { ReviewItem } from "../../src/review-queue/review-queue.repository.ts";

const item = (fields: Partial<ReviewItem>): ReviewItem => ({
  id: "00000000-0000-4000-8000-000000000000",
  origin: "reader",
  source: "reader",
  sourceId: "reader:x",
  jurisdiction: "CA",
  field: "adult_use.minimum_age",
  title: "Buying: minimum age",
  url: "https://leginfo.legislature.ca.gov/",
  itemDate: "2026-11-28",
  effectiveDate: null,
  citation: null,
  body: "",
  proposedValue: "21",
  hasContact: false,
  status: "accepted",
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  duplicateOf: null,
  createdAt: "2026-11-28T09:00:00.000Z",
  updatedAt: "2026-11-28T09:00:00.000Z",
  ...fields,
});

/** The arguments sh gives a program for `words` (printed one per line, NUL-separated). */
function argumentsOf(words: string): string[] {
  const out = execFileSync("sh", ["-c", `printf '%s\\0' ${words}`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

describe("shellQuote", () => {
  test("any text is exactly one argument, with control characters turned into spaces", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (value) => {
        const expected = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ");
        if (expected.includes("\0")) return;
        assert.deepEqual(argumentsOf(shellQuote(value)), [expected]);
      }),
      { numRuns: 300 },
    );
  });

  test("what a hostile reader might type stays an argument", () => {
    for (const value of [
      "'; rm -rf ~ #",
      "$(touch /tmp/x)",
      "`id`",
      "a\nrm -rf /",
      '"$HOME"',
      "--by=x",
    ])
      assert.equal(argumentsOf(shellQuote(value)).length, 1, value);
  });
});

describe("acceptCommand", () => {
  test("a reader's correction: data:correct with the field's path, the value and the link", () => {
    const result = acceptCommand(item({ proposedValue: "21'; echo pwned" }), "correct");
    assert.equal(
      result.command,
      "npm run data:correct -- --jurisdiction CA --set 'adult_use.minimum_age=21'\\''; echo pwned' --reason 'Say what was wrong, and what the source shows (public)' --source-title 'Source named by a reader' --source-url https://leginfo.legislature.ca.gov/",
    );
  });

  test("a federal document cannot go through data:change; it says where federal law is recorded", () => {
    const result = acceptCommand(
      item({ origin: "watch", jurisdiction: "US", field: null }),
      "change",
    );
    assert.equal(result.command, null);
    assert.match("reason" in result ? result.reason : "", /data\/federal\.json/);
  });
});
