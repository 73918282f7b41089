/**
 * The API before the app. The process listens as soon as the dataset is
 * read (src/start.ts, docs/PERFORMANCE.md "Start-up"); while the rest of
 * the app loads — Fastify, the website, accounts, keys, webhooks — this
 * lane answers the requests the app's own fast lane would answer for a
 * caller without a key: a plain `GET` of a prebuilt body (the list, a
 * record, a history, federal law) with no query string. It is the same
 * lane (src/api/fast-lane.ts) over the same routes, headers and caller
 * address (src/api/api.lane.ts), with the app's limiter, metrics and log,
 * so the answer, the limit counted and the log line are the ones the app
 * would give.
 *
 * Everything else waits until the app is ready (src/api/fast-lane.ts,
 * `createLaneServer`): a request with a key (the key cache is empty and the
 * key's check is the app's), a refusal (its 429 is the app's, charged once),
 * any other path, method or query. The app's lane replaces this one when
 * the app is built.
 *
 * Not used with Redis (the shared limiter connects with the app) or when a
 * retirement notice is configured (the app's lane steps aside then too).
 *
 * The metrics (prom-client) are made after listening, so what the lane
 * answers before they exist — each answer's route, status and time, and
 * the limiter's decisions — is kept and counted into them when they come
 * (`useMetrics`): at most 100,000 answers, a few MB; answers beyond that,
 * which no start has come near, are counted as decisions but not timed,
 * and `useMetrics` says how many.
 */
import type { Config } from "../config.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import type { Clock } from "../lib/clock.ts";
import type { AccessLine } from "../ops/access-log.ts";
import { instrumentLimiter, type Metrics, observeRequest } from "../ops/metrics.record.ts";
import type { ResponseHeaders, TrustFunction } from "../ops/server-settings.ts";
import { clientCounterKey, type RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "../rate-limit/rate-limit.ts";
import { fillLaneRoutes, laneResponseHeaders, loadClientIp } from "./api.lane.ts";
import { buildApiViews } from "./api.views.ts";
import { createFastLane, type Handler, type LaneRoute } from "./fast-lane.ts";
import { wantsGeoJson } from "./representation.ts";

export type EarlyLaneOptions = {
  config: Config;
  clock: Clock;
  live: LiveLaw;
  /** The limiter the app will use (in process), so what is counted now stays counted. */
  limiter: RateLimiter;
  headers: ResponseHeaders;
  trust: TrustFunction | null;
  accessLine: AccessLine;
  /** Whether the lane may answer now (false once the process is stopping). */
  open: () => boolean;
  onLimiterError: (error: unknown) => void;
};

/** What the lane observed before the metrics existed: at most this many answers. */
const MAX_KEPT = 100_000;

export type EarlyLane = {
  /** For `LaneServer.attach(…, { early: true })`. */
  lane: (fastify: Handler) => Handler;
  /** The metrics exist: what was kept is counted into them; returns how many answers were not timed. */
  useMetrics: (metrics: Metrics) => { untimed: number };
};

export async function createEarlyLane(options: EarlyLaneOptions): Promise<EarlyLane> {
  const { config, clock, live, accessLine } = options;
  const routes = new Map<string, () => LaneRoute>();
  const views = live.derive((state) => {
    const built = buildApiViews(state.dataset, live.model);
    fillLaneRoutes(
      routes,
      built,
      state.dataset.jurisdictions.map((j) => j.code),
    );
    return built;
  });
  views();
  const publicPolicy: RateLimitPolicy = { name: "public", ...config.publicRateLimit };
  const clientIp = await loadClientIp(options.trust);

  // Until the metrics exist: answers kept, decisions counted.
  let metrics: Metrics | null = null;
  const kept: [pattern: string, status: number, elapsedMs: number][] = [];
  let untimed = 0;
  const decisions = { admitted: 0, refused: 0 };
  const raw = options.limiter;
  let instrumented: RateLimiter | null = null;
  const count = (decision: RateLimitDecision) => {
    decisions[decision.allowed ? "admitted" : "refused"]++;
    return decision;
  };
  const limiter: RateLimiter = {
    peek: (counter, policy, nowMs) => raw.peek(counter, policy, nowMs),
    status: () => raw.status(),
    close: () => raw.close(),
    hit(counter, policy, nowMs) {
      if (instrumented !== null) return instrumented.hit(counter, policy, nowMs);
      const decided = raw.hit(counter, policy, nowMs);
      return decided instanceof Promise ? decided.then(count) : count(decided);
    },
  };

  const lane = (fastify: Handler) =>
    createFastLane(
      {
        routes,
        refresh: views,
        cacheControl: (nowMs) => live.cacheControl(nowMs),
        headers: laneResponseHeaders(options.headers.api),
        clock,
        limiter,
        // A caller without a key only: a key waits for the app, which can check it.
        cachedCaller: (apiKey, request) =>
          apiKey === undefined
            ? { kind: "anonymous", counter: clientCounterKey(clientIp(request)), refusal: null }
            : null,
        policyOf: () => publicPolicy,
        open: options.open,
        wantsGeoJson: (accept) => wantsGeoJson(undefined, accept),
        served: ({ request, requestId, pattern, status, elapsedMs }) => {
          if (metrics !== null) observeRequest(metrics, "GET", pattern, status, elapsedMs);
          else if (kept.length < MAX_KEPT) kept.push([pattern, status, elapsedMs]);
          else untimed++;
          accessLine(requestId, request.url ?? "", status, Math.round(elapsedMs * 100) / 100);
        },
        onLimiterError: options.onLimiterError,
      },
      fastify,
    );
  return {
    lane,
    useMetrics: (given) => {
      metrics = given;
      instrumented = instrumentLimiter(raw, given, () => "memory");
      for (const [pattern, status, elapsedMs] of kept)
        observeRequest(given, "GET", pattern, status, elapsedMs);
      kept.length = 0;
      for (const decision of ["admitted", "refused"] as const) {
        for (let i = 0; i < decisions[decision]; i++)
          given.limiterDecisions.inc(publicPolicy.name, decision, "memory");
      }
      return { untimed };
    },
  };
}
