/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) of
 * website pages, with Lighthouse's default mobile emulation and throttling.
 * Drives Debian's Chromium (`/usr/bin/chromium`, never a downloaded browser)
 * and talks to nothing but loopback: by default it starts an in-memory
 * instance of the app on 127.0.0.1; pass `--base http://127.0.0.1:3000` to
 * measure a server that is already running.
 *
 *   node scripts/lighthouse.ts                     # /docs
 *   node scripts/lighthouse.ts /docs /states /    # several pages
 *   node scripts/lighthouse.ts --json /docs       # one JSON line per page
 */
import { once } from "node:events";
import { createServer } from "node:net";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROMIUM = "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: "string" }, json: { type: "boolean", default: false } },
});
const paths = positionals.length > 0 ? positionals : ["/docs"];

async function startApp(): Promise<{ base: string; close: () => Promise<void> }> {
  const [{ buildApp }, { loadConfig }, { loadDataset }, { createDatabase }, { migrateToLatest }] =
    await Promise.all([
      import("../src/app.ts"),
      import("../src/config.ts"),
      import("../src/dataset/dataset.load.ts"),
      import("../src/db/database.ts"),
      import("../src/db/migrations.ts"),
    ]);
  const { isoDay } = await import("../src/lib/dates.ts");
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const port = (probe.address() as { port: number }).port;
  probe.close();
  const base = `http://127.0.0.1:${port}`;
  const database = createDatabase("sqlite::memory:");
  await migrateToLatest(database.db as never);
  const app = await buildApp(loadConfig({ PUBLIC_BASE_URL: base, PORT: String(port) }), {
    dataset: loadDataset("data", isoDay(new Date())),
    database,
    logger: false,
  });
  await app.listen({ port, host: "127.0.0.1" });
  return { base, close: () => app.close() };
}

const server = values.base
  ? { base: values.base.replace(/\/$/, ""), close: async () => {} }
  : await startApp();
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(server.base)) {
  throw new Error(`--base must be a loopback address, not ${server.base}`);
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

try {
  for (const path of paths) {
    // Warm the server (first-use caches) so the measured load is a steady one.
    await fetch(`${server.base}${path}`);
    const result = await lighthouse(`${server.base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (result === undefined) throw new Error(`${path}: Lighthouse returned nothing`);
    const { lhr } = result;
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    const metrics = Object.fromEntries(
      [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
        "total-byte-weight",
      ].map((id) => [id, lhr.audits[id]?.displayValue ?? ""]),
    );
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "notApplicable" &&
          audit.scoreDisplayMode !== "manual",
      )
      .map((audit) => audit.id);
    if (values.json) {
      console.log(JSON.stringify({ path, scores, metrics, failing }));
    } else {
      console.log(
        `${path}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores["best-practices"]}, SEO ${scores.seo}`,
      );
      console.log(
        `  ${Object.entries(metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join(" · ")}`,
      );
      if (failing.length > 0) console.log(`  below 0.9: ${failing.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await server.close();
}
