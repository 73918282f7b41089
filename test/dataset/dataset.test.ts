import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { measureCoverage } from "../../src/dataset/dataset.coverage.ts";
import {
  checkDataset,
  DatasetError,
  loadDataset,
  readDataset,
} from "../../src/dataset/dataset.load.ts";
import type { JurisdictionFile } from "../../src/dataset/dataset.schema.ts";
import { deriveStatus, jurisdictionIssues } from "../../src/dataset/dataset.validate.ts";
import { JURISDICTIONS } from "../../src/dataset/jurisdictions.ts";
import { isCalendarDate, isoDay } from "../../src/lib/dates.ts";
import { realDataset } from "../helpers.ts";

const today = isoDay(new Date());

describe("the repository's dataset", () => {
  const dataset = realDataset();
  const records = readDataset("data").raw.jurisdictions.map((f) => f.value as JurisdictionFile);

  test("covers exactly the 56 jurisdictions, once each", () => {
    assert.equal(dataset.jurisdictions.length, 56);
    const codes = dataset.jurisdictions.map((j) => j.code);
    assert.equal(new Set(codes).size, 56);
    assert.deepEqual(new Set(codes), new Set(JURISDICTIONS.map(([code]) => code)));
    assert.equal(dataset.jurisdictions.filter((j) => j.type === "territory").length, 5);
  });

  test("status agrees with the adult_use and medical flags; adult use implies decriminalized", () => {
    for (const record of records) {
      assert.equal(record.status, deriveStatus(record), record.code);
      assert.equal(record.medical.legal, record.medical.program !== "none", record.code);
      if (record.adult_use.legal) assert.ok(record.decriminalized, record.code);
    }
  });

  test("every date is a real calendar date, adult-use and medical dates in order, history oldest first", () => {
    for (const record of records) {
      const a = record.adult_use;
      for (const date of [
        a.enacted_by?.date,
        a.effective,
        a.sales_began,
        record.medical.effective,
        record.last_reviewed,
      ]) {
        if (date) assert.ok(isCalendarDate(date), `${record.code} ${date}`);
      }
      if (a.enacted_by?.date && a.effective)
        assert.ok(a.enacted_by.date <= a.effective, record.code);
      if (a.effective && a.sales_began) assert.ok(a.effective <= a.sales_began, record.code);
      const dates = record.history.map((e) => e.date);
      assert.deepEqual(dates, [...dates].sort(), record.code);
      assert.ok(record.last_reviewed <= today, record.code);
    }
  });

  test("every record is sourced: each fact group and each event", () => {
    for (const record of records) {
      assert.ok(record.adult_use.sources.length > 0, `${record.code} adult_use`);
      assert.ok(record.medical.sources.length > 0, `${record.code} medical`);
      if (record.decriminalized)
        assert.ok(record.decriminalization.sources.length > 0, `${record.code} decrim`);
      for (const event of record.history)
        assert.ok(event.sources.length > 0, `${record.code} ${event.title}`);
      for (const source of [...record.adult_use.sources, ...record.medical.sources]) {
        assert.match(source.url, /^https?:\/\//);
      }
    }
  });

  test("is complete at the status level for every jurisdiction", () => {
    const coverage = measureCoverage(records);
    assert.deepEqual([...coverage.statusLevelGaps], []);
    assert.ok(coverage.filled / coverage.applicable >= 0.95);
  });

  test("adult-use jurisdictions record how and when adult use became legal", () => {
    for (const record of records.filter((r) => r.adult_use.legal)) {
      assert.ok(record.adult_use.enacted_by, record.code);
      assert.ok(
        record.history.some((e) => e.kind === "adult_use_legalized"),
        record.code,
      );
    }
  });
});

function sampleRecord(): JurisdictionFile {
  return JSON.parse(readFileSync("data/jurisdictions/CO.json", "utf8")) as JurisdictionFile;
}

describe("validation catches broken records", () => {
  const cases: [string, (r: JurisdictionFile) => void, string, RegExp][] = [
    [
      "a status that contradicts the flags",
      (r) => {
        r.status = "medical";
      },
      "/status",
      /adult_use/,
    ],
    [
      "an impossible date",
      (r) => {
        r.adult_use.sales_began = "2014-02-30";
      },
      "/adult_use/sales_began",
      /calendar/,
    ],
    [
      "sales before legalization",
      (r) => {
        r.adult_use.sales_began = "2000-01-01";
      },
      "/adult_use/sales_began",
      /before/,
    ],
    [
      "history out of order",
      (r) => {
        r.history.reverse();
      },
      "/history/1/date",
      /oldest first/,
    ],
    [
      "an unsourced fact group",
      (r) => {
        r.medical.sources = [];
      },
      "/medical/sources",
      /source/,
    ],
    [
      "adult use without its event",
      (r) => {
        r.history = r.history.filter((e) => e.kind !== "adult_use_legalized");
      },
      "/history",
      /adult_use_legalized/,
    ],
    [
      "adult use without decriminalization",
      (r) => {
        r.decriminalized = false;
        r.decriminalization.since = null;
      },
      "/decriminalized",
      /must be true/,
    ],
    [
      "a small-amount penalty that contradicts decriminalized",
      (r) => {
        r.decriminalization.offense = "criminal";
        r.decriminalization.jail_possible = true;
      },
      "/decriminalization/offense",
      /contradicts decriminalized/,
    ],
    [
      "a medical sales date without its event",
      (r) => {
        r.medical.sales_began = "2010-06-01";
      },
      "/history",
      /medical_sales_began/,
    ],
    [
      "a wrong FIPS code",
      (r) => {
        r.fips = "99";
      },
      "/fips",
      /08/,
    ],
    [
      "a value without its confidence",
      (r) => {
        const provenance = r.adult_use.provenance.delivery;
        if (provenance !== undefined) provenance.confidence = null;
      },
      "/adult_use/provenance/delivery/confidence",
      /adult_use\.delivery needs a confidence/,
    ],
    [
      "a secondary value resting on one source",
      (r) => {
        const provenance = r.adult_use.provenance.delivery;
        if (provenance === undefined) return;
        provenance.confidence = "secondary";
        provenance.sources = [
          { title: "A news report", url: "https://example.com/a", kind: "news" },
        ];
      },
      "/adult_use/provenance/delivery/sources",
      /adult_use\.delivery is secondary, so it needs at least two agreeing sources \(has 1\)/,
    ],
    [
      "a null without its reason",
      (r) => {
        r.adult_use.delivery = null;
        const provenance = r.adult_use.provenance.delivery;
        if (provenance !== undefined) provenance.null_reason = null;
      },
      "/adult_use/provenance/delivery/null_reason",
      /is null: say why/,
    ],
    [
      "an unknown without what research could not establish",
      (r) => {
        r.adult_use.delivery = null;
        const provenance = r.adult_use.provenance.delivery;
        if (provenance !== undefined) {
          provenance.null_reason = "unknown";
          provenance.unknown = null;
        }
      },
      "/adult_use/provenance/delivery/unknown",
      /say what research could not establish/,
    ],
    [
      "a value with no since and no reason why",
      (r) => {
        const provenance = r.adult_use.provenance.delivery;
        if (provenance !== undefined) {
          provenance.since = null;
          provenance.since_unknown = null;
        }
      },
      "/adult_use/provenance/delivery/since_unknown",
      /no since: give the date or say why/,
    ],
    [
      "a decriminalization date whose law is not cited in the history",
      (r) => {
        r.decriminalization.since = "1901-02-03";
      },
      "/decriminalization/since",
      /not the effective date of a cited law/,
    ],
    [
      "a review date in the future",
      (r) => {
        r.last_reviewed = "2999-01-01";
      },
      "/last_reviewed",
      /future/,
    ],
  ];
  for (const [name, mutate, path, message] of cases) {
    test(name, () => {
      const record = sampleRecord();
      mutate(record);
      const { errors } = jurisdictionIssues("jurisdictions/CO.json", record, today);
      assert.ok(
        errors.some((e) => e.path === path && message.test(e.message)),
        `expected ${path} ~ ${message}, got ${JSON.stringify(errors)}`,
      );
    });
  }

  test("the unchanged sample has no errors", () => {
    assert.deepEqual(jurisdictionIssues("jurisdictions/CO.json", sampleRecord(), today).errors, []);
  });
});

describe("loading fails fast, naming the file and field", () => {
  function copyData(): string {
    const dir = mkdtempSync(join(tmpdir(), "cls-data-"));
    cpSync("data", dir, { recursive: true });
    return dir;
  }

  test("an unknown enum value", () => {
    const dir = copyData();
    const file = join(dir, "jurisdictions/CA.json");
    const record = JSON.parse(readFileSync(file, "utf8"));
    record.status = "legal";
    writeFileSync(file, JSON.stringify(record));
    assert.throws(
      () => loadDataset(dir, today),
      (error: unknown) =>
        error instanceof DatasetError &&
        error.issues.some((i) => i.file === "jurisdictions/CA.json" && i.path === "/status") &&
        error.message.includes("jurisdictions/CA.json /status"),
    );
  });

  test("invalid JSON and an unknown field", () => {
    const dir = copyData();
    writeFileSync(join(dir, "jurisdictions/NY.json"), "{ not json");
    const file = join(dir, "jurisdictions/TX.json");
    const record = JSON.parse(readFileSync(file, "utf8"));
    record.legalised = true;
    writeFileSync(file, JSON.stringify(record));
    const { raw, errors } = readDataset(dir);
    assert.throws(
      () => checkDataset(raw, today, errors),
      (error: unknown) =>
        error instanceof DatasetError &&
        error.issues.some(
          (i) => i.file === "jurisdictions/NY.json" && /invalid JSON/.test(i.message),
        ) &&
        error.issues.some((i) => i.file === "jurisdictions/TX.json" && /legalised/.test(i.message)),
    );
  });

  test("a missing jurisdiction", () => {
    const dir = copyData();
    rmSync(join(dir, "jurisdictions/WY.json"));
    assert.throws(
      () => loadDataset(dir, today),
      (error: unknown) =>
        error instanceof DatasetError && error.issues.some((i) => /Wyoming/.test(i.message)),
    );
  });
});
