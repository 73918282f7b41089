/**
 * The server the fast lane sits in (src/api/fast-lane.ts,
 * `createLaneServer`), made by Fastify through its `serverFactory`: it has
 * the settings Fastify gives the server it would make itself, every request
 * reaches Fastify until a lane is attached, and then the lane comes first
 * and hands on what it does not answer.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, describe, test } from "node:test";
import Fastify, { type FastifyServerOptions } from "fastify";
import { createLaneServer } from "../../src/api/fast-lane.ts";

const settings = {
  keepAliveTimeout: 7_000,
  requestTimeout: 9_000,
  connectionTimeout: 11_000,
  maxRequestsPerSocket: 50,
  http: { headersTimeout: 4_000, requestTimeout: 9_000, connectionsCheckingInterval: 1_000 },
};

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the lane's server", () => {
  const apps: { close: () => Promise<unknown> }[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });

  test("has the settings of the server Fastify makes itself", async () => {
    const own = Fastify(settings);
    const lane = createLaneServer();
    const ours = Fastify({
      ...settings,
      serverFactory: lane.serverFactory as FastifyServerOptions["serverFactory"],
    });
    apps.push(own, ours);
    await Promise.all([own.ready(), ours.ready()]);
    for (const property of [
      "keepAliveTimeout",
      "requestTimeout",
      "headersTimeout",
      "timeout",
      "maxRequestsPerSocket",
    ] as const) {
      assert.equal(ours.server[property], own.server[property], property);
    }
    assert.equal(ours.server.keepAliveTimeout, 7_000);
    assert.equal(ours.server.headersTimeout, 4_000);
  });

  test("sends every request to Fastify until a lane is attached; then the lane first", async () => {
    const lane = createLaneServer();
    const app = Fastify({
      serverFactory: lane.serverFactory as FastifyServerOptions["serverFactory"],
    });
    apps.push(app);
    app.get("/fastify", async () => "from Fastify");
    app.get("/lane", async () => "from Fastify");
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    assert.equal((await get(port, "/lane")).body, "from Fastify");

    const seen: string[] = [];
    lane.attach((fastify) => (request, response) => {
      seen.push(request.url ?? "");
      if (request.url === "/lane") response.writeHead(200).end("from the lane");
      else fastify(request, response);
    });
    assert.equal((await get(port, "/lane")).body, "from the lane");
    const handedOn = await get(port, "/fastify");
    assert.deepEqual(handedOn, { status: 200, body: "from Fastify" });
    assert.equal((await get(port, "/nowhere")).status, 404);
    assert.deepEqual(seen, ["/lane", "/fastify", "/nowhere"]);
    assert.throws(() => lane.attach((fastify) => fastify), /attached already/);
  });

  test("cannot take a lane before Fastify has made the server", () => {
    assert.throws(() => createLaneServer().attach((fastify) => fastify), /not made yet/);
  });
});
