/**
 * The dated model (src/dataset/law.ts): one fold for the server and the
 * gate, the federal hemp rule beside the state's, and the law behind each
 * group on any day.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { JurisdictionFile } from "../../src/dataset/dataset.schema.ts";
import {
  createLawModel,
  foldChanges,
  lawAt,
  lawOn,
  readableRecord,
} from "../../src/dataset/law.ts";
import { changeIssues } from "../../src/dataset/law.validate.ts";
import { PANEL_COLUMNS, PANEL_FIRST_YEAR, panelRows } from "../../src/releases/panels.ts";
import { releaseYear } from "../../src/releases/release.files.ts";
import { realDataset } from "../helpers.ts";

const dataset = realDataset();
const model = createLawModel(dataset);
const fileOf = (code: string) =>
  JSON.parse(readFileSync(`data/jurisdictions/${code}.json`, "utf8")) as JurisdictionFile;

describe("one fold", () => {
  test("a change of law sets the same values in a file (the gate) as in the served record", () => {
    const codes = dataset.jurisdictions
      .map((record) => record.code)
      .filter((code) => (model.changes.get(code) ?? []).length > 0);
    assert.ok(codes.length > 0, "the dataset has changes of law");
    for (const code of codes) {
      const file = fileOf(code);
      for (const change of model.changes.get(code) ?? []) {
        const day = change.effective ?? change.date;
        const folded = foldChanges(file, file.history, day);
        const served = lawOn(model, code, day);
        for (const path of Object.keys(change.sets ?? {})) {
          const read = (record: unknown) =>
            path
              .split(".")
              .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], record);
          assert.deepEqual(read(served), read(folded), `${code} ${path} on ${day}`);
          const [group, variable] = path.split(".");
          if (group !== undefined && variable !== undefined) {
            const provenance = (served as unknown as Record<string, Record<string, unknown>>)[group]
              ?.provenance as Record<string, { since: string | null; confidence: unknown }>;
            assert.equal(provenance[variable]?.since, change.effective, `${code} ${path} since`);
            assert.equal(provenance[variable]?.confidence, change.confidence);
          }
        }
      }
    }
  });

  test("the gate refuses a change whose result breaks the record, with the day and field", () => {
    const file = fileOf("NM");
    const index = file.history.findIndex((event) => event.sets !== undefined);
    assert.ok(index >= 0);
    const broken = structuredClone(file);
    const event = broken.history[index];
    assert.ok(event?.sets !== undefined);
    event.sets = { "adult_use.minimum_age": "twenty-one" };
    const issues = changeIssues("jurisdictions/NM.json", broken, () => [
      { path: "/adult_use/minimum_age", message: "must be an integer" },
    ]);
    assert.ok(
      issues.some(
        (issue) =>
          issue.path === `/history/${index}/sets` &&
          issue.message.includes(`from ${event.effective}`) &&
          issue.message.includes("adult_use.minimum_age"),
      ),
      JSON.stringify(issues),
    );
  });
});

describe("the federal hemp rule beside the state's", () => {
  test("null before P.L. 119-37 § 781 took effect, cited from 2026-11-12 on, in every record", () => {
    for (const record of dataset.jurisdictions) {
      assert.equal(lawOn(model, record.code, "2026-11-11")?.hemp.federal, null, record.code);
      const federal = lawOn(model, record.code, "2026-11-12")?.hemp.federal;
      assert.equal(federal?.intoxicating_products, "prohibited", record.code);
      assert.equal(federal?.since, "2026-11-12");
      assert.match(federal?.authority.citation ?? "", /119-37/);
    }
  });

  test("Illinois: unregulated by the state, prohibited by federal law, in the current record", () => {
    const state = lawAt(model, Date.parse("2026-11-26T18:00:00Z"));
    const illinois = state.dataset.byCode.get("IL");
    assert.equal(illinois?.hemp.intoxicating_products, "unregulated");
    assert.equal(illinois?.hemp.federal?.intoxicating_products, "prohibited");
  });
});

describe("the law behind each group", () => {
  const codes = dataset.jurisdictions.map((record) => record.code);
  test("any jurisdiction on any day from 1970: a group that says something cites a law (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.integer({ min: Date.parse("1970-01-01") / 86_400_000, max: 20_800 }),
        (code, dayNumber) => {
          const day = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
          const record = lawOn(model, code, day);
          assert.ok(record !== undefined);
          if (record.decriminalized !== null)
            assert.ok(record.decriminalization.authority !== null, `${code} ${day}`);
          if (record.adult_use.legal !== null)
            assert.ok(record.adult_use.authority !== null, `${code} ${day}`);
          if (record.medical.program !== null)
            assert.ok(record.medical.authority !== null, `${code} ${day}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("pages read a record whose flags are all known; from the review on it is the record itself", () => {
    for (const base of dataset.jurisdictions) {
      const record = lawOn(model, base.code, base.last_reviewed);
      assert.ok(record !== undefined);
      assert.deepEqual(readableRecord(record, base), record);
    }
    const past = lawOn(model, "VA", "2021-06-30");
    const base = dataset.byCode.get("VA");
    assert.ok(past !== undefined && base !== undefined);
    const readable = readableRecord(past, base);
    assert.equal(readable.status, "medical");
    assert.match(readable.summary, /earlier day/);
  });
});

describe("history back to the first decriminalization", () => {
  const columns = PANEL_COLUMNS as readonly string[];
  const rows = panelRows(dataset, "yearly", "effective", releaseYear(dataset), model);
  const at = (name: string) => columns.indexOf(name);

  test("Mississippi and North Carolina: decriminalized in every panel year since their 1970s laws", () => {
    for (const code of ["MS", "NC"]) {
      const years = rows.filter((row) => row[at("code")] === code);
      assert.equal(years.length, releaseYear(dataset) - PANEL_FIRST_YEAR + 1);
      for (const row of years)
        assert.equal(row[at("decriminalized")], true, `${code} ${row[at("period")]}`);
    }
  });

  test("no blank decriminalization cell in the yearly panel", () => {
    const blank = rows.filter((row) => row[at("decriminalized")] === null);
    assert.deepEqual(
      blank.map((row) => `${row[at("code")]} ${row[at("period")]}`),
      [],
    );
  });

  test("a law known only by its year is in force from the day after that year, unknown before, never guessed", () => {
    const carolina = dataset.byCode.get("NC");
    assert.equal(carolina?.decriminalization.since, null);
    const by = carolina?.decriminalization.in_force_by ?? "";
    assert.match(by, /^19[78]\d-\d{2}-01$/);
    assert.equal(lawOn(model, "NC", by)?.decriminalized, true);
    const before = new Date(Date.parse(by) - 86_400_000).toISOString().slice(0, 10);
    assert.equal(lawOn(model, "NC", before)?.decriminalized, null);
  });

  test("every decriminalization dated before 1990 has its law in the history", () => {
    for (const record of dataset.jurisdictions) {
      const since = record.decriminalization.since;
      if (since === null || since >= "1990-01-01") continue;
      const events = dataset.histories.get(record.code) ?? [];
      assert.ok(
        events.some(
          (event) =>
            ["decriminalized", "decriminalization_amended"].includes(event.kind) &&
            (event.effective ?? event.date) === since &&
            event.authority !== null,
        ),
        record.code,
      );
    }
  });
});
