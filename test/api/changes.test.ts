import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { loadDataset } from "../../src/dataset/dataset.load.ts";
import { isoDay } from "../../src/lib/dates.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

type Event = { id: string; jurisdiction: string; date: string; effective: string | null };
type Page = {
  data: Event[];
  meta: { count: number; next: string | null; dataset_version: string };
};

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ method: "GET", url });

function isNewestFirst(events: Event[]): boolean {
  return events.every((event, i) => i === 0 || (events[i - 1] as Event).date >= event.date);
}

async function walk(query: string): Promise<Event[]> {
  const seen: Event[] = [];
  let url = `/v1/changes?${query}`;
  for (let pages = 0; pages < 1000; pages++) {
    const page = json<Page>(await get(url));
    seen.push(...page.data);
    if (page.meta.next === null) return seen;
    url = `/v1/changes?${query}&cursor=${encodeURIComponent(page.meta.next)}`;
  }
  throw new Error("paging did not end");
}

describe("GET /v1/changes (happy)", () => {
  test("first page: 50 events, newest first, with a cursor", async () => {
    const response = await get("/v1/changes");
    assert.equal(response.statusCode, 200);
    const page = json<Page>(response);
    assert.equal(page.data.length, 50);
    assert.equal(page.meta.count, 50);
    assert.ok(isNewestFirst(page.data));
    assert.equal(typeof page.meta.next, "string");
  });

  test("paging with the cursor visits every event exactly once, in order", async () => {
    const all = await walk("limit=37");
    const total = realDataset().changes.length;
    assert.equal(all.length, total);
    assert.equal(new Set(all.map((e) => e.id)).size, total);
    assert.ok(isNewestFirst(all));
  });

  test("limit=500 returns at most 500; the last page has next null", async () => {
    const page = json<Page>(await get("/v1/changes?limit=500"));
    assert.equal(page.data.length, Math.min(500, realDataset().changes.length));
  });

  test("since= keeps events dated on or after it, across pages", async () => {
    const all = await walk("since=2025-01-01&limit=5");
    assert.ok(all.length > 0, "the dataset records 2025–2026 events");
    assert.ok(all.every((e) => e.date >= "2025-01-01"));
    const expected = realDataset().changes.filter((e) => e.date >= "2025-01-01").length;
    assert.equal(all.length, expected);
  });

  test("includes federal events", async () => {
    const all = await walk("limit=500");
    assert.ok(all.some((e) => e.jurisdiction === "US"));
  });

  test("includes an event enacted but not yet in effect, by its enactment date", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-future-"));
    cpSync("data", dir, { recursive: true });
    const file = join(dir, "jurisdictions/VT.json");
    const record = JSON.parse(readFileSync(file, "utf8"));
    const today = isoDay(new Date());
    const enacted = isoDay(new Date(Date.now() - 86_400_000));
    const effective = isoDay(new Date(Date.now() + 200 * 86_400_000));
    record.history.push({
      date: enacted,
      effective,
      kind: "adult_use_amended",
      title: "Test amendment",
      summary: "An amendment signed yesterday that takes effect in 200 days.",
      authority: { citation: "Test Act", url: null },
      sources: [{ title: "Test", url: "https://example.org/test", kind: "official" }],
    });
    writeFileSync(file, JSON.stringify(record));
    const future = await buildTestApp({ dataset: loadDataset(dir, today) });
    const page = json<Page>(await future.inject({ url: `/v1/changes?since=${enacted}` }));
    const event = page.data.find((e) => e.id === `VT-${enacted}-adult_use_amended`);
    assert.ok(event, "listed in the change feed");
    assert.equal(event.effective, effective);
    assert.equal(page.data[0]?.date, enacted, "newest first");
    await future.close();
  });
});

describe("GET /v1/changes (errors)", () => {
  for (const [query, code, parameter] of [
    ["limit=0", "invalid_parameter", "limit"],
    ["limit=501", "invalid_parameter", "limit"],
    ["limit=ten", "invalid_parameter", "limit"],
    ["limit=2.5", "invalid_parameter", "limit"],
    ["since=yesterday", "invalid_parameter", "since"],
    ["since=2026-02-30", "invalid_parameter", "since"],
    ["cursor=not-a-cursor", "invalid_cursor", "cursor"],
    [`cursor=${Buffer.from('["x","y"]').toString("base64url")}`, "invalid_cursor", "cursor"],
    ["page=2", "unknown_parameter", "page"],
  ] as const) {
    test(`?${query} → 400 ${code}`, async () => {
      const response = await get(`/v1/changes?${query}`);
      assert.equal(response.statusCode, 400);
      const problem = json(response);
      assert.equal(problem.code, code);
      assert.equal(problem.parameter, parameter);
    });
  }
});
