/**
 * The limiter seam: one interface, a memory implementation (embedded
 * default) and, for several instances, a Redis one. Each must be *exact*:
 * in no interval of `windowMs` is a counter admitted more than `limit`
 * times. Only admitted requests are counted.
 */
import type { RateLimitPolicy } from "./rate-limit.policy.ts";

export type RateLimitDecision = Readonly<{
  allowed: boolean;
  /** Admitted requests in the window, including this one if admitted. */
  used: number;
  remaining: number;
  /**
   * Milliseconds until the oldest admitted request leaves the window — when
   * `remaining` next grows; for a refused request, exactly when a retry is
   * admitted. 0 when nothing is in the window.
   */
  resetMs: number;
  /** True when refused because the limiter is tracking as many counters as it may. */
  saturated?: boolean;
}>;

export interface RateLimiter {
  hit(
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
  ): Promise<RateLimitDecision> | RateLimitDecision;
}
