import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
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
    assert.match(response.body, /<h2 id="upcoming-heading">Upcoming/);
    assert.match(response.body, /<h2 id="recent-heading">Recent/);
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
