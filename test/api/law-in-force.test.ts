/**
 * The law in force moves at the start of its effective day in the
 * jurisdiction's own zone, in a running app, with no restart: every
 * representation — the record, the list and its filters, GeoJSON, ETags and
 * revalidation, Cache-Control, the fast lane's prebuilt bodies, the website
 * and the Atom feed — answers with the old law one second before and the new
 * law one second after. And on any day the current record is the record
 * `as_of` that day.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import type { Jurisdiction } from "../../src/dataset/dataset.schema.ts";
import { timeZoneOf } from "../../src/dataset/jurisdictions.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { startOfDayIn } from "../../src/lib/zoned-time.ts";
import { buildTestApp, json, realDataset, type TestApp } from "../helpers.ts";

const clock = createFakeClock();
let app: TestApp;
let origin: string;
before(async () => {
  app = await buildTestApp({ clock, lawClock: clock });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
});
after(() => app.close());

type Body<T> = { data: T; meta: Record<string, unknown> };

type Answer = { status: number; headers: Headers; text: string };

/**
 * Over real HTTP, so the fast lane (on the server's request event) answers
 * what it has prebuilt; one connection per request, closed after it.
 */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === "string") received.set(name, value);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: received,
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function record(code: string) {
  const response = await get(`/v1/states/${code}`);
  assert.equal(response.status, 200);
  return {
    ...(JSON.parse(response.text) as Body<Jurisdiction>),
    etag: response.headers.get("etag"),
  };
}

/** Everything that shows `code`'s status, at the clock's instant. */
async function everywhere(code: string) {
  const one = await record(code);
  const list = JSON.parse((await get("/v1/states?include=territories")).text) as Body<
    Jurisdiction[]
  >;
  const filtered = JSON.parse(
    (await get(`/v1/states?include=territories&status=${one.data.status}`)).text,
  ) as Body<Jurisdiction[]>;
  const geo = JSON.parse((await get("/v1/states?format=geojson")).text) as {
    features: { id: string; properties: { status: string } }[];
  };
  const page = (await get(`/states/${code}`)).text;
  const table = (await get("/states")).text;
  return {
    status: one.data.status,
    etag: one.etag,
    inList: list.data.find((item) => item.code === code)?.status,
    inFiltered: filtered.data.some((item) => item.code === code),
    inGeoJson: geo.features.find((feature) => feature.id === code)?.properties.status,
    page,
    table,
  };
}

const SECOND = 1_000;

describe("a change of law takes effect at midnight in its jurisdiction's zone", () => {
  test("Virginia, 2021-07-01 in America/New_York: medical one second before, adult use one second after", async () => {
    const midnight = startOfDayIn("America/New_York", "2021-07-01");
    assert.equal(new Date(midnight).toISOString(), "2021-07-01T04:00:00.000Z");

    clock.set(midnight - SECOND);
    const before = await everywhere("VA");
    assert.equal(before.status, "medical");
    assert.equal(before.inList, "medical");
    assert.equal(before.inGeoJson, "medical");
    assert.ok(before.inFiltered);
    const upcoming = (await record("VA")).data.upcoming;
    assert.ok(
      upcoming.some(
        (change) => change.kind === "adult_use_legalized" && change.effective === "2021-07-01",
      ),
      "the legalization is listed as upcoming the day before",
    );
    const cacheControl = (await get("/v1/states/VA")).headers.get("cache-control") ?? "";
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    assert.ok(maxAge <= 1, `max-age ${maxAge} reaches past the change (${cacheControl})`);
    assert.doesNotMatch(cacheControl, /stale-while-revalidate/);

    clock.set(midnight + SECOND);
    const after = await everywhere("VA");
    assert.equal(after.status, "adult_use");
    assert.equal(after.inList, "adult_use");
    assert.equal(after.inGeoJson, "adult_use");
    assert.ok(after.inFiltered);
    assert.notEqual(after.etag, before.etag);
    assert.notEqual(after.page, before.page);
    assert.match(after.page, /Legal for adults/);
    assert.notEqual(after.table, before.table);

    // Revalidating with yesterday's ETag gets today's body, not a 304.
    const revalidated = await get("/v1/states/VA", { "if-none-match": before.etag ?? "" });
    assert.equal(revalidated.status, 200);
    assert.equal((JSON.parse(revalidated.text) as Body<Jurisdiction>).data.status, "adult_use");
    const unchanged = await get("/v1/states/VA", { "if-none-match": after.etag ?? "" });
    assert.equal(unchanged.status, 304);
  });

  test("California, 2016-11-09 in America/Los_Angeles: the same instant is still the day before there", async () => {
    const midnight = startOfDayIn("America/Los_Angeles", "2016-11-09");
    assert.equal(new Date(midnight).toISOString(), "2016-11-09T08:00:00.000Z");
    // 07:59:59Z is already 2016-11-09 in New York, but not yet in California.
    clock.set(midnight - SECOND);
    assert.equal((await record("CA")).data.status, "medical");
    clock.set(midnight + SECOND);
    assert.equal((await record("CA")).data.status, "adult_use");
  });

  test("a change that sets values: its fields, their provenance and the upcoming list move at its moment", async (t) => {
    const change = [...realDataset().histories.entries()]
      .flatMap(([code, events]) => events.map((event) => ({ code, event })))
      .find(({ event }) => event.sets !== undefined && (event.effective ?? "") > "2026-11-25");
    if (change === undefined) {
      t.skip("the dataset records no future change that sets values");
      return;
    }
    const { code, event } = change;
    const effective = event.effective ?? "";
    const midnight = startOfDayIn(timeZoneOf(code), effective);
    const [path = "", value] = Object.entries(event.sets ?? {})[0] ?? [];
    const read = (body: Jurisdiction) =>
      path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body);

    clock.set(midnight - SECOND);
    const before = await record(code);
    assert.ok(before.data.upcoming.some((item) => item.id === event.id));
    assert.notDeepEqual(read(before.data), value);

    clock.set(midnight + SECOND);
    const after = await record(code);
    assert.deepEqual(read(after.data), value);
    assert.ok(!after.data.upcoming.some((item) => item.id === event.id));
    const [group, variable] = path.split(".");
    if (group !== undefined && variable !== undefined) {
      const provenance = (
        after.data[group as "adult_use"] as { provenance: Record<string, { since: string }> }
      ).provenance[variable];
      if (provenance !== undefined) assert.equal(provenance.since, effective);
    }
  });

  test("the Atom feed gains an entry when a law takes effect", async () => {
    const midnight = startOfDayIn("America/New_York", "2021-07-01");
    clock.set(midnight - SECOND);
    const before = (await get("/states/VA/changes.atom")).text;
    clock.set(midnight + SECOND);
    const after = (await get("/states/VA/changes.atom")).text;
    const inForce = (feed: string) => (feed.match(/<category term="took_effect"/g) ?? []).length;
    assert.equal(inForce(after), inForce(before) + 1);
    assert.match(after, /2021-07-01T04:00:00.000Z/);
  });
});

describe("the current record is the record as_of the same day", () => {
  test("for every jurisdiction and any day (property)", async () => {
    const codes = realDataset().jurisdictions.map((item) => item.code);
    const firstDay = Date.parse("1996-01-01T00:00:00Z");
    const lastDay = Date.parse("2027-10-01T00:00:00Z");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codes),
        fc.integer({ min: firstDay / 86_400_000, max: lastDay / 86_400_000 }),
        fc.integer({ min: 0, max: 86_399 }),
        async (code, dayNumber, second) => {
          const day = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
          // Any second of that day in the jurisdiction's own zone.
          clock.set(startOfDayIn(timeZoneOf(code), day) + second * SECOND);
          const current = json<Body<Jurisdiction>>(await app.inject({ url: `/v1/states/${code}` }));
          const asOf = json<Body<Jurisdiction>>(
            await app.inject({ url: `/v1/states/${code}?as_of=${day}` }),
          );
          assert.deepEqual(current.data, asOf.data, `${code} on ${day}`);
          assert.equal(asOf.meta.as_of, day);
        },
      ),
      { numRuns: 50 },
    );
  });
});
