/**
 * The throttle on what a user does by hand to a webhook endpoint — send a
 * test event, resend, enable again, roll the secret: its policy and how it
 * is charged.
 *
 * Contract: each action is charged to the endpoint (`whep:<id>`) and to the
 * account (the account's counter, as the API counts it), in sliding hours,
 * on the shared limiter, so every instance counts together with Redis. An
 * action refused by either counter is charged to neither; the refusal says
 * when to retry (at least 1 ms).
 */

import type { RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import { accountCounter } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";

export const WEBHOOK_ACTION_POLICIES = {
  perEndpoint: { name: "webhook-actions-endpoint", limit: 10, windowMs: 60 * 60_000 },
  perUser: { name: "webhook-actions", limit: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

export type WebhookActionThrottle = (
  userId: string,
  endpointId: string,
  nowMs: number,
) => Promise<{ allowed: boolean; retryAfterMs: number }>;

/** Charges one action by hand on the shared `limiter` (WEBHOOK_ACTION_POLICIES). */
export function createWebhookActionThrottle(limiter: RateLimiter): WebhookActionThrottle {
  return async (userId, endpointId, nowMs) => {
    const counters = [
      [`whep:${endpointId}`, WEBHOOK_ACTION_POLICIES.perEndpoint],
      [accountCounter(userId), WEBHOOK_ACTION_POLICIES.perUser],
    ] as const;
    // Refused by either, charged to neither.
    for (const [counter, policy] of counters) {
      const peek = await limiter.peek(counter, policy, nowMs);
      if (!peek.allowed) return { allowed: false, retryAfterMs: Math.max(1, peek.resetMs) };
    }
    for (const [counter, policy] of counters) {
      const decision = await limiter.hit(counter, policy, nowMs);
      if (!decision.allowed) return { allowed: false, retryAfterMs: decision.resetMs };
    }
    return { allowed: true, retryAfterMs: 0 };
  };
}

/** What a refused user reads: both limits and the minutes to wait. */
export function webhookActionRefusal(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many test events, resends, enables and secret rolls: at most ${WEBHOOK_ACTION_POLICIES.perEndpoint.limit} an hour for one endpoint and ${WEBHOOK_ACTION_POLICIES.perUser.limit} for your account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
