/**
 * The gate on what is served (src/dataset/law.gate.ts): the rules run on
 * the records lawOn returns, today and on every turning day, and a broken
 * rule stops start-up naming the jurisdiction, the day and the field.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { DatasetError, loadDataset } from "../../src/dataset/dataset.load.ts";
import { checkServedLaw, futureCitationFindings } from "../../src/dataset/law.gate.ts";
import { createLawModel, lawOn } from "../../src/dataset/law.ts";
import { isoDay } from "../../src/lib/dates.ts";
import { realDataset } from "../helpers.ts";
import { spawnServer } from "../support/server-process.ts";

const today = isoDay(new Date());

function copyData(edit: (file: string, record: Record<string, unknown>) => void, code: string) {
  const dir = mkdtempSync(join(tmpdir(), "cls-served-"));
  cpSync("data", dir, { recursive: true });
  const file = join(dir, `jurisdictions/${code}.json`);
  const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(file, record);
  writeFileSync(file, JSON.stringify(record, null, 2));
  return dir;
}

const issuesOf = (dir: string) => {
  try {
    loadDataset(dir, today);
  } catch (error) {
    if (error instanceof DatasetError) return error.issues;
    throw error;
  }
  return [];
};

describe("the repository's served records", () => {
  const dataset = realDataset();
  const report = checkServedLaw(dataset, today);

  test("every fact group that says something cites its law, today and on every turning day", () => {
    assert.deepEqual(report.findings, []);
    assert.equal(report.today.cited, report.today.served);
    assert.equal(report.allDays.cited, report.allDays.served);
    // Three groups a jurisdiction today; more on the turning days.
    assert.equal(report.today.served, 3 * dataset.jurisdictions.length);
    assert.ok(report.allDays.served > report.today.served);
    assert.equal(report.events.cited, report.events.total);
  });

  test("a prohibition cites the statute that prohibits, on today's record and before any reform", () => {
    const model = createLawModel(dataset);
    const alabama = lawOn(model, "AL", today);
    assert.equal(alabama?.adult_use.legal, false);
    assert.match(alabama?.adult_use.authority?.citation ?? "", /13A-12-214/);
    // California before the Moscone Act: not decriminalized, and the possession statute is cited.
    const california = lawOn(model, "CA", "1975-06-01");
    assert.equal(california?.decriminalized, false);
    assert.equal(california?.adult_use.legal, false);
    const prohibition = dataset.byCode.get("CA")?.prohibition.authority.citation;
    assert.ok(prohibition !== undefined);
    assert.equal(california?.decriminalization.authority?.citation, prohibition);
    assert.equal(california?.adult_use.authority?.citation, prohibition);
    // After the Moscone Act and before Prop. 64: decriminalized under the 1976 law.
    const between = lawOn(model, "CA", "1990-01-01");
    assert.equal(between?.decriminalized, true);
    assert.match(between?.decriminalization.authority?.citation ?? "", /Moscone|SB 95|1975/);
  });
});

describe("a broken rule on a served day stops loading, naming the jurisdiction, the day and the field", () => {
  test("today's prohibition without its authority", () => {
    const dir = copyData((_file, record) => {
      (record.adult_use as Record<string, unknown>).authority = null;
    }, "AL");
    const issues = issuesOf(dir);
    assert.ok(
      issues.some(
        (issue) =>
          issue.file === "jurisdictions/AL.json" &&
          issue.path.startsWith("served on ") &&
          issue.path.endsWith("adult_use.authority"),
      ),
      JSON.stringify(issues.slice(0, 5)),
    );
  });

  test("a blank prohibition statute, read only on past days", () => {
    const dir = copyData((_file, record) => {
      const prohibition = record.prohibition as { authority: { citation: string } };
      prohibition.authority.citation = " ";
    }, "CA");
    const issues = issuesOf(dir);
    const california = issues.filter((issue) => issue.file === "jurisdictions/CA.json");
    const base = realDataset().byCode.get("CA");
    const decriminalizedSince = base?.decriminalization.since ?? "";
    const legalSince = base?.adult_use.effective ?? "";
    const medicalSince = base?.medical.effective ?? "";
    assert.ok(california.some((issue) => issue.path.endsWith("decriminalization.authority")));
    assert.ok(california.some((issue) => issue.path.endsWith("adult_use.authority")));
    for (const issue of california) {
      const day = /^served on (\d{4}-\d{2}-\d{2}):/.exec(issue.path)?.[1] ?? "";
      // Only days before the law that replaced the prohibition in that group.
      if (issue.path.endsWith("decriminalization.authority"))
        assert.ok(day < decriminalizedSince, issue.path);
      else if (issue.path.endsWith("adult_use.authority")) assert.ok(day < legalSince, issue.path);
      else if (issue.path.endsWith("medical.authority")) assert.ok(day < medicalSince, issue.path);
      else assert.fail(`unexpected finding ${issue.path}`);
    }
  });

  test("a citation from the future: a group citing a law the history records as enacted later", () => {
    // Ohio's adult-use group made to cite Sub. S.B. 56 (enacted 2025-12-19) from Issue 2's day on.
    const dir = copyData((_file, record) => {
      const adult = record.adult_use as { authority: { citation: string; url: string | null } };
      adult.authority = {
        citation: "Sub. S.B. 56 (136th G.A., 2025), effective March 20, 2026",
        url: null,
      };
    }, "OH");
    const issues = issuesOf(dir).filter((issue) => issue.path.endsWith("adult_use.authority"));
    assert.ok(issues.length > 0, "the gate finds it");
    for (const issue of issues) {
      const day = /^served on (\d{4}-\d{2}-\d{2}):/.exec(issue.path)?.[1] ?? "";
      assert.ok(day < "2025-12-19", issue.path);
      assert.match(issue.message, /enacted on 2025-12-19, after this day/);
    }
  });

  test("a hemp group citing the law of a value it gives only from a later day", () => {
    // Ohio's record as served once Sub. S.B. 56 took effect, checked as if served on 2023-06-01:
    // what the hemp group said on that day before the law was read on its own day.
    const dataset = realDataset();
    const model = createLawModel(dataset);
    const later = lawOn(model, "OH", "2026-04-01");
    assert.ok(later !== undefined);
    const findings = futureCitationFindings(later, "2023-06-01", dataset, model);
    const fields = findings.map((finding) => finding.field);
    assert.ok(fields.includes("hemp.authority"), JSON.stringify(findings));
    assert.ok(fields.includes("hemp.intoxicating_products"), JSON.stringify(findings));
    // The record served on that day has none.
    const served = lawOn(model, "OH", "2023-06-01");
    assert.ok(served !== undefined);
    assert.deepEqual(futureCitationFindings(served, "2023-06-01", dataset, model), []);
  });

  test("the server refuses to start and says why", async () => {
    const dir = copyData((_file, record) => {
      (record.adult_use as Record<string, unknown>).authority = null;
    }, "AL");
    const { child, output } = spawnServer({
      PORT: "0",
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, "cls.db")}`,
    });
    const [code] = await once(child, "exit");
    assert.equal(code, 1);
    assert.match(
      output(),
      /jurisdictions\/AL\.json served on \d{4}-\d{2}-\d{2}: adult_use\.authority/,
    );
  });
});
