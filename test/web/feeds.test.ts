import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { after, before, describe, test } from "node:test";
import FeedParser from "feedparser";
import { FEED_MAX_ENTRIES } from "../../src/web/feeds.ts";
import { buildTestApp, injectCompressed, realDataset, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

type Parsed = { meta: FeedParser.Meta; items: FeedParser.Item[] };

/** Parses a feed with an independent parser (feedparser), failing on any parse error. */
function parseFeed(body: string): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const parser = new FeedParser({ strict: true });
    const items: FeedParser.Item[] = [];
    let meta: FeedParser.Meta | undefined;
    parser.on("error", reject);
    parser.on("meta", (value: FeedParser.Meta) => {
      meta = value;
    });
    parser.on("readable", () => {
      let item = parser.read() as FeedParser.Item | null;
      while (item !== null) {
        items.push(item);
        item = parser.read() as FeedParser.Item | null;
      }
    });
    parser.on("end", () =>
      meta === undefined ? reject(new Error("no feed metadata")) : resolve({ meta, items }),
    );
    Readable.from([body]).pipe(parser);
  });
}

describe("Atom feeds", () => {
  test("/changes.atom: an Atom 1.0 feed of the newest events across jurisdictions", async () => {
    const response = await app.inject({ url: "/changes.atom" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^application\/atom\+xml/);
    const { meta, items } = await parseFeed(response.body);
    assert.equal(meta["#type"], "atom");
    assert.equal(meta.title, "Cannabis law changes in the United States");
    const expected = realDataset().changes.slice(0, FEED_MAX_ENTRIES);
    assert.equal(items.length, expected.length);
    assert.equal(new Set(items.map((item) => item.guid)).size, items.length);
    const first = items[0];
    assert.ok(first?.title.includes(expected[0]?.title ?? "missing"));
    assert.equal(first?.link, expected[0]?.sources[0]?.url);
    assert.ok(first?.pubdate instanceof Date);
  });

  test("/states/CO/changes.atom: every Colorado event, with its effective date", async () => {
    const response = await app.inject({ url: "/states/co/changes.atom" });
    assert.equal(response.statusCode, 200);
    const { items } = await parseFeed(response.body);
    const history = realDataset().histories.get("CO") ?? [];
    assert.equal(items.length, history.length);
    const legalized = items.find((item) => item.title.includes("Amendment 64"));
    assert.match(legalized?.summary ?? "", /Effective 2012-12-10/);
    assert.ok(items.every((item) => item.categories.length === 1));
  });

  test("unknown jurisdiction → 404", async () => {
    assert.equal((await app.inject({ url: "/states/ZZ/changes.atom" })).statusCode, 404);
  });

  test("cacheable: ETag → 304, Last-Modified → 304, compression", async () => {
    const first = await app.inject({ url: "/changes.atom" });
    assert.ok(first.headers.etag);
    assert.ok(first.headers["last-modified"]);
    assert.match(String(first.headers["cache-control"]), /public/);
    const byTag = await app.inject({
      url: "/changes.atom",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    assert.equal(byTag.statusCode, 304);
    const byDate = await app.inject({
      url: "/changes.atom",
      headers: { "if-modified-since": String(first.headers["last-modified"]) },
    });
    assert.equal(byDate.statusCode, 304);
    const older = await app.inject({
      url: "/changes.atom",
      headers: { "if-modified-since": "Mon, 01 Jan 1990 00:00:00 GMT" },
    });
    assert.equal(older.statusCode, 200);
    const br = await injectCompressed(app, "/changes.atom", "br");
    assert.equal(br.headers["content-encoding"], "br");
  });

  test("not counted by the API's rate limiter", async () => {
    const response = await app.inject({ url: "/changes.atom" });
    assert.equal(response.headers["x-ratelimit-limit"], undefined);
  });

  test("the home and state pages announce their feeds", async () => {
    const home = await app.inject({ url: "/" });
    assert.match(
      home.body,
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/changes\.atom">/,
    );
    const state = await app.inject({ url: "/states/CO" });
    assert.match(state.body, /href="\/states\/CO\/changes\.atom"/);
  });
});
