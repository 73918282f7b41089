/**
 * Checked once (src/dataset/dataset.stamp.ts): data a stamp vouches for is
 * not checked again at start; data edited since, a stamp from other
 * checking code or from a later day, is checked in full and the reason is
 * given; the change days a stamp carries give the law in force the same
 * next change as computing it. (test/ops/bundle.test.ts starts the built
 * server on stamped and on edited data.)
 */
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, test } from "node:test";
import { DatasetError, readDataset } from "../../src/dataset/dataset.load.ts";
import {
  checksIdentity,
  checksIdentityOf,
  type DatasetStamp,
  loadStampedDataset,
  writeDatasetStamp,
} from "../../src/dataset/dataset.stamp.ts";
import { createLawModel, nextChangeDay } from "../../src/dataset/law.ts";
import { isoDay } from "../../src/lib/dates.ts";
import { nextDay } from "../../src/lib/zoned-time.ts";
import { PROJECT_ROOT } from "../../src/paths.ts";
import { realDataset } from "../helpers.ts";

const today = isoDay(new Date());

/** A copy of the data files (not the releases, which are linked), optionally edited. */
function copyData(edit?: (record: Record<string, unknown>) => void, code = "CO"): string {
  const dir = mkdtempSync(join(tmpdir(), "cls-stamp-"));
  for (const file of ["dataset.json", "federal.json"]) cpSync(join("data", file), join(dir, file));
  cpSync(join("data", "jurisdictions"), join(dir, "jurisdictions"), { recursive: true });
  symlinkSync(resolve("data", "releases"), join(dir, "releases"));
  if (edit !== undefined) editRecord(dir, code, edit);
  return dir;
}

function editRecord(dir: string, code: string, edit: (record: Record<string, unknown>) => void) {
  const file = join(dir, "jurisdictions", `${code}.json`);
  const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(record);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** A review date in the future: an error every full check reports. */
const reviewedInTheFuture = (record: Record<string, unknown>) => {
  record.last_reviewed = "2999-01-01";
};

const stampDir = () => mkdtempSync(join(tmpdir(), "cls-stamps-"));

describe("a stamp vouches for the bytes it was made for", () => {
  test("writing one runs every check: invalid data is not stamped", () => {
    assert.throws(
      () => writeDatasetStamp(copyData(reviewedInTheFuture), "test", { stampDir: stampDir() }),
      (error) =>
        error instanceof DatasetError &&
        error.issues.some((issue) => issue.path === "/last_reviewed"),
    );
  });

  test("a stamped release is not checked again at start", () => {
    const stamps = stampDir();
    const good = copyData();
    const { stamp } = writeDatasetStamp(good, "test", { stampDir: stamps });
    assert.equal(stamp.data, readDataset(good).digest);
    assert.equal(stamp.files, readDataset(good).files);
    assert.equal(stamp.checks, checksIdentity());
    assert.ok(stamp.days > realDataset().jurisdictions.length, "every turning day was checked");
    const loaded = loadStampedDataset(good, today, stamps);
    assert.equal(loaded.stamp?.data, stamp.data);
    assert.equal(loaded.reason, null);
    assert.equal(loaded.dataset.jurisdictions.length, realDataset().jurisdictions.length);

    // The proof that nothing is checked: data no check would pass, under a
    // stamp that says it was checked, loads.
    const bad = copyData(reviewedInTheFuture);
    const read = readDataset(bad);
    writeFileSync(
      join(stamps, `${read.files}.json`),
      JSON.stringify({ ...stamp, data: read.digest, files: read.files }),
    );
    const trusted = loadStampedDataset(bad, today, stamps);
    assert.equal(trusted.stamp?.data, read.digest);
    assert.equal(trusted.dataset.byCode.get("CO")?.last_reviewed, "2999-01-01");
  });

  test("vouches for the files byte for byte: the same records written otherwise are checked again", () => {
    const stamps = stampDir();
    const dir = copyData();
    writeDatasetStamp(dir, "test", { stampDir: stamps });
    assert.notEqual(loadStampedDataset(dir, today, stamps).stamp, null);
    const before = readDataset(dir);
    const file = join(dir, "jurisdictions", "CO.json");
    writeFileSync(file, `${JSON.stringify(JSON.parse(readFileSync(file, "utf8")), null, 4)}\n`);
    const after = readDataset(dir);
    assert.equal(after.digest, before.digest, "the same source");
    assert.notEqual(after.files, before.files, "other bytes");
    const loaded = loadStampedDataset(dir, today, stamps);
    assert.equal(loaded.stamp, null);
    assert.match(loaded.reason ?? "", /no stamp vouches for these data files/);
  });

  test("an edited release is checked in full, and the reason names the data", () => {
    const stamps = stampDir();
    const dir = copyData();
    writeDatasetStamp(dir, "test", { stampDir: stamps });
    // Still valid, but not the bytes that were stamped.
    editRecord(dir, "CO", (record) => {
      record.summary = `${record.summary} `;
    });
    const loaded = loadStampedDataset(dir, today, stamps);
    assert.equal(loaded.stamp, null);
    assert.match(
      loaded.reason ?? "",
      /no stamp vouches for these data files \(sha256 [0-9a-f]{12}\)/,
    );
    assert.match(loaded.reason ?? "", /the newest stamp, by test at .*, is for sha256/);
    // Edited into invalid data: the full check runs, and refuses it.
    editRecord(dir, "CO", reviewedInTheFuture);
    assert.throws(
      () => loadStampedDataset(dir, today, stamps),
      (error) =>
        error instanceof DatasetError &&
        error.issues.some(
          (issue) => issue.file === "jurisdictions/CO.json" && issue.path === "/last_reviewed",
        ),
    );
  });

  test("a stamp from other checking code, or from a later day, vouches for nothing", () => {
    const stamps = stampDir();
    const dir = copyData();
    const { stamp, file } = writeDatasetStamp(dir, "test", { stampDir: stamps });
    const rewrite = (changed: Partial<DatasetStamp>) =>
      writeFileSync(file, JSON.stringify({ ...stamp, ...changed }));
    rewrite({ checks: "0".repeat(64) });
    assert.match(
      loadStampedDataset(dir, today, stamps).reason ?? "",
      /made by other checking code \(000000000000, this server's is [0-9a-f]{12}\)/,
    );
    rewrite({ checkedOn: nextDay(today) });
    assert.match(
      loadStampedDataset(dir, today, stamps).reason ?? "",
      new RegExp(`made on ${nextDay(today)}, after today \\(${today}\\)`),
    );
    writeFileSync(file, "{");
    assert.match(loadStampedDataset(dir, today, stamps).reason ?? "", /cannot be read/);
    rewrite({});
    assert.equal(loadStampedDataset(dir, today, stamps).reason, null);
  });
});

describe("the checking code's identity", () => {
  /** A copy of what the identity reads: src/dataset, src/lib, src/paths.ts, typebox's version. */
  const root = mkdtempSync(join(tmpdir(), "cls-checks-"));
  cpSync("src/dataset", join(root, "src/dataset"), { recursive: true });
  cpSync("src/lib", join(root, "src/lib"), { recursive: true });
  cpSync("src/paths.ts", join(root, "src/paths.ts"));
  mkdirSync(join(root, "node_modules/typebox"), { recursive: true });
  cpSync("node_modules/typebox/package.json", join(root, "node_modules/typebox/package.json"));
  const append = (file: string) =>
    writeFileSync(join(root, file), `${readFileSync(join(root, file), "utf8")}\n// edited\n`);

  test("is this server's, from its sources", () => {
    assert.equal(checksIdentityOf(PROJECT_ROOT), checksIdentity());
    assert.equal(checksIdentityOf(root), checksIdentity());
  });

  test("changes with any module the checks import, even indirectly, and with nothing else", () => {
    const before = checksIdentityOf(root);
    append("src/lib/text.ts"); // imported by nothing in src/dataset
    assert.equal(checksIdentityOf(root), before);
    append("src/lib/zoned-time.ts"); // imported by law.ts and law.gate.ts
    const edited = checksIdentityOf(root);
    assert.notEqual(edited, before);
    append("src/dataset/law.gate.ts");
    assert.notEqual(checksIdentityOf(root), edited);
  });
});

describe("the change days a stamp carries", () => {
  test("give every jurisdiction the same next change as comparing records, on every day that matters", () => {
    const { stamp } = writeDatasetStamp("data", "test", { stampDir: stampDir() });
    const dataset = realDataset();
    const computed = createLawModel(dataset);
    const stamped = createLawModel(dataset, new Map(Object.entries(stamp.changeDays)));
    let compared = 0;
    for (const [code, turning] of computed.turningDays) {
      // Each turning day, the day before it, and today: the record is
      // constant between turning days, so these are every case.
      const days = new Set([today, ...turning.flatMap((day) => [day, previousDay(day)])]);
      for (const day of days) {
        assert.equal(
          nextChangeDay(stamped, code, day),
          nextChangeDay(computed, code, day),
          `${code} on ${day}`,
        );
        compared++;
      }
    }
    assert.ok(compared > 1000, `${compared} days compared`);
  });
});

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
