/**
 * The limiter seam: one interface, a memory implementation (the embedded
 * default) and, for several instances, a Redis one. The contract suite in
 * `test/contracts/rate-limiter.contract.ts` runs against each. Every
 * implementation must be:
 *
 * - **Exact** for the counters it tracks: in no interval of `windowMs` is a
 *   counter admitted more than `limit` times. Only admitted requests count.
 * - **Never reset by others**: no number of other counters evicts, resets
 *   or lowers a counter, and a newcomer is judged on its own requests only.
 * - **Over-counting only** where a memory bound forces approximation; such
 *   decisions say `approximate: true`.
 * - **Flat**: no call does work proportional to the number of counters.
 *
 * Counters are opaque strings (`ip:…`, `ip6:…/64`, `acct:…`); the policy
 * names what they are charged for, and the same counter under two policies
 * is two independent counts.
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
   * admitted (approximate decisions: the earliest it may be). 0 when
   * nothing is in the window.
   */
  resetMs: number;
  /** True when the counter is beyond the exact bound and was judged by an over-counting estimate. */
  approximate?: boolean;
}>;

export type RateLimiterStatus = Readonly<{
  /** False once the memory bound forced some counters into the over-counting tier. */
  exact: boolean;
  /** Counters held exactly (null where the store cannot say cheaply). */
  counters: number | null;
}>;

export interface RateLimiter {
  /** Charges one request to `counter` under `policy` at `nowMs` if admitted, and says so. */
  hit(
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
  ): Promise<RateLimitDecision> | RateLimitDecision;
  /** What `hit` would decide now, without charging anything. */
  peek(
    counter: string,
    policy: RateLimitPolicy,
    nowMs: number,
  ): Promise<RateLimitDecision> | RateLimitDecision;
  /** For /readyz and metrics. */
  status(): Promise<RateLimiterStatus> | RateLimiterStatus;
  /** Releases timers, connections and memory; the limiter is not used afterwards. */
  close(): Promise<void> | void;
}
