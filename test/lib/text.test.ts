import assert from "node:assert/strict";
import { test } from "node:test";
import { displayNameProblem, MAX_COMBINING_MARKS, visibleLength } from "../../src/lib/text.ts";

test("visibleLength counts what a person sees, not UTF-16 units", () => {
  assert.equal(visibleLength(""), 0);
  assert.equal(visibleLength("key"), 3);
  assert.equal(visibleLength("e\u0301"), 1, "e and a combining accent");
  assert.equal(visibleLength("👍🏽"), 1, "an emoji with a skin tone");
  assert.equal(visibleLength("👨‍👩‍👧"), 1, "a family joined by zero-width joiners");
  assert.equal(visibleLength("🇺🇸 CA"), 4, "a flag is one");
});

test("displayNameProblem refuses what cannot be read back, and counts length as seen", () => {
  assert.equal(displayNameProblem("production", 100), null);
  assert.equal(displayNameProblem("", 100), "Enter a name.");
  assert.match(displayNameProblem("a\u202Eb", 100) ?? "", /text-direction/);
  assert.match(displayNameProblem("a\u0000b", 100) ?? "", /control/);
  assert.match(displayNameProblem("\u200B\u200B", 100) ?? "", /visible characters/);
  assert.match(
    displayNameProblem(`a${"\u0301".repeat(MAX_COMBINING_MARKS + 1)}`, 100) ?? "",
    /accents or marks/,
  );
  // Ten flags are 40 UTF-16 units but ten characters to the eye.
  assert.equal(displayNameProblem("🇺🇸".repeat(10), 10), null);
  assert.match(displayNameProblem("🇺🇸".repeat(11), 10) ?? "", /at most 10 characters/);
});
