/**
 * The prebuilt bodies are written with JSON.stringify (api.views.ts). This
 * checks that they carry exactly what the response schemas' serializer
 * would write: same fields, same values, nothing extra. The `as_of`
 * answers, rebuilt from the history for a past day, are written the same
 * way and checked on every day a record turns.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fastJson from "fast-json-stringify";
import type { TSchema } from "typebox";
import {
  ChangesResponse,
  FederalResponse,
  HistoryResponse,
  StateAsOfResponse,
  StateResponse,
  StatesAsOfResponse,
  StatesResponse,
} from "../../src/api/api.schemas.ts";
import { buildApiViews } from "../../src/api/api.views.ts";
import { createLawModel } from "../../src/dataset/law.ts";
import { nextDay } from "../../src/lib/zoned-time.ts";
import { realDataset } from "../helpers.ts";

function assertSchemaShaped(schema: TSchema, body: Buffer, label: string) {
  const served: unknown = JSON.parse(body.toString("utf8"));
  const reference: unknown = JSON.parse(fastJson(schema)(served));
  assert.deepEqual(served, reference, label);
}

describe("prebuilt bodies match the response schemas", () => {
  const views = buildApiViews(realDataset(), createLawModel(realDataset()));
  const dataset = realDataset();

  test("the state lists, default and filtered", () => {
    for (const includeTerritories of [false, true]) {
      for (const statuses of [null, ["adult_use"] as const]) {
        const view = views.states({
          includeTerritories,
          statuses,
          decriminalized: null,
          salesOperating: null,
        });
        assertSchemaShaped(StatesResponse, view.identity, `list ${includeTerritories}`);
      }
    }
  });

  test("every record and every history", () => {
    for (const { code } of dataset.jurisdictions) {
      assertSchemaShaped(StateResponse, views.state(code)?.identity ?? Buffer.from("null"), code);
      assertSchemaShaped(
        HistoryResponse,
        views.history(code)?.identity ?? Buffer.from("null"),
        `${code} history`,
      );
    }
  });

  test("the federal record and a page of changes on each basis", () => {
    assertSchemaShaped(FederalResponse, views.federal.identity, "federal");
    for (const basis of ["enacted", "effective"] as const) {
      const events = views.changes[basis].all;
      const body = views.changesBody(
        events.slice(0, 50).map((item) => item.json),
        {
          dataset_version: views.datasetVersion,
          last_reviewed: views.lastReviewed,
          sources_current_to: views.sourcesCurrentTo,
          count: Math.min(50, events.length),
          basis,
          next: null,
        },
      );
      assertSchemaShaped(ChangesResponse, Buffer.from(body), `changes (${basis})`);
    }
  });

  test("as_of answers on every day a record can turn (a date in its data, and the day after)", () => {
    const ISO = /^\d{4}-\d{2}-\d{2}$/;
    const turningDays = new Set<string>();
    const collect = (value: unknown) => {
      if (typeof value === "string" && ISO.test(value)) turningDays.add(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === "object") Object.values(value).forEach(collect);
    };
    collect(dataset.jurisdictions);
    collect([...dataset.histories.values()]);
    const days = [...turningDays].flatMap((day) => [day, nextDay(day)]);
    assert.ok(days.length > 100, `${days.length} days`);
    const all = {
      includeTerritories: true,
      statuses: null,
      decriminalized: null,
      salesOperating: null,
    };
    const states = fastJson(StatesAsOfResponse);
    const state = fastJson(StateAsOfResponse);
    const shaped = (serialize: (body: object) => string, body: Buffer, label: string) => {
      const served: object = JSON.parse(body.toString("utf8"));
      assert.deepEqual(served, JSON.parse(serialize(served)), label);
    };
    for (const day of new Set(days)) {
      // The list holds every jurisdiction's record on that day.
      const list = views.statesVariant(all, { asOf: day, fields: null, geojson: false });
      shaped(states, list.identity, `list as_of ${day}`);
      const one = views.stateVariant("CA", { asOf: day, fields: null });
      if (one !== undefined) shaped(state, one.identity, `CA as_of ${day}`);
    }
  });
});
