/**
 * The API's fast lane: answers the plain, admitted `GET` of a prebuilt body
 * — `/v1/states`, `/v1/states/{CODE}`, `/v1/states/{CODE}/history`,
 * `/v1/federal`, without a query string — straight from the HTTP server's
 * `request` event, with one `writeHead` + `end`, before Fastify sees it.
 * Everything else goes to Fastify unchanged.
 *
 * Why by hand: for a 6 KB record, Fastify's request and reply objects, its
 * hook chain and per-header calls cost twice what the bytes do
 * (docs/PERFORMANCE.md). The lane does only what such a request needs and
 * reuses the app's own pieces for each step, so the answer is the one
 * Fastify would give — `test/api/fast-lane.test.ts` sends the same
 * requests to the app with and without the lane and compares status,
 * headers and bytes, and the usage, metrics and log they leave behind:
 *
 * 1. the caller, from the API-key cache only (`cachedCaller`); a key the
 *    cache does not know goes to Fastify, which may look it up;
 * 2. one limiter hit on the caller's counter, as the guard would; a refused
 *    request, or an admitted one with a bad key, goes to Fastify carrying
 *    that decision (`takePrecharge`), so it is charged once and answered by
 *    the usual error path (429 or 401 problem+json);
 * 3. the prebuilt representation: `Accept-Encoding` negotiation,
 *    `If-None-Match` → 304, the same headers (security, request id, CORS,
 *    limit, Vary, Cache-Control, ETag);
 * 4. afterwards, what the app's `onResponse` hooks do: key usage, metrics
 *    and the one access-log line.
 *
 * The lane steps aside (Fastify answers) while the app drains or closes,
 * when a retirement notice is configured, for HEAD, for GeoJSON asked by
 * `Accept`, and for any URL not spelled exactly as above.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Caller } from "../api-keys/api-key.auth.ts";
import type { Clock } from "../lib/clock.ts";
import { rateLimitHeaders } from "../rate-limit/rate-limit.hook.ts";
import type { RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "../rate-limit/rate-limit.ts";
import {
  DATA_CACHE_CONTROL,
  etagFor,
  matchesIfNoneMatch,
  negotiateEncoding,
  type Representation,
} from "./representation.ts";

export type LaneRoute = Readonly<{
  representation: Representation;
  /** The route pattern, as metrics label it (`/v1/states/:code`). */
  pattern: string;
  vary: string;
  /** True where `Accept` may ask for GeoJSON instead (the list). */
  negotiatesAccept: boolean;
}>;

export type Precharge = Readonly<{ caller: Caller; decision: RateLimitDecision; nowMs: number }>;

export type Served = Readonly<{
  request: IncomingMessage;
  requestId: string;
  caller: Caller;
  pattern: string;
  status: number;
  nowMs: number;
  elapsedMs: number;
}>;

export type FastLaneOptions = {
  /** Exact request URL → what answers it. */
  routes: ReadonlyMap<string, LaneRoute>;
  /** Headers every API response carries (security, CORS). */
  headers: Readonly<Record<string, string>>;
  clock: Clock;
  limiter: RateLimiter;
  /** The caller if the cache can tell (see api-key.auth.ts), else null. */
  cachedCaller: (request: IncomingMessage, nowMs: number) => Caller | null;
  policyOf: (caller: Caller) => RateLimitPolicy;
  /** Whether the lane may answer now (false while draining or closing). */
  open: () => boolean;
  /** GeoJSON asked by `Accept` (then Fastify answers). */
  wantsGeoJson: (accept: string) => boolean;
  /** What the app's onResponse hooks do for an answered request. */
  served: (served: Served) => void;
  /** A limiter call that failed: Fastify answers, charging again. */
  onLimiterError: (error: unknown) => void;
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const PRECHARGED = Symbol("cls.precharged");

/** The decision the lane made for a request it handed to Fastify, once. */
export function takePrecharge(request: IncomingMessage): Precharge | undefined {
  const carried = (request as { [PRECHARGED]?: Precharge })[PRECHARGED];
  if (carried !== undefined) delete (request as { [PRECHARGED]?: Precharge })[PRECHARGED];
  return carried;
}

/** Encodings negotiated per distinct Accept-Encoding value, a few hundred at most. */
function memoize<T>(compute: (value: string | undefined) => T, bound = 256) {
  const known = new Map<string | undefined, T>();
  return (value: string | undefined): T => {
    let result = known.get(value);
    if (result === undefined) {
      result = compute(value);
      if (known.size >= bound) known.clear();
      known.set(value, result);
    }
    return result;
  };
}

/** Returns a `request` listener: the lane in front of `next` (Fastify's handler). */
export function createFastLane(options: FastLaneOptions, next: Handler): Handler {
  const { routes, clock, limiter } = options;
  const encodingOf = memoize(negotiateEncoding);

  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    route: LaneRoute,
    caller: Caller,
    policy: RateLimitPolicy,
    decision: RateLimitDecision,
    now: number,
    started: number,
  ) => {
    if (!decision.allowed || (caller.kind === "anonymous" && caller.refusal !== null)) {
      (request as { [PRECHARGED]?: Precharge })[PRECHARGED] = { caller, decision, nowMs: now };
      next(request, response);
      return;
    }
    const { representation } = route;
    const requestId = randomUUID();
    const negotiated = encodingOf(request.headers["accept-encoding"]);
    const body = negotiated === "identity" ? null : representation.encoded(negotiated);
    const headers: Record<string, string | number> = {
      ...options.headers,
      "x-request-id": requestId,
      ...rateLimitHeaders(policy, decision, now),
      vary: route.vary,
      "cache-control": DATA_CACHE_CONTROL,
      etag: etagFor(representation.tag, body === null ? "identity" : negotiated),
    };
    let status = 200;
    if (matchesIfNoneMatch(request.headers["if-none-match"], representation.tag)) {
      status = 304;
      response.writeHead(304, headers);
      response.end();
    } else {
      headers["content-type"] = "application/json; charset=utf-8";
      if (body !== null) headers["content-encoding"] = negotiated;
      const bytes = body ?? representation.identity;
      headers["content-length"] = bytes.length;
      response.writeHead(200, headers);
      response.end(bytes);
    }
    options.served({
      request,
      requestId,
      caller,
      pattern: route.pattern,
      status,
      nowMs: now,
      elapsedMs: performance.now() - started,
    });
  };

  return function fastLane(request, response) {
    const route = request.method === "GET" ? routes.get(request.url ?? "") : undefined;
    if (route === undefined || !options.open()) {
      next(request, response);
      return;
    }
    const accept = request.headers.accept;
    if (route.negotiatesAccept && accept !== undefined && options.wantsGeoJson(accept)) {
      next(request, response);
      return;
    }
    const started = performance.now();
    const now = clock.now();
    const caller = options.cachedCaller(request, now);
    if (caller === null) {
      next(request, response);
      return;
    }
    const policy = options.policyOf(caller);
    let decided: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      decided = limiter.hit(caller.counter, policy, now);
    } catch (error) {
      options.onLimiterError(error);
      next(request, response);
      return;
    }
    if (decided instanceof Promise) {
      decided.then(
        (decision) => answer(request, response, route, caller, policy, decision, now, started),
        (error: unknown) => {
          options.onLimiterError(error);
          next(request, response);
        },
      );
      return;
    }
    answer(request, response, route, caller, policy, decided, now, started);
  };
}
