/**
 * Version retirement notices: when an operator sets a deprecation date,
 * responses of the deprecated routes carry `Deprecation` (RFC 9745: `@`
 * Unix seconds), `Sunset` (RFC 8594: an HTTP-date) when a sunset is set,
 * and `Link` to the migration notes (`rel="deprecation"`, and
 * `rel="sunset"` with the sunset). Off unless configured.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

export type Deprecation = Readonly<{
  /** When the routes were (or will be) deprecated, epoch milliseconds. */
  deprecatedAtMs: number;
  /** When they stop answering, epoch milliseconds; null if not yet decided. */
  sunsetAtMs: number | null;
  /** Migration notes for people reading the headers. */
  link: string;
  /** Route paths (e.g. `/v1/changes`, `/v1/states/:code`); empty means every /v1 route. */
  routes: readonly string[];
}>;

export function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  const headers: Record<string, string> = {
    deprecation: `@${Math.floor(deprecation.deprecatedAtMs / 1000)}`,
  };
  const links = [`<${deprecation.link}>; rel="deprecation"; type="text/html"`];
  if (deprecation.sunsetAtMs !== null) {
    headers.sunset = new Date(deprecation.sunsetAtMs).toUTCString();
    links.push(`<${deprecation.link}>; rel="sunset"; type="text/html"`);
  }
  headers.link = links.join(", ");
  return headers;
}

export function deprecationHook(deprecation: Deprecation) {
  const headers = deprecationHeaders(deprecation);
  const routes = new Set(deprecation.routes);
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? "";
    if (routes.size === 0 || routes.has(route)) reply.headers(headers);
    done();
  };
}
