/**
 * Property-based fuzzing of every route family of the API and the website:
 * hostile paths, encodings, queries, headers, bodies and methods. For every
 * request: never a 5xx, every API error in the contract (problem+json with
 * a code and request id), no internal detail in any response, and no row
 * written by a request without a session.
 *
 * FUZZ_RUNS sets the runs per property (1,000 in `npm test`; `npm run fuzz`
 * runs 20,000).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase, type TestApp } from "../helpers.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const INTERNAL =
  /FST_|node_modules|\.ts:\d|\bat [\w.<>]+ \((?:file:|node:|\/)|SQLITE|sqlite_|ECONN|\/work\//;

let app: TestApp;
let database: DatabaseHandle;
let validKey = "";
const counts = { requests: 0, serverErrors: 0 };

async function rowCounts() {
  const count = async (table: "users" | "sessions" | "api_keys") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count("users"),
    sessions: await count("sessions"),
    keys: await count("api_keys"),
  };
}

before(async () => {
  database = await createTestDatabase();
  validKey = await insertUserWithKey(database.db);
  app = await buildTestApp(
    { database },
    { PUBLIC_RATE_LIMIT: "100000000", KEY_RATE_LIMIT: "100000000", WEB_RATE_LIMIT: "100000000" },
  );
});
after(async () => {
  await app.close();
  await database.close();
  process.stdout.write(
    `# fuzz: ${RUNS} runs per property, ${counts.requests} requests, ${counts.serverErrors} 5xx\n`,
  );
});

/** A path segment as an attacker writes it: valid, percent-broken, traversal, huge, a key. */
const segment = fc.oneof(
  fc.webSegment(),
  fc.constantFrom("%", "%f", "%ff", "%00", "%2e%2e", "..", "%2F", "CA", "ca", "ZZ", "%C0%AF", "~"),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
  fc.integer({ min: 90, max: 3000 }).map((length) => "A".repeat(length)),
  fc.constant("key").map(() => generateApiKey()),
);
const query = fc.oneof(
  fc.constant(""),
  fc.webQueryParameters().map((q) => (q === "" ? "" : `?${q}`)),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("status", "limit", "cursor", "since", "api_key", "x", "%ff", "format"),
        segment,
      ),
      {
        maxLength: 4,
      },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
);
const method = fc.constantFrom(
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
);
const headers = fc.record(
  {
    accept: fc.constantFrom(
      "application/json",
      "text/html",
      "*/*",
      "",
      "application/xml",
      "text/html;q=0",
    ),
    "accept-encoding": fc.constantFrom("br", "gzip", "identity", "br;q=0, gzip", "*", "x"),
    "x-api-key": fc.oneof(fc.string({ maxLength: 60 }), fc.constant("valid"), fc.constant("fresh")),
    "if-none-match": fc.string({ maxLength: 60 }),
    "content-type": fc.constantFrom(
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/xml",
    ),
    origin: fc.constantFrom("http://api.test", "https://evil.example", "null"),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(
      fc.constantFrom(
        "email",
        "password",
        "password_confirm",
        "_csrf",
        "name",
        "nonce",
        "next",
        "confirm",
      ),
      fc.string({ maxLength: 80 }),
    )
    .map((fields) => new URLSearchParams(fields).toString()),
);

function printable(header: string): boolean {
  return /^[\t\x20-\x7e]*$/.test(header);
}

async function send(input: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}): Promise<LightMyRequestResponse> {
  const requestHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    const resolved = value === "valid" ? validKey : value === "fresh" ? generateApiKey() : value;
    if (resolved !== "" && printable(resolved)) requestHeaders[name] = resolved;
  }
  const withBody = input.method !== "GET" && input.method !== "HEAD" && input.body !== undefined;
  counts.requests++;
  return app.inject({
    method: input.method as "GET",
    url: input.url,
    headers: requestHeaders,
    ...(withBody ? { payload: input.body } : {}),
  });
}

function check(url: string, verb: string, response: LightMyRequestResponse) {
  if (response.statusCode >= 500) counts.serverErrors++;
  assert.ok(
    response.statusCode < 500,
    `${response.statusCode} for ${url}: ${response.body.slice(0, 300)}`,
  );
  assert.doesNotMatch(response.body, INTERNAL, `internal detail for ${url}`);
  assert.ok(response.headers["x-request-id"], `request id for ${url}`);
  // The test client resolves dot segments (`/v1/%2e%2e` is `/`), as a proxy would.
  const isApi = url.startsWith("/v1") && !/\/(\.|%2e){1,2}(\/|\?|$)/i.test(url);
  if (response.statusCode >= 400 && isApi && verb !== "HEAD") {
    assert.match(String(response.headers["content-type"]), /^application\/problem\+json/, url);
    const problem = JSON.parse(response.body) as { code?: unknown; request_id?: unknown };
    assert.equal(typeof problem.code, "string", url);
    assert.equal(problem.request_id, response.headers["x-request-id"], url);
  }
}

const API_FAMILIES = ["states", "federal", "changes", "states/CA", "states/CA/history"];
const SITE_FAMILIES = [
  "",
  "states",
  "states/CA",
  "login",
  "signup",
  "logout",
  "account",
  "account/password",
  "account/delete",
  "account/keys",
  "account/keys/x/delete",
  "states/CA/suggest",
  "maintain",
  "maintain/items/x/decline",
  "assets/site.css",
  "errors",
  "openapi.json",
  "readyz",
  "healthz",
];

function pathOf(family: string, extra: string[], mode: "replace" | "append" | "as-is") {
  const parts = family === "" ? [] : family.split("/");
  if (mode === "append") parts.push(...extra);
  else if (mode === "replace" && parts.length > 0) parts[parts.length - 1] = extra[0] ?? "";
  return parts.join("/");
}

describe("fuzzing", () => {
  test("the API: never a 5xx, every error in the contract, no internal detail", async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API_FAMILIES),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("replace", "append", "as-is"),
        fc.boolean(),
        query,
        method,
        headers,
        body,
        async (family, extra, mode, slash, q, verb, hdrs, payload) => {
          const url = `/v1/${pathOf(family, extra, mode as "replace")}${slash ? "/" : ""}${q}`;
          check(url, verb, await send({ method: verb, url, headers: hdrs, body: payload }));
        },
      ),
      { numRuns: RUNS },
    );
    assert.deepEqual(await rowCounts(), before, "no rows written");
  });

  test("the website: never a 5xx, no internal detail, no rows written without a session", async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITE_FAMILIES),
        fc.array(segment, { minLength: 1, maxLength: 2 }),
        fc.constantFrom("replace", "append", "as-is", "as-is"),
        query,
        method,
        headers,
        body,
        async (family, extra, mode, q, verb, hdrs, payload) => {
          const url = `/${pathOf(family, extra, mode as "replace")}${q}`;
          check(url, verb, await send({ method: verb, url, headers: hdrs, body: payload }));
        },
      ),
      { numRuns: RUNS },
    );
    assert.deepEqual(await rowCounts(), before, "no rows written");
  });
});
