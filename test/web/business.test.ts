/**
 * What a business reads on the website: the state page's Buying, Where you
 * may use it, Taxes, Hemp products and Coming up sections, each value with
 * its law; the table's optional columns and filters for delivery, lounges
 * and hemp products (plain GET, no JavaScript); the new groups in `fields=`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Jurisdiction } from "../../src/dataset/dataset.schema.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  const clock = createFakeClock(Date.parse("2026-11-26T18:00:00Z"));
  app = await buildTestApp({ clock, lawClock: clock });
});
after(() => app.close());

const records = () => realDataset().jurisdictions;

describe("the state page's business sections", () => {
  test("each section is there, and each known value cites its law", async () => {
    const record = records().find(
      (item) => item.adult_use.legal && item.adult_use.minimum_age !== null,
    );
    assert.ok(record);
    const page = (await app.inject({ url: `/states/${record.code}` })).body;
    for (const heading of [
      "Buying",
      "Where you may use it",
      "Taxes",
      "Hemp products",
      "Coming up",
    ]) {
      assert.match(page, new RegExp(`<h2 id="[a-z-]+">${heading}</h2>`), heading);
    }
    const citation = record.adult_use.provenance.minimum_age?.authority?.citation ?? "";
    assert.ok(citation !== "");
    const escaped = citation.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
    assert.ok(page.includes(escaped), `the minimum age cites ${citation}`);
    assert.match(page, /Pub\. L\. 119-37/);
  });

  test("an unknown value says why, and a change enacted for later is under Coming up", async () => {
    const withUpcoming = records().find((record) =>
      (realDataset().histories.get(record.code) ?? []).some(
        (event) => event.sets !== undefined && (event.effective ?? "") > "2026-11-26",
      ),
    );
    assert.ok(withUpcoming, "the dataset records a change for later");
    const page = (await app.inject({ url: `/states/${withUpcoming.code}` })).body;
    const coming = page.slice(page.indexOf('id="coming-heading"'));
    assert.doesNotMatch(coming.slice(0, 400), /No enacted change/);
    const unknown = records().find(
      (record) =>
        record.hemp.intoxicating_products === null &&
        record.hemp.provenance.intoxicating_products?.unknown,
    );
    if (unknown !== undefined) {
      const unknownPage = (await app.inject({ url: `/states/${unknown.code}` })).body;
      assert.match(unknownPage, /not known/);
    }
  });
});

describe("/states: optional columns and filters, without JavaScript", () => {
  test("delivery=allowed shows exactly the jurisdictions that allow delivery, with the column", async () => {
    const expected = records().filter(
      (record) => record.adult_use.legal && record.adult_use.delivery === "allowed",
    );
    const page = (await app.inject({ url: "/states?delivery=allowed&col=delivery" })).body;
    assert.match(
      page,
      new RegExp(`Showing ${expected.length} of ${records().length} jurisdictions`),
    );
    assert.match(page, /<th scope="col" data-column="delivery">Delivery<\/th>/);
    assert.match(page, /<th scope="col" data-column="hemp" hidden>/);
    const shown = [...page.matchAll(/<tr data-name[^>]*data-code="([a-z]{2})"/g)].map((match) =>
      match[1]?.toUpperCase(),
    );
    assert.deepEqual(shown.sort(), expected.map((record) => record.code).sort());
  });

  test("hemp and lounges filters combine", async () => {
    const expected = records().filter(
      (record) =>
        record.hemp.intoxicating_products === "prohibited" &&
        record.adult_use.legal &&
        record.adult_use.onsite_consumption?.allowed === true,
    );
    const page = (
      await app.inject({ url: "/states?hemp=prohibited&lounges=yes&col=hemp&col=lounges" })
    ).body;
    assert.match(page, new RegExp(`Showing ${expected.length} of `));
    assert.match(page, /<th scope="col" data-column="lounges">Lounges<\/th>/);
  });

  test("an unknown filter value is ignored, never an error", async () => {
    const response = await app.inject({ url: "/states?delivery=sometimes&col=nonsense" });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, new RegExp(`Showing ${records().length} of ${records().length}`));
  });
});

test("fields= accepts the new groups", async () => {
  const body = json<{ data: Pick<Jurisdiction, "code" | "hemp" | "upcoming">[] }>(
    await app.inject({ url: "/v1/states?fields=code,hemp,upcoming" }),
  );
  assert.ok(
    body.data.every((record) => Object.keys(record).sort().join() === "code,hemp,upcoming"),
  );
  assert.ok(body.data.some((record) => record.hemp.intoxicating_products !== null));
});
