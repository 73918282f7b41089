/**
 * What the API's fast lane (src/api/fast-lane.ts) is given, made the same
 * way for the lane the app attaches (src/api/api.register.ts) and for the
 * one that answers before the app exists (src/api/api.early.ts): the
 * routes over the prebuilt bodies, the headers every answer carries and
 * the caller's address. One source, so both lanes answer alike.
 */
import type { IncomingMessage } from "node:http";
import { once } from "../lib/once.ts";
import type { TrustFunction } from "../ops/server-settings.ts";
import type { ApiViews } from "./api.views.ts";
import type { LaneRoute } from "./fast-lane.ts";
import { API_VARY, EXPOSED_HEADERS } from "./representation.ts";

function laneRoute(
  representation: LaneRoute["representation"] | undefined,
  pattern: string,
  vary = API_VARY,
): LaneRoute {
  if (representation === undefined) throw new Error(`no prebuilt body for ${pattern}`);
  return {
    representation,
    etags: representation.etags,
    pattern,
    vary,
    negotiatesAccept: vary !== API_VARY,
  };
}

/**
 * Puts into `routes` the exact URLs the lane answers, each over a body of
 * `views`: the list, federal law, and each jurisdiction's record and
 * history. Each route (and its body) is made on its first request.
 */
export function fillLaneRoutes(
  routes: Map<string, () => LaneRoute>,
  views: ApiViews,
  codes: Iterable<string>,
): void {
  routes.set(
    "/v1/states",
    once(() =>
      laneRoute(
        views.states({
          includeTerritories: false,
          statuses: null,
          decriminalized: null,
          salesOperating: null,
        }),
        "/v1/states",
        `${API_VARY}, Accept`,
      ),
    ),
  );
  routes.set(
    "/v1/federal",
    once(() => laneRoute(views.federal, "/v1/federal")),
  );
  for (const code of codes) {
    routes.set(
      `/v1/states/${code}`,
      once(() => laneRoute(views.state(code), "/v1/states/:code")),
    );
    routes.set(
      `/v1/states/${code}/history`,
      once(() => laneRoute(views.history(code), "/v1/states/:code/history")),
    );
  }
}

/** The headers of every lane answer besides its own: security and CORS (what the API's hooks set). */
export function laneResponseHeaders(
  apiHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return {
    ...apiHeaders,
    "access-control-allow-origin": "*",
    "access-control-expose-headers": EXPOSED_HEADERS.join(", "),
  };
}

/**
 * The caller's address as Fastify's `request.ip` gives it, under the same
 * proxy trust (@fastify/proxy-addr is loaded only when some proxy is).
 */
export async function loadClientIp(
  trust: TrustFunction | null,
): Promise<(request: IncomingMessage) => string> {
  if (trust === null) return (request) => request.socket.remoteAddress ?? "";
  const { default: proxyAddr } = await import("@fastify/proxy-addr");
  return (request) => {
    const addresses = proxyAddr.all(request, trust);
    return addresses[addresses.length - 1] ?? "";
  };
}
