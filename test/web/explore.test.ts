import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LegalEvent } from "../../src/dataset/dataset.schema.ts";
import { timeZoneOf } from "../../src/dataset/jurisdictions.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { dayIn, startOfDayIn } from "../../src/lib/zoned-time.ts";
import { escapeHtml } from "../../src/web/html.ts";
import { buildTestApp, realDataset, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ url, headers: { accept: "text/html" } });
const rowCodes = (body: string) =>
  [...body.matchAll(/<tr data-name="[^"]*" data-code="([a-z]{2})"/g)].map((m) =>
    (m[1] as string).toUpperCase(),
  );

describe("/states: filter, sort and search in the query string", () => {
  const dataset = realDataset();

  test("filters by status and by decriminalization, and says how many are shown", async () => {
    const medical = rowCodes((await get("/states?status=medical")).body);
    const expected = dataset.jurisdictions.filter((r) => r.status === "medical").map((r) => r.code);
    assert.deepEqual(new Set(medical), new Set(expected));
    assert.ok(expected.length > 0);
    const notDecrim = await get("/states?decriminalized=no");
    const codes = rowCodes(notDecrim.body);
    assert.deepEqual(
      new Set(codes),
      new Set(dataset.jurisdictions.filter((r) => !r.decriminalized).map((r) => r.code)),
    );
    assert.match(notDecrim.body, new RegExp(`Showing ${codes.length} of 56 jurisdictions`));
    assert.match(notDecrim.body, /<option value="no" selected>/);
  });

  test("searches by name or code, case-insensitively", async () => {
    assert.deepEqual(rowCodes((await get("/states?q=new")).body).sort(), ["NH", "NJ", "NM", "NY"]);
    const ca = rowCodes((await get("/states?q=CA")).body);
    assert.ok(ca.includes("CA"));
    assert.ok(
      ca.every((code) => code === "CA" || /ca/i.test(dataset.byCode.get(code)?.name ?? "")),
    );
    assert.deepEqual(rowCodes((await get("/states?q=dc")).body), ["DC"]);
  });

  test("sorts by adult-use date, earliest first, jurisdictions without one last", async () => {
    const codes = rowCodes((await get("/states?sort=adult_use")).body);
    assert.equal(codes.length, 56);
    const dates = codes.map((code) => {
      const record = dataset.byCode.get(code);
      return record?.adult_use.legal ? record.adult_use.effective : null;
    });
    const known = dates.filter((date) => date !== null);
    assert.deepEqual(known, [...known].sort());
    assert.equal(dates.indexOf(null), known.length, "nulls come after every date");
  });

  test("unknown values are ignored, never an error", async () => {
    const response = await get("/states?status=legalish&sort=%3Cscript%3E&decriminalized=maybe");
    assert.equal(response.statusCode, 200);
    assert.equal(rowCodes(response.body).length, 56);
    assert.doesNotMatch(response.body, /<script>/);
  });
});

describe("the map's views", () => {
  test("the decriminalization view colours by decriminalization, with its own legend", async () => {
    const response = await get("/?map=decriminalization");
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /class="state decrim-(yes|no)"/);
    assert.doesNotMatch(response.body, /class="state status-/);
    assert.match(response.body, /Not decriminalized/);
    assert.match(response.body, /href="\/\?map=decriminalization" aria-current="page"/);
  });

  test("small states are also a list of links big enough to tap", async () => {
    const body = (await get("/")).body;
    const list = body.slice(body.indexOf('class="small-states"'));
    for (const code of ["DC", "RI", "DE"]) assert.match(list, new RegExp(`href="/states/${code}"`));
  });
});

describe("/changes and /federal", () => {
  test("/changes lists upcoming and recent changes, links the Atom feed, and filters by state", async () => {
    const response = await get("/changes");
    assert.equal(response.statusCode, 200);
    assert.match(
      response.body,
      /<link rel="alternate" type="application\/atom\+xml" href="\/changes.atom"/,
    );
    assert.match(response.body, /<h2 id="took-effect-heading">Took effect in the last 90 days/);
    assert.match(response.body, /<h2 id="enacted-heading">Enacted in the last 90 days/);
    assert.match(response.body, /<h2 id="upcoming-heading">Takes effect next/);
    const ca = await get("/changes?state=ca");
    assert.match(ca.body, /<option value="CA" selected>/);
    const linked = [...ca.body.matchAll(/<a href="\/states\/([A-Z]{2})">/g)].map((m) => m[1]);
    assert.ok(linked.length > 0);
    assert.ok(linked.every((code) => code === "CA"));
  });

  test("/federal shows the schedule, rescheduling, hemp and riders with sources", async () => {
    const response = await get("/federal");
    assert.equal(response.statusCode, 200);
    for (const heading of ["Schedule: ", "Rescheduling", "Hemp", "Appropriations riders"]) {
      assert.ok(response.body.includes(heading), heading);
    }
    assert.match(response.body, /<a href="https:\/\/www.govinfo.gov/);
    assert.match(response.body, /<p class="event-law">Law: /, "the law is cited");
  });

  test("the header and the home page link both", async () => {
    const home = (await get("/")).body;
    const header = home.slice(
      home.indexOf('<header class="site-header">'),
      home.indexOf("</header>"),
    );
    assert.match(header, /href="\/changes"/);
    assert.match(header, /href="\/federal"/);
    const main = home.slice(home.indexOf("<main"));
    assert.match(main, /href="\/changes"/);
    assert.match(main, /href="\/federal"/);
  });
});

/** The titles listed in one section of /changes, in order. */
function sectionTitles(body: string, heading: string): string[] {
  const start = body.indexOf(`<section aria-labelledby="${heading}">`);
  assert.ok(start >= 0, `the page has the section ${heading}`);
  const section = body.slice(start, body.indexOf("</section>", start));
  return [...section.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1] as string);
}

const DAY_MS = 86_400_000;
const minusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** What the page must list at `now`, computed here from the dataset in each jurisdiction's zone. */
function expectedLists(now: number, state = "") {
  const events = realDataset().changes.filter((e) => state === "" || e.jurisdiction === state);
  const today = (event: LegalEvent) => dayIn(timeZoneOf(event.jurisdiction), now);
  const effective = (event: LegalEvent) => event.effective ?? event.date;
  const recent = (day: string, event: LegalEvent) =>
    day <= today(event) && day > minusDays(today(event), 90);
  const order = (day: (event: LegalEvent) => string) => (a: LegalEvent, b: LegalEvent) =>
    day(b).localeCompare(day(a)) ||
    (a.jurisdiction < b.jurisdiction ? -1 : a.jurisdiction > b.jurisdiction ? 1 : 0) ||
    (a.id < b.id ? -1 : 1);
  const titles = (list: LegalEvent[]) => list.map((event) => escapeHtml(event.title));
  return {
    tookEffect: titles(events.filter((e) => recent(effective(e), e)).sort(order(effective))),
    enacted: titles(events.filter((e) => recent(e.date, e)).sort(order((e) => e.date))),
    upcoming: titles(
      events
        .filter((e) => effective(e) > today(e))
        .sort(order(effective))
        .sort((a, b) => effective(a).localeCompare(effective(b))),
    ),
  };
}

describe("/changes: by the day each change takes effect, on the injected clock", () => {
  const hemp = realDataset().federal.history.find(
    (event) => event.kind === "hemp" && event.effective === "2026-11-12",
  );
  const ohio = realDataset()
    .histories.get("OH")
    ?.find((event) => event.title === "SB 56 signed");

  async function pageAt(now: number, query = "") {
    const clock = createFakeClock(now);
    const app = await buildTestApp({ clock, lawClock: clock });
    try {
      const response = await app.inject({
        url: `/changes${query}`,
        headers: { accept: "text/html" },
      });
      assert.equal(response.statusCode, 200);
      return response.body;
    } finally {
      await app.close();
    }
  }

  test("lists what took effect in the last 90 days, federal included, and what was enacted and takes effect next", async () => {
    assert.ok(hemp, "the dataset records the federal hemp redefinition");
    const now = Date.parse("2026-11-26T17:00:00Z");
    const body = await pageAt(now);
    const want = expectedLists(now);
    const tookEffect = sectionTitles(body, "took-effect-heading");
    assert.deepEqual(tookEffect, want.tookEffect);
    assert.ok(tookEffect.includes(escapeHtml(hemp.title)), "the federal hemp change is listed");
    assert.match(body, /took effect <time datetime="2026-11-12">/);
    assert.deepEqual(sectionTitles(body, "enacted-heading"), want.enacted);
    assert.deepEqual(sectionTitles(body, "upcoming-heading"), want.upcoming);
    assert.ok(!sectionTitles(body, "upcoming-heading").includes(escapeHtml(hemp.title)));
    assert.match(
      body,
      /href="\/v1\/changes\?basis=effective&amp;since=2026-08-29&amp;until=2026-11-26"/,
    );
  });

  test("a past effective day is no longer listed as taking effect (Ohio's SB 56, effective 2026-03-20)", async () => {
    assert.ok(ohio, "the dataset records Ohio's SB 56");
    assert.equal(ohio.effective, "2026-03-20");
    const body = await pageAt(Date.parse("2026-11-26T17:00:00Z"), "?state=OH");
    assert.ok(!sectionTitles(body, "upcoming-heading").includes(ohio.title));
    assert.doesNotMatch(body, /takes effect <time datetime="2026-03-20">/);
    assert.match(body, /took effect <time datetime="2026-03-20">/);
  });

  test("an event moves from takes effect to took effect at the start of its day in its zone", async () => {
    assert.ok(ohio);
    const midnight = startOfDayIn(timeZoneOf("OH"), "2026-03-20");
    const before = await pageAt(midnight - 1_000, "?state=OH");
    assert.deepEqual(sectionTitles(before, "upcoming-heading"), [ohio.title]);
    assert.match(before, /takes effect <time datetime="2026-03-20">/);
    assert.ok(!sectionTitles(before, "took-effect-heading").includes(ohio.title));
    assert.deepEqual(
      sectionTitles(before, "enacted-heading"),
      expectedLists(midnight - 1_000, "OH").enacted,
    );
    const after = await pageAt(midnight, "?state=OH");
    assert.deepEqual(sectionTitles(after, "upcoming-heading"), []);
    assert.ok(sectionTitles(after, "took-effect-heading").includes(ohio.title));
    assert.doesNotMatch(after, /takes effect <time datetime="2026-03-20">/);
  });
});
