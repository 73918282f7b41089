/**
 * The API's fast lane: answers the plain, admitted `GET` of a prebuilt body
 * — `/v1/states`, `/v1/states/{CODE}`, `/v1/states/{CODE}/history`,
 * `/v1/federal`, without a query string — straight from the HTTP server's
 * `request` event, with one `writeHead` + `end`, before Fastify sees it.
 * Everything else goes to Fastify unchanged.
 *
 * It sits in front of Fastify's handler in the server Fastify itself makes
 * through its documented `serverFactory` option (`createLaneServer`); the
 * app attaches it once the API's parts exist.
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
 * The answers decided in one turn of the event loop are written together at
 * the end of that turn (`setImmediate`), not each as soon as it is decided. A
 * write to a socket wakes the reader on the other end; written one by one
 * while the server is the busier side, each answer pays for a wake-up of an
 * idle reader. Written back to back, the reader wakes once for the lot;
 * measured, that took a sixth to a fifth off the CPU time of a one-record
 * request (docs/PERFORMANCE.md, "Writes per turn"). What it costs: an answer
 * waits for the rest of its turn to be decided — a few µs per other request
 * in the turn, and the turn holds at most the requests Node parsed in it. The
 * access log's `ms` runs until the answer is handed to the socket, wait
 * included.
 *
 * The lane steps aside (Fastify answers) while the app drains or closes,
 * when a retirement notice is configured, for HEAD, for GeoJSON asked by
 * `Accept`, and for any URL not spelled exactly as above.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Caller } from "../api-keys/api-key.auth.ts";
import {
  type Encoding,
  matchesIfNoneMatch,
  negotiateEncoding,
  type Representation,
} from "../http/representation.ts";
import type { Clock } from "../lib/clock.ts";
import { memoize } from "../lib/memoize.ts";
import { requestId as newRequestId } from "../lib/request-id.ts";
import { rateLimitHeaders } from "../rate-limit/rate-limit.hook.ts";
import type { RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "../rate-limit/rate-limit.ts";

export type LaneRoute = Readonly<{
  representation: Representation;
  /** The representation's ETag per encoding (`etagFor`), made once. */
  etags: Readonly<Record<Encoding | "identity", string>>;
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
  /** Exact request URL → what answers it (made on the first request for it). */
  routes: ReadonlyMap<string, () => LaneRoute>;
  /** Brings `routes` up to date with the law in force now (src/dataset/law.live.ts). */
  refresh: () => unknown;
  /** The Cache-Control of an answer at `nowMs` (it never reaches past the next change of law). */
  cacheControl: (nowMs: number) => string;
  /** Headers every API response carries (security, CORS). */
  headers: Readonly<Record<string, string>>;
  clock: Clock;
  limiter: RateLimiter;
  /** The caller if the cache can tell (see api-key.auth.ts), else null. */
  cachedCaller: (
    apiKey: string | undefined,
    request: IncomingMessage,
    nowMs: number,
  ) => Caller | null;
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

/** A `request` listener of the HTTP server. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The settings Fastify gives the server it makes (its processed options). */
type ServerSettings = {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number | null;
};

export type EarlyListen = {
  /** The settings Fastify will give the server (src/ops/server-settings.ts). */
  settings: ServerSettings;
  port: number;
  host: string;
  /** Runs on the server before it listens (connection caps, the answer to unparsable requests). */
  prepare?: (server: Server) => void;
  /**
   * What answers unparsable requests until Fastify takes the server (Fastify
   * then adds its own).
   */
  clientError?: (error: Error, socket: Socket) => void;
  /** At most this many requests wait for Fastify; 10,000 by default. */
  maxWaiting?: number;
  /** Answers a request that finds `maxWaiting` requests waiting already. */
  refuse: Handler;
};

export type LaneServer = Readonly<{
  /** For Fastify's `serverFactory` option: makes the app's HTTP server. */
  serverFactory: (handler: Handler, settings: ServerSettings) => Server;
  /**
   * Puts a lane, given Fastify's handler to hand requests to, in front of
   * it. An `early` lane (the API before the app, src/api/api.early.ts) is
   * replaced by the next one attached; any other is attached once.
   */
  attach: (lane: (fastify: Handler) => Handler, options?: { early?: boolean }) => void;
  /**
   * Makes the server and listens before Fastify exists (src/start.ts). Until
   * `release`, the early lane answers what it can and every other request
   * waits, in arrival order. Fastify, given this server by `serverFactory`,
   * finds it listening: its `listen` resolves at once.
   */
  listenEarly: (options: EarlyListen) => Promise<Server>;
  /** Fastify is ready: the waiting requests go to it, in order, and all later ones. */
  release: () => void;
  /** How many requests wait for Fastify now. */
  waiting: () => number;
}>;

// node:http through getBuiltinModule, not an import: importing it as an ES
// module reads every export, and its WebSocket getter loads Node's fetch
// implementation (~30 ms of start-up).
const { createServer } = process.getBuiltinModule("node:http");

/** Fastify's settings on a server it did not make itself. */
function applySettings(server: Server, settings: ServerSettings): void {
  if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
  if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
  server.setTimeout(settings.connectionTimeout ?? 0);
  if ((settings.maxRequestsPerSocket ?? 0) > 0)
    server.maxRequestsPerSocket = settings.maxRequestsPerSocket ?? null;
}

/**
 * The app's HTTP server, made when Fastify asks (`serverFactory`), with the
 * settings Fastify gives the server it would make itself: its `http`
 * options (header and request timeouts, how often they are checked), the
 * keep-alive, request and connection timeouts, and the requests allowed per
 * socket. Each request goes to the attached lane, or straight to Fastify's
 * handler while none is (the app without its lane).
 *
 * Or made and listening before Fastify exists (`listenEarly`): then the
 * requests no lane answers wait in a queue until `release`, at most
 * `maxWaiting` of them (10,000: a few MB of request objects); one more is
 * answered by `refuse` (503 with `Retry-After`) rather than kept, so
 * clients pipelining requests while the app starts cannot grow the queue
 * without bound. A request waits there at most until the app is ready
 * (under a second; docs/PERFORMANCE.md "Start-up").
 */
export function createLaneServer(): LaneServer {
  let fastify: Handler | undefined;
  let front: Handler | undefined;
  let frontIsEarly = false;
  let early: { server: Server; clientError?: EarlyListen["clientError"] } | undefined;
  let earlyTaken = false;
  // Non-null while requests wait for Fastify (from `listenEarly` to `release`).
  let line: {
    held: [IncomingMessage, ServerResponse][];
    max: number;
    refuse: Handler;
  } | null = null;
  const toFastify: Handler = (request, response) => {
    if (line !== null) {
      if (line.held.length < line.max) line.held.push([request, response]);
      else line.refuse(request, response);
    } else if (fastify !== undefined) fastify(request, response);
    else throw new Error("a request reached a server with no app");
  };
  const listener: Handler = (request, response) => (front ?? toFastify)(request, response);
  return Object.freeze({
    serverFactory: (handler: Handler, settings: ServerSettings) => {
      fastify = handler;
      if (early !== undefined && !earlyTaken) {
        earlyTaken = true;
        applySettings(early.server, settings);
        if (early.clientError !== undefined) early.server.off("clientError", early.clientError);
        return early.server;
      }
      const server = createServer(settings.http ?? {}, listener);
      applySettings(server, settings);
      return server;
    },
    attach: (lane: (fastify: Handler) => Handler, options: { early?: boolean } = {}) => {
      if (options.early !== true && fastify === undefined)
        throw new Error("the lane is attached to a server not made yet");
      if (front !== undefined && !frontIsEarly) throw new Error("a lane is attached already");
      front = lane(toFastify);
      frontIsEarly = options.early === true;
    },
    listenEarly: async (options: EarlyListen) => {
      if (early !== undefined || fastify !== undefined)
        throw new Error("the server is made already");
      const server = createServer(options.settings.http ?? {}, listener);
      applySettings(server, options.settings);
      options.prepare?.(server);
      if (options.clientError !== undefined) server.on("clientError", options.clientError);
      early = { server, clientError: options.clientError };
      line = { held: [], max: options.maxWaiting ?? 10_000, refuse: options.refuse };
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ port: options.port, host: options.host }, () => {
          server.off("error", reject);
          resolve();
        });
      });
      // Fastify's listen asks this server to listen and waits for its
      // "listening" event: it listens already, so it says so at once.
      server.listen = function listening(this: Server) {
        process.nextTick(() => server.emit("listening"));
        return server;
      } as Server["listen"];
      return server;
    },
    release: () => {
      if (fastify === undefined) throw new Error("released before the app made its server");
      const waiting = line?.held ?? [];
      line = null;
      for (const [request, response] of waiting) fastify(request, response);
    },
    waiting: () => line?.held.length ?? 0,
  });
}

/** An answer waiting for the end of its turn, and then what `served` is told. */
type Written = {
  -readonly [K in keyof Served]: Served[K];
} & {
  response: ServerResponse;
  headers: string[];
  /** Null for a 304. */
  bytes: Buffer | null;
  started: number;
};

const PRECHARGED = Symbol("cls.precharged");

/** The decision the lane made for a request it handed to Fastify, once. */
export function takePrecharge(request: IncomingMessage): Precharge | undefined {
  const carried = (request as { [PRECHARGED]?: Precharge })[PRECHARGED];
  if (carried !== undefined) delete (request as { [PRECHARGED]?: Precharge })[PRECHARGED];
  return carried;
}

/** The request headers the lane reads. */
export type LaneHeaders = {
  apiKey: string | undefined;
  accept: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
};

const named = (name: string, lower: string) => name === lower || name.toLowerCase() === lower;

/**
 * The four headers the lane reads, from the parser's raw list. Reading
 * `request.headers` would build an object of every header, each name
 * lower-cased, for a request that needs four; a header sent twice (which
 * Node would join) makes this fall back to that object, so the values are
 * always the ones Node gives.
 */
export function laneHeaders(request: IncomingMessage): LaneHeaders {
  const raw = request.rawHeaders;
  let apiKey: string | undefined;
  let accept: string | undefined;
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let twice = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    switch (name.length) {
      case 6:
        if (named(name, "accept")) {
          twice ||= accept !== undefined;
          accept = value;
        }
        break;
      case 9:
        if (named(name, "x-api-key")) {
          twice ||= apiKey !== undefined;
          apiKey = value;
        }
        break;
      case 13:
        if (named(name, "if-none-match")) {
          twice ||= ifNoneMatch !== undefined;
          ifNoneMatch = value;
        }
        break;
      case 15:
        if (named(name, "accept-encoding")) {
          twice ||= acceptEncoding !== undefined;
          acceptEncoding = value;
        }
        break;
    }
  }
  if (twice) {
    const { headers } = request;
    const one = (value: string | string[] | undefined) =>
      Array.isArray(value) ? value.join(", ") : value;
    return {
      apiKey: one(headers["x-api-key"]),
      accept: one(headers.accept),
      acceptEncoding: one(headers["accept-encoding"]),
      ifNoneMatch: one(headers["if-none-match"]),
    };
  }
  return { apiKey, accept, acceptEncoding, ifNoneMatch };
}

/** Returns a `request` listener: the lane in front of `next` (Fastify's handler). */
export function createFastLane(options: FastLaneOptions, next: Handler): Handler {
  const { routes, clock, limiter } = options;
  // Encodings negotiated per distinct Accept-Encoding value, and whether an
  // Accept value asks for GeoJSON, a few hundred values of each at most:
  // parsed, a browser's Accept took about 3 µs, curl's `*/*` 0.3 µs.
  const encodingOf = memoize(negotiateEncoding);
  const geoJsonAsked = memoize(options.wantsGeoJson);
  const constantHeaders = Object.entries(options.headers).flat();
  // Per policy, the answer's header list with every part that does not
  // change between requests filled in, one list per kind of answer (304,
  // identity bytes, each encoding). An answer copies its list (one array of
  // the exact size) and writes the changing values into their places: the
  // same headers, in the same order, as the object rateLimitHeaders() gives
  // the Fastify path. Name/value pairs in one flat array: Node writes them
  // without walking an object's keys.
  type PolicyParts = { prefix: string; templates: Map<string, string[]> };
  const policies = new WeakMap<RateLimitPolicy, PolicyParts>();
  const partsOf = (policy: RateLimitPolicy) => {
    let parts = policies.get(policy);
    if (parts === undefined) {
      // The RateLimit header's value begins `"<policy>";r=`.
      parts = { prefix: `"${policy.name}";r=`, templates: new Map() };
      policies.set(policy, parts);
    }
    return parts;
  };
  const templateOf = (
    policy: RateLimitPolicy,
    parts: PolicyParts,
    kind: "304" | Encoding | "identity",
  ) => {
    const byKind = parts.templates;
    let template = byKind.get(kind);
    if (template === undefined) {
      const sample = rateLimitHeaders(
        policy,
        { allowed: true, remaining: 0, used: 0, resetMs: 0 },
        0,
      );
      template = [
        ...constantHeaders,
        "x-request-id",
        "",
        "ratelimit-policy",
        sample["ratelimit-policy"],
        "ratelimit",
        "",
        "x-ratelimit-limit",
        sample["x-ratelimit-limit"],
        "x-ratelimit-remaining",
        "",
        "x-ratelimit-reset",
        "",
        "x-ratelimit-used",
        "",
        "vary",
        "",
        "cache-control",
        "",
        "etag",
        "",
      ];
      if (kind !== "304") {
        template.push("content-type", "application/json; charset=utf-8");
        if (kind !== "identity") template.push("content-encoding", kind);
        template.push("content-length", "");
      }
      byKind.set(kind, template);
    }
    return template;
  };
  // Where the changing values go (the same in every template).
  const at = constantHeaders.length + 1;
  const ID = at;
  const RATELIMIT = at + 4;
  const REMAINING = at + 8;
  const RESET = at + 10;
  const USED = at + 12;
  const VARY = at + 14;
  const CACHE_CONTROL = at + 16;
  const ETAG = at + 18;
  // Content-Length per body (a few hundred bodies at most, each made once).
  const lengths = new WeakMap<Buffer, string>();
  const lengthOf = (bytes: Buffer) => {
    let length = lengths.get(bytes);
    if (length === undefined) {
      length = String(bytes.length);
      lengths.set(bytes, length);
    }
    return length;
  };
  // X-RateLimit-Reset, kept while its second lasts.
  let resetAt = -1;
  let resetText = "";

  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    route: LaneRoute,
    headers: LaneHeaders,
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
    const requestId = newRequestId();
    const negotiated = encodingOf(headers.acceptEncoding);
    const body = negotiated === "identity" ? null : representation.encoded(negotiated);
    const reset = Math.max(0, Math.ceil(decision.resetMs / 1000));
    const resetSecond = Math.ceil((now + decision.resetMs) / 1000);
    if (resetSecond !== resetAt) {
      resetAt = resetSecond;
      resetText = String(resetSecond);
    }
    const remaining = String(decision.remaining);
    let status = 200;
    let bytes: Buffer | null = null;
    const parts = partsOf(policy);
    let out: string[];
    if (matchesIfNoneMatch(headers.ifNoneMatch, representation.tag)) {
      status = 304;
      out = templateOf(policy, parts, "304").slice();
    } else {
      bytes = body ?? representation.identity;
      out = templateOf(policy, parts, body === null ? "identity" : negotiated).slice();
      out[out.length - 1] = lengthOf(bytes);
    }
    out[ID] = requestId;
    out[RATELIMIT] = `${parts.prefix}${remaining};t=${reset}`;
    out[REMAINING] = remaining;
    out[RESET] = resetText;
    out[USED] = String(decision.used);
    out[VARY] = route.vary;
    out[CACHE_CONTROL] = options.cacheControl(now);
    out[ETAG] = route.etags[body === null ? "identity" : negotiated];
    if (turn.length === 0) setImmediate(writeTurn);
    turn.push({
      request,
      requestId,
      caller,
      pattern: route.pattern,
      status,
      nowMs: now,
      elapsedMs: 0,
      response,
      headers: out,
      bytes,
      started,
    });
  };

  // The answers decided in one turn of the event loop, written together at
  // its end (see the header comment): at most the requests Node parsed in
  // that turn.
  let turn: Written[] = [];
  const writeTurn = () => {
    const answers = turn;
    turn = [];
    for (const written of answers) {
      written.response.writeHead(written.status, written.headers);
      if (written.bytes === null) written.response.end();
      else written.response.end(written.bytes);
    }
    for (const written of answers) {
      written.elapsedMs = performance.now() - written.started;
      options.served(written);
    }
  };

  return function fastLane(request, response) {
    if (request.method === "GET") options.refresh();
    const route = request.method === "GET" ? routes.get(request.url ?? "")?.() : undefined;
    if (route === undefined || !options.open()) {
      next(request, response);
      return;
    }
    const headers = laneHeaders(request);
    const { accept } = headers;
    if (route.negotiatesAccept && accept !== undefined && geoJsonAsked(accept)) {
      next(request, response);
      return;
    }
    const started = performance.now();
    const now = clock.now();
    const caller = options.cachedCaller(headers.apiKey, request, now);
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
        (decision) =>
          answer(request, response, route, headers, caller, policy, decision, now, started),
        (error: unknown) => {
          options.onLimiterError(error);
          next(request, response);
        },
      );
      return;
    }
    answer(request, response, route, headers, caller, policy, decided, now, started);
  };
}
