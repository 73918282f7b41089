import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { loadDataset } from "../../src/dataset/dataset.load.ts";
import type { LegalEvent } from "../../src/dataset/dataset.schema.ts";
import { isoDay } from "../../src/lib/dates.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

type Event = {
  id: string;
  jurisdiction: string;
  date: string;
  effective: string | null;
  title: string;
};
type Page = {
  data: Event[];
  meta: { count: number; next: string | null; dataset_version: string; basis: string };
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

/** The day an event is listed under on a basis: its date, or the day it takes effect (else its date). */
const dayOn = (event: Pick<LegalEvent, "date" | "effective">, basis: string) =>
  basis === "effective" ? (event.effective ?? event.date) : event.date;

/** What a walk over every page must return, computed from the dataset here, in the feed's order. */
function expected(
  basis: string,
  keep: (event: LegalEvent) => boolean = () => true,
  range: { since?: string; until?: string } = {},
): string[] {
  return realDataset()
    .changes.filter(keep)
    .filter((event) => {
      const day = dayOn(event, basis);
      return (
        (range.since === undefined || day >= range.since) &&
        (range.until === undefined || day <= range.until)
      );
    })
    .sort(
      (a, b) =>
        dayOn(b, basis).localeCompare(dayOn(a, basis)) ||
        (a.jurisdiction < b.jurisdiction ? -1 : a.jurisdiction > b.jurisdiction ? 1 : 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((event) => event.id);
}

/** The federal hemp redefinition: P.L. 119-37, § 781, effective 2026-11-12. */
const hemp = realDataset().federal.history.find(
  (event) => event.kind === "hemp" && event.effective === "2026-11-12",
);

describe("GET /v1/changes by the day changes take effect", () => {
  test("basis=effective&since=2026-11-01&until=2026-11-30 lists the federal hemp change; basis=enacted does not", async () => {
    assert.ok(hemp, "the dataset records the federal hemp redefinition");
    assert.ok(hemp.date < "2026-11-01", "it was enacted before November 2026");
    const range = "since=2026-11-01&until=2026-11-30";
    const effective = json<Page>(await get(`/v1/changes?basis=effective&${range}`));
    assert.equal(effective.meta.basis, "effective");
    assert.ok(effective.data.some((event) => event.id === hemp.id && event.jurisdiction === "US"));
    assert.deepEqual(
      effective.data.map((event) => event.id),
      expected("effective", () => true, { since: "2026-11-01", until: "2026-11-30" }),
    );
    for (const event of effective.data) {
      const day = event.effective ?? event.date;
      assert.ok(day >= "2026-11-01" && day <= "2026-11-30", `${event.id} takes effect in range`);
    }
    const enacted = json<Page>(await get(`/v1/changes?basis=enacted&${range}`));
    assert.equal(enacted.meta.basis, "enacted");
    assert.ok(!enacted.data.some((event) => event.id === hemp.id));
    assert.ok(
      enacted.data.every((event) => event.date >= "2026-11-01" && event.date <= "2026-11-30"),
    );
    // Without a basis, the enacted basis, as before.
    assert.deepEqual(json<Page>(await get(`/v1/changes?${range}`)).data, enacted.data);
  });

  test("each change gives both dates", async () => {
    const page = json<Page>(await get("/v1/changes?basis=effective&limit=500"));
    for (const event of page.data) {
      assert.equal(typeof event.date, "string");
      assert.ok("effective" in event, `${event.id} has an effective field`);
    }
    const listed = page.data.find((event) => event.id === hemp?.id);
    assert.deepEqual([listed?.date, listed?.effective], [hemp?.date, hemp?.effective]);
  });

  test("a change enacted but not yet in effect appears on the effective basis once its day is in range", async () => {
    const today = isoDay(new Date());
    const future = realDataset().changes.find((event) => (event.effective ?? "") > today);
    assert.ok(future, "the dataset records a change taking effect later");
    const day = future.effective as string;
    const toToday = await walk(`basis=effective&until=${today}&limit=500`);
    assert.ok(!toToday.some((event) => event.id === future.id));
    const ahead = json<Page>(await get(`/v1/changes?basis=effective&since=${day}&until=${day}`));
    assert.ok(ahead.data.some((event) => event.id === future.id));
    const enacted = json<Page>(
      await get(`/v1/changes?since=${future.date}&until=${future.date}&limit=500`),
    );
    assert.ok(enacted.data.some((event) => event.id === future.id));
  });

  test("jurisdiction=OH,US keeps Ohio's and federal events, on either basis, case-insensitively", async () => {
    const keep = (event: LegalEvent) => event.jurisdiction === "OH" || event.jurisdiction === "US";
    for (const basis of ["enacted", "effective"]) {
      const ids = (await walk(`basis=${basis}&jurisdiction=OH,US&limit=7`)).map((e) => e.id);
      assert.deepEqual(ids, expected(basis, keep), basis);
      assert.ok(ids.some((id) => id.startsWith("OH-")) && ids.some((id) => id.startsWith("US-")));
    }
    const lower = await walk("jurisdiction=oh,us,OH&limit=500");
    assert.deepEqual(
      lower.map((event) => event.id),
      expected("enacted", keep),
    );
    const ohio = await walk("basis=effective&jurisdiction=OH&since=2026-01-01&limit=500");
    assert.ok(ohio.some((event) => event.title === "SB 56 signed"));
    assert.ok(ohio.every((event) => event.jurisdiction === "OH"));
  });

  test("paging on the effective basis is complete, ordered and without duplicates, for any limit and filter (property)", async () => {
    const codes = [...new Set(realDataset().changes.map((event) => event.jurisdiction))];
    const day = fc
      .integer({
        min: Date.parse("1990-01-01") / 86_400_000,
        max: Date.parse("2028-01-01") / 86_400_000,
      })
      .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.option(fc.uniqueArray(fc.constantFrom(...codes), { minLength: 1, maxLength: 6 })),
        fc.option(day),
        fc.option(day),
        async (limit, chosen, first, second) => {
          const [since, until] = [first, second].sort() as [string | null, string | null];
          const query = [
            "basis=effective",
            `limit=${limit}`,
            ...(chosen === null ? [] : [`jurisdiction=${chosen.join(",")}`]),
            ...(since === null ? [] : [`since=${since}`]),
            ...(until === null ? [] : [`until=${until}`]),
          ].join("&");
          const ids = (await walk(query)).map((event) => event.id);
          const want = expected(
            "effective",
            (event) => chosen === null || chosen.includes(event.jurisdiction),
            { ...(since === null ? {} : { since }), ...(until === null ? {} : { until }) },
          );
          assert.equal(new Set(ids).size, ids.length, `no duplicates: ${query}`);
          assert.deepEqual(ids, want, query);
        },
      ),
      { numRuns: 40 },
    );
  });

  test("a cursor belongs to its basis: used on the other, a clear 400", async () => {
    const effective = json<Page>(await get("/v1/changes?basis=effective&limit=3"));
    assert.ok(effective.meta.next);
    const mixed = await get(`/v1/changes?cursor=${encodeURIComponent(effective.meta.next)}`);
    assert.equal(mixed.statusCode, 400);
    const problem = json(mixed);
    assert.equal(problem.code, "invalid_cursor");
    assert.equal(problem.parameter, "cursor");
    assert.match(String(problem.detail), /basis=effective/);
    const enacted = json<Page>(await get("/v1/changes?limit=3"));
    assert.ok(enacted.meta.next);
    const other = await get(
      `/v1/changes?basis=effective&cursor=${encodeURIComponent(enacted.meta.next)}`,
    );
    assert.equal(other.statusCode, 400);
    assert.match(String(json(other).detail), /basis=enacted/);
  });
});

describe("GET /v1/changes: basis, until and jurisdiction refused when bad", () => {
  for (const [query, parameter, detail] of [
    ["basis=signed", "basis", /enacted or effective/],
    ["until=2026-02-30", "until", /date/],
    ["until=soon", "until", /YYYY-MM-DD/],
    ["since=2026-12-01&until=2026-11-01", "until", /before 'since'/],
    ["jurisdiction=ZZ", "jurisdiction", /ZZ/],
    ["jurisdiction=OH,XX,QQ", "jurisdiction", /XX, QQ/],
    ["jurisdiction=Ohio", "jurisdiction", /USPS codes/],
    ["jurisdiction=", "jurisdiction", /USPS codes/],
  ] as const) {
    test(`?${query} → 400 naming ${parameter}`, async () => {
      const response = await get(`/v1/changes?${query}`);
      assert.equal(response.statusCode, 400);
      const problem = json(response);
      assert.equal(problem.code, "invalid_parameter");
      assert.equal(problem.parameter, parameter);
      assert.match(String(problem.detail), detail);
    });
  }
});
