/**
 * Walks the closed error table: every code is produced by a real request
 * and rendered as problem+json with its documented status.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { InjectOptions } from "fastify";
import { ERROR_CODES, type ErrorCode } from "../../src/errors.ts";
import { buildTestApp, json, type TestApp } from "../helpers.ts";

let app: TestApp;
before(async () => {
  app = await buildTestApp({}, {}, (instance) => {
    instance.get("/fails", () => {
      throw new Error("boom");
    });
  });
});
after(() => app.close());

const TRIGGERS: Record<ErrorCode, InjectOptions> = {
  invalid_parameter: { url: "/v1/changes?limit=0" },
  unknown_parameter: { url: "/v1/federal?verbose=1" },
  api_key_in_query: { url: "/v1/states?api_key=x" },
  invalid_cursor: { url: "/v1/changes?cursor=%2A%2A" },
  bad_request: {
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/json" },
    payload: "{ not json",
  },
  not_found: { url: "/v2/states" },
  jurisdiction_not_found: { url: "/v1/states/QQ" },
  method_not_allowed: { method: "DELETE", url: "/v1/federal" },
  payload_too_large: {
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/json" },
    payload: `"${"x".repeat(1_100_000)}"`,
  },
  unsupported_media_type: {
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/x-unknown" },
    payload: "x",
  },
  internal_error: { url: "/fails" },
};

describe("the error table", () => {
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    test(`${code} → ${ERROR_CODES[code].status} problem+json`, async () => {
      const response = await app.inject(TRIGGERS[code]);
      assert.equal(response.statusCode, ERROR_CODES[code].status);
      assert.match(
        String(response.headers["content-type"]),
        /^application\/problem\+json; charset=utf-8/,
      );
      const problem = json(response);
      assert.equal(problem.code, code);
      assert.equal(problem.status, ERROR_CODES[code].status);
      assert.equal(problem.title, ERROR_CODES[code].title);
      assert.equal(problem.type, `/errors#${code}`);
      assert.equal(typeof problem.detail, "string");
      assert.equal(problem.request_id, response.headers["x-request-id"]);
    });
  }
});
