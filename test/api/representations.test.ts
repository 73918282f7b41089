import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { check as checkGeoJson } from "@placemarkio/check-geojson";
import { parse } from "csv-parse/sync";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildReleaseFiles } from "../../src/releases/release.files.ts";
import { buildTestApp, injectCompressed, json, realDataset, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

type Feature = {
  type: string;
  id: string;
  geometry: { type: string; coordinates: unknown[] };
  properties: Record<string, unknown>;
};
type Collection = { type: string; features: Feature[]; meta: Record<string, unknown> };

describe("fields=", () => {
  test("keeps only the named top-level fields, in the record's order", async () => {
    const response = await app.inject({ url: "/v1/states?fields=status,code" });
    assert.equal(response.statusCode, 200);
    const body = json<{ data: Record<string, unknown>[]; meta: { count: number } }>(response);
    assert.equal(body.data.length, 51);
    for (const record of body.data) assert.deepEqual(Object.keys(record), ["code", "status"]);
    assert.ok(response.body.length < 4000, `${response.body.length} bytes`);
  });

  test("works on one record and with as_of", async () => {
    const one = json<{ data: Record<string, unknown> }>(
      await app.inject({ url: "/v1/states/co?fields=code,name,status,decriminalized" }),
    );
    assert.deepEqual(Object.keys(one.data), ["code", "name", "status", "decriminalized"]);
    const then = json<{ data: Record<string, unknown>; meta: { as_of: string } }>(
      await app.inject({ url: "/v1/states/CO?fields=code,status&as_of=2012-12-09" }),
    );
    assert.deepEqual(then.data, { code: "CO", status: "medical" });
    assert.equal(then.meta.as_of, "2012-12-09");
  });

  test("an unknown field is a 400 unknown_field naming it", async () => {
    for (const url of ["/v1/states?fields=code,colour", "/v1/states/CA?fields=colour"]) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 400);
      const problem = json(response);
      assert.equal(problem.code, "unknown_field");
      assert.equal(problem.field, "colour");
      assert.equal(problem.parameter, "fields");
      assert.match(String(problem.detail), /colour/);
    }
  });

  test("a sparse response has its own ETag and answers 304", async () => {
    const first = await app.inject({ url: "/v1/states?fields=code,status" });
    const full = await app.inject({ url: "/v1/states" });
    assert.notEqual(first.headers.etag, full.headers.etag);
    const again = await app.inject({
      url: "/v1/states?fields=code,status",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });
});

describe("GeoJSON of /v1/states", () => {
  async function geo(url: string, headers: Record<string, string> = {}) {
    const response = await app.inject({ url, headers });
    assert.equal(response.statusCode, 200, response.body.slice(0, 300));
    assert.match(String(response.headers["content-type"]), /^application\/geo\+json/);
    return { response, body: json<Collection>(response) };
  }

  test("format=geojson: a valid FeatureCollection, one valid geometry per jurisdiction", async () => {
    const { response, body } = await geo("/v1/states?format=geojson&include=territories");
    checkGeoJson(response.body);
    assert.equal(body.type, "FeatureCollection");
    assert.equal(body.features.length, 56);
    for (const feature of body.features) {
      assert.ok(["Polygon", "MultiPolygon"].includes(feature.geometry.type), feature.id);
      assert.equal(feature.properties.code, feature.id);
      assert.ok(typeof feature.properties.status === "string");
    }
    const ca = body.features.find((f) => f.id === "CA");
    const [lon, lat] = (ca?.geometry.coordinates.flat(3) ?? []) as number[];
    assert.ok(lon !== undefined && lon < -114 && lon > -125, `CA longitude ${lon}`);
    assert.ok(lat !== undefined && lat > 32 && lat < 42.1, `CA latitude ${lat}`);
    assert.equal(body.meta.count, 56);
  });

  test("Accept: application/geo+json chooses it; */* and no Accept stay JSON; format wins", async () => {
    await geo("/v1/states", { accept: "application/geo+json" });
    const wildcard = await app.inject({ url: "/v1/states", headers: { accept: "*/*" } });
    assert.match(String(wildcard.headers["content-type"]), /^application\/json/);
    const none = await app.inject({ url: "/v1/states" });
    assert.match(String(none.headers["content-type"]), /^application\/json/);
    assert.match(String(none.headers.vary), /Accept/);
    const jsonWins = await app.inject({
      url: "/v1/states?format=json",
      headers: { accept: "application/geo+json" },
    });
    assert.match(String(jsonWins.headers["content-type"]), /^application\/json/);
    await geo("/v1/states?format=geojson", { accept: "application/json" });
  });

  test("a tie or a wildcard goes to JSON: the interactive console's Accept gets JSON", async () => {
    const typeFor = async (accept: string) =>
      String(
        (await app.inject({ url: "/v1/states", headers: { accept } })).headers["content-type"],
      );
    // What /docs/try's console sends for an operation that answers both.
    assert.match(await typeFor("application/json, application/geo+json"), /^application\/json/);
    assert.match(await typeFor("application/geo+json, application/json"), /^application\/json/);
    assert.match(await typeFor("application/geo+json, */*"), /^application\/json/);
    assert.match(await typeFor("application/geo+json, application/*"), /^application\/json/);
    // GeoJSON when it is preferred.
    assert.match(
      await typeFor("application/json;q=0.9, application/geo+json"),
      /^application\/geo\+json/,
    );
    assert.match(await typeFor("application/geo+json, */*;q=0.1"), /^application\/geo\+json/);
  });

  test("honours filters, as_of and fields", async () => {
    const { body } = await geo("/v1/states?format=geojson&as_of=2012-12-10&status=adult_use");
    assert.deepEqual(body.features.map((f) => f.id).sort(), ["CO", "WA"]);
    assert.equal(body.meta.as_of, "2012-12-10");
    const { body: sparse } = await geo("/v1/states?format=geojson&fields=code,status");
    for (const feature of sparse.features) {
      assert.deepEqual(Object.keys(feature.properties), ["code", "status"]);
    }
  });

  test("its own ETag, 304, and compression", async () => {
    const { response } = await geo("/v1/states?format=geojson");
    const jsonList = await app.inject({ url: "/v1/states" });
    assert.notEqual(response.headers.etag, jsonList.headers.etag);
    const again = await app.inject({
      url: "/v1/states?format=geojson",
      headers: { "if-none-match": String(response.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    const br = await injectCompressed(app, "/v1/states?format=geojson", "br");
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), response.body);
  });

  test("an unknown format is a 400 naming the accepted values", async () => {
    const response = await app.inject({ url: "/v1/states?format=csv" });
    assert.equal(response.statusCode, 400);
    const problem = json(response);
    assert.equal(problem.code, "invalid_parameter");
    assert.equal(problem.parameter, "format");
    assert.match(String(problem.detail), /json or geojson/);
  });

  test("carries the rate-limit headers like every /v1 response", async () => {
    const { response } = await geo("/v1/states?format=geojson");
    for (const header of ["ratelimit", "ratelimit-policy", "x-ratelimit-limit", "x-request-id"]) {
      assert.ok(response.headers[header] !== undefined, header);
    }
  });
});

describe("GeoJSON properties are the columns of jurisdictions.csv", () => {
  // A day on which every record is past its review, so the file and the API show the same law.
  const day = realDataset()
    .jurisdictions.map((record) => record.last_reviewed)
    .sort()
    .at(-1);
  assert.ok(day !== undefined);
  let onDay: TestApp;
  let header: string[] = [];
  let rows: Map<string, string[]>;
  before(async () => {
    const clock = createFakeClock(Date.parse(`${day}T12:00:00Z`));
    onDay = await buildTestApp({ clock, lawClock: clock });
    const dataset = realDataset();
    const file = buildReleaseFiles({
      ...dataset,
      manifest: { ...dataset.manifest, released: day },
    }).find((item) => item.name === "jurisdictions.csv");
    assert.ok(file);
    const [first, ...rest] = parse(file.body.toString("utf8")) as string[][];
    header = first ?? [];
    rows = new Map(rest.map((row) => [row[0] ?? "", row]));
  });
  after(() => onDay.close());

  /** A property as the CSV writes it: booleans 1/0, null empty. */
  const asCsv = (value: unknown) =>
    value === null ? "" : value === true ? "1" : value === false ? "0" : String(value);

  async function features(url: string) {
    const response = await onDay.inject({ url });
    assert.equal(response.statusCode, 200, response.body.slice(0, 300));
    return json<Collection>(response).features;
  }

  test("every jurisdiction: the same names, in order, and the same values", async () => {
    const all = await features("/v1/states?format=geojson&include=territories");
    assert.equal(all.length, rows.size);
    assert.ok(header.includes("adult_use_delivery_confidence"), "the CSV has the companions");
    for (const feature of all) {
      const row = rows.get(feature.id);
      assert.ok(row, feature.id);
      assert.deepEqual(Object.keys(feature.properties), header, feature.id);
      header.forEach((name, index) => {
        const value = feature.properties[name];
        assert.ok(
          value === null || ["string", "number", "boolean"].includes(typeof value),
          `${feature.id} ${name} is flat`,
        );
        assert.equal(asCsv(value), row[index], `${feature.id} ${name}`);
      });
      assert.equal(typeof feature.properties.decriminalized, "boolean", feature.id);
      assert.equal(typeof feature.properties.source_count, "number", feature.id);
    }
  });

  test("fields= keeps the columns derived from the named fields, and code", async () => {
    const hemp = await features("/v1/states?format=geojson&fields=hemp");
    const hempColumns = header.filter((name) => name.startsWith("hemp_"));
    assert.ok(hempColumns.includes("hemp_federal_intoxicating_products"));
    for (const feature of hemp) {
      assert.deepEqual(Object.keys(feature.properties), ["code", ...hempColumns]);
    }
    const counted = await features("/v1/states?format=geojson&fields=sources,status");
    assert.deepEqual(Object.keys(counted[0]?.properties ?? {}), ["code", "status", "source_count"]);
    const none = await features("/v1/states?format=geojson&fields=upcoming");
    assert.deepEqual(Object.keys(none[0]?.properties ?? {}), ["code"]);
  });

  test("as_of: the columns of the record on that day", async () => {
    const then = await features("/v1/states?format=geojson&as_of=2012-12-10&include=territories");
    assert.equal(then.length, rows.size);
    for (const feature of then) assert.deepEqual(Object.keys(feature.properties), header);
    const co = then.find((feature) => feature.id === "CO")?.properties ?? {};
    assert.equal(co.adult_use_legal, true);
    assert.equal(co.hemp_federal_intoxicating_products, null, "before Pub. L. 119-37 took effect");
    const ca = then.find((feature) => feature.id === "CA")?.properties ?? {};
    assert.equal(ca.adult_use_legal, false);
    assert.equal(ca.adult_use_delivery, null);
    assert.equal(ca.adult_use_delivery_null_reason, "not_applicable");
    assert.equal(ca.adult_use_delivery_confidence, null);
  });
});

describe("{code}", () => {
  test("a code of the wrong shape is still 404 jurisdiction_not_found", async () => {
    for (const url of ["/v1/states/CAL", "/v1/states/1/history"]) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 404);
      assert.equal(json(response).code, "jurisdiction_not_found");
    }
  });
});

describe("deprecation (operator setting)", () => {
  test("off by default: no Deprecation, Sunset or Link", async () => {
    const response = await app.inject({ url: "/v1/federal" });
    assert.equal(response.headers.deprecation, undefined);
    assert.equal(response.headers.sunset, undefined);
  });

  test("on: Deprecation (RFC 9745), Sunset (RFC 8594) and Link on every /v1 response", async () => {
    const deprecated = await buildTestApp(
      {},
      {
        API_DEPRECATED_AT: "2027-01-01",
        API_SUNSET_AT: "2027-07-01",
        API_DEPRECATION_LINK: "https://example.org/migrate",
      },
    );
    try {
      for (const url of ["/v1/states", "/v1/changes", "/v1/states/ZZ"]) {
        const response = await deprecated.inject({ url });
        assert.equal(response.headers.deprecation, `@${Date.parse("2027-01-01T00:00:00Z") / 1000}`);
        assert.equal(response.headers.sunset, "Thu, 01 Jul 2027 00:00:00 GMT");
        assert.match(
          String(response.headers.link),
          /<https:\/\/example\.org\/migrate>; rel="deprecation"/,
        );
        assert.match(String(response.headers.link), /rel="sunset"/);
      }
      const site = await deprecated.inject({ url: "/healthz" });
      assert.equal(site.headers.deprecation, undefined);
    } finally {
      await deprecated.close();
    }
  });

  test("one route only", async () => {
    const deprecated = await buildTestApp(
      {},
      { API_DEPRECATED_AT: "2027-01-01", API_DEPRECATED_ROUTES: "/v1/changes" },
    );
    try {
      const changes = await deprecated.inject({ url: "/v1/changes" });
      assert.ok(changes.headers.deprecation);
      assert.equal(changes.headers.sunset, undefined);
      assert.match(String(changes.headers.link), /<http:\/\/api\.test\/docs>; rel="deprecation"/);
      const states = await deprecated.inject({ url: "/v1/states" });
      assert.equal(states.headers.deprecation, undefined);
    } finally {
      await deprecated.close();
    }
  });
});
