/**
 * The background worker that empties the queue (webhook.claim.ts), one per
 * instance. Off the request path: it runs on timers, never inside a request,
 * and at most `concurrency` deliveries are in flight per instance, so
 * deliveries neither count against API rate limits nor hold up /v1.
 *
 * Each pass claims as many due deliveries as there are free slots, each for
 * a lease longer than one attempt can take (the 10 s timeout plus margin),
 * posts them signed — a test event with its short deadline (3 s), anything
 * else with 10 s — and settles each: delivered (any 2xx), retried later
 * (backoff with jitter, webhook.retry.ts), given up after about a day (test
 * events and resends: after their one attempt), or — on 410 Gone, or after
 * failing for 3 days — the endpoint disabled and its owner told (at most
 * once a day). Which deliveries fill the slots is the queue's fair claim
 * (webhook.claim.ts): round-robin over endpoints, a few in flight per
 * endpoint and per account, endpoints that time out paused, so a receiver
 * that never answers holds a few slots, never all of them.
 *
 * Slots are for prompt attempts. An attempt still unanswered after
 * `slotHoldMs` (500 ms) gives its slot back and waits in the slow lane
 * (at most `slowLane` attempts, 4 × concurrency by default); only when the
 * slow lane is full does a slow attempt keep its slot. So receivers that
 * answer late — even many accounts' worth, each within its in-flight
 * limit — delay other accounts' deliveries by half a second at most, not
 * by their whole deadline. The lane bounds sockets and memory: at most
 * concurrency + slowLane attempts per instance.
 *
 * Passes run every `pollIntervalMs`, at once after a wake()
 * (something was enqueued here), and again straight away while work keeps
 * coming. Every `purgeIntervalMs` (and on start) a tick also removes settled
 * deliveries older than the retention, in batches (webhook.housekeeping.ts
 * `purgeSettled`), batch after batch while batches come back full, so the
 * tables do not grow with every event forever.
 */
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { type ClaimedDelivery, claimDueDeliveries } from "./webhook.claim.ts";
import { TEST_EVENT_TYPE } from "./webhook.events.ts";
import { PURGE_BATCH, purgeSettled } from "./webhook.housekeeping.ts";
import {
  DISABLE_AFTER_FAILING_MS,
  isDelivered,
  isSlowAttempt,
  RETRY_POLICY,
  retryDelayMs,
} from "./webhook.retry.ts";
import {
  DELIVERY_TIMEOUT_MS,
  TEST_DELIVERY_TIMEOUT_MS,
  type WebhookSender,
} from "./webhook.sender.ts";
import { type AttemptOutcome, settleDelivery } from "./webhook.settle.ts";
import { signatureHeaders } from "./webhook.signing.ts";

export const DELIVERY_OUTCOMES = ["delivered", "retry", "failed", "gone", "lost_lease"] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** A lease outlives the longest attempt (the timeout) by this much. */
export const LEASE_MARGIN_MS = 5_000;

/** How long an attempt holds a delivery slot before it waits in the slow lane instead. */
export const SLOT_HOLD_MS = 500;

/** The deadline of one attempt: short for a test event. */
export function deadlineOf(claimed: Pick<ClaimedDelivery, "eventType">): number {
  return claimed.eventType === TEST_EVENT_TYPE ? TEST_DELIVERY_TIMEOUT_MS : DELIVERY_TIMEOUT_MS;
}

export type WebhookDispatcherOptions = {
  db: Database;
  clock: Clock;
  send: WebhookSender;
  /** Prompt deliveries in flight at once on this instance (the slots). */
  concurrency: number;
  /** Attempts past `slotHoldMs` that may wait outside the slots (4 × concurrency by default). */
  slowLane?: number;
  /** How long an attempt holds its slot (SLOT_HOLD_MS by default). */
  slotHoldMs?: number;
  pollIntervalMs?: number;
  /** How often settled deliveries past their retention are purged (an hour by default). */
  purgeIntervalMs?: number;
  /** Rows per purge (PURGE_BATCH by default). */
  purgeBatch?: number;
  leaseMs?: number;
  random?: () => number;
  log: {
    warn: (fields: object, message: string) => void;
    error: (fields: object, message: string) => void;
  };
  /** Called once per settled attempt (metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
  /** Called when an attempt disabled an endpoint and its owner should be told (at most once a day). */
  onEndpointDisabled?: (endpoint: {
    url: string;
    userId: string;
    ownerEmail: string;
    reason: string;
  }) => void;
};

export type WebhookDispatcher = {
  start: () => void;
  /** Stops claiming, and resolves once the attempts in flight are settled. */
  stop: () => Promise<void>;
  /** A pass now (coalesced with one already running). */
  wake: () => void;
  /** One pass: claims what is due and delivers it; resolves when those are settled. */
  runOnce: () => Promise<number>;
};

export function outcomeOf(
  claimed: ClaimedDelivery,
  status: number | null,
  nowMs: number,
  random: () => number,
): AttemptOutcome {
  if (isDelivered(status)) return { kind: "delivered" };
  if (status === 410) return { kind: "gone" };
  const next = nowMs + retryDelayMs(claimed.attempt, random);
  const giveUpAtMs =
    claimed.giveUpAt === null
      ? Date.parse(claimed.createdAt) + RETRY_POLICY.giveUpAfterMs
      : Date.parse(claimed.giveUpAt);
  if (next > giveUpAtMs) return { kind: "failed" };
  return { kind: "retry", nextAttemptAtMs: next };
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, clock, send, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const purgeIntervalMs = options.purgeIntervalMs ?? 60 * 60 * 1000;
  const purgeBatch = options.purgeBatch ?? PURGE_BATCH;
  let nextPurgeAt = 0;
  let purging: Promise<void> | null = null;
  const leaseMs = options.leaseMs ?? DELIVERY_TIMEOUT_MS + LEASE_MARGIN_MS;
  const random = options.random ?? Math.random;
  const slowLane = options.slowLane ?? 4 * options.concurrency;
  const slotHoldMs = options.slotHoldMs ?? SLOT_HOLD_MS;
  /** Every attempt running; those holding a slot; the rest are in the slow lane. */
  const inFlight = new Set<Promise<void>>();
  const holdingSlot = new Set<Promise<void>>();
  /** Holding a slot past `slotHoldMs` because the slow lane was full: the first to move when it has room. */
  const overdue = new Set<Promise<void>>();
  const toSlowLane = (attempt: Promise<void>) => {
    overdue.delete(attempt);
    holdingSlot.delete(attempt);
  };
  const slowLaneHasRoom = () => inFlight.size - holdingSlot.size < slowLane;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let claiming: Promise<Promise<void>[]> | null = null;
  let again = false;

  const deliver = async (claimed: ClaimedDelivery): Promise<void> => {
    const headers = signatureHeaders(claimed.secrets, claimed.id, clock.now(), claimed.payload);
    const timeoutMs = deadlineOf(claimed);
    const result = await send(claimed.url, claimed.payload, headers, { timeoutMs });
    const nowMs = clock.now();
    const outcome = outcomeOf(claimed, result.status, nowMs, random);
    const slow = isSlowAttempt(result, timeoutMs);
    const settled = await settleDelivery(db, claimed, { ...result, slow }, outcome, {
      nowMs,
      disableAfterMs: DISABLE_AFTER_FAILING_MS,
    });
    options.onOutcome?.(settled.settled ? outcome.kind : "lost_lease");
    if (settled.disabled !== null) {
      const { notify, ...endpoint } = settled.disabled;
      log.warn(
        { webhook_endpoint_id: claimed.endpointId, reason: endpoint.reason, owner_told: notify },
        "webhook endpoint disabled",
      );
      if (notify) options.onEndpointDisabled?.(endpoint);
    }
  };

  /** Claims what is due into the free slots and starts it; resolves to the started attempts. */
  const claim = async (): Promise<Promise<void>[]> => {
    const free = options.concurrency - holdingSlot.size;
    const claimed = await claimDueDeliveries(db, { nowMs: clock.now(), leaseMs, limit: free });
    if (claimed.length > 0 && claimed.length === free) again = true;
    return claimed.map((delivery) => {
      let holdTimer: NodeJS.Timeout | undefined;
      const attempt: Promise<void> = deliver(delivery)
        .catch((error: unknown) =>
          log.error(
            { err: error, webhook_delivery_id: delivery.id },
            "webhook delivery could not be settled; its lease will expire and it will be retried",
          ),
        )
        .finally(() => {
          clearTimeout(holdTimer);
          inFlight.delete(attempt);
          holdingSlot.delete(attempt);
          overdue.delete(attempt);
          const [waiting] = overdue;
          if (waiting !== undefined && slowLaneHasRoom()) toSlowLane(waiting);
          // A slot came free: more may be due.
          wake();
        });
      inFlight.add(attempt);
      holdingSlot.add(attempt);
      // Still unanswered: wait in the slow lane, if it has room, and free the slot.
      holdTimer = setTimeout(() => {
        if (!holdingSlot.has(attempt)) return;
        if (!slowLaneHasRoom()) {
          overdue.add(attempt);
          return;
        }
        toSlowLane(attempt);
        wake();
      }, slotHoldMs);
      holdTimer.unref();
      return attempt;
    });
  };

  const claimOnce = (): Promise<Promise<void>[]> => {
    if (claiming !== null) {
      again = true;
      return claiming;
    }
    claiming = claim()
      .catch((error: unknown) => {
        log.warn({ err: error }, "claiming webhook deliveries failed; retrying on the next tick");
        return [];
      })
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          wake();
        }
      });
    return claiming;
  };

  function wake(): void {
    if (stopped || holdingSlot.size >= options.concurrency) return;
    void claimOnce();
  }

  /** Purges what is past its retention, when the interval has passed (one purge at a time). */
  function purgeWhenDue(): void {
    const nowMs = clock.now();
    if (purging !== null || nowMs < nextPurgeAt) return;
    nextPurgeAt = nowMs + purgeIntervalMs;
    purging = purgeSettled(db, { nowMs, limit: purgeBatch })
      .then((purged) => {
        // A full batch: more may be waiting, so purge again on the next tick
        // rather than in an hour (the purge keeps up with any volume).
        if (purged.deliveries >= purgeBatch || purged.events >= purgeBatch) nextPurgeAt = 0;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, "purging settled webhook deliveries failed; retrying later");
      })
      .finally(() => {
        purging = null;
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      const tick = () => {
        wake();
        purgeWhenDue();
        timer = setTimeout(tick, pollIntervalMs);
        timer.unref();
      };
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (claiming !== null || purging !== null || inFlight.size > 0) {
        await Promise.allSettled([claiming, purging, ...inFlight]);
      }
    },
    wake,
    async runOnce() {
      const started = await claimOnce();
      await Promise.all(started);
      return started.length;
    },
  };
}
