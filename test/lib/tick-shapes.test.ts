/**
 * Keeping a nextTick entry alive (src/lib/tick-shapes.ts): after a full
 * garbage collection that finds the queue empty, the property slots of
 * `nextTick`'s object literal stay monomorphic with the entry kept, and go
 * megamorphic without it. Each case runs in a child process of its own
 * (V8's natives syntax prints the slots; `gc()` collects on demand).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { keepTickShapes, keptTickEntry } from "../../src/lib/tick-shapes.ts";

const MODULE = fileURLToPath(new URL("../../src/lib/tick-shapes.ts", import.meta.url));

/** The states of nextTick's literal slots after a full collection with the queue empty. */
function slotStates(keep: boolean): string[] {
  const script = `
    import { keepTickShapes } from ${JSON.stringify(MODULE)};
    if (${keep}) keepTickShapes();
    // The next turn of the event loop: the nextTick queue has drained by then.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 100; i++) process.nextTick(() => {});
    await turn();
    globalThis.gc();
    globalThis.gc();
    for (let i = 0; i < 100; i++) process.nextTick(() => {});
    await turn();
    new Function("f", "%DebugPrint(f)")(process.nextTick);
  `;
  const printed = execFileSync(
    process.execPath,
    ["--allow-natives-syntax", "--expose-gc", "--input-type=module", "--eval", script],
    { encoding: "utf8" },
  );
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1] ?? "");
}

test("without an entry kept, a full collection turns the literal's slots megamorphic", () => {
  // If this fails, Node's V8 no longer does this, and keepTickShapes is not needed.
  const states = slotStates(false);
  assert.equal(states.length, 5, `five slots printed: ${states.join(", ")}`);
  assert.ok(states.includes("MEGAMORPHIC"), states.join(", "));
});

test("with an entry kept, every slot stays monomorphic through a full collection", () => {
  const states = slotStates(true);
  assert.deepEqual(states, Array(5).fill("MONOMORPHIC"));
});

test("one entry is kept, a nextTick entry, the same after later calls", async () => {
  keepTickShapes();
  await new Promise((resolve) => process.nextTick(resolve));
  const entry = keptTickEntry();
  assert.equal(typeof entry, "object");
  assert.equal(typeof (entry as { callback?: unknown }).callback, "function");
  keepTickShapes();
  await new Promise((resolve) => process.nextTick(resolve));
  assert.equal(keptTickEntry(), entry);
});
