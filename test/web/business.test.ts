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

// The day every record was last reviewed by: the pages then show the files' values.
const reviewed =
  realDataset()
    .jurisdictions.map((record) => record.last_reviewed)
    .sort()
    .at(-1) ?? "";

let app: TestApp;
before(async () => {
  const clock = createFakeClock(Date.parse(`${reviewed}T18:00:00Z`));
  app = await buildTestApp({ clock, lawClock: clock });
});
after(() => app.close());

const records = () => realDataset().jurisdictions;

/** Text as the page's template escapes it. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** The part of a page from one section's heading to the next section. */
function sectionOf(page: string, id: string): string {
  const start = page.indexOf(`id="${id}"`);
  assert.ok(start >= 0, id);
  return page.slice(start, page.indexOf("</section>", start));
}

/** The served record (what the page renders), with its provenance. */
async function served(code: string): Promise<Jurisdiction> {
  return json<{ data: Jurisdiction }>(await app.inject({ url: `/v1/states/${code}` })).data;
}

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
    assert.ok(page.includes(escaped(citation)), `the minimum age cites ${citation}`);
    assert.match(page, /Pub\. L\. 119-37/);
  });

  test("an unknown value says why, and a change enacted for later is under Coming up", async () => {
    const withUpcoming = records().find((record) =>
      (realDataset().histories.get(record.code) ?? []).some(
        (event) => event.sets !== undefined && (event.effective ?? "") > reviewed,
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
      assert.match(unknownPage, /Not known/);
    }
  });

  test("the state page shows the marker: how sure each value is, beside it", async () => {
    const labels = {
      law_text: "law text",
      official_guidance: "official guidance",
      secondary: "secondary",
    };
    const seen = new Set<string>();
    for (const { code } of records()) {
      const record = await served(code);
      const provenance = record.adult_use.provenance.minimum_age;
      if (!record.adult_use.legal || record.adult_use.minimum_age === null) continue;
      if (provenance?.confidence == null || seen.has(provenance.confidence)) continue;
      seen.add(provenance.confidence);
      const buying = sectionOf(
        (await app.inject({ url: `/states/${code}` })).body,
        "buying-heading",
      );
      const label = labels[provenance.confidence];
      assert.match(
        buying,
        new RegExp(
          `<dt>Minimum age</dt><dd>${record.adult_use.minimum_age} <span class="confidence" title="How sure: [^"]+"><span class="visually-hidden">How sure: </span>${label}${provenance.verified === null ? "" : `<span class="visually-hidden">, checked ${provenance.verified}</span>`}</span>`,
        ),
        `${code}: ${label}`,
      );
      assert.match(
        buying,
        new RegExp(
          `<li><span class="confidence">${label}</span><span class="visually-hidden">:</span> `,
        ),
        "explained",
      );
    }
    assert.ok(seen.size >= 2, `markers for ${[...seen].join(", ")}`);
  });

  test("a null value says why: the law sets none, does not apply, or not known and why", async () => {
    const said = new Set<string>();
    for (const { code } of records()) {
      const record = await served(code);
      const provenance = record.hemp.provenance.minimum_age;
      if (record.hemp.minimum_age !== null || provenance === undefined) continue;
      const hemp = sectionOf((await app.inject({ url: `/states/${code}` })).body, "hemp-heading");
      const dd = hemp.slice(hemp.indexOf("<dt>Minimum age</dt>"));
      if (provenance.null_reason === "none" || provenance.null_reason === "not_applicable") {
        const words = provenance.null_reason === "none" ? "The law sets none" : "Does not apply";
        assert.ok(
          dd.startsWith(
            `<dt>Minimum age</dt><dd><span class="missing">${words}</span> <span class="confidence"`,
          ),
          `${code}: ${words}`,
        );
      } else {
        assert.ok(
          dd.startsWith(
            `<dt>Minimum age</dt><dd><span class="missing">Not known</span><span class="fact-law">: ${escaped(provenance.unknown ?? "")}</span>`,
          ),
          `${code}: not known, and why`,
        );
      }
      said.add(provenance.null_reason ?? "");
    }
    assert.ok(said.has("unknown") && said.size >= 2, [...said].join());
  });

  test("the federal hemp rule is the record's own: in force from its day, none before", async () => {
    const federal = realDataset().federal.hemp;
    assert.ok(federal.products !== undefined && federal.effective !== null);
    const now = sectionOf((await app.inject({ url: "/states/IL" })).body, "hemp-heading");
    assert.ok(now.includes(`<dt>Federal law</dt><dd>${escaped(federal.products.summary)}`));
    const clock = createFakeClock(Date.parse(`${federal.effective}T00:00:00Z`) - 86_400_000);
    const earlier = await buildTestApp({ clock, lawClock: clock });
    try {
      const before = sectionOf((await earlier.inject({ url: "/states/IL" })).body, "hemp-heading");
      assert.match(
        before,
        /<dt>Federal law<\/dt><dd>No rule for these products beyond the federal definition of hemp\./,
      );
      assert.ok(!before.includes("0.4 mg"), "no rule before it took effect");
    } finally {
      await earlier.close();
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
