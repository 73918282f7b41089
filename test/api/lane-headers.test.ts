/**
 * The fast lane reads its four request headers from the raw list
 * (src/api/fast-lane.ts, laneHeaders): for any headers, in any case, sent
 * once or several times, the values are the ones Node's `request.headers`
 * gives for the same parsed request.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { test } from "node:test";
import fc from "fast-check";
import { laneHeaders } from "../../src/api/fast-lane.ts";

const NAMES = ["accept", "x-api-key", "if-none-match", "accept-encoding"];

const someCase = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(""));

const header = fc.tuple(
  fc.oneof(
    fc.constantFrom(...NAMES).chain(someCase),
    fc.constantFrom("user-agent", "x-api-kez", "accept-language", "cookie", "acceptt"),
  ),
  fc.stringMatching(/^[!-~][ -~]{0,18}[!-~]$|^$/),
);

function nodesView(request: IncomingMessage) {
  const one = (value: string | string[] | undefined) =>
    Array.isArray(value) ? value.join(", ") : value;
  return {
    apiKey: one(request.headers["x-api-key"]),
    accept: one(request.headers.accept),
    acceptEncoding: one(request.headers["accept-encoding"]),
    ifNoneMatch: one(request.headers["if-none-match"]),
  };
}

test("the lane's headers are Node's, for any headers sent", async () => {
  let last: { ours: unknown; nodes: unknown } | undefined;
  const server = createServer((request, response) => {
    // Ours first: Node's object is built on first use of request.headers.
    const ours = laneHeaders(request);
    last = { ours, nodes: nodesView(request) };
    response.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(header, { maxLength: 10 }), async (pairs) => {
        last = undefined;
        const socket = connect(port, "127.0.0.1");
        const lines = pairs.map(([name, value]) => `${name}: ${value}\r\n`).join("");
        socket.end(`GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n${lines}\r\n`);
        socket.resume();
        await once(socket, "close");
        const seen = last as { ours: unknown; nodes: unknown } | undefined;
        assert.ok(seen !== undefined, "the request was parsed");
        assert.deepEqual(seen.ours, seen.nodes);
      }),
      { numRuns: 300 },
    );
  } finally {
    server.close();
  }
});
