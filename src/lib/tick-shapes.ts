/**
 * Keeps one entry of Node's `process.nextTick` queue alive for the life of
 * the process, so that V8 never collects the hidden classes ("maps") of
 * those entries. Called first thing by the entry (src/server.ts).
 *
 * Why. `nextTick` makes each queue entry with an object literal whose keys
 * are computed (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …,
 * [async_context_frame]: …, callback, args }`). V8 defines each such key
 * through one feedback slot, which remembers the map it saw and goes from
 * monomorphic straight to megamorphic the first time it sees another. The
 * slot holds that map weakly; so does the map before it, through its
 * transitions. A full garbage collection that finds no entry alive (the
 * queue drained, as it is between turns) collects the maps, the next
 * `nextTick` makes new ones, and four of the five slots are megamorphic for
 * the rest of the process: every entry is then built by V8's runtime, three
 * or four times per HTTP request (Node's server and streams call `nextTick`
 * for each answer). Whether a start hits it depends on when its first full
 * collections run, so it came and went from start to start: in 7 of 16
 * starts of the benchmark's service, never in the bare server, whose start
 * makes too little garbage for a full collection. Measured, it cost about
 * 2 µs of a 25–40 µs keyed request (docs/PERFORMANCE.md, "Node's
 * `nextTick`, in about half the starts").
 *
 * How. An `async_hooks` init hook sees each resource as it is made,
 * `nextTick`'s entries included; one is enabled for a single `nextTick`
 * call, which hands its entry over, and disabled again at once. The entry
 * (a few dozen bytes, its callback a no-op that has run) is kept here; its
 * map keeps every map before it alive, and the literal's slots see the same
 * maps for as long as the process runs. Nothing else changes: the hook is
 * off before this returns, and `nextTick` is Node's own.
 *
 * Called once; later calls return the same entry. Returns undefined where
 * the entry cannot be had (no init hook ran): then nothing is kept.
 */
import { createHook } from "node:async_hooks";

let kept: object | undefined;
let tried = false;

/** Keeps one nextTick entry alive (see above); returns it. */
export function keepTickShapes(): object | undefined {
  if (tried) return kept;
  tried = true;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject" && kept === undefined) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return kept;
}
