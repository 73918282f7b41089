import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

type Record_ = {
  code: string;
  name: string;
  type: string;
  status: string;
  decriminalized: boolean;
  sources: unknown[];
};
type List = {
  data: Record_[];
  meta: { dataset_version: string; last_reviewed: string; count: number };
};

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("GET /v1/states (happy)", () => {
  test("returns the 50 states and DC by default, sorted by name, in the envelope", async () => {
    const response = await get("/v1/states");
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^application\/json; charset=utf-8/);
    const body = json<List>(response);
    assert.equal(body.data.length, 51);
    assert.equal(body.meta.count, 51);
    assert.ok(body.data.every((j) => j.type !== "territory"));
    assert.ok(body.data.some((j) => j.code === "DC"));
    const names = body.data.map((j) => j.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, "en")),
    );
    assert.equal(body.meta.dataset_version, realDataset().manifest.version);
    assert.match(body.meta.last_reviewed, /^\d{4}-\d{2}-\d{2}$/);
  });

  test("include=territories adds PR, GU, VI, MP and AS", async () => {
    const body = json<List>(await get("/v1/states?include=territories"));
    assert.equal(body.data.length, 56);
    for (const code of ["PR", "GU", "VI", "MP", "AS"])
      assert.ok(
        body.data.some((j) => j.code === code),
        code,
      );
  });

  test("status= keeps only the listed categories", async () => {
    const all = json<List>(await get("/v1/states?include=territories")).data;
    for (const status of ["adult_use", "medical", "low_thc", "prohibited"]) {
      const body = json<List>(await get(`/v1/states?status=${status}&include=territories`));
      assert.deepEqual(
        body.data.map((j) => j.code),
        all.filter((j) => j.status === status).map((j) => j.code),
        status,
      );
    }
    const two = json<List>(await get("/v1/states?status=medical,low_thc"));
    assert.ok(two.data.length > 0);
    assert.ok(two.data.every((j) => j.status === "medical" || j.status === "low_thc"));
    assert.equal(two.meta.count, two.data.length);
  });

  test("decriminalized=true|false splits the list", async () => {
    const yes = json<List>(await get("/v1/states?decriminalized=true")).data;
    const no = json<List>(await get("/v1/states?decriminalized=false")).data;
    assert.ok(yes.length > 0 && no.length > 0);
    assert.ok(yes.every((j) => j.decriminalized));
    assert.ok(no.every((j) => !j.decriminalized));
    assert.equal(yes.length + no.length, 51);
  });

  test("filters combine", async () => {
    const body = json<List>(
      await get("/v1/states?status=medical&decriminalized=true&include=territories"),
    );
    assert.ok(body.data.every((j) => j.status === "medical" && j.decriminalized));
  });

  test("every record carries sources", async () => {
    const body = json<List>(await get("/v1/states?include=territories"));
    assert.ok(body.data.every((j) => j.sources.length > 0));
  });
});

describe("GET /v1/states (errors)", () => {
  for (const [query, parameter] of [
    ["status=legal", "status"],
    ["status=", "status"],
    ["status=medical,,low_thc", "status"],
    ["decriminalized=yes", "decriminalized"],
    ["include=everything", "include"],
  ] as const) {
    test(`400 names the parameter for ?${query}`, async () => {
      const response = await get(`/v1/states?${query}`);
      assert.equal(response.statusCode, 400);
      assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
      const problem = json(response);
      assert.equal(problem.code, "invalid_parameter");
      assert.equal(problem.parameter, parameter);
      assert.match(String(problem.detail), new RegExp(`'${parameter}'`));
    });
  }

  test("an unknown parameter is refused, naming it", async () => {
    const response = await get("/v1/states?staus=medical");
    assert.equal(response.statusCode, 400);
    const problem = json(response);
    assert.equal(problem.code, "unknown_parameter");
    assert.equal(problem.parameter, "staus");
  });
});
