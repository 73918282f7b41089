/**
 * Connection caps: at most `maxTotal` open connections, and at most
 * `maxPerClient` from one client address (an IPv6 client's whole /64), so
 * one client holding hundreds of slow sockets cannot use up the file
 * descriptors everyone else needs. A connection over a cap is closed at
 * once, before any byte is read. The per-client cap counts the TCP peer:
 * behind a proxy that is the proxy, so it is off there (0) and the proxy
 * caps its clients.
 *
 * A server is capped once: the server that listens before the app exists
 * (src/start.ts) is capped then, and the app, given that server, finds it
 * capped already.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { clientCounterKey } from "../rate-limit/rate-limit.policy.ts";

export type ConnectionCaps = { maxTotal: number; maxPerClient: number };

const capped = new WeakMap<Server, { open: () => number }>();

export function limitConnections(server: Server, caps: ConnectionCaps): { open: () => number } {
  const known = capped.get(server);
  if (known !== undefined) return known;
  server.maxConnections = caps.maxTotal;
  const perClient = new Map<string, number>();
  let open = 0;
  server.on("connection", (socket: Socket) => {
    open++;
    socket.once("close", () => open--);
    if (caps.maxPerClient === 0) return;
    const client = clientCounterKey(socket.remoteAddress ?? "unknown");
    const count = (perClient.get(client) ?? 0) + 1;
    perClient.set(client, count);
    socket.once("close", () => {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left <= 0) perClient.delete(client);
      else perClient.set(client, left);
    });
    if (count > caps.maxPerClient) socket.destroy();
  });
  const counted = { open: () => open };
  capped.set(server, counted);
  return counted;
}
