import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { toCsv } from "../../src/releases/csv.ts";
import { INDICATORS, PANEL_COLUMNS, PANEL_FIRST_YEAR } from "../../src/releases/panels.ts";
import {
  buildReleaseFiles,
  type ReleaseManifest,
  releaseYear,
} from "../../src/releases/release.files.ts";
import { buildTestApp, injectCompressed, realDataset, type TestApp } from "../helpers.ts";

const dataset = realDataset();
const version = dataset.manifest.version;
const folder = join("data", "releases", version);
const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as ReleaseManifest;
const read = (name: string) => readFileSync(join(folder, name));
/**
 * Changes listed under "Unreleased" in data/CHANGELOG.md are in the data and
 * the code but not yet in a release: the next `npm run release` publishes
 * them. Until then the current release cannot hold what the API serves.
 */
const unreleased = /^## Unreleased\b/m.test(readFileSync("data/CHANGELOG.md", "utf8"));

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

describe("the release of the dataset the API serves", () => {
  test("exists, and every file matches its manifest's size and SHA-256", () => {
    assert.equal(manifest.dataset_version, version);
    assert.equal(manifest.license, "CC-BY-4.0");
    const names = manifest.files.map((file) => file.name);
    for (const expected of [
      "dataset.json",
      "jurisdictions.csv",
      "events.csv",
      "jurisdictions.geojson",
      "panel-yearly-effective.csv",
      "panel-yearly-enacted.csv",
      "panel-yearly-operating.csv",
      "panel-monthly-effective.csv",
      "panel-monthly-enacted.csv",
      "panel-monthly-operating.csv",
    ]) {
      assert.ok(names.includes(expected), expected);
    }
    for (const file of manifest.files) {
      const bytes = read(file.name);
      assert.equal(bytes.length, file.bytes, file.name);
      assert.equal(createHash("sha256").update(bytes).digest("hex"), file.sha256, file.name);
    }
  });

  test("holds the data the API serves (changed data needs a new version and release)", {
    skip: unreleased
      ? "data/CHANGELOG.md lists Unreleased changes: the next npm run release publishes them"
      : false,
  }, () => {
    const rebuilt = buildReleaseFiles(dataset).filter((file) =>
      ["dataset.json", "jurisdictions.csv", "events.csv"].includes(file.name),
    );
    for (const file of rebuilt) {
      assert.ok(
        read(file.name).equals(file.body),
        `data/ changed since release ${version} was written (${file.name} differs): bump the version in data/dataset.json and run npm run release — a published release is never rewritten`,
      );
    }
  });

  test("every CSV parses (RFC 4180) and round-trips byte for byte", () => {
    for (const file of manifest.files.filter((f) => f.name.endsWith(".csv"))) {
      const text = read(file.name).toString("utf8");
      const records = parse(text, { relax_column_count: false }) as string[][];
      const [header, ...rows] = records;
      assert.ok(header !== undefined, file.name);
      assert.equal(rows.length, file.rows, file.name);
      assert.equal(toCsv(header, rows), text, `${file.name} round-trip`);
    }
  });

  test("panels: one row per jurisdiction × period, shares within 0–1", () => {
    const years = releaseYear(dataset) - PANEL_FIRST_YEAR + 1;
    const yearly = parse(read("panel-yearly-effective.csv"), { columns: true }) as Record<
      string,
      string
    >[];
    assert.equal(yearly.length, dataset.jurisdictions.length * years);
    const monthly = parse(read("panel-monthly-operating.csv"), { columns: true }) as Record<
      string,
      string
    >[];
    assert.equal(monthly.length, dataset.jurisdictions.length * years * 12);
    // Columns are only ever added at the end: a release's header is a prefix of today's.
    const published = Object.keys(yearly[0] ?? {});
    assert.deepEqual(published, PANEL_COLUMNS.slice(0, published.length));
    if (!unreleased) assert.equal(published.length, PANEL_COLUMNS.length);
    for (const row of yearly) {
      for (const name of INDICATORS) {
        const share = row[`${name}_share`];
        if (share !== "" && share !== undefined) {
          assert.ok(Number(share) >= 0 && Number(share) <= 1, `${row.code} ${row.period} ${name}`);
        }
      }
    }
    const co = (period: string) => yearly.find((row) => row.code === "CO" && row.period === period);
    assert.equal(co("2012")?.adult_use_legal, "0");
    assert.equal(co("2012")?.adult_use_legal_changed, "2012-12-10");
    assert.equal(co("2012")?.adult_use_legal_changed_precision, "day");
    assert.equal(co("2013")?.adult_use_legal, "1");
    assert.equal(co("2013")?.adult_use_sales, "0");
    assert.equal(co("2014")?.adult_use_sales, "1");
    const coSales = monthly.find((row) => row.code === "CO" && row.period === "2013-12");
    assert.equal(coSales?.adult_use_legal, "0", "operating basis: legal once shops opened");
  });

  test("GeoJSON file is a FeatureCollection of every jurisdiction", () => {
    const geo = JSON.parse(read("jurisdictions.geojson").toString("utf8")) as {
      type: string;
      features: unknown[];
    };
    assert.equal(geo.type, "FeatureCollection");
    assert.equal(geo.features.length, dataset.jurisdictions.length);
  });
});

describe("/data and the download URLs", () => {
  test("/data lists the current release's files with size and SHA-256, linked from the nav", async () => {
    const response = await app.inject({ url: "/data" });
    assert.equal(response.statusCode, 200);
    for (const file of manifest.files) {
      assert.ok(response.body.includes(`/data/releases/${version}/${file.name}`), file.name);
      assert.ok(response.body.includes(file.sha256), file.name);
    }
    assert.match(response.body, /CC BY 4\.0/);
    assert.match(response.body, /<a href="\/data">Data<\/a>/);
  });

  test("a versioned file: attachment, ETag, 304, compression, immutable", async () => {
    const url = `/data/releases/${version}/events.csv`;
    const response = await app.inject({ url });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^text\/csv/);
    assert.match(
      String(response.headers["content-disposition"]),
      new RegExp(
        `attachment; filename="cannabis-legal-status-${version.replaceAll(".", "\\.")}-events\\.csv"`,
      ),
    );
    assert.match(String(response.headers["cache-control"]), /immutable/);
    assert.ok(response.rawPayload.equals(read("events.csv")));
    const again = await app.inject({
      url,
      headers: { "if-none-match": String(response.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    const br = await injectCompressed(app, url, "br");
    assert.equal(br.headers["content-encoding"], "br");
    assert.ok(brotliDecompressSync(br.rawPayload).equals(read("events.csv")));
  });

  test("latest serves the current release's bytes", async () => {
    const latest = await app.inject({ url: "/data/releases/latest/jurisdictions.csv" });
    assert.equal(latest.statusCode, 200);
    assert.ok(latest.rawPayload.equals(read("jurisdictions.csv")));
    assert.doesNotMatch(String(latest.headers["cache-control"]), /immutable/);
  });

  test("unknown release or file → 404", async () => {
    for (const url of [
      "/data/releases/1999.01.01/events.csv",
      `/data/releases/${version}/secrets.csv`,
      `/data/releases/${version}/manifest.json`,
    ]) {
      assert.equal((await app.inject({ url })).statusCode, 404, url);
    }
  });
});
