/**
 * The first `as_of` answer after start is as quick as the later ones: the
 * server builds one of each kind on the turn after it starts listening
 * (src/api/api.register.ts), so no caller pays for compiling what they all
 * share. Its own file: the serializers are compiled once per process.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isAsOfWarm } from "../../src/api/api.views.ts";
import { buildTestApp, json } from "../helpers.ts";
import { until } from "../support/wait.ts";

test("listening warms the as_of answers before anyone asks for one", async () => {
  const app = await buildTestApp();
  assert.equal(isAsOfWarm(), false, "nothing is compiled while the app is built");
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    await until("the as_of answers warmed", () => isAsOfWarm(), 30_000);
    const response = await app.inject({ url: "/v1/states/CA?as_of=2020-01-01" });
    assert.equal(response.statusCode, 200);
    assert.equal(json<{ meta: { as_of: string } }>(response).meta.as_of, "2020-01-01");
  } finally {
    await app.close();
  }
});
