/**
 * The fast lane (src/api/fast-lane.ts) must answer exactly as Fastify
 * would. Two apps over one database and one clock — one with the lane, one
 * without — get the same requests over real HTTP (the lane sits on the
 * server's `request` event, which `inject` bypasses); status, headers and
 * bytes must match, and so must the key usage, metrics and access-log
 * lines they leave behind.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { KeyUsage } from "../../src/api-keys/api-key.usage.ts";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { createMetrics, type Metrics, renderMetrics } from "../../src/ops/metrics.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { type Answer, comparable, type Sent, send, UUID } from "../support/lane-http.ts";
import { until } from "../support/wait.ts";

type Recorded = { usage: string[]; log: Record<string, unknown>[]; onRequest: number };

function recordingUsage(into: string[]): KeyUsage {
  return {
    touch: (id, now, everUsed) => void into.push(`touch ${id} ${now} ${everUsed}`),
    count: (id, now, limited) => void into.push(`count ${id} ${now} ${limited}`),
    flush: async () => {},
    pending: () => 0,
    settled: async () => {},
  };
}

async function pairOfApps(env: Record<string, string>) {
  const database = await createTestDatabase();
  const clock = createFakeClock(Date.parse("2026-06-01T00:00:00Z"));
  const build = async (fastLane: boolean) => {
    const recorded: Recorded = { usage: [], log: [], onRequest: 0 };
    const metrics = createMetrics();
    const app = await buildTestApp(
      {
        database,
        clock,
        fastLane,
        metrics,
        keyUsage: recordingUsage(recorded.usage),
        logger: {
          level: "info",
          stream: {
            write: (chunk: string | Uint8Array) => void recorded.log.push(...parseLines(chunk)),
          },
        },
      },
      { TRUST_PROXY: "1", ...env },
      (built) =>
        built.addHook("onRequest", (_request, _reply, done) => {
          recorded.onRequest++;
          done();
        }),
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    return { app, port, recorded, metrics };
  };
  const withLane = await build(true);
  const without = await build(false);
  return {
    database,
    clock,
    withLane,
    without,
    /** Sends to both, compares, returns the lane app's answer. */
    async both(sent: Sent): Promise<Answer> {
      const fast = await send(withLane.port, sent);
      const plain = await send(without.port, sent);
      assert.deepEqual(
        comparable(fast),
        comparable(plain),
        `${sent.method} ${sent.path} ${JSON.stringify(sent.headers)}`,
      );
      return fast;
    },
    async close() {
      await withLane.app.close();
      await without.app.close();
      await database.close();
    },
  };
}

/**
 * The log lines of one write to the stream: pino writes a line as text, the
 * lane's access log several at once as bytes.
 */
const parseLines = (chunk: string | Uint8Array): Record<string, unknown>[] =>
  (typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Access-log lines, whole but for the time, duration and request id, in key order. */
const accessLines = (recorded: Recorded) =>
  recorded.log
    .filter((line) => line.msg === "request")
    .map((line) => {
      assert.match(String(line.request_id), UUID);
      assert.equal(typeof line.ms, "number");
      return JSON.stringify(
        Object.entries(line).filter(([name]) => !["time", "ms", "request_id"].includes(name)),
      );
    });

const requestCounts = async (metrics: Metrics) =>
  (await renderMetrics(metrics)).body
    .split("\n")
    .filter((line) => line.startsWith("cls_http_requests_total{"))
    .sort();

describe("the fast lane answers as Fastify would", () => {
  test("limits, refusals, bad keys and every path around the lane, in order", async (t) => {
    const pair = await pairOfApps({ PUBLIC_RATE_LIMIT: "3", KEY_RATE_LIMIT: "4" });
    t.after(() => pair.close());
    const nowIso = new Date(pair.clock.now()).toISOString();
    const key = await insertUserWithKey(pair.database.db, { nowIso });
    const expired = await insertUserWithKey(pair.database.db, {
      nowIso: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-02-01T00:00:00.000Z",
    });
    const unknown = generateApiKey();
    const from = (ip: string, more: Record<string, string> = {}) => ({
      "x-forwarded-for": ip,
      ...more,
    });
    const get = (path: string, headers: Record<string, string>) =>
      pair.both({ method: "GET", path, headers });

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await get("/v1/states/CA", from("10.0.0.1"))).status);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);

    const keyed = from("10.0.0.2", { "x-api-key": key });
    const keyedStatuses: number[] = [];
    for (const path of ["/v1/states/CA", "/v1/federal", "/v1/states/NY/history", "/v1/states"]) {
      keyedStatuses.push((await get(path, keyed)).status);
    }
    keyedStatuses.push((await get("/v1/states/CA", keyed)).status);
    assert.deepEqual(keyedStatuses, [200, 200, 200, 200, 429]);
    pair.clock.advance(61 * 60_000);
    const first = await get("/v1/states/CA", keyed);
    assert.equal(first.status, 200, "the keyed window slid");
    const etag = first.headers.etag ?? "";
    assert.equal((await get("/v1/states/CA", { ...keyed, "if-none-match": etag })).status, 304);
    assert.equal((await get("/v1/states/CA", { ...keyed, "if-none-match": "*" })).status, 304);

    // Bad keys: each charged once, to the client network, then refused.
    assert.equal(
      (await get("/v1/states/CA", from("10.0.0.3", { "x-api-key": expired }))).status,
      401,
    );
    assert.equal(
      (await get("/v1/states/CA", from("10.0.0.3", { "x-api-key": expired }))).status,
      401,
    );
    assert.equal((await get("/v1/states/CA", from("10.0.0.3"))).status, 200);
    assert.equal((await get("/v1/states/CA", from("10.0.0.3"))).status, 429);
    // The fourth is over the limit of 3: still 401, a bad key is not "over the limit".
    for (const bad of [unknown, unknown, "not-a-key", `${key}x`]) {
      assert.equal((await get("/v1/federal", from("10.0.0.4", { "x-api-key": bad }))).status, 401);
    }

    // Around the lane: other spellings, methods, queries and representations.
    const around: Sent[] = [
      { method: "HEAD", path: "/v1/states/CA", headers: from("10.0.1.1") },
      { method: "GET", path: "/v1/states/ca", headers: from("10.0.1.1") },
      { method: "GET", path: "/v1/states?include=territories", headers: from("10.0.1.2") },
      { method: "GET", path: "/v1/states/ZZ", headers: from("10.0.1.2") },
      { method: "GET", path: "/v1/states/", headers: from("10.0.1.3") },
      { method: "GET", path: "/v1/changes", headers: from("10.0.1.3") },
      { method: "POST", path: "/v1/states", headers: from("10.0.1.4") },
      {
        method: "GET",
        path: "/v1/states",
        headers: from("10.0.1.4", { accept: "application/geo+json" }),
      },
      {
        method: "GET",
        path: "/v1/states",
        headers: from("10.0.1.5", { accept: "application/json, application/geo+json;q=0.5" }),
      },
      { method: "GET", path: "/v1/states/CA?key=abc", headers: from("10.0.1.5") },
      {
        method: "OPTIONS",
        path: "/v1/states/CA",
        headers: from("10.0.1.6", {
          origin: "https://example.org",
          "access-control-request-method": "GET",
        }),
      },
      {
        method: "GET",
        path: "/v1/federal",
        headers: from("10.0.1.6", { origin: "https://example.org" }),
      },
    ];
    for (const sent of around) await pair.both(sent);

    // What they leave behind is the same too.
    assert.deepEqual(pair.withLane.recorded.usage, pair.without.recorded.usage);
    assert.ok(pair.withLane.recorded.usage.some((line) => line.startsWith("count")));
    // The lane's access log holds its lines up to 100 ms (src/ops/access-log.ts),
    // so lines of requests Fastify answered can come before them: the same
    // lines, in an order of their own.
    await until(
      "the lane's access lines",
      () => accessLines(pair.withLane.recorded).length >= accessLines(pair.without.recorded).length,
    );
    assert.deepEqual(
      accessLines(pair.withLane.recorded).sort(),
      accessLines(pair.without.recorded).sort(),
    );
    assert.deepEqual(
      await requestCounts(pair.withLane.metrics),
      await requestCounts(pair.without.metrics),
    );
    // And the lane did answer: the admitted plain GETs never reached Fastify.
    const skipped = pair.without.recorded.onRequest - pair.withLane.recorded.onRequest;
    assert.ok(skipped >= 12, `the lane answered ${skipped} requests`);
  });

  test("any mix of paths, keys, encodings and validators (property)", async (t) => {
    const pair = await pairOfApps({ PUBLIC_RATE_LIMIT: "1000000", KEY_RATE_LIMIT: "1000000" });
    t.after(() => pair.close());
    const nowIso = new Date(pair.clock.now()).toISOString();
    const key = await insertUserWithKey(pair.database.db, { nowIso });
    const warmKey = await insertUserWithKey(pair.database.db, { nowIso });
    const paths = ["/v1/states", "/v1/states/CA", "/v1/states/NY/history", "/v1/federal"];
    // Compressed variants are made in the background (the GeoJSON ones on first demand):
    // wait until both apps serve every one the property can ask for, so neither answers
    // identity bytes while the other has them compressed (with a key of another account,
    // so the counters compared below are untouched).
    for (const app of [pair.withLane, pair.without]) {
      for (const path of [...paths, "/v1/states?status=adult_use"]) {
        for (const accept of ["application/json", "application/geo+json"]) {
          for (const encoding of ["br", "gzip"]) {
            const deadline = Date.now() + 60_000;
            for (;;) {
              const answer = await send(app.port, {
                method: "GET",
                path,
                headers: { accept, "accept-encoding": encoding, "x-api-key": warmKey },
              });
              assert.equal(answer.status, 200, `${path} as ${accept}`);
              if (answer.headers["content-encoding"] === encoding) break;
              assert.ok(Date.now() < deadline, `${path} as ${accept} in ${encoding}`);
              await new Promise((resolve) => setImmediate(resolve));
            }
          }
        }
      }
    }
    // Counted from here: how many warm-up requests each app took varies.
    const warmUps = {
      without: pair.without.recorded.onRequest,
      withLane: pair.withLane.recorded.onRequest,
    };
    const etagOf =
      (
        await send(pair.withLane.port, {
          method: "GET",
          path: "/v1/states/CA",
          headers: { "x-api-key": warmKey },
        })
      ).headers.etag ?? "";
    const sentRequest = fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
      path: fc.constantFrom(
        ...paths,
        "/v1/states/ca",
        "/v1/states?status=adult_use",
        "/v1/nowhere",
      ),
      key: fc.constantFrom<string | null>(null, null, key, key, "bad", generateApiKey()),
      encoding: fc.constantFrom<string | null>(
        null,
        "br",
        "gzip",
        "gzip, br",
        "br;q=0, gzip",
        "identity",
        "*",
      ),
      validator: fc.constantFrom<string | null>(null, null, etagOf, `W/${etagOf}`, '"nope"', "*"),
      accept: fc.constantFrom<string | null>(
        null,
        null,
        "*/*",
        "application/json",
        "application/geo+json",
      ),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(sentRequest, { minLength: 1, maxLength: 6 }), async (requests) => {
        run++;
        for (const r of requests) {
          const headers: Record<string, string> = {
            "x-forwarded-for": `10.1.${run >> 8}.${run & 255}`,
          };
          if (r.key !== null) headers["x-api-key"] = r.key;
          if (r.encoding !== null) headers["accept-encoding"] = r.encoding;
          if (r.validator !== null) headers["if-none-match"] = r.validator;
          if (r.accept !== null) headers.accept = r.accept;
          await pair.both({ method: r.method, path: r.path, headers });
        }
      }),
      { numRuns: 40 },
    );
    const reachedFastify = {
      without: pair.without.recorded.onRequest - warmUps.without,
      withLane: pair.withLane.recorded.onRequest - warmUps.withLane,
    };
    assert.ok(reachedFastify.without > reachedFastify.withLane, JSON.stringify(reachedFastify));
  });
});

/** Reads HTTP/1.1 responses off one socket until it closes: status, head and body of each, in order. */
function readResponses(raw: Buffer): { status: number; head: string; body: Buffer }[] {
  const answers: { status: number; head: string; body: Buffer }[] = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf("\r\n\r\n", at);
    assert.ok(headEnd > at, "a complete response head");
    const head = raw.subarray(at, headEnd).toString("latin1");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyStart = headEnd + 4;
    answers.push({ status, head, body: raw.subarray(bodyStart, bodyStart + length) });
    at = bodyStart + length;
  }
  return answers;
}

describe("the fast lane writes the answers of one turn together", () => {
  test("pipelined requests, the lane's and Fastify's mixed, are answered in order", async (t) => {
    const app = await buildTestApp({}, { PUBLIC_RATE_LIMIT: "1000000" });
    t.after(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const paths = [
      "/v1/states/CA",
      "/v1/states/ZZ",
      "/v1/federal",
      "/v1/states/ca",
      "/v1/states/NY/history",
      "/v1/states/CA",
    ];
    const alone: Answer[] = [];
    for (const path of paths) alone.push(await send(port, { method: "GET", path, headers: {} }));
    // All six in one write: Node parses them in one turn, so the lane decides
    // several before any is written.
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.write(
      paths
        .map(
          (path, i) =>
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${i === paths.length - 1 ? "Connection: close\r\n" : ""}\r\n`,
        )
        .join(""),
    );
    await once(socket, "close");
    const answers = readResponses(Buffer.concat(chunks));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      alone.map((answer) => answer.status),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 404, 200, 200, 200, 200],
    );
    answers.forEach((answer, i) => {
      const expected = alone[i]?.body ?? Buffer.alloc(0);
      if (answer.status === 200) assert.ok(answer.body.equals(expected), paths[i]);
    });
    // Each answer of the turn carries its own values, not another's: its
    // own request id, its own count, its own ETag.
    const header = (head: string, name: string) =>
      new RegExp(`\r\n${name}: ([^\r]*)`, "i").exec(head)?.[1];
    const ids = answers.map((answer) => header(answer.head, "x-request-id"));
    assert.equal(new Set(ids).size, paths.length, "one request id per answer");
    const remaining = answers.map((answer) => Number(header(answer.head, "x-ratelimit-remaining")));
    // Each counted once (the lane counts as it reads, Fastify later: the
    // counts are consecutive, not in the answers' order).
    const counted = remaining.toSorted((a, b) => b - a);
    assert.deepEqual(
      counted,
      counted.map((_, i) => (counted[0] as number) - i),
    );
    answers.forEach((answer, i) => {
      if (answer.status === 200)
        assert.equal(header(answer.head, "etag"), alone[i]?.headers.etag, paths[i]);
    });
  });

  test("a connection gone before the end of its turn loses only its own answer", async (t) => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildTestApp(
      {
        logger: {
          level: "info",
          stream: { write: (chunk: string | Uint8Array) => void lines.push(...parseLines(chunk)) },
        },
      },
      { PUBLIC_RATE_LIMIT: "1000000" },
    );
    t.after(() => app.close());
    // After the lane has decided (and deferred its write), the socket goes away.
    app.server.on("request", (request: IncomingMessage) => {
      if (request.headers["x-test-vanish"] !== undefined) request.socket.destroy();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const vanished = send(port, {
      method: "GET",
      path: "/v1/states/CA",
      headers: { "x-test-vanish": "1" },
    });
    await assert.rejects(vanished, /socket hang up|ECONNRESET/);
    const after = await send(port, { method: "GET", path: "/v1/states/CA", headers: {} });
    assert.equal(after.status, 200);
    assert.ok(after.body.length > 1000);
    // The vanished request was decided by the lane: it is in the log, once
    // (the lane's lines reach the stream within 100 ms: wait for the second).
    const logged = () =>
      lines.filter((line) => line.msg === "request" && line.url === "/v1/states/CA");
    await until("both access lines of /v1/states/CA", () => logged().length >= 2);
    assert.deepEqual(
      logged().map((line) => line.status),
      [200, 200],
    );
  });
});
