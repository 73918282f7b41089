/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) of
 * website pages, with Lighthouse's default mobile emulation and throttling.
 * Drives Debian's Chromium (`/usr/bin/chromium`, never a downloaded browser),
 * launched as the browser tests launch it (test/support/chromium.ts: without
 * the features that stall it; a browser or tab that does not open in bounded
 * time is tried again, then the run fails), and talks to nothing but
 * loopback: by default it starts an in-memory instance of the app on
 * 127.0.0.1; pass `--base http://127.0.0.1:3000` to measure a server that is
 * already running.
 *
 *   node scripts/lighthouse.ts                     # /docs
 *   node scripts/lighthouse.ts /docs /states /    # several pages
 *   node scripts/lighthouse.ts --runs 5 /docs      # the median of five runs
 *   node scripts/lighthouse.ts --json /docs       # one JSON line per page
 *
 * Performance depends on the host: Lighthouse times the page's work on this
 * CPU and scales it (4× slowdown), so a busy machine scores lower. The
 * output shows Lighthouse's benchmark index of the host and the load
 * average; compare pages measured in the same run, and prefer `--runs`.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  disableFeaturesFlag,
  openWithin,
} from "../test/support/chromium.ts";
import { startLocalSite } from "./bench-lib.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string" },
    runs: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
  },
});
const paths = positionals.length > 0 ? positionals : ["/docs"];
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

const server = values.base
  ? { base: values.base.replace(/\/$/, ""), close: async () => {} }
  : await startLocalSite();
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(server.base)) {
  throw new Error(`--base must be a loopback address, not ${server.base}`);
}

// The browser tests' flags, without what stalls Chromium; chrome-launcher passes its own
// --disable-features first and Chromium honours only the last, so ours carries both lists.
const launcherDisabled =
  chromeLauncher.Launcher.defaultFlags()
    .find((flag) => flag.startsWith("--disable-features="))
    ?.slice("--disable-features=".length)
    .split(",") ?? [];
const chromeFlags = [
  "--headless",
  ...CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--disable-features=")),
  disableFeaturesFlag(launcherDisabled),
];
const chrome = await openWithin(
  "a browser",
  () => chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags }),
  async (launched) => launched.kill(),
);
// Lighthouse opens its own tab: make sure this Chromium opens one at all, in bounded time.
await openWithin(
  "a tab",
  async () => {
    const response = await fetch(`http://127.0.0.1:${chrome.port}/json/new?about:blank`, {
      method: "PUT",
    });
    const target = (await response.json()) as { id: string };
    return target.id;
  },
  (id) => fetch(`http://127.0.0.1:${chrome.port}/json/close/${id}`),
).then((id) => fetch(`http://127.0.0.1:${chrome.port}/json/close/${id}`));

try {
  for (const path of paths) {
    // Warm the server (first-use caches) so the measured load is a steady one.
    await fetch(`${server.base}${path}`);
    const samples: Record<string, number>[] = [];
    let metrics: Record<string, string> = {};
    let failing: string[] = [];
    let benchmarkIndexes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (result === undefined) throw new Error(`${path}: Lighthouse returned nothing`);
      const { lhr } = result;
      if (lhr.runtimeError !== undefined) {
        // A failed run (e.g. no paint in time on a busy host) is reported, not scored as 0.
        console.error(`${path}: run ${run + 1} failed: ${lhr.runtimeError.code}`);
        continue;
      }
      samples.push(
        Object.fromEntries(
          CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ),
      );
      benchmarkIndexes = [...benchmarkIndexes, Math.round(lhr.environment.benchmarkIndex)];
      metrics = Object.fromEntries(
        [
          "first-contentful-paint",
          "largest-contentful-paint",
          "total-blocking-time",
          "cumulative-layout-shift",
          "speed-index",
          "total-byte-weight",
        ].map((id) => [id, lhr.audits[id]?.displayValue ?? ""]),
      );
      failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
        )
        .map((audit) => audit.id);
    }
    if (samples.length === 0) throw new Error(`${path}: every run failed`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, median(samples.map((sample) => sample[id] ?? 0))]),
    );
    const host = {
      benchmarkIndex: median(benchmarkIndexes),
      loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    };
    if (values.json) {
      console.log(JSON.stringify({ path, runs, scores, samples, host, metrics, failing }));
    } else {
      console.log(
        `${path}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores["best-practices"]}, SEO ${scores.seo}${runs > 1 ? ` (median of ${samples.length === runs ? runs : `${samples.length} of ${runs}`} runs; performance ${samples.map((sample) => sample.performance).join(", ")})` : ""}`,
      );
      console.log(
        `  host: benchmark index ${host.benchmarkIndex}, load average ${host.loadAverage}`,
      );
      console.log(
        `  last run: ${Object.entries(metrics)
          .map(([name, value]) => `${name} ${value}`)
          .join(" · ")}`,
      );
      if (failing.length > 0) console.log(`  below 0.9 in the last run: ${failing.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await server.close();
}
