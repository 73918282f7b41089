/**
 * The /v1 guard, run on every API request before validation and routing:
 * identifies the caller (X-API-Key → its key's counter; otherwise, or when
 * the key is refused, the client IP's public counter), charges the counter,
 * and sets the limit headers on the response — whatever its status.
 *
 * Headers (SPEC §4): the IETF fields in draft-ietf-httpapi-ratelimit-headers-11
 * syntax — `RateLimit-Policy: "public";q=60;w=900` and
 * `RateLimit: "public";r=41;t=530` — and `X-RateLimit-Limit`, `-Remaining`,
 * `-Reset` (Unix seconds), `-Used`. `t` and `X-RateLimit-Reset` tell when the
 * oldest counted request leaves the sliding window, i.e. when `r` next grows.
 * A refused request gets 429 `rate_limited` with the exact `Retry-After`.
 * CORS preflights are not counted.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { KeyUsage } from "../api-keys/api-key.usage.ts";
import type { ApiKeyVerifier } from "../api-keys/api-key.verifier.ts";
import type { ApiKey } from "../api-keys/api-keys.repository.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import { clientCounterKey, type RateLimitPolicy } from "./rate-limit.policy.ts";
import type { RateLimitDecision, RateLimiter } from "./rate-limit.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The verified API key of this /v1 request, or null for a public request. */
    apiKey: ApiKey | null;
  }
}

export type RateLimitGuardOptions = {
  verifier: ApiKeyVerifier;
  usage: KeyUsage;
  limiter: RateLimiter;
  clock: Clock;
  publicPolicy: RateLimitPolicy;
  keyPolicy: RateLimitPolicy;
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

export function createRateLimitGuard(options: RateLimitGuardOptions) {
  const { verifier, usage, limiter, clock } = options;
  return async function rateLimitGuard(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    request.apiKey = null;
    if (request.method === "OPTIONS") return;
    const now = clock.now();
    const presented = request.headers["x-api-key"];
    let refusal: AppError | null = null;
    let policy = options.publicPolicy;
    let counter = clientCounterKey(request.ip);
    if (presented !== undefined) {
      const check = await verifier.verify(
        Array.isArray(presented) ? (presented[0] ?? "") : presented,
        now,
      );
      if (check.ok) {
        policy = options.keyPolicy;
        counter = `key:${check.key.id}`;
        request.apiKey = check.key;
      } else {
        refusal =
          check.code === "expired_api_key"
            ? new AppError(
                "expired_api_key",
                "This API key has expired. Create a new one on the API keys page.",
              )
            : new AppError(
                "invalid_api_key",
                "This API key is not valid: it is mistyped, unknown or deleted. Send no X-API-Key header for public access, or create a key on the API keys page.",
              );
      }
    }
    const decision = await limiter.hit(counter, policy, now);
    const headers = rateLimitHeaders(policy, decision, now);
    reply.headers(headers);
    if (!decision.allowed) {
      const retryAfter = seconds(decision.resetMs);
      throw new AppError(
        "rate_limited",
        decision.saturated
          ? `The service is tracking too many clients right now. Retry in ${retryAfter} seconds.`
          : `The ${policy.name} limit of ${policy.limit} requests per ${seconds(policy.windowMs)} seconds is used up. Retry in ${retryAfter} seconds.`,
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
    if (refusal !== null) throw refusal;
    if (request.apiKey !== null)
      usage.touch(request.apiKey.id, now, request.apiKey.lastUsedAt !== null);
  };
}
