/**
 * Slow and stalled clients over real sockets: a body that never comes is
 * cut at the request timeout, and one address holding 1,000 stalled
 * requests cannot lock another client out.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { describe, test } from "node:test";
import { buildTestApp } from "../helpers.ts";

const STALLED_BODY =
  "POST /login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=";

async function listen(env: Record<string, string>) {
  const app = await buildTestApp({}, env);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { app, port: address.port };
}

function open(port: number, localAddress = "127.0.0.1"): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("stalled clients", () => {
  test("a body that never arrives is cut at the request timeout", async () => {
    const { app, port } = await listen({ REQUEST_TIMEOUT_MS: "1000", HEADERS_TIMEOUT_MS: "500" });
    const socket = await open(port);
    socket.on("error", () => {});
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.write(STALLED_BODY);
    const started = Date.now();
    await once(socket, "close");
    assert.ok(Date.now() - started < 10_000, "closed by the server, not by the test's end");
    assert.match(answer, /^HTTP\/1\.1 408/);
    await app.close();
  });

  test("1,000 stalled bodies from one address: a new client is still served", async () => {
    const { app, port } = await listen({
      MAX_CONNECTIONS_PER_CLIENT: "32",
      REQUEST_TIMEOUT_MS: "5000",
      HEADERS_TIMEOUT_MS: "5000",
    });
    const sockets: Socket[] = [];
    for (let i = 0; i < 1000; i++) {
      try {
        const socket = await open(port);
        socket.on("error", () => {});
        socket.write(STALLED_BODY);
        sockets.push(socket);
      } catch {
        // Refused or reset at once: the cap at work.
      }
    }
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.2" }, () =>
        socket.write("GET /healthz HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n\r\n"),
      );
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk;
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    assert.match(response, /^HTTP\/1\.1 200/);
    for (const socket of sockets) socket.destroy();
    app.server.closeAllConnections();
    await app.close();
  });
});
