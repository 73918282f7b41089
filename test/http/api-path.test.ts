import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { isApiPath } from "../../src/http/api-path.ts";

describe("isApiPath", () => {
  test("is /v1 and below, with or without a query, and nothing else", () => {
    for (const url of ["/v1", "/v1/", "/v1/states", "/v1/states/CA?as_of=2020-01-01", "/v1?x=1"])
      assert.equal(isApiPath(url), true, url);
    for (const url of ["/", "/v10", "/v1beta/x", "/v2/states", "/docs", "/openapi.json", "/V1"])
      assert.equal(isApiPath(url), false, url);
  });

  test("agrees with the API's prefix for any path", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        assert.equal(isApiPath(`/v1${path}`), path === "" || path.startsWith("/"));
      }),
      { numRuns: 200 },
    );
  });
});
