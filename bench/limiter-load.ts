/**
 * The in-process limiter under a flood: 1,000,000 distinct public clients,
 * one request each, inside one 15-minute window (simulated time, so the run
 * takes a minute or two, not 15). Prints RSS above idle at 100k and 1M
 * tracked clients, the time per admission of a newcomer at 0 / 100k / 1M
 * tracked, and checks that a client at its limit stays refused while a
 * newcomer is admitted. A script, not a test: figures depend on the machine.
 *
 *   npm run limiter:load            (node --expose-gc bench/limiter-load.ts)
 *   CLIENTS=200000 npm run limiter:load
 *
 * Timing: three limiters — empty, 100k and 1M clients — are timed in
 * interleaved rounds of 1,000 newcomers each (counter strings built before
 * the clock starts), and the median round of each is reported, so a busy
 * shared machine slows all three alike instead of skewing one.
 */
import { createFakeClock } from "../src/lib/clock.ts";
import { createMemoryLimiter, type MemoryLimiter } from "../src/rate-limit/rate-limit.memory.ts";
import { clientCounterKey, DEFAULT_PUBLIC_POLICY } from "../src/rate-limit/rate-limit.policy.ts";
import { buildTestApp } from "../test/helpers.ts";

const CLIENTS = Number(process.env.CLIENTS ?? 1_000_000);
const ROUNDS = 31;
const ROUND = 1_000;
const policy = DEFAULT_PUBLIC_POLICY;
const t0 = Date.parse("2026-01-01T00:00:00Z");
/** Every request of the run falls inside one window: the flood spans 10 simulated minutes. */
const spacingMs = (10 * 60_000) / CLIENTS;
const at = (i: number) => t0 + 1000 + Math.floor(i * spacingMs);

const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = () => {
  gc?.();
  gc?.();
  return process.memoryUsage.rss() / 2 ** 20;
};
const mb = (n: number) => `${n.toFixed(1)} MB`;
const ip = (i: number) =>
  clientCounterKey(
    `${10 + ((i >>> 24) & 0xff)}.${(i >>> 16) & 0xff}.${(i >>> 8) & 0xff}.${i & 0xff}`,
  );
const count = (n: number) => n.toLocaleString("en-US");

console.log(
  `limiter:load — ${count(CLIENTS)} distinct clients, one request each, one ${policy.windowMs / 60_000}-minute window, limit ${policy.limit}`,
);
if (gc === undefined) console.log("(run with --expose-gc for steadier RSS figures)");
const idle = rssMb();
console.log(`idle RSS ${mb(idle)}`);

let refusedNewcomers = 0;
let boundNote = "";
const victim = "ip:192.0.2.1";
const big = createMemoryLimiter({
  onBoundReached: (_policy, counters) => {
    boundNote = `exact bound reached at ${count(counters)} counters`;
  },
});
for (let i = 0; i < policy.limit; i++) big.hit(victim, policy, t0 + i);

const rssAt: [number, number][] = [];
const started = Date.now();
for (let i = 0; i < CLIENTS; i++) {
  if (!big.hit(ip(i), policy, at(i)).allowed) refusedNewcomers++;
  if ((i + 1) % 100_000 === 0) {
    const above = rssMb() - idle;
    if (i + 1 === 100_000 || i + 1 === CLIENTS) rssAt.push([i + 1, above]);
    console.log(
      `  … ${count(i + 1)} clients fed in ${((Date.now() - started) / 1000).toFixed(1)} s, RSS +${mb(above)}`,
    );
  }
}
const end = at(CLIENTS);
const victimDecision = big.hit(victim, policy, end);
const newcomer = big.hit("ip:198.51.100.77", policy, end);

console.log("timing newcomers at 0 / 100k / 1M tracked clients …");
const empty = createMemoryLimiter();
const medium = createMemoryLimiter();
for (let i = 0; i < 100_000; i++) medium.hit(ip(i), policy, at(i));
// Warm-up: the same code paths, so the first rounds time the limiter, not the compiler.
for (let i = 0; i < 50_000; i++) createMemoryLimiter().hit(ip(i), policy, at(i));
const levels: [string, MemoryLimiter, number[]][] = [
  ["0", empty, []],
  ["100k", medium, []],
  [CLIENTS === 1_000_000 ? "1M" : count(CLIENTS), big, []],
];
let fresh = 0x7f00_0000;
for (let round = 0; round < ROUNDS; round++) {
  for (const [, limiter, samples] of levels) {
    const counters = Array.from({ length: ROUND }, () => ip(fresh++));
    const now = at(CLIENTS / 2);
    const start = process.hrtime.bigint();
    for (const counter of counters)
      if (!limiter.hit(counter, policy, now).allowed) refusedNewcomers++;
    samples.push(Number(process.hrtime.bigint() - start) / ROUND);
  }
}
const median = (samples: number[]) => {
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
};
const medians = levels.map(([label, , samples]) => [label, median(samples)] as const);

// The same three limiters behind the whole app: a newcomer's GET /v1/federal
// (X-Forwarded-For behind a trusted proxy; If-None-Match, so a 304).
const clock = createFakeClock(at(CLIENTS / 2));
const apps = await Promise.all(
  levels.map(async ([label, limiter]) => {
    const app = await buildTestApp(
      { limiter, clock },
      { PUBLIC_RATE_LIMIT: String(policy.limit), TRUST_PROXY: "1" },
    );
    return { label, app, samples: [] as number[] };
  }),
);
const etag = String((await apps[0]?.app.inject({ url: "/v1/federal" }))?.headers.etag);
const APP_ROUND = 200;
let appRefused = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const entry of apps) {
    const addresses = Array.from({ length: APP_ROUND }, () => {
      const i = fresh++;
      return `${10 + ((i >>> 24) & 0xff)}.${(i >>> 16) & 0xff}.${(i >>> 8) & 0xff}.${i & 0xff}`;
    });
    const start = process.hrtime.bigint();
    for (const address of addresses) {
      const response = await entry.app.inject({
        url: "/v1/federal",
        headers: { "x-forwarded-for": address, "if-none-match": etag },
      });
      if (response.statusCode !== 304) appRefused++;
    }
    entry.samples.push(Number(process.hrtime.bigint() - start) / APP_ROUND);
  }
}
const appMedians = apps.map(({ label, samples }) => [label, median(samples)] as const);
for (const { app } of apps) await app.close();
refusedNewcomers += appRefused;
const appBase = appMedians[0]?.[1] ?? 1;
const appSpread =
  Math.max(...appMedians.map(([, ns]) => ns)) / Math.min(...appMedians.map(([, ns]) => ns));
const base = medians[0]?.[1] ?? 1;
const spread = Math.max(...medians.map(([, ns]) => ns)) / Math.min(...medians.map(([, ns]) => ns));

console.log("");
console.log(
  `time per admitted request of a newcomer, whole app (median of ${ROUNDS} interleaved rounds of ${APP_ROUND}):`,
);
for (const [label, ns] of appMedians)
  console.log(
    `  ${label.padStart(9)} tracked: ${(ns / 1000).toFixed(1)} µs  (${(ns / appBase).toFixed(2)}× empty)`,
  );
console.log(`  flat within 2×: ${appSpread <= 2 ? "yes" : "NO"} (max/min ${appSpread.toFixed(2)})`);
console.log(
  `time per admission of a newcomer, limiter alone (median of ${ROUNDS} interleaved rounds of ${ROUND}):`,
);
for (const [label, ns] of medians)
  console.log(
    `  ${label.padStart(9)} tracked: ${ns.toFixed(0)} ns  (${(ns / base).toFixed(2)}× empty)`,
  );
console.log(
  `  max/min ${spread.toFixed(2)}: an empty table sits in the CPU cache, a full one does not; no step scans the counters`,
);
console.log("RSS above idle:");
for (const [mark, above] of rssAt)
  console.log(`  ${count(mark).padStart(9)} clients: ${mb(above)}`);
console.log(`  target ≤ 200 MB at 1M: ${(rssAt.at(-1)?.[1] ?? 0) <= 200 ? "met" : "NOT met"}`);
console.log("checks:");
console.log(
  `  victim at its limit before the flood: ${victimDecision.allowed ? "ADMITTED (wrong)" : `refused, retry in ${Math.ceil(victimDecision.resetMs / 1000)} s (exact: ${victimDecision.approximate ? "no" : "yes"})`}`,
);
console.log(
  `  newcomer after the flood: ${newcomer.allowed ? `admitted, used ${newcomer.used} of ${policy.limit}${newcomer.approximate ? " (estimated: past the exact bound)" : ""}` : "REFUSED (wrong)"}`,
);
console.log(`  newcomers refused, flood and timing rounds: ${refusedNewcomers}`);
const status = big.status();
console.log(
  `  limiter: ${count(status.counters ?? 0)} exact counters; ${boundNote || "exact bound not reached"}`,
);
for (const [, limiter] of levels) limiter.close();
if (victimDecision.allowed || !newcomer.allowed || refusedNewcomers > 0) process.exitCode = 1;
