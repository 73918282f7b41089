/**
 * The HTTP server's settings, from the configuration: its timeouts, the
 * connection caps, which proxies to believe, the security headers every
 * answer carries and the answer to a request Node could not parse. Fastify
 * is given them (src/ops/ops.register.ts), and so is the server that
 * listens before Fastify exists (src/start.ts, docs/PERFORMANCE.md
 * "Start-up"): one place, so both hold the same. No framework here: the
 * early start loads this without Fastify.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "../config.ts";
import { buildProblem, clientErrorResponse } from "../errors.ts";
import { isApiPath } from "../http/api-path.ts";
import { siteSecurityHeaders } from "../web/security-headers.ts";
import type { ConnectionCaps } from "./connections.ts";

/**
 * Headers every API response carries besides its own: the page-oriented
 * policies (CSP, framing, cross-origin isolation, referrer) mean nothing to a
 * JSON client and cost bytes on every response; `nosniff` keeps a browser
 * from rendering JSON as something else, and HSTS applies to the origin.
 */
function apiSecurityHeaders(
  site: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const kept = ["x-content-type-options", "strict-transport-security"];
  return Object.freeze(Object.fromEntries(Object.entries(site).filter(([n]) => kept.includes(n))));
}

/** The security headers of the website's responses, and the API's few (computed once). */
export type ResponseHeaders = {
  site: Readonly<Record<string, string>>;
  api: Readonly<Record<string, string>>;
};

export function responseHeaders(secure: boolean): ResponseHeaders {
  const site = siteSecurityHeaders(secure);
  return { site, api: apiSecurityHeaders(site) };
}

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Which proxies' X-Forwarded-For entries to believe, as one function used
 * by Fastify (request.ip) and the API's fast lane alike; null: none. A
 * number is the count of proxies in front of us (the nearest `hops`). The
 * address matcher (@fastify/proxy-addr, ~10 ms to load) is loaded only for
 * a list of addresses.
 */
export async function loadTrustFunction(
  trust: Config["trustProxy"],
): Promise<TrustFunction | null> {
  if (trust === false) return null;
  if (trust === true) return () => true;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  const { default: proxyAddr } = await import("@fastify/proxy-addr");
  return proxyAddr.compile(trust);
}

/** The timeouts of the HTTP server, in the shape Fastify gives its `serverFactory`. */
export type ServerSettings = {
  http: {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
  keepAliveTimeout: number;
  requestTimeout: number;
};

export function serverSettings(config: Config): ServerSettings {
  return {
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would double them).
      connectionsCheckingInterval: 1_000,
    },
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
  };
}

/** How many connections in all and per client (none per client behind a proxy: it is one client). */
export function connectionCaps(config: Config): ConnectionCaps {
  return {
    maxTotal: config.maxConnections,
    maxPerClient: config.trustProxy === false ? config.maxConnectionsPerClient : 0,
  };
}

/**
 * A request Node could not parse (or that timed out before its headers
 * were read): our problem+json with a request id, or nothing when the
 * client is gone.
 */
export function clientErrorHandler(
  headers: ResponseHeaders,
  requestId: () => string,
): (error: Error, socket: Socket) => void {
  return (error, socket) => {
    if ((error as NodeJS.ErrnoException).code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(
      clientErrorResponse((error as NodeJS.ErrnoException).code, requestId(), headers.site),
    );
  };
}

/**
 * The answer to a request that finds the waiting line full while the app
 * starts (src/api/fast-lane.ts, `listenEarly`): 503 problem+json with
 * `Retry-After: 1`, the connection closed.
 */
export function startingUpResponse(
  headers: ResponseHeaders,
  requestId: () => string,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const id = requestId();
    const body = JSON.stringify(
      buildProblem(
        "service_unavailable",
        "The service is starting and has as many requests waiting as it keeps; try again in a second.",
        id,
      ),
    );
    response.shouldKeepAlive = false;
    response
      .writeHead(503, {
        ...(isApiPath(request.url ?? "") ? headers.api : headers.site),
        "content-type": "application/problem+json; charset=utf-8",
        "cache-control": "no-store",
        "retry-after": "1",
        "x-request-id": id,
      })
      .end(body);
  };
}
