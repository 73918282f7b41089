/**
 * Webhook endpoints and their delivery log, as the owner manages and sees
 * them. The queue itself is in webhook.enqueue.ts, webhook.claim.ts (its
 * contract), webhook.settle.ts and webhook.housekeeping.ts.
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "../db/database.ts";
import type { WebhookAttemptsTable, WebhookEndpointsTable } from "../db/schema.ts";
import { isWebhookEventType, type WebhookEventType } from "./webhook.events.ts";
import { DELIVERY_LOG_SIZE, parseList } from "./webhook.rows.ts";
import { generateWebhookSecret } from "./webhook.signing.ts";

export type DeliveryAttempt = {
  id: string;
  deliveryId: string;
  eventType: string;
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

export type WebhookEndpoint = {
  id: string;
  userId: string;
  url: string;
  eventTypes: WebhookEventType[];
  /** USPS codes; null = every jurisdiction. */
  jurisdictions: string[] | null;
  createdAt: string;
  failingSince: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  /** The circuit breaker: nothing is sent before this instant (a receiver that timed out). */
  pausedUntil: string | null;
  /** Until when the secret before the last rotation also signs; null when none does. */
  previousSecretExpiresAt: string | null;
  lastAttempt: DeliveryAttempt | null;
};

const ENDPOINT_COLUMNS = [
  "id",
  "user_id",
  "url",
  "event_types",
  "jurisdictions",
  "created_at",
  "failing_since",
  "disabled_at",
  "disabled_reason",
  "paused_until",
  "previous_secret_expires_at",
] as const;

type EndpointRow = Pick<Selectable<WebhookEndpointsTable>, (typeof ENDPOINT_COLUMNS)[number]>;

const toEndpoint = (row: EndpointRow, lastAttempt: DeliveryAttempt | null): WebhookEndpoint => ({
  id: row.id,
  userId: row.user_id,
  url: row.url,
  eventTypes: (parseList(row.event_types) ?? []).filter(isWebhookEventType),
  jurisdictions: parseList(row.jurisdictions),
  createdAt: row.created_at,
  failingSince: row.failing_since,
  disabledAt: row.disabled_at,
  disabledReason: row.disabled_reason,
  pausedUntil: row.paused_until,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  lastAttempt,
});

const toAttempt = (row: WebhookAttemptsTable): DeliveryAttempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  eventType: row.event_type,
  attempt: Number(row.attempt),
  attemptedAt: row.attempted_at,
  statusCode: row.status_code === null ? null : Number(row.status_code),
  error: row.error,
  durationMs: Number(row.duration_ms),
});

export async function listWebhookEndpoints(
  db: Database,
  userId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom("webhook_endpoints")
    .select(ENDPOINT_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where(
      "endpoint_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("attempted_at", "desc")
    .orderBy("attempt", "desc")
    .execute();
  const latest = new Map<string, DeliveryAttempt>();
  for (const attempt of attempts) {
    if (!latest.has(attempt.endpoint_id)) latest.set(attempt.endpoint_id, toAttempt(attempt));
  }
  return rows.map((row) => toEndpoint(row, latest.get(row.id) ?? null));
}

export async function countWebhookEndpoints(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates an endpoint and returns it with its signing secret (shown once to
 * the owner). Null if `nonce` was already used by this user (a resubmitted form).
 */
export async function createWebhookEndpoint(
  db: Database,
  input: {
    userId: string;
    url: string;
    eventTypes: readonly WebhookEventType[];
    jurisdictions: readonly string[] | null;
    nonce: string;
    nowIso: string;
  },
): Promise<{ endpoint: WebhookEndpoint; secret: string } | null> {
  const secret = generateWebhookSecret();
  const row: EndpointRow = {
    id: randomUUID(),
    user_id: input.userId,
    url: input.url,
    event_types: input.eventTypes.join(","),
    jurisdictions: input.jurisdictions === null ? null : input.jurisdictions.join(","),
    created_at: input.nowIso,
    failing_since: null,
    disabled_at: null,
    disabled_reason: null,
    paused_until: null,
    previous_secret_expires_at: null,
  };
  const result = await db
    .insertInto("webhook_endpoints")
    .values({ ...row, secret, create_nonce: input.nonce })
    .onConflict((oc) => oc.columns(["user_id", "create_nonce"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { endpoint: toEndpoint(row, null), secret };
}

export async function findWebhookEndpointForUser(
  db: Database,
  userId: string,
  id: string,
): Promise<WebhookEndpoint | null> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select(ENDPOINT_COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (row === undefined) return null;
  const [last] = await listDeliveryAttempts(db, id, 1);
  return toEndpoint(row, last ?? null);
}

/** Deletes one of the user's endpoints with its queued deliveries and log; false if not theirs. */
export async function deleteWebhookEndpoint(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("webhook_endpoints")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The endpoint's newest attempts, newest first (at most DELIVERY_LOG_SIZE are kept). */
export async function listDeliveryAttempts(
  db: Database,
  endpointId: string,
  limit = DELIVERY_LOG_SIZE,
): Promise<DeliveryAttempt[]> {
  const rows = await db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .orderBy("attempted_at", "desc")
    .orderBy("attempt", "desc")
    .limit(limit)
    .execute();
  return rows.map(toAttempt);
}

/**
 * Gives the user's endpoint a new signing secret (returned, to be shown
 * once). The current one becomes the previous secret and keeps signing
 * until `nowMs + overlapMs`, so receivers can switch without a gap; a
 * secret older than that stops at once. Null if the endpoint is not theirs.
 */
export async function rotateWebhookSecret(
  db: Database,
  input: { userId: string; id: string; nowMs: number; overlapMs: number },
): Promise<string | null> {
  const secret = generateWebhookSecret();
  const result = await db
    .updateTable("webhook_endpoints")
    .set((eb) => ({
      previous_secret: eb.ref("secret"),
      previous_secret_expires_at: new Date(input.nowMs + input.overlapMs).toISOString(),
      secret,
    }))
    .where("user_id", "=", input.userId)
    .where("id", "=", input.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? secret : null;
}

/** Turns deliveries to a disabled endpoint of the user's back on; false if not theirs. */
export async function enableWebhookEndpoint(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ disabled_at: null, disabled_reason: null, failing_since: null })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
