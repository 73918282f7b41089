/**
 * The API before the app (src/api/api.early.ts) and the server that listens
 * before Fastify exists (src/api/fast-lane.ts, `listenEarly`): the early
 * lane answers a keyless plain read exactly as the app's lane does; every
 * other request waits and is answered by the app once it is ready, in
 * order, charged once; what was answered before the metrics existed is
 * counted into them; the app takes the listening server as its own.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { after, describe, test } from "node:test";
import { createEarlyLane } from "../../src/api/api.early.ts";
import { createLaneServer, type LaneServer } from "../../src/api/fast-lane.ts";
import { createLiveLaw } from "../../src/dataset/law.live.ts";
import { createLawModel } from "../../src/dataset/law.ts";
import { createFakeClock, systemClock } from "../../src/lib/clock.ts";
import { createMetrics, renderMetrics } from "../../src/ops/metrics.ts";
import {
  clientErrorHandler,
  responseHeaders,
  serverSettings,
  startingUpResponse,
} from "../../src/ops/server-settings.ts";
import { createMemoryLimiter } from "../../src/rate-limit/rate-limit.memory.ts";
import type { RateLimiter } from "../../src/rate-limit/rate-limit.ts";
import { buildTestApp, realDataset, testConfig } from "../helpers.ts";
import { comparable, send } from "../support/lane-http.ts";
import { until } from "../support/wait.ts";

/** A request with the lane suites' sender (method GET unless given). */
const ask = (port: number, path: string, headers: Record<string, string> = {}, method = "GET") =>
  send(port, { method, path, headers });

const portOf = (server: Server) => (server.address() as AddressInfo).port;

const NOW = Date.parse("2026-06-01T12:00:00Z");

type Early = {
  laneServer: LaneServer;
  server: Server;
  port: number;
  limiter: RateLimiter;
  lines: string[];
  useMetrics: Awaited<ReturnType<typeof createEarlyLane>>["useMetrics"];
};

/** What src/start.ts does before the app exists: the early lane, listening. */
async function listenEarly(env: Record<string, string> = {}): Promise<Early> {
  const config = testConfig(env);
  const clock = createFakeClock(NOW);
  const limiter = createMemoryLimiter({ maxCounters: 1_000 });
  const headers = responseHeaders(false);
  const lines: string[] = [];
  const laneServer = createLaneServer();
  const early = await createEarlyLane({
    config,
    clock,
    live: createLiveLaw(createLawModel(realDataset()), systemClock),
    limiter,
    headers,
    trust: null,
    accessLine: (_id, url, status) => lines.push(`${url} ${status}`),
    open: () => true,
    onLimiterError: (error) => {
      throw error;
    },
  });
  laneServer.attach(early.lane, { early: true });
  const server = await laneServer.listenEarly({
    settings: serverSettings(config),
    port: 0,
    host: "127.0.0.1",
    clientError: clientErrorHandler(headers, () => "00000000-0000-0000-0000-000000000000"),
    refuse: startingUpResponse(headers, () => "00000000-0000-0000-0000-000000000000"),
  });
  return { laneServer, server, port: portOf(server), limiter, lines, useMetrics: early.useMetrics };
}

/** The app, given the early server (src/start.ts, once the app's modules are loaded). */
async function takeOver(early: Early, env: Record<string, string> = {}) {
  const app = await buildTestApp(
    {
      laneServer: early.laneServer,
      limiter: early.limiter,
      clock: createFakeClock(NOW),
    },
    env,
  );
  await app.listen({ port: early.port, host: "127.0.0.1" });
  early.laneServer.release();
  return app;
}

describe("the API before the app", () => {
  const closers: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const close of closers) await close();
  });

  test("answers a keyless plain read exactly as the app's own lane does", async () => {
    const early = await listenEarly();
    closers.push(() => new Promise((resolve) => early.server.close(resolve)));
    const app = await buildTestApp({
      clock: createFakeClock(NOW),
      limiter: createMemoryLimiter({ maxCounters: 1_000 }),
    });
    closers.push(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const appPort = portOf(app.server);
    const asks: [string, Record<string, string>][] = [
      ["/v1/states/CA", {}],
      ["/v1/states/CA", { "accept-encoding": "gzip" }],
      ["/v1/states", { "accept-encoding": "br" }],
      ["/v1/states/OR/history", {}],
      ["/v1/federal", { "accept-encoding": "gzip, br" }],
    ];
    for (const [path, headers] of asks) {
      const before = await ask(early.port, path, headers);
      const fromApp = await ask(appPort, path, headers);
      assert.equal(before.status, 200, path);
      assert.deepEqual(
        comparable(before),
        comparable(fromApp),
        `${path} ${JSON.stringify(headers)}`,
      );
    }
    const etag = (await ask(early.port, "/v1/states/CA")).headers.etag ?? "";
    const revalidated = await ask(early.port, "/v1/states/CA", { "if-none-match": etag });
    assert.equal(revalidated.status, 304);
    assert.equal(early.laneServer.waiting(), 0, "nothing waited");
    assert.deepEqual(early.lines.slice(0, 2), ["/v1/states/CA 200", "/v1/states/CA 200"]);
  });

  test("holds every other request until the app is ready, then the app answers them in order", async () => {
    const early = await listenEarly();
    const waiting = [
      ask(early.port, "/v1/states/CA", { "x-api-key": "cls_not_a_real_key" }),
      ask(early.port, "/v1/states?fields=code"),
      ask(early.port, "/healthz"),
      ask(early.port, "/v1/states/CA", {}, "HEAD"),
      ask(early.port, "/no-such-page"),
    ];
    let answered = 0;
    for (const answer of waiting) void answer.then(() => answered++);
    await until("the requests to wait", () => early.laneServer.waiting() === waiting.length);
    assert.equal(answered, 0, "none is answered before the app");

    const app = await takeOver(early);
    closers.push(() => app.close());
    assert.equal(app.server, early.server, "the app took the listening server");
    assert.equal(portOf(app.server), early.port);
    const [keyed, fields, health, head, missing] = await Promise.all(waiting);
    assert.equal(keyed?.status, 401);
    assert.equal(JSON.parse(keyed?.body.toString() ?? "{}").code, "invalid_api_key");
    assert.equal(fields?.status, 200);
    assert.ok(Array.isArray(JSON.parse(fields?.body.toString() ?? "{}").data));
    assert.equal(health?.status, 200);
    assert.equal(head?.status, 200);
    assert.equal(head?.body.length, 0);
    assert.equal(missing?.status, 404);
    assert.equal(early.laneServer.waiting(), 0);
    // And afterwards the app answers directly, its own lane in front.
    assert.equal((await ask(early.port, "/v1/states/CA")).status, 200);
    assert.equal((await ask(early.port, "/")).status, 200);
  });

  test("a request over the limit waits and is refused by the app, charged once", async () => {
    const env = { PUBLIC_RATE_LIMIT: "2" };
    const early = await listenEarly(env);
    const first = await ask(early.port, "/v1/states/CA");
    const second = await ask(early.port, "/v1/states/CA");
    const third = ask(early.port, "/v1/states/CA");
    await until("the refused request to wait", () => early.laneServer.waiting() === 1);
    const app = await takeOver(early, env);
    closers.push(() => app.close());
    const refused = await third;

    // The same three requests to an app alone, on a fresh limiter.
    const alone = await buildTestApp(
      { clock: createFakeClock(NOW), limiter: createMemoryLimiter({ maxCounters: 1_000 }) },
      env,
    );
    closers.push(() => alone.close());
    await alone.listen({ port: 0, host: "127.0.0.1" });
    const expected = [];
    for (let i = 0; i < 3; i++) expected.push(await ask(portOf(alone.server), "/v1/states/CA"));

    assert.deepEqual(
      [first.status, second.status, refused.status],
      expected.map((answer) => answer.status),
    );
    assert.equal(refused.status, 429);
    for (const name of ["ratelimit", "x-ratelimit-used", "x-ratelimit-remaining", "retry-after"]) {
      assert.equal(refused.headers[name], expected[2]?.headers[name], name);
    }
  });

  test("what it answered before the metrics existed is counted into them", async () => {
    const early = await listenEarly();
    closers.push(() => new Promise((resolve) => early.server.close(resolve)));
    for (let i = 0; i < 3; i++) assert.equal((await ask(early.port, "/v1/states/CA")).status, 200);
    assert.equal((await ask(early.port, "/v1/federal")).status, 200);
    const metrics = createMetrics();
    assert.deepEqual(early.useMetrics(metrics), { untimed: 0 });
    await ask(early.port, "/v1/federal");
    const text = (await renderMetrics(metrics)).body;
    assert.match(
      text,
      /cls_http_requests_total\{method="GET",route="\/v1\/states\/:code",status="200"\} 3\n/,
    );
    assert.match(
      text,
      /cls_http_requests_total\{method="GET",route="\/v1\/federal",status="200"\} 2\n/,
    );
    assert.match(
      text,
      /cls_rate_limit_decisions_total\{policy="public",decision="admitted",backend="memory"\} 5\n/,
    );
  });

  test("a request Node cannot parse gets one problem+json answer, before and after the app takes the server", async () => {
    const early = await listenEarly();
    const garbage = async () => {
      const socket = connect(early.port, "127.0.0.1");
      await once(socket, "connect");
      socket.end("NOT HTTP AT ALL\r\n\r\n");
      let text = "";
      for await (const chunk of socket) text += chunk;
      return text;
    };
    const before = await garbage();
    const app = await takeOver(early);
    closers.push(() => app.close());
    const afterwards = await garbage();
    for (const text of [before, afterwards]) {
      assert.equal(text.match(/^HTTP\/1\.1 /gm)?.length, 1, text);
      assert.match(text, /^HTTP\/1\.1 400 Bad Request/);
      assert.match(text, /application\/problem\+json/);
      assert.match(text, /"code":"bad_request"/);
    }
  });

  test("a full waiting line: one more request is answered 503 with Retry-After, not kept", async () => {
    const config = testConfig();
    const headers = responseHeaders(false);
    const laneServer = createLaneServer();
    const server = await laneServer.listenEarly({
      settings: serverSettings(config),
      port: 0,
      host: "127.0.0.1",
      maxWaiting: 3,
      refuse: startingUpResponse(headers, () => "00000000-0000-0000-0000-000000000000"),
    });
    const port = portOf(server);
    const waiting = [1, 2, 3].map(() => ask(port, "/v1/states/CA"));
    await until("three requests to wait", () => laneServer.waiting() === 3);
    const refused = await ask(port, "/v1/states/CA");
    assert.equal(refused.status, 503);
    assert.equal(refused.headers["retry-after"], "1");
    assert.equal(refused.headers.connection, "close");
    assert.match(refused.headers["content-type"] ?? "", /^application\/problem\+json/);
    assert.equal(JSON.parse(refused.body.toString()).code, "service_unavailable");
    assert.equal(laneServer.waiting(), 3, "the refused one was not kept");
    const early = { laneServer, server, port, limiter: createMemoryLimiter({ maxCounters: 10 }) };
    const app = await takeOver({ ...early, lines: [], useMetrics: () => ({ untimed: 0 }) });
    closers.push(() => app.close());
    for (const answer of await Promise.all(waiting)) assert.equal(answer.status, 200);
  });

  test("a port that is taken is refused before anything else", async () => {
    const early = await listenEarly();
    closers.push(() => new Promise((resolve) => early.server.close(resolve)));
    const second = createLaneServer();
    await assert.rejects(
      second.listenEarly({
        settings: serverSettings(testConfig()),
        port: early.port,
        host: "127.0.0.1",
        refuse: startingUpResponse(responseHeaders(false), () => "0"),
      }),
      /EADDRINUSE/,
    );
    assert.throws(() => second.release(), /released before the app/);
  });
});
