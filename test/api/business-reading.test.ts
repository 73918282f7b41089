/**
 * What a business reads: how far the sources reach wherever changes or
 * records are read (an empty list never reads as "nothing happened"),
 * open markets (`sales=`), single values by dotted `fields=`, and no
 * citation from the future on any day.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parse } from "csv-parse/sync";
import { BUSINESS_DOWNLOAD_COLUMN_NAMES } from "../../src/dataset/dataset.columns.ts";
import { createLawModel, lawOn } from "../../src/dataset/law.ts";
import { horizonSentence } from "../../src/lib/dates.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

const dataset = realDataset();
const horizon = horizonSentence(dataset.manifest.sources_current_to);

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

type Record_ = {
  code: string;
  status: string | null;
  sources_current_to: string;
  adult_use: {
    legal: boolean | null;
    sales_began: string | null;
    provenance: Record<string, { sources_current_to?: string; verified: string | null }>;
  };
};

describe("how far the sources reach", () => {
  test("an empty /v1/changes page says it in meta.note, in words", async () => {
    const day = dataset.manifest.sources_current_to;
    // A window after the sources' last day, before today: the feed has nothing there.
    const response = await app.inject({
      url: `/v1/changes?since=2026-10-01&until=2026-10-31&jurisdiction=WY`,
    });
    assert.equal(response.statusCode, 200);
    const body = json<{ data: unknown[]; meta: { note?: string; count: number } }>(response);
    assert.equal(body.meta.count, 0);
    assert.equal(body.meta.note, horizon);
    assert.match(body.meta.note ?? "", /Sources current to July 2, 2026/);
    assert.ok(day === "2026-07-02");
    // A page with events carries no note.
    const full = json<{ meta: { note?: string } }>(await app.inject({ url: "/v1/changes" }));
    assert.equal(full.meta.note, undefined);
  });

  test("/changes says it at the top and beside every list, the Atom feeds in their subtitle", async () => {
    const page = (await app.inject({ url: "/changes" })).body;
    const lead = page.indexOf('class="callout horizon"');
    assert.ok(lead > 0 && lead < page.indexOf("took-effect-heading"), "at the top");
    for (const id of ["took-effect-heading", "enacted-heading", "upcoming-heading"]) {
      const section = page.slice(
        page.indexOf(`id="${id}"`),
        page.indexOf("</section>", page.indexOf(`id="${id}"`)),
      );
      assert.ok(section.includes(horizon), id);
    }
    for (const url of ["/changes.atom", "/states/OH/changes.atom", "/federal/changes.atom"]) {
      const feed = (await app.inject({ url })).body;
      const subtitle = /<subtitle>([^<]*)<\/subtitle>/.exec(feed)?.[1] ?? "";
      assert.ok(subtitle.includes(horizon), url);
    }
  });

  test("each record and each value carries sources_current_to, beside last_reviewed and verified", async () => {
    const body = json<{ data: Record_ }>(await app.inject({ url: "/v1/states/CA" }));
    assert.equal(body.data.sources_current_to, dataset.manifest.sources_current_to);
    const values = Object.values(body.data.adult_use.provenance);
    assert.ok(values.length > 0);
    for (const entry of values) assert.equal(entry.sources_current_to, "2026-07-02");
    const past = json<{ data: Record_ }>(
      await app.inject({ url: "/v1/states/CA?as_of=2019-01-01" }),
    );
    assert.equal(past.data.sources_current_to, "2026-07-02");
  });

  test("a state page says it in its first screen, before the facts", async () => {
    const page = (await app.inject({ url: "/states/OH" })).body;
    const at = page.indexOf(horizon);
    assert.ok(at > 0, "the page names the horizon");
    assert.ok(at < page.indexOf('id="glance-heading"'), "before the facts");
    assert.ok(at < 6_000, `within the page's opening (${at})`);
  });
});

describe("open markets: sales=operating|not_operating", () => {
  test("status=adult_use&sales=operating leaves out adult-use jurisdictions without licensed sales", async () => {
    const all = json<{ data: Record_[] }>(
      await app.inject({ url: "/v1/states?status=adult_use&include=territories" }),
    );
    const open = json<{ data: Record_[]; meta: { count: number } }>(
      await app.inject({ url: "/v1/states?status=adult_use&sales=operating&include=territories" }),
    );
    const closed = json<{ data: Record_[] }>(
      await app.inject({
        url: "/v1/states?status=adult_use&sales=not_operating&include=territories",
      }),
    );
    assert.equal(open.meta.count, open.data.length);
    for (const record of open.data) assert.notEqual(record.adult_use.sales_began, null);
    for (const record of closed.data) assert.equal(record.adult_use.sales_began, null);
    assert.equal(open.data.length + closed.data.length, all.data.length);
    const without = closed.data.map((record) => record.code).sort();
    assert.deepEqual(without, ["DC", "GU", "VA", "VI"]);
  });

  test("as_of: the day asked decides (Colorado before its first sale)", async () => {
    const before = json<{ data: Record_[] }>(
      await app.inject({ url: "/v1/states?sales=operating&as_of=2013-06-01&fields=code" }),
    );
    assert.ok(!before.data.some((record) => record.code === "CO"));
    const after = json<{ data: Record_[] }>(
      await app.inject({ url: "/v1/states?sales=operating&as_of=2014-06-01&fields=code" }),
    );
    assert.ok(after.data.some((record) => record.code === "CO"));
  });

  test("a bad value is a 400 naming the parameter", async () => {
    const response = await app.inject({ url: "/v1/states?sales=open" });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).parameter, "sales");
  });

  test("the /states filter keeps only open markets, without JavaScript", async () => {
    const page = (await app.inject({ url: "/states?status=adult_use&sales=not_operating" })).body;
    const shown = [...page.matchAll(/<tr data-name="[^"]*" data-code="([a-z]{2})"/g)].map(
      (match) => match[1],
    );
    assert.deepEqual(shown.sort(), ["dc", "gu", "va", "vi"]);
  });
});

describe("dotted fields=", () => {
  test("returns only the values named, with their provenance", async () => {
    const response = await app.inject({
      url: "/v1/states/OH?fields=adult_use.purchase_limit,hemp.intoxicating_products",
    });
    assert.equal(response.statusCode, 200);
    const data = json<{ data: Record<string, Record<string, unknown>> }>(response).data;
    assert.deepEqual(Object.keys(data), ["adult_use", "hemp"]);
    assert.deepEqual(Object.keys(data.adult_use ?? {}), ["purchase_limit", "provenance"]);
    assert.deepEqual(Object.keys((data.adult_use?.provenance as object) ?? {}), ["purchase_limit"]);
    assert.deepEqual(Object.keys(data.hemp ?? {}), ["intoxicating_products", "provenance"]);
    const served = dataset.byCode.get("OH");
    assert.deepEqual(data.adult_use?.purchase_limit, served?.adult_use.purchase_limit);
  });

  test("an unknown path is a 400 that lists the valid ones", async () => {
    const response = await app.inject({ url: "/v1/states/OH?fields=adult_use.limit" });
    assert.equal(response.statusCode, 400);
    const problem = json<{ code: string; detail: string }>(response);
    assert.equal(problem.code, "unknown_field");
    assert.match(problem.detail, /adult_use\.purchase_limit/);
  });

  test("the list and GeoJSON accept them too", async () => {
    const list = json<{ data: Record<string, unknown>[] }>(
      await app.inject({ url: "/v1/states?fields=code,adult_use.minimum_age" }),
    );
    for (const item of list.data) assert.deepEqual(Object.keys(item), ["code", "adult_use"]);
    const geo = await app.inject({ url: "/v1/states?format=geojson&fields=adult_use.delivery" });
    assert.equal(geo.statusCode, 200);
  });
});

describe("no citation from the future", () => {
  const model = createLawModel(dataset);

  test("Ohio's hemp group cites nothing before Sub. S.B. 56 took effect; its values are unknown, with why", () => {
    for (const day of ["2015-01-01", "2019-07-01", "2023-06-01"]) {
      const record = lawOn(model, "OH", day);
      assert.ok(record !== undefined);
      assert.equal(record.hemp.authority, null, day);
      assert.deepEqual(record.hemp.sources, [], day);
      const provenance = record.hemp.provenance.intoxicating_products;
      assert.equal(provenance?.null_reason, "unknown", day);
      assert.match(provenance?.unknown ?? "", /2026-03-20/);
    }
    assert.match(lawOn(model, "OH", "2026-04-01")?.hemp.authority?.citation ?? "", /S\.B\. 56/);
  });

  test("Colorado's 1976 decriminalization cites the 1975 act, not Amendment 64 (2012)", () => {
    const record = lawOn(model, "CO", "2001-06-01");
    assert.equal(record?.decriminalized, true);
    assert.doesNotMatch(record?.decriminalization.authority?.citation ?? "", /Amendment 64/);
    assert.match(record?.decriminalization.authority?.citation ?? "", /1975/);
  });
});

describe("the business download on /data", () => {
  test("one row per adult-use jurisdiction, a citation beside each value; pandas reads it", async (t) => {
    const page = (await app.inject({ url: "/data" })).body;
    assert.match(page, /href="\/data\/business\.csv"/);
    const response = await app.inject({ url: "/data/business.csv" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^text\/csv/);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const adultUse = dataset.jurisdictions.filter((record) => record.status === "adult_use");
    assert.equal(rows.length, adultUse.length);
    const il = rows.find((row) => row.code === "IL");
    assert.equal(il?.adult_use_excise_retail_percent, "");
    assert.equal(il?.adult_use_excise_retail_percent_null_reason, "other_base");
    assert.match(il?.adult_use_tax_bases ?? "", /potency_tiered/);
    assert.match(il?.adult_use_taxes_citation ?? "", /ILCS/);

    const python = ["/usr/bin/python3", "python3"].find(
      (candidate) =>
        (candidate.startsWith("/") ? existsSync(candidate) : true) &&
        spawnSync(candidate, ["-c", "import pandas"]).status === 0,
    );
    if (python === undefined) {
      t.skip(
        "pandas is not installed (apt-get install python3-pandas): the pandas check is skipped",
      );
      return;
    }
    const script = `
import io, sys, pandas as pd
table = pd.read_csv(io.StringIO(sys.stdin.read()), dtype={"code": str})
assert list(table.columns) == ${JSON.stringify(BUSINESS_DOWNLOAD_COLUMN_NAMES)}, "columns"
assert table["code"].is_unique
il = table.set_index("code").loc["IL"]
assert pd.isna(il["adult_use_excise_retail_percent"]), "IL retail percent is empty, not 0"
assert il["adult_use_excise_retail_percent_null_reason"] == "other_base"
operating = table[table["adult_use_sales_operating"] == 1]["code"].tolist()
closed = sorted(table[table["adult_use_sales_operating"] == 0]["code"].tolist())
cited = table["adult_use_purchase_limit_citation"].notna() | table["adult_use_purchase_flower_grams_null_reason"].notna()
assert cited.all(), "every purchase limit has its citation or its null reason"
print(len(table), len(operating), ",".join(closed))
`;
    // The codebook's example (docs/DATA.md, "`business.csv`"), run as written beside the file.
    const codebook = readFileSync("docs/DATA.md", "utf8");
    const example = /### `business\.csv`[\s\S]*?```python\n([\s\S]*?)```/.exec(codebook)?.[1];
    assert.ok(example !== undefined, "the codebook shows how to read business.csv");
    const dir = mkdtempSync(join(tmpdir(), "cls-business-"));
    writeFileSync(join(dir, "business.csv"), response.body);
    const documented = spawnSync(python, ["-c", example], { cwd: dir, encoding: "utf8" });
    assert.equal(documented.status, 0, documented.stderr);

    const run = spawnSync(python, ["-c", script], { input: response.body, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const [count, operating, closed] = run.stdout.trim().split(" ");
    assert.equal(Number(count), adultUse.length);
    assert.equal(
      Number(operating) + (closed ?? "").split(",").filter(Boolean).length,
      adultUse.length,
    );
  });
});
