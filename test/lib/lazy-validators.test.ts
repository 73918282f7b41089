/**
 * Request validators compiled on first use (src/lib/lazy-validators.ts):
 * every route's schema still compiles, validation still refuses and coerces
 * as before, and a validator is compiled once.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createLazyValidators } from "../../src/lib/lazy-validators.ts";
import { buildTestApp, json } from "../helpers.ts";

test("every route's request schema compiles, and none is compiled before it is needed", async () => {
  const validators = createLazyValidators();
  const app = await buildTestApp({ validators });
  try {
    const before = validators.pending();
    assert.ok(before > 10, `the app's routes have request schemas (${before} pending)`);
    // One request compiles the validators of its route only.
    await app.inject({ url: "/v1/states?status=adult_use" });
    const after = validators.pending();
    assert.ok(after < before && after >= before - 2, `${before} → ${after} pending`);
    validators.compileAll();
    assert.equal(validators.pending(), 0);
  } finally {
    await app.close();
  }
});

test("a lazily compiled validator refuses, coerces and reports errors as Fastify's own", async () => {
  const app = await buildTestApp({ validators: createLazyValidators() });
  try {
    const refused = await app.inject({ url: "/v1/states?status=sideways" });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.headers["content-type"], "application/problem+json; charset=utf-8");
    assert.equal(json(refused).parameter, "status");
    // The same route again: the compiled function's errors, not stale ones.
    const accepted = await app.inject({ url: "/v1/states?status=adult_use" });
    assert.equal(accepted.statusCode, 200);
    const again = await app.inject({ url: "/v1/states?status=sideways" });
    assert.equal(again.statusCode, 400);
    assert.equal(json(again).parameter, "status");
  } finally {
    await app.close();
  }
});

test("a schema error surfaces from compileAll, and the other validators still compile", async () => {
  const validators = createLazyValidators();
  const build = validators.buildValidator({}, { customOptions: {} } as never);
  const broken = build({
    schema: { type: "object", properties: { a: { type: "no-such-type" } } },
    method: "GET",
    url: "/broken",
    httpPart: "querystring",
  } as never);
  const fine = build({
    schema: { type: "object", properties: { n: { type: "integer" } } },
    method: "GET",
    url: "/fine",
    httpPart: "querystring",
  } as never);
  assert.equal(validators.pending(), 2);
  assert.throws(() => validators.compileAll());
  validators.compileAll();
  assert.equal(validators.pending(), 0);
  const query: Record<string, unknown> = { n: "42" };
  assert.equal(fine(query), true);
  assert.equal(query.n, 42, "coerced as Fastify's Ajv options ask");
  assert.equal(fine({ n: "x" }), false);
  assert.ok(Array.isArray(fine.errors) && fine.errors.length > 0);
  assert.throws(() => broken({}));
});
