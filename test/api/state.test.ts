import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

type Event = {
  id: string;
  jurisdiction: string;
  date: string;
  effective: string | null;
  kind: string;
  sources: unknown[];
};

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ method: "GET", url });

describe("GET /v1/states/{code}", () => {
  test("returns one record, with the same bytes for any letter case", async () => {
    const upper = await get("/v1/states/CA");
    const lower = await get("/v1/states/ca");
    assert.equal(upper.statusCode, 200);
    assert.equal(lower.statusCode, 200);
    assert.equal(upper.body, lower.body);
    assert.equal(upper.headers.etag, lower.headers.etag);
    const body = json<{
      data: { code: string; fips: string; type: string };
      meta: { last_reviewed: string };
    }>(upper);
    assert.equal(body.data.code, "CA");
    assert.equal(body.data.fips, "06");
    assert.equal(body.data.type, "state");
    assert.match(body.meta.last_reviewed, /^\d{4}-\d{2}-\d{2}$/);
  });

  test("territories and DC are reachable without include=", async () => {
    for (const code of ["pr", "GU", "vi", "MP", "as", "dc"]) {
      assert.equal((await get(`/v1/states/${code}`)).statusCode, 200, code);
    }
  });

  for (const code of ["ZZ", "CAL", "1", "%E2%9C%93"]) {
    test(`404 jurisdiction_not_found for ${code}`, async () => {
      const response = await get(`/v1/states/${code}`);
      assert.equal(response.statusCode, 404);
      assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
      assert.equal(json(response).code, "jurisdiction_not_found");
    });
  }

  test("a query parameter on a record is refused", async () => {
    const response = await get("/v1/states/CA?include=territories");
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).code, "unknown_parameter");
  });
});

describe("GET /v1/states/{code}/history", () => {
  test("returns the jurisdiction's events, oldest first, each sourced", async () => {
    const response = await get("/v1/states/co/history");
    assert.equal(response.statusCode, 200);
    const body = json<{ data: Event[]; meta: { count: number; jurisdiction: string } }>(response);
    assert.equal(body.meta.jurisdiction, "CO");
    assert.equal(body.meta.count, body.data.length);
    assert.ok(body.data.length >= 3);
    const dates = body.data.map((e) => e.date);
    assert.deepEqual(dates, [...dates].sort());
    assert.ok(body.data.every((e) => e.jurisdiction === "CO" && e.sources.length > 0));
    assert.equal(new Set(body.data.map((e) => e.id)).size, body.data.length);
    assert.ok(body.data.some((e) => e.kind === "adult_use_legalized"));
  });

  test("404 for an unknown code", async () => {
    const response = await get("/v1/states/XX/history");
    assert.equal(response.statusCode, 404);
    assert.equal(json(response).code, "jurisdiction_not_found");
  });
});

describe("GET /v1/federal", () => {
  test("returns the schedule, rescheduling, hemp and riders with sources and history", async () => {
    const response = await get("/v1/federal");
    assert.equal(response.statusCode, 200);
    const { data } = json<{
      data: {
        csa_schedule: { schedule: string; sources: unknown[] };
        rescheduling: { stage: string; sources: unknown[] };
        hemp: { definition: string; sources: unknown[] };
        appropriations_riders: { name: string; sources: unknown[] }[];
        history: Event[];
      };
    }>(response);
    assert.ok(["I", "II", "III", "IV", "V", "descheduled"].includes(data.csa_schedule.schedule));
    assert.ok(data.csa_schedule.sources.length > 0);
    assert.ok(data.rescheduling.sources.length > 0);
    assert.ok(data.hemp.definition.length > 0 && data.hemp.sources.length > 0);
    assert.ok(data.appropriations_riders.length > 0);
    assert.ok(data.history.every((e) => e.jurisdiction === "US"));
    const dates = data.history.map((e) => e.date);
    assert.deepEqual(dates, [...dates].sort());
  });
});

describe("currency and the law behind the facts", () => {
  test("every endpoint's meta states how current the sources are, beside last_reviewed", async () => {
    const expected = realDataset().manifest.sources_current_to ?? null;
    for (const url of [
      "/v1/states",
      "/v1/states/CO",
      "/v1/states/CO/history",
      "/v1/federal",
      "/v1/changes?limit=1",
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      const { meta } = json<{ meta: { last_reviewed: string; sources_current_to: unknown } }>(
        response,
      );
      assert.equal(meta.sources_current_to, expected, url);
      assert.match(meta.last_reviewed, /^\d{4}-\d{2}-\d{2}$/, url);
    }
  });

  test("federal sections and events carry their authority: a citation, and an official URL or null", async () => {
    const { data } = json<{
      data: {
        csa_schedule: { authority: { citation: string; url: string | null } };
        history: { authority?: { citation: string; url: string | null } | null }[];
      };
    }>(await get("/v1/federal"));
    assert.match(data.csa_schedule.authority.citation, /21 U\.S\.C\. § 812/);
    const order = data.history.find((e) => e.authority?.citation.includes("6754-2026"));
    assert.ok(order?.authority?.url?.startsWith("https://www.federalregister.gov/"));
    for (const event of data.history) assert.ok(event.authority?.citation, JSON.stringify(event));
  });
});
