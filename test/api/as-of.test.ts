import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { isoDay } from "../../src/lib/dates.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

type Rec = {
  code: string;
  status: string | null;
  decriminalized: boolean | null;
  decriminalization: { since: string | null };
  adult_use: { legal: boolean | null; effective: string | null; sales_began: string | null };
  medical: { legal: boolean | null; program: string | null };
};

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

async function onDay(code: string, day: string): Promise<Rec> {
  const response = await app.inject({ url: `/v1/states/${code}?as_of=${day}` });
  assert.equal(response.statusCode, 200, response.body);
  const body = json<{ data: Rec; meta: { as_of: string } }>(response);
  assert.equal(body.meta.as_of, day);
  return body.data;
}

describe("as_of: known turning points", () => {
  test("Colorado: medical only the day before Amendment 64 took effect, adult use from 2012-12-10", async () => {
    const before = await onDay("CO", "2012-12-09");
    assert.equal(before.status, "medical");
    assert.equal(before.adult_use.legal, false);
    assert.equal(before.adult_use.effective, null);
    assert.equal(before.medical.program, "comprehensive");
    const after = await onDay("co", "2012-12-10");
    assert.equal(after.status, "adult_use");
    assert.equal(after.adult_use.legal, true);
    assert.equal(after.decriminalized, true);
    assert.equal(after.adult_use.sales_began, null, "shops opened only in 2014");
    assert.equal((await onDay("CO", "2014-01-01")).adult_use.sales_began, "2014-01-01");
  });

  test("Colorado's 1975 decriminalization, known by its year: unknown in 1975, true from 1976 on", async () => {
    assert.equal((await onDay("CO", "1975-12-31")).decriminalized, null);
    const by = await onDay("CO", "1976-01-01");
    assert.equal(by.decriminalized, true);
    assert.equal(by.decriminalization.since, null);
    assert.equal((await onDay("CO", "2012-12-09")).decriminalized, true);
  });

  test("Virginia: decriminalized 2020-07-01, adult use 2021-07-01, no retail sales", async () => {
    const beforeDecrim = await onDay("VA", "2020-06-30");
    assert.equal(beforeDecrim.decriminalized, false);
    assert.equal(beforeDecrim.status, "medical");
    const decrim = await onDay("VA", "2020-07-01");
    assert.equal(decrim.decriminalized, true);
    assert.equal(decrim.status, "medical");
    assert.equal((await onDay("VA", "2021-06-30")).adult_use.legal, false);
    const legal = await onDay("VA", "2021-07-01");
    assert.equal(legal.status, "adult_use");
    assert.equal(legal.adult_use.sales_began, null);
  });

  test("Vermont: legal in 2018, sales years later (2022-10-01)", async () => {
    const between = await onDay("VT", "2020-01-01");
    assert.equal(between.adult_use.legal, true);
    assert.equal(between.adult_use.sales_began, null);
    assert.equal((await onDay("VT", "2022-10-01")).adult_use.sales_began, "2022-10-01");
  });

  test("a state without a medical program then: New Jersey in 2009", async () => {
    const record = await onDay("NJ", "2009-12-31");
    assert.equal(record.medical.program, "none");
    assert.equal(record.medical.legal, false);
    assert.equal(record.status, "prohibited");
  });

  test("Illinois: decriminalized 2016-07-29; New Jersey's first dispensary 2012-12-06", async () => {
    assert.equal((await onDay("IL", "2016-07-28")).decriminalized, false);
    assert.equal((await onDay("IL", "2016-07-29")).decriminalized, true);
    const before = (await onDay("NJ", "2012-12-05")) as Rec & {
      medical: { sales_began?: unknown };
    };
    const opened = (await onDay("NJ", "2012-12-06")) as Rec & {
      medical: { sales_began?: unknown };
    };
    assert.equal(before.medical.sales_began, null);
    assert.equal(opened.medical.sales_began, "2012-12-06");
  });

  test("filters apply to that day's values", async () => {
    const response = await app.inject({ url: "/v1/states?as_of=2012-12-10&status=adult_use" });
    const body = json<{ data: Rec[]; meta: { count: number; as_of: string } }>(response);
    assert.deepEqual(body.data.map((r) => r.code).sort(), ["CO", "WA"]);
    assert.equal(body.meta.as_of, "2012-12-10");
  });
});

describe("as_of: property", () => {
  test("as_of=today equals every current record's status and flags", async () => {
    const today = isoDay(new Date());
    const current = json<{ data: Rec[] }>(
      await app.inject({ url: "/v1/states?include=territories" }),
    ).data;
    const then = json<{ data: Rec[] }>(
      await app.inject({ url: `/v1/states?include=territories&as_of=${today}` }),
    ).data;
    assert.equal(then.length, realDataset().jurisdictions.length);
    for (const [index, record] of current.entries()) {
      const past = then[index];
      assert.equal(past?.code, record.code);
      assert.equal(past?.status, record.status, record.code);
      assert.equal(past?.decriminalized, record.decriminalized, record.code);
      assert.equal(past?.adult_use.legal, record.adult_use.legal, record.code);
      assert.equal(past?.adult_use.sales_began, record.adult_use.sales_began, record.code);
      assert.equal(past?.medical.program, record.medical.program, record.code);
    }
  });

  test("on any day, a known status agrees with the flags it is derived from", async () => {
    const codes = realDataset().jurisdictions.map((j) => j.code);
    const start = Date.parse("1990-01-01");
    const end = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codes),
        fc.integer({ min: 0, max: Math.floor((end - start) / 86_400_000) }),
        async (code, offset) => {
          const day = isoDay(new Date(start + offset * 86_400_000));
          const record = await onDay(code, day);
          if (record.status === "adult_use") assert.equal(record.adult_use.legal, true);
          if (record.adult_use.legal === true) assert.notEqual(record.decriminalized, false);
          if (record.adult_use.sales_began !== null) assert.ok(record.adult_use.sales_began <= day);
          if (record.status === "prohibited") assert.equal(record.medical.program, "none");
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("as_of: errors", () => {
  for (const [query, code] of [
    ["as_of=1850-01-01", "invalid_as_of"],
    [`as_of=${isoDay(new Date(Date.now() + 400 * 86_400_000))}`, "invalid_as_of"],
    ["as_of=2021-02-30", "invalid_parameter"],
    ["as_of=yesterday", "invalid_parameter"],
  ] as const) {
    test(`${query} → 400 ${code}`, async () => {
      for (const path of ["/v1/states", "/v1/states/CA"]) {
        const response = await app.inject({ url: `${path}?${query}` });
        assert.equal(response.statusCode, 400);
        assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
        const problem = json(response);
        assert.equal(problem.code, code);
        assert.equal(problem.parameter, "as_of");
      }
    });
  }

  test("a date within the next year is answered from enacted changes", async () => {
    const day = isoDay(new Date(Date.now() + 300 * 86_400_000));
    assert.equal((await app.inject({ url: `/v1/states?as_of=${day}` })).statusCode, 200);
  });
});
