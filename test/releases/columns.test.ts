/**
 * The companion columns of the CSVs: for every dated variable, why it is
 * null (`_null_reason`) and how sure it is (`_confidence`), filled from the
 * provenance of the record on the row's day; the federal hemp rule in
 * jurisdictions.csv; and every column of the published releases kept in
 * its place.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { parse } from "csv-parse/sync";
import { DATED_COLUMNS, PANEL_BUSINESS_COLUMNS } from "../../src/dataset/dataset.columns.ts";
import type { JurisdictionOnDay, ProvenanceRef } from "../../src/dataset/dataset.schema.ts";
import { createLawModel, lawAt, lawOn } from "../../src/dataset/law.ts";
import { buildPanel, PANEL_FIRST_YEAR } from "../../src/releases/panels.ts";
import { buildReleaseFiles } from "../../src/releases/release.files.ts";
import { realDataset } from "../helpers.ts";

const dataset = realDataset();
const model = createLawModel(dataset);
// A day on which every record is past its review (as on a release day).
const day = dataset.jurisdictions
  .map((record) => record.last_reviewed)
  .sort()
  .at(-1);
assert.ok(day !== undefined);
const lastYear = Number(day.slice(0, 4));

/** A release published before these columns: its header must stay a prefix. */
const PUBLISHED = "data/releases/2026.11.25.1";
const headerOf = (text: string) => (parse(text, { to_line: 1 }) as string[][])[0] ?? [];

const provenanceOf = (record: JurisdictionOnDay, column: (typeof DATED_COLUMNS)[number]) =>
  (record[column.field].provenance as Partial<Record<string, ProvenanceRef>>)[column.variable];

describe("jurisdictions.csv", () => {
  const files = buildReleaseFiles({ ...dataset, manifest: { ...dataset.manifest, released: day } });
  const text = files.find((file) => file.name === "jurisdictions.csv")?.body.toString("utf8");
  assert.ok(text !== undefined);
  const header = headerOf(text);
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  const records = lawAt(model, Date.parse(`${day}T12:00:00Z`)).readable;

  test("keeps every published column in its place and adds the companions and the federal rule", () => {
    const published = headerOf(readFileSync(`${PUBLISHED}/jurisdictions.csv`, "utf8"));
    assert.deepEqual(header.slice(0, published.length), published);
    for (const column of DATED_COLUMNS) {
      assert.ok(header.includes(`${column.name}_null_reason`), column.name);
      assert.ok(header.includes(`${column.name}_confidence`), column.name);
    }
    assert.ok(header.includes("hemp_federal_intoxicating_products"));
  });

  test("each companion is filled from the provenance of the record it describes", () => {
    const reasons = new Set<string>();
    const confidences = new Set<string>();
    for (const row of rows) {
      const record = records.byCode.get(row.code ?? "");
      assert.ok(record, row.code);
      for (const column of DATED_COLUMNS) {
        const at = `${row.code} ${column.name}`;
        const value = row[column.name];
        const reason = row[`${column.name}_null_reason`];
        const confidence = row[`${column.name}_confidence`];
        const provenance = provenanceOf(record, column);
        if (value !== "") {
          assert.equal(reason, "", at);
        } else if (provenance === undefined) {
          assert.equal(reason, "not_applicable", `${at}: the group does not apply`);
        } else if (provenance.null_reason === null && column.absent !== undefined) {
          // A tax column is empty where the state taxes another base, never a 0 that reads as untaxed.
          assert.equal(reason, column.absent(record) ?? "none", at);
        } else {
          assert.equal(reason, provenance.null_reason ?? "none", at);
        }
        assert.equal(confidence, provenance?.confidence ?? "", at);
        if (value !== "") assert.notEqual(confidence, "", `${at}: a value has its confidence`);
        reasons.add(reason ?? "");
        confidences.add(confidence ?? "");
      }
    }
    for (const expected of ["", "not_applicable", "unknown"]) assert.ok(reasons.has(expected));
    assert.ok(confidences.has("law_text"));
  });

  test("the federal hemp rule in force that day", () => {
    const federal = dataset.federal.hemp;
    const expected =
      federal.effective !== null && federal.effective <= day
        ? (federal.products?.intoxicating_products ?? "")
        : "";
    assert.notEqual(expected, "", "the dataset records the federal rule by its review");
    for (const row of rows) assert.equal(row.hemp_federal_intoxicating_products, expected);
  });
});

describe("jurisdictions.csv: every business fact, no tax cell that reads untaxed", () => {
  const files = buildReleaseFiles({ ...dataset, manifest: { ...dataset.manifest, released: day } });
  const text = files.find((file) => file.name === "jurisdictions.csv")?.body.toString("utf8");
  assert.ok(text !== undefined);
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  const row = (code: string) => rows.find((item) => item.code === code) ?? {};

  test("Illinois, Connecticut and New Jersey tax other bases: the retail percent is empty, its base in its own column", () => {
    const il = row("IL");
    assert.equal(il.adult_use_excise_retail_percent, "");
    assert.equal(il.adult_use_excise_retail_percent_null_reason, "other_base");
    assert.equal(il.adult_use_excise_wholesale_percent, "7");
    assert.match(il.adult_use_tax_potency_tiered ?? "", /\S/);
    assert.equal(il.adult_use_tax_bases, "potency_tiered;excise_wholesale_percent");
    const ct = row("CT");
    assert.equal(ct.adult_use_excise_retail_percent, "");
    assert.equal(ct.adult_use_excise_retail_percent_null_reason, "other_base");
    assert.match(ct.adult_use_tax_per_thc_mg ?? "", /^0\.00625 USD per mg total THC/);
    const nj = row("NJ");
    assert.equal(nj.adult_use_excise_retail_percent, "");
    assert.equal(nj.adult_use_excise_retail_percent_null_reason, "other_base");
    assert.match(nj.adult_use_tax_per_weight ?? "", /^2\.5 USD per ounce/);
    // A state with only a retail percent keeps it; one with no cannabis tax reads 0.
    assert.equal(row("CA").adult_use_excise_retail_percent, "15");
    for (const item of rows) {
      if (item.adult_use_excise_retail_percent === "0")
        assert.equal(item.adult_use_tax_bases, "none");
    }
  });

  test("every purchase limit, a total-THC limit, and the law beside each value", () => {
    const oh = row("OH");
    assert.equal(oh.adult_use_purchase_total_thc_mg, "15000");
    assert.equal(oh.adult_use_purchase_edible_thc_mg, "");
    assert.equal(oh.adult_use_purchase_edible_thc_mg_null_reason, "none");
    const il = row("IL");
    assert.equal(il.adult_use_purchase_concentrate_grams, "5");
    assert.equal(il.adult_use_purchase_nonresident_flower_grams, "15");
    assert.match(il.adult_use_purchase_limit_citation ?? "", /410 ILCS 705/);
    assert.match(il.adult_use_purchase_limit_verified ?? "", /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(
      il.adult_use_purchase_limit_sources_current_to,
      dataset.manifest.sources_current_to,
    );
    assert.equal(il.sources_current_to, dataset.manifest.sources_current_to);
    assert.equal(row("VA").adult_use_sales_operating, "0");
    assert.equal(il.adult_use_sales_operating, "1");
  });
});

describe("panels", () => {
  const panel = buildPanel(dataset, "yearly", "effective", lastYear, model);
  const header = headerOf(panel.csv);
  const rows = parse(panel.csv, { columns: true }) as Record<string, string>[];
  const row = (code: string, year: number) =>
    rows.find((item) => item.code === code && item.period === String(year));

  test("keep every published column in its place and add the companions", () => {
    const published = headerOf(readFileSync(`${PUBLISHED}/panel-yearly-effective.csv`, "utf8"));
    assert.deepEqual(header.slice(0, published.length), published);
    const companions = header.slice(published.length);
    assert.deepEqual(companions, [
      ...DATED_COLUMNS.flatMap((column) => [
        `${column.name}_null_reason`,
        `${column.name}_confidence`,
      ]),
      ...PANEL_BUSINESS_COLUMNS.map((column) => column.name),
      ...PANEL_BUSINESS_COLUMNS.flatMap((column) => [
        `${column.name}_null_reason`,
        `${column.name}_confidence`,
      ]),
    ]);
  });

  test("a value has a confidence and no null reason; a null has its reason", () => {
    for (const item of rows) {
      for (const column of DATED_COLUMNS) {
        const at = `${item.code} ${item.period} ${column.name}`;
        const reason = item[`${column.name}_null_reason`] ?? "";
        const confidence = item[`${column.name}_confidence`] ?? "";
        if (item[column.name] !== "") {
          assert.equal(reason, "", at);
          assert.notEqual(confidence, "", at);
        } else {
          assert.ok(
            ["none", "not_applicable", "unknown", "other_base"].includes(reason),
            `${at}: '${reason}'`,
          );
          if (reason === "unknown") assert.equal(confidence, "", at);
        }
      }
    }
  });

  test("before adult use: not applicable; before a value's since: unknown; after: its confidence", () => {
    // An adult-use variable whose since is at least a year after adult use took effect.
    const found = dataset.jurisdictions.flatMap((record) =>
      DATED_COLUMNS.filter((column) => column.field === "adult_use").flatMap((column) => {
        const since = provenanceOf(record, column)?.since ?? null;
        const effective = record.adult_use.effective;
        if (since === null || effective === null) return [];
        const legalYear = Number(effective.slice(0, 4)) + 1;
        const knownYear = Number(since.slice(0, 4)) + 1;
        return legalYear - 2 >= PANEL_FIRST_YEAR &&
          `${legalYear}-01-01` < since &&
          knownYear <= lastYear
          ? [{ record, column, legalYear, knownYear }]
          : [];
      }),
    );
    assert.ok(found.length > 0, "the dataset has a variable known from after legalization");
    for (const { record, column, legalYear, knownYear } of found) {
      const at = `${record.code} ${column.name}`;
      const before = row(record.code, legalYear - 2);
      assert.equal(before?.[column.name], "", at);
      assert.equal(before?.[`${column.name}_null_reason`], "not_applicable", `${at} before`);
      const unknown = row(record.code, legalYear);
      assert.equal(unknown?.[`${column.name}_null_reason`], "unknown", `${at} ${legalYear}`);
      assert.equal(unknown?.[`${column.name}_confidence`], "", `${at} ${legalYear}`);
      const known = row(record.code, knownYear);
      const then = lawOn(model, record.code, `${knownYear}-01-01`);
      assert.ok(then !== undefined && known !== undefined);
      assert.equal(
        known[`${column.name}_confidence`],
        provenanceOf(then, column)?.confidence ?? "",
        `${at} ${knownYear}`,
      );
      if (known[column.name] !== "") assert.notEqual(known[`${column.name}_confidence`], "");
    }
  });
});
