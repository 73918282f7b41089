import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createLiveLaw } from "../../src/dataset/law.live.ts";
import { createLawModel, type LawState } from "../../src/dataset/law.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { realDataset } from "../helpers.ts";

describe("derive", () => {
  test("builds on first use, once per state of the law, and again only after it changes", () => {
    const model = createLawModel(realDataset());
    const clock = createFakeClock(Date.parse("2024-01-01T12:00:00Z"));
    const live = createLiveLaw(model, clock);
    const built: LawState[] = [];
    const derived = live.derive((state) => {
      built.push(state);
      return { state };
    });
    assert.equal(built.length, 0, "nothing is built before it is asked for");
    const first = derived();
    assert.equal(derived(), first, "the same value while the law stands");
    assert.equal(first.state, live.current());
    const { nextChangeAt } = live.current();
    assert.ok(Number.isFinite(nextChangeAt), "the data record a later change");
    clock.set(nextChangeAt - 1);
    assert.equal(derived(), first, "a moment before the change, nothing is rebuilt");
    clock.set(nextChangeAt);
    const second = derived();
    assert.notEqual(second, first);
    assert.equal(second.state, live.current());
    assert.equal(derived(), second);
    assert.equal(built.length, 2);
  });
});
