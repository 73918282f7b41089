/**
 * Test receivers for webhooks: real HTTP servers on loopback that record
 * every connection and request and answer from a script.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { after } from "node:test";
import { createUser } from "../../src/accounts/users.repository.ts";
import type { Database } from "../../src/db/database.ts";
import type { WebhookEventType } from "../../src/webhooks/webhook.events.ts";
import { createWebhookEndpoint } from "../../src/webhooks/webhooks.repository.ts";

export type Received = { headers: IncomingHttpHeaders; body: string; url: string };

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
  /** The status (or action) for the n-th request (0-based); 200 when unset. */
  respond: (index: number, received: Received) => number | "hang" | { redirect: string };
  close: () => Promise<void>;
};

export async function startReceiver(host = "127.0.0.1", port = 0): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const receiver: Receiver = {
    url: "",
    port: 0,
    received: [],
    connections: 0,
    respond: () => 200,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        url: request.url ?? "",
      };
      const index = receiver.received.length;
      receiver.received.push(entry);
      const answer = receiver.respond(index, entry);
      if (answer === "hang") return;
      if (typeof answer === "object") {
        response.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      response.writeHead(answer, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.on("connection", (socket) => {
    receiver.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://${host.includes(":") ? `[${host}]` : host}:${receiver.port}/hook`;
  return receiver;
}

/**
 * For a test file: `receiver()` starts a receiver on 127.0.0.1, and every
 * receiver it started is closed when the file's tests end.
 */
export function receiversForThisFile(): () => Promise<Receiver> {
  const started: Receiver[] = [];
  after(async () => {
    for (const receiver of started) await receiver.close();
  });
  return async () => {
    const receiver = await startReceiver();
    started.push(receiver);
    return receiver;
  };
}

/** A user with one endpoint written straight through the repositories; returns the endpoint and secret. */
export async function insertEndpoint(
  db: Database,
  url: string,
  options: {
    eventTypes?: WebhookEventType[];
    jurisdictions?: string[] | null;
    userId?: string;
    nowIso?: string;
  } = {},
) {
  const nowIso = options.nowIso ?? new Date().toISOString();
  let userId = options.userId;
  if (userId === undefined) {
    const user = await createUser(
      db,
      `${randomBytes(6).toString("hex")}@example.org`,
      "$argon2id$unused",
      nowIso,
    );
    if (user === null) throw new Error("fixture user exists");
    userId = user.id;
  }
  const created = await createWebhookEndpoint(db, {
    userId,
    url,
    eventTypes: options.eventTypes ?? ["law.took_effect", "law.enacted"],
    jurisdictions: options.jurisdictions ?? null,
    nonce: randomBytes(16).toString("hex"),
    nowIso,
  });
  if (created === null) throw new Error("fixture endpoint not created");
  return { ...created, userId };
}
