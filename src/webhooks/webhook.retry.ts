/**
 * When a failed delivery is tried again: exponential backoff with jitter,
 * for about a day. The n-th retry waits 30 s × 3^(n−1), at most 6 hours,
 * each wait spread by ±20 % so endpoints that failed together do not retry
 * together. A delivery whose next try would come more than 24 hours after it
 * was enqueued is given up ("failed"): about 11 attempts in all
 * (30 s, 1.5 min, 4.5 min, 13.5 min, 40 min, 2 h, 6 h, 6 h, 6 h, …).
 *
 * Test events and resends are tried once: they never start a day of
 * retries (their `give_up_at` is when they were queued).
 *
 * Endpoints: one that has failed every attempt for 3 days is disabled and
 * its owner emailed; a 410 Gone disables it at once. One whose receiver
 * let an attempt time out, or answered it slowly — after more than half
 * the attempt's deadline (`BREAKER_POLICY.slowFraction`: 5 s of an event's
 * 10 s, 1.5 s of a test event's 3 s), whatever the status — is paused (the
 * circuit breaker, BREAKER_POLICY): nothing is sent to it for 1 minute,
 * then 2, 4, … up to 30 minutes after each further slow attempt in a row;
 * after a pause it gets one attempt at a time, and a prompt answer closes
 * the breaker. Counting only timeouts let a receiver that answers `500`
 * just inside the deadline hold a slot for 9.5 s per attempt, for ever.
 */
export const RETRY_POLICY = {
  firstDelayMs: 30_000,
  factor: 3,
  maxDelayMs: 6 * 60 * 60_000,
  jitter: 0.2,
  giveUpAfterMs: 24 * 60 * 60_000,
} as const;

export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 60 * 60_000;

export const BREAKER_POLICY = {
  firstPauseMs: 60_000,
  maxPauseMs: 30 * 60_000,
  /** An answer after this share of the attempt's deadline counts as a timeout. */
  slowFraction: 0.5,
} as const;

/** True when an attempt with deadline `timeoutMs` counts against its endpoint's breaker. */
export function isSlowAttempt(
  result: { durationMs: number; timedOut?: boolean },
  timeoutMs: number,
): boolean {
  return result.timedOut === true || result.durationMs > timeoutMs * BREAKER_POLICY.slowFraction;
}

/** How long an endpoint is paused after its `timeoutsInARow`-th timeout in a row (1-based). */
export function breakerPauseMs(timeoutsInARow: number): number {
  return Math.min(
    BREAKER_POLICY.firstPauseMs * 2 ** Math.max(0, timeoutsInARow - 1),
    BREAKER_POLICY.maxPauseMs,
  );
}

/** Milliseconds to wait after failed attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    RETRY_POLICY.firstDelayMs * RETRY_POLICY.factor ** Math.max(0, attempt - 1),
    RETRY_POLICY.maxDelayMs,
  );
  const spread = 1 + RETRY_POLICY.jitter * (2 * random() - 1);
  return Math.round(base * spread);
}

/** True for the statuses that count as delivered: any 2xx. */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
