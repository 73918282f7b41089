/**
 * A real HTTP client with retry support (ky) against the real server: it
 * hits the limit, honours Retry-After, and succeeds once the window frees.
 * The window is one second (an operator setting), so the wait is real and short.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import ky from "ky";
import { buildTestApp } from "../helpers.ts";

test("ky retries a 429 after Retry-After and then succeeds", async () => {
  const statuses: number[] = [];
  const app = await buildTestApp({}, { PUBLIC_RATE_LIMIT: "1", PUBLIC_RATE_WINDOW_SECONDS: "1" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === "object");
  const base = `http://127.0.0.1:${address.port}`;
  const retries: number[] = [];
  const client = ky.create({
    retry: {
      limit: 2,
      methods: ["get"],
      statusCodes: [429],
      afterStatusCodes: [429],
      maxRetryAfter: 5_000,
    },
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          statuses.push(response.status);
        },
      ],
      beforeRetry: [
        ({ error }) => {
          retries.push((error as { response?: Response }).response?.status ?? 0);
        },
      ],
    },
  });
  try {
    const first = await client.get(`${base}/v1/federal`);
    assert.equal(first.status, 200);
    const started = Date.now();
    const second = await client.get(`${base}/v1/states/CA`);
    assert.equal(second.status, 200);
    const body = (await second.json()) as { data: { code: string } };
    assert.equal(body.data.code, "CA");
    assert.deepEqual(retries, [429], "one retry, after a 429");
    assert.ok(Date.now() - started >= 900, "it waited for the window to free");
    assert.deepEqual(statuses, [200, 429, 200]);
  } finally {
    await app.close();
  }
});
