import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { after, before, describe, test } from "node:test";
import FeedParser from "feedparser";
import type { LegalEvent } from "../../src/dataset/dataset.schema.ts";
import { timeZoneOf } from "../../src/dataset/jurisdictions.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { dayIn } from "../../src/lib/zoned-time.ts";
import { FEED_MAX_ENTRIES } from "../../src/web/feeds.ts";
import { buildTestApp, injectCompressed, realDataset, type TestApp } from "../helpers.ts";

let app: TestApp;
/** The instant the feeds are asked at: 2026-11-25, noon Eastern. */
const NOW = Date.parse("2026-11-25T17:00:00Z");
before(async () => {
  const clock = createFakeClock(NOW);
  app = await buildTestApp({ clock, lawClock: clock });
});

/** Events taken into effect after their enactment, by `NOW`, in their jurisdiction's zone. */
function tookEffect(events: readonly LegalEvent[]): LegalEvent[] {
  return events.filter((event) => {
    const zone = timeZoneOf(event.jurisdiction);
    return (
      event.effective !== null &&
      event.effective > event.date &&
      event.effective <= dayIn(zone, NOW)
    );
  });
}
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
    const { changes, corrections } = realDataset();
    const entries = changes.length + tookEffect(changes).length + corrections.length;
    assert.equal(items.length, Math.min(FEED_MAX_ENTRIES, entries));
    assert.equal(new Set(items.map((item) => item.guid)).size, items.length);
    // Newest first, whether an entry is an enactment or a law taking effect.
    const dates = items.map((item) => item.pubdate?.getTime() ?? 0);
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    // Corrections are entries too (not changes of law), each once, with its reason.
    const isCorrection = (item: { guid: string }) => item.guid.includes("#correction-");
    for (const correction of corrections.filter(
      (item) => item.recorded >= realDataset().manifest.released,
    )) {
      const entry = items.find((item) => item.guid.endsWith(`#correction-${correction.id}`));
      assert.ok(entry, `the correction ${correction.id} is in the feed`);
      assert.ok(entry.summary?.includes(correction.reason), "with its reason");
    }
    const first = items.find((item) => !isCorrection(item));
    const firstEvent = changes.find((event) => first?.title.includes(event.title));
    assert.ok(firstEvent, "the newest entry names an event");
    assert.equal(first?.link, firstEvent.sources[0]?.url);
  });

  test("/states/CO/changes.atom: every Colorado event, with its effective date", async () => {
    const response = await app.inject({ url: "/states/co/changes.atom" });
    assert.equal(response.statusCode, 200);
    const { items } = await parseFeed(response.body);
    const history = realDataset().histories.get("CO") ?? [];
    assert.equal(items.length, history.length + tookEffect(history).length);
    const legalized = items.find(
      (item) => item.title.includes("Amendment 64") && !item.title.includes("in force"),
    );
    assert.match(legalized?.summary ?? "", /Effective 2012-12-10/);
    // Amendment 64 was approved on 2012-11-06 and took effect on 2012-12-10: an entry for each.
    const inForce = items.find(
      (item) => item.title.includes("Amendment 64") && item.title.includes("in force"),
    );
    assert.equal(inForce?.pubdate?.toISOString(), "2012-12-10T07:00:00.000Z");
    assert.ok(items.every((item) => item.categories.length === 1));
  });

  test("/federal/changes.atom: every federal event, and an entry when each took effect (Eastern time)", async () => {
    const response = await app.inject({ url: "/federal/changes.atom" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^application\/atom\+xml/);
    const { meta, items } = await parseFeed(response.body);
    assert.equal(meta.title, "Federal cannabis law changes in the United States");
    const { federal } = realDataset();
    assert.equal(items.length, federal.history.length + tookEffect(federal.history).length);
    const hemp = federal.history.find(
      (event) => event.kind === "hemp" && event.effective === federal.hemp.effective,
    );
    assert.ok(hemp, "the dataset records the federal hemp redefinition");
    const inForce = items.find(
      (item) => item.title.includes(hemp.title) && item.title.includes("in force"),
    );
    assert.ok(inForce, "the federal hemp redefinition has an entry when it took effect");
    assert.equal(inForce.pubdate?.toISOString(), `${hemp.effective}T05:00:00.000Z`);
    assert.match(
      response.body,
      /<link rel="related" type="text\/html" href="http:\/\/api.test\/federal" title="United States \(federal\)"\/>/,
    );
    assert.equal((await app.inject({ url: "/states/US/changes.atom" })).statusCode, 404);
    const page = await app.inject({ url: "/federal" });
    assert.match(page.body, /href="\/federal\/changes\.atom"/);
  });

  test("a federal entry of /changes.atom links to the federal page", async () => {
    const body = (await app.inject({ url: "/changes.atom" })).body;
    assert.match(body, /href="http:\/\/api.test\/federal" title="United States \(federal\)"/);
    assert.doesNotMatch(body, /href="http:\/\/api.test\/" title="United States \(federal\)"/);
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
