/**
 * Exact sliding-window limiter in process memory, bounded, that never
 * refuses a newcomer because of how many others exist.
 *
 * Guarantees (the RateLimiter contract):
 * - Exact for every counter held in the exact tier: a request at `now` is
 *   admitted when fewer than `limit` admitted timestamps lie in
 *   (now − window, now]; the oldest gives the exact Retry-After.
 * - Nothing is ever evicted or reset: a flood of other counters can only
 *   push *new* counters into the over-counting tier, never lower a count.
 * - Per request, O(1) work: a keyed hash, a probe in at most a handful of
 *   tables, and trimming of this counter's own expired timestamps
 *   (amortized: each timestamp is trimmed once). No call scans the counters.
 *
 * Exact tier. Counters live in open-addressing hash tables of typed arrays
 * (no object per counter): 16 bytes a slot — a 64-bit keyed fingerprint of
 * the counter (the string itself is not kept), the count, and either the one
 * timestamp inline (most clients make one request) or the start of a ring of
 * Uint32 timestamps (ms relative to the table's base) that grows by doubling
 * up to `limit` slots — so a busy counter costs 4 bytes per request in its
 * window. Expiry is a generation swap: the newest table takes all writes
 * and is closed after one window (or when it reaches its load factor, when
 * the next table is 4× larger); a counter found in an older table moves to
 * the newest on its next request; a closed table is dropped whole once a
 * window has passed since the last timestamp written into it, as everything
 * in it has then expired. So
 * at most two windows of tables are alive and lookups probe ≤ ~4 tables.
 *
 * Bound. At most `maxCounters` entries in the exact tier per policy, and
 * at most `maxCounters × 16` ring timestamps. Past the bound, new counters
 * (and counters whose ring would grow beyond it, with their count carried
 * over) go to a count-min sketch: 4 rows × 2^18 Uint32 cells per window
 * generation, two generations (8 MB per policy). Requests are added to the
 * current generation (conservative update within it); an estimate is the
 * minimum over rows of (current + previous), which can only over-count:
 * collisions add other counters' requests, and a request stays counted for
 * between one and two windows. A counter with anything in the sketch stays
 * judged by it until that has rotated out, so leaving it forgets nothing. Reaching the bound
 * is reported once (`onBoundReached`) and in `status()`.
 *
 * Worst case, per policy: 2 × ⌈maxCounters / 0.75⌉ rounded up to a power of
 * two slots × 16 B, plus 4 B × 16 × maxCounters of rings, plus 8 MB; with the
 * default 1,000,000 counters about 67 MB of tables, 64 MB of rings, 8 MB of
 * sketch. Measured figures are in docs/decisions/0009-bounded-limiter.md.
 *
 * Fingerprints are a keyed hash with a random per-process seed, so a
 * client cannot aim for another's slot; two counters sharing a 64-bit
 * fingerprint (about 3·10⁻⁸ at a million counters) share a count —
 * over-counting, never under.
 */

import { randomBytes } from "node:crypto";
import type { RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiterStatus } from "./rate-limit.ts";

export const DEFAULT_MAX_COUNTERS = 1_000_000;
const LOAD_FACTOR = 0.75;
const MIN_CAPACITY = 1 << 12;
const GROWTH = 4;
const RING_SLOTS_PER_COUNTER = 16;
const FIRST_RING_SLOTS = 4;
const SKETCH_DEPTH = 4;
const SKETCH_WIDTH = 1 << 18;

/** Slot layout in `Table.slots`: four Uint32 words per slot. */
const STRIDE = 4;
const HI = 0;
const LO = 1;
const COUNT = 2;
/** The inline timestamp when the slot has no ring, else the ring's start index. */
const AT = 3;
/** COUNT value of a counter handed over to the sketch. */
const SPILLED = 0xffff_ffff;

type Table = {
  slots: Uint32Array;
  rings: (Uint32Array | undefined)[];
  mask: number;
  capacity: number;
  size: number;
  ringSlots: number;
  /** Timestamps are stored as ms since `baseMs` (= opened − window, so moved-in ones fit). */
  baseMs: number;
  openedAt: number;
  /** The newest timestamp written or moved in: the table is dead a window after it, once closed. */
  lastAt: number;
};

type Store = {
  policy: RateLimitPolicy;
  tables: Table[];
  sketch: Uint32Array | null;
  previousSketch: Uint32Array | null;
  sketchOpenedAt: number;
  boundReached: boolean;
};

export type MemoryLimiterOptions = {
  /** Most counters held exactly, per policy. */
  maxCounters?: number;
  /** Called once per policy the first time its exact bound is reached. */
  onBoundReached?: (policy: RateLimitPolicy, counters: number) => void;
};

/** A RateLimiter whose answers are synchronous. */
export type MemoryLimiter = {
  hit: (counter: string, policy: RateLimitPolicy, nowMs: number) => RateLimitDecision;
  peek: (counter: string, policy: RateLimitPolicy, nowMs: number) => RateLimitDecision;
  status: () => RateLimiterStatus;
  close: () => void;
  /** Counters held exactly, over all policies (entries in live tables). */
  size: () => number;
};

function powerOfTwoAtLeast(n: number): number {
  let capacity = MIN_CAPACITY;
  while (capacity < n) capacity *= 2;
  return capacity;
}

function newTable(capacity: number, nowMs: number, windowMs: number): Table {
  return {
    slots: new Uint32Array(capacity * STRIDE),
    rings: [],
    mask: capacity - 1,
    capacity,
    size: 0,
    ringSlots: 0,
    baseMs: nowMs - windowMs,
    openedAt: nowMs,
    lastAt: Number.NEGATIVE_INFINITY,
  };
}

/** Slot index of the fingerprint in `table`, or −1 − (the empty slot where it would go). */
function probe(table: Table, hi: number, lo: number): number {
  const { slots, mask } = table;
  let index = lo & mask;
  for (;;) {
    const at = index * STRIDE;
    const h = slots[at + HI] as number;
    const l = slots[at + LO] as number;
    if (h === hi && l === lo) return index;
    if (h === 0 && l === 0) return -1 - index;
    index = (index + 1) & mask;
  }
}

/** Drops this counter's expired timestamps; returns how many remain. */
function trim(table: Table, slot: number, nowMs: number, windowMs: number): number {
  const at = slot * STRIDE;
  let count = table.slots[at + COUNT] as number;
  if (count === 0 || count === SPILLED) return count;
  const expired = nowMs - windowMs - table.baseMs;
  const ring = table.rings[slot];
  if (ring === undefined) {
    if ((table.slots[at + AT] as number) <= expired) count = 0;
  } else {
    let start = table.slots[at + AT] as number;
    while (count > 0 && (ring[start] as number) <= expired) {
      start = start + 1 === ring.length ? 0 : start + 1;
      count--;
    }
    table.slots[at + AT] = start;
    if (count === 0) {
      table.rings[slot] = undefined;
      table.ringSlots -= ring.length;
      table.slots[at + AT] = 0;
    }
  }
  table.slots[at + COUNT] = count;
  return count;
}

function oldestOf(table: Table, slot: number): number {
  const at = slot * STRIDE;
  const ring = table.rings[slot];
  const value =
    ring === undefined
      ? (table.slots[at + AT] as number)
      : (ring[table.slots[at + AT] as number] as number);
  return table.baseMs + value;
}

export function createMemoryLimiter(options: MemoryLimiterOptions = {}): MemoryLimiter {
  const maxCounters = options.maxCounters ?? DEFAULT_MAX_COUNTERS;
  const maxCapacity = powerOfTwoAtLeast(Math.ceil(maxCounters / LOAD_FACTOR));
  const maxRingSlots = maxCounters * RING_SLOTS_PER_COUNTER;
  const stores = new Map<string, Store>();
  const seeds = new Uint32Array(randomBytes(16).buffer);
  let fingerprintHi = 0;
  let fingerprintLo = 0;

  /**
   * Keyed 2 × 32-bit hash (murmur3-style mixing, per-process random seeds),
   * over the counter's UTF-16 code units two at a time: one 32-bit block per
   * pair, as murmur3 takes four bytes, and the last unit alone when the
   * length is odd. Per request on the hot path: half the rounds of one
   * block per code unit.
   */
  const fingerprint = (counter: string): void => {
    let h1 = seeds[0] as number;
    let h2 = seeds[1] as number;
    const key1 = seeds[2] as number;
    const key2 = seeds[3] as number;
    const length = counter.length;
    const paired = length - (length & 1);
    for (let i = 0; i < paired; i += 2) {
      const block = counter.charCodeAt(i) | (counter.charCodeAt(i + 1) << 16);
      let k = Math.imul(block ^ key1, 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, 0x1b873593);
      h1 ^= k;
      h1 = (h1 << 13) | (h1 >>> 19);
      h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
      let j = Math.imul(block ^ key2, 0x85ebca6b);
      j = (j << 17) | (j >>> 15);
      j = Math.imul(j, 0xc2b2ae35);
      h2 ^= j;
      h2 = (h2 << 11) | (h2 >>> 21);
      h2 = (Math.imul(h2, 9) + 0x52dce729) | 0;
    }
    if (paired !== length) {
      const last = counter.charCodeAt(paired);
      let k = Math.imul(last ^ key1, 0xcc9e2d51);
      k = (k << 15) | (k >>> 17);
      h1 ^= Math.imul(k, 0x1b873593);
      let j = Math.imul(last ^ key2, 0x85ebca6b);
      j = (j << 17) | (j >>> 15);
      h2 ^= Math.imul(j, 0xc2b2ae35);
    }
    h1 ^= length;
    h2 ^= length;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h1 = Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
    h1 ^= h1 >>> 16;
    h2 = Math.imul(h2 ^ (h2 >>> 16), 0x7feb352d);
    h2 = Math.imul(h2 ^ (h2 >>> 15), 0x846ca68b);
    h2 ^= h2 >>> 16;
    fingerprintHi = h1 >>> 0;
    fingerprintLo = h2 >>> 0;
    if (fingerprintHi === 0 && fingerprintLo === 0) fingerprintLo = 1;
  };

  // The store of each policy object seen, so that a hit builds no id
  // string; policies equal in name, limit and window share one store.
  let storesByPolicy = new WeakMap<RateLimitPolicy, Store>();
  const storeFor = (policy: RateLimitPolicy): Store => {
    const known = storesByPolicy.get(policy);
    if (known !== undefined) return known;
    const id = `${policy.name}|${policy.limit}|${policy.windowMs}`;
    let store = stores.get(id);
    if (store === undefined) {
      store = {
        policy,
        tables: [],
        sketch: null,
        previousSketch: null,
        sketchOpenedAt: 0,
        boundReached: false,
      };
      stores.set(id, store);
    }
    storesByPolicy.set(policy, store);
    return store;
  };

  const entries = (store: Store) => {
    let n = 0;
    for (const table of store.tables) n += table.size;
    return n;
  };
  const ringSlots = (store: Store) => {
    let n = 0;
    for (const table of store.tables) n += table.ringSlots;
    return n;
  };

  /** Generation swap: drop what has wholly expired, open a new table after a window. */
  const advance = (store: Store, nowMs: number): Table => {
    const windowMs = store.policy.windowMs;
    const tables = store.tables;
    let open = tables[tables.length - 1];
    if (open === undefined || nowMs - open.openedAt >= windowMs) {
      const hint = open === undefined ? 0 : open.size / LOAD_FACTOR;
      open = newTable(Math.min(maxCapacity, powerOfTwoAtLeast(hint)), nowMs, windowMs);
      tables.push(open);
    }
    while ((tables[0] as Table) !== open && (tables[0] as Table).lastAt + windowMs <= nowMs)
      tables.shift();
    const hasSketch = store.sketch !== null || store.previousSketch !== null;
    if (hasSketch && nowMs - store.sketchOpenedAt >= windowMs) {
      store.previousSketch = nowMs - store.sketchOpenedAt >= 2 * windowMs ? null : store.sketch;
      store.sketch = null;
      store.sketchOpenedAt = nowMs;
      if (store.previousSketch === null) store.boundReached = false;
    }
    return open;
  };

  /** The open table with room for one more entry, or null when the exact bound is reached. */
  const roomFor = (store: Store, open: Table, nowMs: number): Table | null => {
    if (open.size < open.capacity * LOAD_FACTOR && entries(store) < maxCounters) return open;
    if (entries(store) >= maxCounters || open.capacity >= maxCapacity) {
      reachBound(store);
      return null;
    }
    const next = newTable(
      Math.min(maxCapacity, open.capacity * GROWTH),
      nowMs,
      store.policy.windowMs,
    );
    store.tables.push(next);
    return next;
  };

  const reachBound = (store: Store) => {
    if (store.boundReached) return;
    store.boundReached = true;
    options.onBoundReached?.(store.policy, entries(store));
  };

  const sketchIndex = (row: number) =>
    row * SKETCH_WIDTH +
    (((fingerprintLo + Math.imul(row, fingerprintHi | 1)) >>> 0) & (SKETCH_WIDTH - 1));

  const estimate = (store: Store): number => {
    let min = Number.POSITIVE_INFINITY;
    for (let row = 0; row < SKETCH_DEPTH; row++) {
      const index = sketchIndex(row);
      const value = (store.sketch?.[index] ?? 0) + (store.previousSketch?.[index] ?? 0);
      if (value < min) min = value;
    }
    return min;
  };

  /**
   * Adds `n` requests of the current fingerprint to the current generation,
   * with the conservative update applied within that generation only (so
   * dropping the previous one never takes away what this one must hold).
   */
  const addToSketch = (store: Store, n: number, nowMs: number) => {
    if (store.sketch === null) {
      store.sketch = new Uint32Array(SKETCH_DEPTH * SKETCH_WIDTH);
      if (store.previousSketch === null) store.sketchOpenedAt = nowMs;
    }
    const sketch = store.sketch;
    let min = Number.POSITIVE_INFINITY;
    for (let row = 0; row < SKETCH_DEPTH; row++) {
      const value = sketch[sketchIndex(row)] as number;
      if (value < min) min = value;
    }
    const target = min + n;
    for (let row = 0; row < SKETCH_DEPTH; row++) {
      const index = sketchIndex(row);
      if ((sketch[index] as number) < target) sketch[index] = target;
    }
  };

  const judgeApproximately = (store: Store, nowMs: number, charge: boolean): RateLimitDecision => {
    const { limit, windowMs } = store.policy;
    const used = estimate(store);
    const untilRotation =
      store.sketch === null && store.previousSketch === null
        ? windowMs
        : Math.max(1, store.sketchOpenedAt + windowMs - nowMs);
    if (used >= limit) {
      return {
        allowed: false,
        used: limit,
        remaining: 0,
        resetMs: untilRotation,
        approximate: true,
      };
    }
    if (charge) addToSketch(store, 1, nowMs);
    const now = charge ? used + 1 : used;
    return {
      allowed: true,
      used: now,
      remaining: limit - now,
      resetMs: untilRotation,
      approximate: true,
    };
  };

  /** Hands a counter's live timestamps over to the sketch (its exact ring would exceed the bound). */
  const spill = (store: Store, table: Table, slot: number, nowMs: number) => {
    const at = slot * STRIDE;
    const count = table.slots[at + COUNT] as number;
    addToSketch(store, count, nowMs);
    const ring = table.rings[slot];
    if (ring !== undefined) {
      table.ringSlots -= ring.length;
      table.rings[slot] = undefined;
    }
    table.slots[at + COUNT] = SPILLED;
    reachBound(store);
  };

  /** Moves a live counter from an older table into `open` at the free slot `into`. */
  const move = (from: Table, slot: number, open: Table, into: number) => {
    const source = slot * STRIDE;
    const target = into * STRIDE;
    const shift = from.baseMs - open.baseMs;
    const count = from.slots[source + COUNT] as number;
    const ring = from.rings[slot];
    open.slots[target + HI] = from.slots[source + HI] as number;
    open.slots[target + LO] = from.slots[source + LO] as number;
    open.slots[target + COUNT] = count;
    open.size++;
    if (ring === undefined) {
      open.slots[target + AT] = (from.slots[source + AT] as number) + shift;
    } else {
      const start = from.slots[source + AT] as number;
      for (let i = 0, p = start; i < count; i++, p = p + 1 === ring.length ? 0 : p + 1)
        ring[p] = (ring[p] as number) + shift;
      open.slots[target + AT] = start;
      open.rings[into] = ring;
      open.ringSlots += ring.length;
      from.ringSlots -= ring.length;
      from.rings[slot] = undefined;
    }
    from.slots[source + COUNT] = 0;
    open.lastAt = Math.max(open.lastAt, from.lastAt);
  };

  /** Records a request at `nowMs` in a slot of `open` that holds fewer than `limit`. */
  const append = (store: Store, open: Table, slot: number, nowMs: number): boolean => {
    const at = slot * STRIDE;
    const relative = nowMs - open.baseMs;
    const count = open.slots[at + COUNT] as number;
    const limit = store.policy.limit;
    let ring = open.rings[slot];
    open.lastAt = nowMs;
    if (count === 0) {
      open.slots[at + AT] = relative;
      open.slots[at + COUNT] = 1;
      return true;
    }
    if (ring === undefined || count === ring.length) {
      const length =
        ring === undefined ? Math.min(limit, FIRST_RING_SLOTS) : Math.min(limit, ring.length * 2);
      if (ringSlots(store) + length - (ring?.length ?? 0) > maxRingSlots) return false;
      const grown = new Uint32Array(length);
      if (ring === undefined) {
        grown[0] = open.slots[at + AT] as number;
      } else {
        const start = open.slots[at + AT] as number;
        for (let i = 0; i < count; i++) grown[i] = ring[(start + i) % ring.length] as number;
        open.ringSlots -= ring.length;
      }
      open.ringSlots += length;
      open.rings[slot] = grown;
      open.slots[at + AT] = 0;
      ring = grown;
    }
    ring[((open.slots[at + AT] as number) + count) % ring.length] = relative;
    open.slots[at + COUNT] = count + 1;
    return true;
  };

  const judge = (
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
    charge: boolean,
  ): RateLimitDecision => {
    const store = storeFor(policy);
    const { limit, windowMs } = policy;
    let open = advance(store, nowMs);
    fingerprint(counter);
    const hi = fingerprintHi;
    const lo = fingerprintLo;

    let table: Table | null = null;
    let slot = -1;
    const tables = store.tables;
    for (let i = tables.length - 1; i >= 0; i--) {
      const candidate = tables[i] as Table;
      const found = probe(candidate, hi, lo);
      if (found < 0) continue;
      const count = trim(candidate, found, nowMs, windowMs);
      if (count === SPILLED) return judgeApproximately(store, nowMs, charge);
      if (count > 0 || candidate === open) {
        table = candidate;
        slot = found;
        break;
      }
    }
    // A counter absent from the exact tier may have history in the sketch
    // (it was spilled there): while the sketch holds anything for it, the
    // sketch judges it, so leaving the sketch never forgets requests.
    if (
      table === null &&
      (store.sketch !== null || store.previousSketch !== null) &&
      estimate(store) > 0
    )
      return judgeApproximately(store, nowMs, charge);
    const count = table === null ? 0 : (table.slots[slot * STRIDE + COUNT] as number);
    if (count >= limit) {
      const oldest = oldestOf(table as Table, slot);
      return { allowed: false, used: count, remaining: 0, resetMs: oldest + windowMs - nowMs };
    }
    if (!charge) {
      const resetMs = count === 0 ? 0 : oldestOf(table as Table, slot) + windowMs - nowMs;
      return { allowed: true, used: count, remaining: limit - count, resetMs };
    }
    if (table !== open) {
      const room = roomFor(store, open, nowMs);
      if (room === null) {
        if (table !== null) spill(store, table, slot, nowMs);
        return judgeApproximately(store, nowMs, charge);
      }
      open = room;
      const into = -1 - probe(open, hi, lo);
      if (table === null) {
        open.slots[into * STRIDE + HI] = hi;
        open.slots[into * STRIDE + LO] = lo;
        open.size++;
      } else {
        move(table, slot, open, into);
      }
      table = open;
      slot = into;
    }
    if (!append(store, open, slot, nowMs)) {
      spill(store, open, slot, nowMs);
      return judgeApproximately(store, nowMs, charge);
    }
    const used = count + 1;
    return {
      allowed: true,
      used,
      remaining: limit - used,
      resetMs: oldestOf(open, slot) + windowMs - nowMs,
    };
  };

  return {
    hit: (counter, policy, nowMs) => judge(counter, policy, nowMs, true),
    peek: (counter, policy, nowMs) => judge(counter, policy, nowMs, false),
    status: () => {
      let exact = true;
      let counters = 0;
      for (const store of stores.values()) {
        if (store.boundReached) exact = false;
        counters += entries(store);
      }
      return { exact, counters };
    },
    size: () => {
      let n = 0;
      for (const store of stores.values()) n += entries(store);
      return n;
    },
    close: () => {
      stores.clear();
      storesByPolicy = new WeakMap();
    },
  };
}
