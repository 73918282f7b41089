/**
 * The /v1 guard, run on every API request after the caller is known and
 * before validation and routing: charges the caller's counter under its
 * policy and sets the limit headers on the response — whatever its status.
 * This folder knows nothing of keys or accounts: the composition root says,
 * per request, which counter to charge under which policy, and which
 * refusal (a bad key's 401) to raise after charging it. A refusal wins over
 * the 429: the request is charged and its headers tell the window, but the
 * answer is about the key (a bad key is not "over the limit").
 *
 * Headers (README "API keys and rate limits"): the IETF fields in draft-ietf-httpapi-ratelimit-headers-11
 * syntax — `RateLimit-Policy: "public";q=60;w=900` and
 * `RateLimit: "public";r=41;t=530` — and `X-RateLimit-Limit`, `-Remaining`,
 * `-Reset` (Unix seconds), `-Used`. `t` and `X-RateLimit-Reset` tell when the
 * oldest counted request leaves the sliding window, i.e. when `r` next grows.
 * A refused request gets 429 `rate_limited` with the exact `Retry-After`.
 * CORS preflights are not counted.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "./rate-limit.ts";

/** What one request is charged to, and what to refuse it with if it is admitted. */
export type RateLimitSubject = Readonly<{
  counter: string;
  policy: RateLimitPolicy;
  refusal: Error | null;
  /** What would lift the limit, added to the 429's detail (e.g. a key, for public callers). */
  advice?: string;
}>;

export type RateLimitGuardOptions = {
  limiter: RateLimiter;
  clock: Clock;
  subjectOf: (request: FastifyRequest) => RateLimitSubject;
};

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export function rateLimitHeaders(
  policy: RateLimitPolicy,
  decision: RateLimitDecision,
  nowMs: number,
) {
  const reset = seconds(decision.resetMs);
  return {
    "ratelimit-policy": `"${policy.name}";q=${policy.limit};w=${seconds(policy.windowMs)}`,
    ratelimit: `"${policy.name}";r=${decision.remaining};t=${reset}`,
    "x-ratelimit-limit": String(policy.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(Math.ceil((nowMs + decision.resetMs) / 1000)),
    "x-ratelimit-used": String(decision.used),
  };
}

export function rateLimitedError(
  policy: RateLimitPolicy,
  decision: RateLimitDecision,
  headers: Record<string, string>,
  advice?: string,
): AppError {
  const retryAfter = Math.max(1, seconds(decision.resetMs));
  return new AppError(
    "rate_limited",
    `The ${policy.name} limit of ${policy.limit} requests per ${seconds(policy.windowMs)} seconds is used up. Retry in ${retryAfter} seconds.${advice === undefined ? "" : ` ${advice}`}`,
    {
      headers: { ...headers, "retry-after": String(retryAfter) },
      extensions: {
        policy: policy.name,
        limit: policy.limit,
        window_seconds: seconds(policy.windowMs),
        retry_after_seconds: retryAfter,
      },
    },
  );
}

/** Whether a key may be looked up now; if not, when a look-up may be tried again. */
export type LookupPermit = Readonly<{ allowed: boolean; retryAfterMs: number }>;

/**
 * Lets a client under its public limit have keys looked up freely, and one
 * over it at most `budget.limit` look-ups per `budget.windowMs` (counted by
 * the same limiter, so the budget holds across instances too). A refusal
 * says when either a look-up is free again or the public window admits the
 * client, whichever comes first.
 */
export function createLookupGate(
  limiter: RateLimiter,
  publicPolicy: RateLimitPolicy,
  budget: RateLimitPolicy,
) {
  return async (counter: string, nowMs: number): Promise<LookupPermit> => {
    const window = await limiter.peek(counter, publicPolicy, nowMs);
    if (window.allowed) return { allowed: true, retryAfterMs: 0 };
    const lookups = await limiter.hit(counter, budget, nowMs);
    return {
      allowed: lookups.allowed,
      retryAfterMs: lookups.allowed ? 0 : Math.min(window.resetMs, lookups.resetMs),
    };
  };
}

/**
 * Sets the limit headers of a decision already made on the reply, then
 * throws the subject's refusal if any — a refused key is answered as such
 * whether or not its window admitted the request — else the 429 if the
 * request was refused.
 */
export function settleDecision(
  reply: FastifyReply,
  subject: RateLimitSubject,
  decision: RateLimitDecision,
  nowMs: number,
): void {
  const headers = rateLimitHeaders(subject.policy, decision, nowMs);
  reply.headers(headers);
  if (subject.refusal !== null) throw subject.refusal;
  if (!decision.allowed) throw rateLimitedError(subject.policy, decision, headers, subject.advice);
}

export function createRateLimitGuard(options: RateLimitGuardOptions) {
  const { limiter, clock } = options;
  return async function rateLimitGuard(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (request.method === "OPTIONS") return;
    const now = clock.now();
    const subject = options.subjectOf(request);
    settleDecision(reply, subject, await limiter.hit(subject.counter, subject.policy, now), now);
  };
}
