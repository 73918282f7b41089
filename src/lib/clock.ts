/** Time, injected: everything with a window, expiry or TTL takes a Clock so tests move time. */
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance by hand. */
export function createFakeClock(startMs = Date.parse("2026-01-01T00:00:00Z")): Clock & {
  advance: (ms: number) => void;
  set: (ms: number) => void;
} {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
