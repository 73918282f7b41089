/**
 * Settle: records the outcome of one claimed attempt (the queue's contract
 * is in webhook.claim.ts), fenced by its lease token: a holder whose lease
 * was taken over changes nothing. The delivery's new state, the log line,
 * the circuit breaker, and the endpoint's health: healthy again on success;
 * disabled on 410 or after failing every attempt for the disable window,
 * its queued deliveries cancelled and its owner told at most once a day.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import type { ClaimedDelivery } from "./webhook.claim.ts";
import { pruneAttemptLog } from "./webhook.housekeeping.ts";
import { breakerPauseMs } from "./webhook.retry.ts";
import { inTransaction, iso } from "./webhook.rows.ts";

/** How long the owner of an endpoint that was disabled is not mailed again about it. */
export const DISABLED_NOTICE_INTERVAL_MS = 24 * 60 * 60_000;

export type AttemptOutcome =
  | { kind: "delivered" }
  | { kind: "retry"; nextAttemptAtMs: number }
  | { kind: "failed" }
  /** 410 Gone: the receiver asked us to stop. */
  | { kind: "gone" };

export type SettleResult = {
  /** False when the lease was lost (taken over after expiring): nothing was changed. */
  settled: boolean;
  /**
   * Set when this attempt disabled the endpoint. `notify` is true when its
   * owner should be told: not more than once a day per endpoint.
   */
  disabled: {
    reason: string;
    url: string;
    userId: string;
    ownerEmail: string;
    notify: boolean;
  } | null;
};

/**
 * Records one attempt: the delivery's new state (fenced by the lease
 * token), the log line (keeping the newest DELIVERY_LOG_SIZE per endpoint),
 * the circuit breaker (a timeout or a slow answer pauses the endpoint, a
 * prompt answer closes it),
 * and the endpoint's health — healthy again on success; disabled on 410, or
 * when it has failed every attempt for `disableAfterMs`.
 */
export async function settleDelivery(
  db: Database,
  claimed: ClaimedDelivery,
  result: {
    status: number | null;
    error: string | null;
    durationMs: number;
    timedOut?: boolean;
    /** Timed out, or answered after more than half its deadline (webhook.retry.ts `isSlowAttempt`). */
    slow?: boolean;
  },
  outcome: AttemptOutcome,
  options: { nowMs: number; disableAfterMs: number },
): Promise<SettleResult> {
  const nowIso = iso(options.nowMs);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("webhook_deliveries")
      .set({
        state:
          outcome.kind === "delivered"
            ? "delivered"
            : outcome.kind === "retry"
              ? "pending"
              : "failed",
        next_attempt_at: outcome.kind === "retry" ? iso(outcome.nextAttemptAtMs) : nowIso,
        lease_until: null,
        lease_token: null,
        last_attempt_at: nowIso,
        last_status: result.status,
        last_error: result.error,
        last_duration_ms: result.durationMs,
      })
      .where("id", "=", claimed.id)
      .where("lease_token", "=", claimed.leaseToken)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { settled: false, disabled: null };
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: randomUUID(),
        delivery_id: claimed.id,
        endpoint_id: claimed.endpointId,
        event_type: claimed.eventType,
        attempt: claimed.attempt,
        attempted_at: nowIso,
        status_code: result.status,
        error: result.error,
        duration_ms: result.durationMs,
      })
      .execute();
    await pruneAttemptLog(trx, claimed.endpointId);
    await recordBreaker(trx, claimed.endpointId, result, options.nowMs);
    if (outcome.kind === "delivered") {
      await trx
        .updateTable("webhook_endpoints")
        .set({ failing_since: null })
        .where("id", "=", claimed.endpointId)
        .where("failing_since", "is not", null)
        .execute();
      return { settled: true, disabled: null };
    }
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: nowIso })
      .where("id", "=", claimed.endpointId)
      .where("failing_since", "is", null)
      .execute();
    const endpoint = await trx
      .selectFrom("webhook_endpoints as e")
      .innerJoin("users as u", "u.id", "e.user_id")
      .select(["e.failing_since", "e.url", "e.user_id", "u.email"])
      .where("e.id", "=", claimed.endpointId)
      .executeTakeFirst();
    if (endpoint === undefined) return { settled: true, disabled: null };
    const failingMs = options.nowMs - Date.parse(endpoint.failing_since ?? nowIso);
    const reason =
      outcome.kind === "gone"
        ? "The receiver answered 410 Gone."
        : failingMs >= options.disableAfterMs
          ? `Every delivery failed for ${Math.round(options.disableAfterMs / 86_400_000)} days.`
          : null;
    if (reason === null) return { settled: true, disabled: null };
    if (!(await disableEndpoint(trx, claimed.endpointId, reason, nowIso)))
      return { settled: true, disabled: null };
    // The owner hears of it at most once a day per endpoint, however often
    // it is enabled and disabled again.
    const noticed = await trx
      .updateTable("webhook_endpoints")
      .set({ disabled_notice_at: nowIso })
      .where("id", "=", claimed.endpointId)
      .where((eb) =>
        eb.or([
          eb("disabled_notice_at", "is", null),
          eb("disabled_notice_at", "<=", iso(options.nowMs - DISABLED_NOTICE_INTERVAL_MS)),
        ]),
      )
      .executeTakeFirst();
    return {
      settled: true,
      disabled: {
        reason,
        url: endpoint.url,
        userId: endpoint.user_id,
        ownerEmail: endpoint.email,
        notify: Number(noticed.numUpdatedRows) > 0,
      },
    };
  });
}

/**
 * The circuit breaker: an attempt that got no answer in time, or a slow
 * one, pauses the endpoint (longer after each in a row; the column keeps
 * its first name, `timeouts_in_a_row`); a prompt answer closes it. Errors
 * that cost no waiting (refused, no such host) change nothing.
 */
async function recordBreaker(
  db: Database,
  endpointId: string,
  result: { status: number | null; timedOut?: boolean; slow?: boolean },
  nowMs: number,
): Promise<void> {
  if (result.timedOut === true || result.slow === true) {
    const row = await db
      .updateTable("webhook_endpoints")
      .set({ timeouts_in_a_row: sql<number>`timeouts_in_a_row + 1` })
      .where("id", "=", endpointId)
      .returning("timeouts_in_a_row")
      .executeTakeFirst();
    if (row === undefined) return;
    await db
      .updateTable("webhook_endpoints")
      .set({ paused_until: iso(nowMs + breakerPauseMs(Number(row.timeouts_in_a_row))) })
      .where("id", "=", endpointId)
      .execute();
  } else if (result.status !== null) {
    await db
      .updateTable("webhook_endpoints")
      .set({ timeouts_in_a_row: 0, paused_until: null })
      .where("id", "=", endpointId)
      .where((eb) => eb.or([eb("timeouts_in_a_row", ">", 0), eb("paused_until", "is not", null)]))
      .execute();
  }
}

/** Stops deliveries to an endpoint and cancels what it has queued; false if it was disabled already. */
async function disableEndpoint(
  db: Database,
  endpointId: string,
  reason: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ disabled_at: nowIso, disabled_reason: reason })
    .where("id", "=", endpointId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .updateTable("webhook_deliveries")
    .set({ state: "cancelled", lease_until: null, lease_token: null })
    .where("endpoint_id", "=", endpointId)
    .where("state", "=", "pending")
    .execute();
  return true;
}
