/**
 * The prebuilt bodies are written with JSON.stringify (api.views.ts). This
 * checks that they carry exactly what the response schemas' serializer
 * would write: same fields, same values, nothing extra.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fastJson from "fast-json-stringify";
import type { TSchema } from "typebox";
import {
  ChangesResponse,
  FederalResponse,
  HistoryResponse,
  StateResponse,
  StatesResponse,
} from "../../src/api/api.schemas.ts";
import { buildApiViews } from "../../src/api/api.views.ts";
import { createLawModel } from "../../src/dataset/law.ts";
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
});
