/**
 * The law in force now, in a running server: the records move at the start
 * of each change's effective day in the jurisdiction's zone, with no restart
 * and no release (docs/decisions/0020-dated-law-model.md).
 *
 * Contract:
 * - `current()` is the state for the clock's instant. It is recomputed the
 *   first time it is asked for at or after `nextChangeAt` (or before the
 *   instant it was computed for, should the clock be set back), so an
 *   answer is never a moment late, whatever a timer does; a timer also recomputes it
 *   at that instant, so the cost (a few milliseconds) is rarely a request's.
 * - Every instance computes the same state from the same data and clock:
 *   instances move together, as closely as their clocks agree.
 * - `derive(build)` is the one way to keep something made from the law in
 *   force (the API's bodies, the site's pages, the feeds): built on first
 *   use, and rebuilt the first time it is asked for after the law changed,
 *   never per request otherwise.
 * - Listeners hear every change with the events that took effect in it
 *   (for the webhooks), once per instance.
 * - `cacheControl(now)` never lets a cache keep an answer past the next
 *   change.
 */

import type { Clock } from "../lib/clock.ts";
import type { LegalEvent } from "./dataset.schema.ts";
import { type LawModel, type LawState, lawAt, tookEffectBetween } from "./law.ts";

export type LawChange = Readonly<{ before: LawState; after: LawState; tookEffect: LegalEvent[] }>;

export type LiveLaw = Readonly<{
  model: LawModel;
  current: () => LawState;
  /** `build(state)` for the law in force now, made once per state of the law (on first use). */
  derive: <T>(build: (state: LawState) => T) => () => T;
  onChange: (listener: (change: LawChange) => void) => void;
  /** The Cache-Control of a data answer at `nowMs`: max-age ends at the next change at the latest. */
  cacheControl: (nowMs: number) => string;
  /** Arms the timer for the next change (after the server listens). */
  start: () => void;
  stop: () => void;
}>;

/** A client may reuse an answer this long, and serve it stale this much longer while revalidating. */
const MAX_AGE_S = 300;
const STALE_S = 60;
/** setTimeout's largest delay; a later change re-arms the timer when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

export function cacheControlFor(secondsLeft: number): string {
  if (secondsLeft >= MAX_AGE_S + STALE_S) {
    return `private, max-age=${MAX_AGE_S}, stale-while-revalidate=${STALE_S}`;
  }
  const maxAge = Math.max(0, Math.min(MAX_AGE_S, secondsLeft));
  const stale = Math.max(0, Math.min(STALE_S, secondsLeft - maxAge));
  return stale > 0
    ? `private, max-age=${maxAge}, stale-while-revalidate=${stale}`
    : `private, max-age=${maxAge}`;
}

export function createLiveLaw(model: LawModel, clock: Clock): LiveLaw {
  let computedAt = clock.now();
  let state = lawAt(model, computedAt);
  const listeners: ((change: LawChange) => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const recompute = (nowMs: number) => {
    const before = state;
    computedAt = nowMs;
    state = lawAt(model, nowMs);
    // The timer follows the new next change (the clock may also have been set).
    if (running) arm();
    const change = { before, after: state, tookEffect: tookEffectBetween(model, before, state) };
    for (const listener of listeners) listener(change);
  };
  const current = () => {
    const now = clock.now();
    if (now >= state.nextChangeAt || now < computedAt) recompute(now);
    return state;
  };
  function arm() {
    clearTimeout(timer);
    if (!running || !Number.isFinite(state.nextChangeAt)) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, state.nextChangeAt - clock.now()));
    timer = setTimeout(() => {
      current();
      arm();
    }, delay);
    timer.unref();
  }
  const fixed = cacheControlFor(Number.POSITIVE_INFINITY);
  const derive = <T>(build: (state: LawState) => T): (() => T) => {
    let built: { state: LawState; value: T } | undefined;
    return () => {
      const state = current();
      if (built?.state !== state) built = { state, value: build(state) };
      return built.value;
    };
  };

  return Object.freeze({
    model,
    current,
    derive,
    onChange: (listener) => {
      listeners.push(listener);
    },
    cacheControl: (nowMs) => {
      const left = state.nextChangeAt - nowMs;
      return left >= (MAX_AGE_S + STALE_S) * 1000
        ? fixed
        : cacheControlFor(Math.floor(left / 1000));
    },
    start: () => {
      running = true;
      arm();
    },
    stop: () => {
      running = false;
      clearTimeout(timer);
    },
  });
}
