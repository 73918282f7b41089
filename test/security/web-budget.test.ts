/**
 * The website's per-client budget (docs/SECURITY.md, "Website requests per
 * client"): hundreds of people behind one address browsing normally are
 * never refused, a scraper is; static assets are fingerprinted, immutable
 * and not counted, and nobody can spend an address's budget through them.
 * Time is a fake clock; nothing sleeps.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createFakeClock } from "../../src/lib/clock.ts";
import { ASSETS_DIR } from "../../src/web/static-assets.ts";
import { buildTestApp, realDataset, type TestApp, testConfig } from "../helpers.ts";
import { createAgent, STRONG_PASSWORD } from "../web/agent.ts";

const NAT = "203.0.113.7";
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "accept-encoding": "br, gzip",
  "user-agent": "Mozilla/5.0",
};

/** Every same-origin URL a browser fetches for a page besides the page itself. */
function subresourcesOf(html: string): string[] {
  const urls = [
    ...html.matchAll(/<link rel="(?:stylesheet|icon)" href="(\/[^"]*)"/g),
    ...html.matchAll(/<script src="(\/[^"]*)"/g),
    ...html.matchAll(/data-openapi-url="(\/[^"]*)"/g),
  ].map((match) => match[1] as string);
  // Some browsers ask for /favicon.ico whatever the page links.
  return [...urls, "/favicon.ico"];
}

/** Page URLs a reader moves between: the map, lists, every jurisdiction, the reference. */
function browsingPath(): string[] {
  const codes = realDataset().jurisdictions.map((record) => record.code);
  return ["/", "/states", ...codes.map((code) => `/states/${code}`), "/changes", "/federal"];
}

/** A browser's GET; `body` is decoded from br or gzip as a browser would. */
async function get(app: TestApp, url: string, remoteAddress = NAT) {
  const response = await app.inject({ url, headers: BROWSER_HEADERS, remoteAddress });
  const encoding = response.headers["content-encoding"];
  const decode = encoding === "br" ? brotliDecompressSync : encoding === "gzip" ? gunzipSync : null;
  return decode === null
    ? response
    : Object.assign(response, { body: decode(response.rawPayload).toString("utf8") });
}

describe("the website's budget is sized for shared addresses", () => {
  test("200 page views with all their assets from one address in five minutes are never refused", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock });
    const pages = [...browsingPath(), "/docs", "/data", "/errors"];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (let view = 0; view < 200; view++) {
      // Worst case for the budget: no browser cache, as with 200 different people.
      const url = pages[view % pages.length] as string;
      const page = await get(app, url);
      requests++;
      assert.equal(page.statusCode, 200, `view ${view}: ${url}`);
      for (const subresource of subresourcesOf(page.body)) {
        // The reference's bundle is a large download: paced, and fetched once here.
        if (subresource === "/docs/scalar.js" && view >= pages.length) continue;
        const response = await get(app, subresource);
        requests++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
      clock.advance(1_450); // 200 views in 290 s: one window
    }
    assert.equal(statuses.get(429), undefined, `refusals: ${JSON.stringify([...statuses])}`);
    assert.ok(requests >= 200 * 5, `a page view is 5+ requests (${requests} in all)`);
    await app.close();
  });

  test("a scraper fetching 10,000 pages from one address is refused once it spends the budget", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock });
    const { limit } = testConfig().webRateLimit;
    const pages = browsingPath();
    let served = 0;
    let firstRefusal = -1;
    let retryAfter = 0;
    for (let i = 0; i < 10_000; i++) {
      const response = await app.inject({
        url: pages[i % pages.length] as string,
        remoteAddress: NAT,
      });
      if (response.statusCode === 200) served++;
      else {
        assert.equal(response.statusCode, 429);
        if (firstRefusal < 0) {
          firstRefusal = i;
          retryAfter = Number(response.headers["retry-after"]);
        }
      }
      clock.advance(10); // 100 pages a second
    }
    assert.equal(firstRefusal, limit, "refused at the first page over the budget");
    assert.equal(served, limit, "never served beyond the budget within the window");
    assert.ok(retryAfter > 0 && retryAfter <= 300, `Retry-After ${retryAfter}`);
    assert.equal((await get(app, "/states/CA", "198.51.100.9")).statusCode, 200, "others served");
    clock.advance(300_000);
    assert.equal((await get(app, "/states/CA")).statusCode, 200, "served again after the window");
    await app.close();
  });

  test("the expensive paths keep their own throttles: sign-ups per client", async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await createAgent(app, { remoteAddress: NAT }).submit("/signup", "/signup", {
        email: `reader${i}@example.org`,
        password: STRONG_PASSWORD,
        password_confirm: STRONG_PASSWORD,
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429, 429]);
    assert.equal((await get(app, "/states/CA")).statusCode, 200, "pages still served");
    await app.close();
  });
});

describe("fingerprinted assets", () => {
  test("pages link each asset by its content hash; that URL is cached for a year, immutable", async () => {
    const app = await buildTestApp();
    const body = (await get(app, "/states/CA")).body;
    for (const file of ["site.css", "site.js", "favicon.svg"]) {
      const content = readFileSync(join(ASSETS_DIR, file));
      const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
      const [stem, extension] = file.split(".") as [string, string];
      const url = `/assets/${stem}.${hash}.${extension}`;
      assert.ok(body.includes(`"${url}"`), `the page links ${url}`);
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers["cache-control"], "public, max-age=31536000, immutable");
      assert.ok(response.rawPayload.equals(content), `${url} is the file`);
      const plain = await app.inject({ url: `/assets/${file}` });
      assert.equal(plain.headers["cache-control"], "public, max-age=300", "plain names: short");
      assert.ok(plain.rawPayload.equals(content));
      const revalidated = await app.inject({
        url,
        headers: { "if-none-match": String(response.headers.etag) },
      });
      assert.equal(revalidated.statusCode, 304);
    }
    assert.match((await get(app, "/embed/map")).body, /href="\/assets\/site\.[0-9a-f]{16}\.css"/);
    await app.close();
  });

  test("an unknown or stale hash is 404 and counted like any other request", async () => {
    const app = await buildTestApp({}, { WEB_RATE_LIMIT: "3" });
    const css = /href="(\/assets\/site\.([0-9a-f]{16})\.css)"/.exec(
      (await get(app, "/states/CA", "192.0.2.1")).body,
    );
    const hash = css?.[2] as string;
    const unknown = [
      "/assets/site.0000000000000000.css",
      `/assets/site.${hash}.js`,
      `/assets/docs.${hash}.css`,
    ];
    for (const url of unknown) assert.equal((await get(app, url)).statusCode, 404, url);
    assert.equal((await get(app, `/assets/site.${hash}.css`)).statusCode, 200, "known: free");
    const over = await get(app, "/assets/site.ffffffffffffffff.css");
    assert.equal(over.statusCode, 429, "three unknown names spent a budget of three");
    await app.close();
  });

  test("no flood of asset requests spends an address's page budget", async () => {
    // A hostile page can make its visitors' browsers fetch our assets in
    // bulk (with cache-busting queries); so can anyone sharing the address.
    const clock = createFakeClock();
    const app = await buildTestApp({ clock }, { WEB_RATE_LIMIT: "20" });
    const linked = subresourcesOf((await get(app, "/", "192.0.2.1")).body).filter((url) =>
      url.startsWith("/assets/"),
    );
    const urls = [...linked, "/assets/site.css", "/assets/site.js", "/assets/favicon.svg"];
    for (let i = 0; i < 10_000; i++) {
      const url = `${urls[i % urls.length]}${i % 2 === 0 ? `?v=${i}` : ""}`;
      const response = await app.inject({
        method: i % 3 === 0 ? "HEAD" : "GET",
        url,
        headers: { ...BROWSER_HEADERS, ...(i % 5 === 0 ? { "if-none-match": '"x"' } : {}) },
        remoteAddress: NAT,
      });
      assert.equal(response.statusCode, 200, url);
      clock.advance(10);
    }
    for (let page = 0; page < 20; page++)
      assert.equal((await get(app, "/states/CA")).statusCode, 200, `page ${page}`);
    assert.equal((await get(app, "/states/CA")).statusCode, 429, "the pages alone spent it");
    await app.close();
  });
});
