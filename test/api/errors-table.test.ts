/**
 * Walks the closed error table: every code is produced by a real request
 * and rendered as problem+json with its documented status.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { ERROR_CODES, type ErrorCode } from "../../src/errors.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase, json, type TestApp } from "../helpers.ts";

let app: TestApp;
let expiredKey = "";
before(async () => {
  const database = await createTestDatabase();
  expiredKey = await insertUserWithKey(database.db, {
    expiresAt: "2026-01-02T00:00:00.000Z",
    nowIso: "2026-01-01T00:00:00.000Z",
  });
  app = await buildTestApp({ database }, {}, (instance) => {
    instance.get("/fails", () => {
      throw new Error("boom");
    });
  });
});
after(() => app.close());

type Trigger = () => Promise<LightMyRequestResponse>;

const inject =
  (options: InjectOptions): Trigger =>
  () =>
    app.inject(options);

async function withApp(
  env: Record<string, string>,
  run: (other: TestApp) => Promise<LightMyRequestResponse>,
) {
  const other = await buildTestApp({}, env);
  try {
    return await run(other);
  } finally {
    await other.close();
  }
}

/** Sends raw bytes to a listening app and parses what comes back (for errors before any route). */
async function rawExchange(env: Record<string, string>, bytes: string) {
  const other = await buildTestApp({}, env);
  await other.listen({ port: 0, host: "127.0.0.1" });
  const address = other.server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: "127.0.0.1" }, () => socket.write(bytes));
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk;
      });
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
    const [head = "", body = ""] = text.split("\r\n\r\n", 2);
    const [status = "", ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
    );
    return {
      statusCode: Number(status.split(" ")[1]),
      headers,
      body,
    } as unknown as LightMyRequestResponse;
  } finally {
    await other.close();
  }
}

const TRIGGERS: Record<ErrorCode, Trigger> = {
  request_timeout: () =>
    rawExchange(
      { REQUEST_TIMEOUT_MS: "1000", HEADERS_TIMEOUT_MS: "500" },
      "GET /v1/states HTTP/1.1\r\nHost: api.test\r\n",
    ),
  request_header_fields_too_large: () =>
    rawExchange(
      {},
      `GET /v1/states HTTP/1.1\r\nHost: api.test\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ),
  invalid_parameter: inject({ url: "/v1/changes?limit=0" }),
  unknown_parameter: inject({ url: "/v1/federal?verbose=1" }),
  unknown_field: inject({ url: "/v1/states?fields=code,colour" }),
  invalid_as_of: inject({ url: "/v1/states?as_of=1850-01-01" }),
  api_key_in_query: inject({ url: "/v1/states?api_key=x" }),
  invalid_cursor: inject({ url: "/v1/changes?cursor=%2A%2A" }),
  bad_request: inject({
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/json" },
    payload: "{ not json",
  }),
  invalid_api_key: inject({ url: "/v1/states", headers: { "x-api-key": "cls_not-a-real-key" } }),
  expired_api_key: () => app.inject({ url: "/v1/states", headers: { "x-api-key": expiredKey } }),
  csrf_failed: inject({
    method: "POST",
    url: "/login",
    headers: { origin: "http://api.test", "content-type": "application/x-www-form-urlencoded" },
    payload: "email=a%40b.example&password=x",
  }),
  cross_origin_refused: inject({
    method: "POST",
    url: "/login",
    headers: {
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: "email=a%40b.example&password=x",
  }),
  not_found: inject({ url: "/v2/states" }),
  jurisdiction_not_found: inject({ url: "/v1/states/QQ" }),
  method_not_allowed: inject({ method: "DELETE", url: "/v1/federal" }),
  payload_too_large: inject({
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/json" },
    payload: `"${"x".repeat(1_100_000)}"`,
  }),
  unsupported_media_type: inject({
    method: "POST",
    url: "/v1/states",
    headers: { "content-type": "application/x-unknown" },
    payload: "x",
  }),
  rate_limited: () =>
    withApp({ PUBLIC_RATE_LIMIT: "1" }, async (other) => {
      await other.inject({ url: "/v1/federal" });
      return other.inject({ url: "/v1/federal" });
    }),
  api_key_not_checked: () =>
    withApp({ PUBLIC_RATE_LIMIT: "1" }, async (other) => {
      await other.inject({ url: "/v1/federal" });
      // Over the public limit: the client's look-ups of new keys are rationed (10 a minute).
      for (let i = 0; i < 10; i++)
        await other.inject({ url: "/v1/federal", headers: { "x-api-key": generateApiKey() } });
      return other.inject({ url: "/v1/federal", headers: { "x-api-key": generateApiKey() } });
    }),
  internal_error: inject({ url: "/fails" }),
  service_unavailable: async () => {
    const database = await createTestDatabase();
    const other = await buildTestApp({ database });
    await database.close();
    try {
      return await other.inject({ url: "/v1/states", headers: { "x-api-key": expiredKey } });
    } finally {
      await other.close();
    }
  },
};

describe("the error table", () => {
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    test(`${code} → ${ERROR_CODES[code].status} problem+json`, async () => {
      const response = await TRIGGERS[code]();
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
