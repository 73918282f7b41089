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
 * starts of the benchmark's service started as production starts (no
 * collection forced), never in the bare server, whose start makes too
 * little garbage for a full collection; with the entry kept, in none of
 * 14. Measured, it cost about 2 µs of a 25–40 µs keyed request
 * (docs/PERFORMANCE.md, "Node's `nextTick`, in about half the starts:
 * found and fixed").
 *
 * How. Inside a `nextTick` callback, `async_hooks.executionAsyncResource()`
 * is the entry being run. One callback, queued here, keeps it. No hook is
 * turned on: an `async_hooks` hook, even on for a moment, makes every
 * `await` of the process slower for good (about a fifth, measured), where
 * this call only marks, in Node's async state, that the current resource
 * may be asked for; Node acts on the mark only while a hook is on (its
 * callback trampoline), and awaits measured as fast as without it. The
 * entry (a few dozen bytes, its callback a no-op) is kept here; its map
 * keeps every map before it alive, and the literal's slots see the same
 * maps for as long as the process runs. `nextTick` stays Node's own.
 *
 * Called once; the entry is kept when the queued callback runs, before any
 * I/O (`keptTickEntry` tells, for tests). Where it cannot be had, nothing
 * is kept.
 */
import { executionAsyncResource } from "node:async_hooks";

let kept: object | undefined;
let queued = false;

/** Keeps one nextTick entry alive (see above), from the queue's next run on. */
export function keepTickShapes(): void {
  if (queued) return;
  queued = true;
  process.nextTick(() => {
    const entry = executionAsyncResource();
    if (typeof entry === "object" && entry !== null && "callback" in entry) kept = entry;
  });
}

/** The entry kept, once the callback `keepTickShapes` queued has run. */
export function keptTickEntry(): object | undefined {
  return kept;
}
