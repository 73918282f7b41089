/**
 * Table types. Timestamps are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`)
 * in both SQLite and PostgreSQL, so they compare correctly as text and the
 * same query code serves both dialects.
 */
import type { Generated } from "kysely";

export type UsersTable = {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
  /** When the address was confirmed through an emailed link; null until then (never blocks use). */
  email_verified_at: string | null;
};

export type SessionsTable = {
  /** SHA-256 of the session token (hex); the token itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; idle expiry is last_seen_at + the idle TTL. */
  expires_at: string;
};

export type ApiKeysTable = {
  id: string;
  user_id: string;
  name: string;
  /** First 8 characters of the key, shown in lists. */
  prefix: string;
  /** SHA-256 of the full key (hex); the key itself is never stored. */
  key_hash: string;
  created_at: string;
  /** The key stops working at this instant; null = never expires. */
  expires_at: string | null;
  last_used_at: string | null;
  /** Nonce of the form that created it, so a resubmitted form cannot create a second key. */
  create_nonce: string | null;
  /** When the owner was emailed that the key expires soon; null if not (yet). */
  expiry_notice_at: string | null;
};

/** Requests per key per UTC day, written in batches; `limited` counts 429 answers. */
export type ApiKeyUsageTable = {
  key_id: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  requests: number;
  limited: number;
};

/** Single-use emailed tokens (password reset, address verification). */
export type EmailTokensTable = {
  /** SHA-256 of the token (hex); the token itself exists only in the email. */
  token_hash: string;
  user_id: string;
  purpose: "password_reset" | "verify_email";
  /** The address the token was sent to. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A user's webhook endpoint (src/webhooks/). */
export type WebhookEndpointsTable = {
  id: string;
  user_id: string;
  url: string;
  /**
   * The Standard Webhooks signing secret (`whsec_…`), kept as is: signing
   * needs it, so unlike an API key it cannot be stored as a hash.
   */
  secret: string;
  /** Comma-separated event types the endpoint subscribes to. */
  event_types: string;
  /** Comma-separated USPS codes; null = every jurisdiction. */
  jurisdictions: string | null;
  created_at: string;
  /** Nonce of the form that created it, so a resubmitted form cannot create a second endpoint. */
  create_nonce: string;
  /** First failed attempt since the last success; null while healthy. */
  failing_since: string | null;
  /** When deliveries stopped (410 Gone, or failing for days); null while enabled. */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** When a delivery to it was last claimed: claims go round-robin, least recently served first. */
  last_claimed_at: string | null;
  /** The circuit breaker: after a timeout nothing is claimed for it before this instant. */
  paused_until: string | null;
  /** Attempts that timed out since its last answer; above 0 it gets one attempt at a time. */
  timeouts_in_a_row: Generated<number>;
  /** When its owner was last told it was disabled (at most once a day). */
  disabled_notice_at: string | null;
  /** The secret it had before the last rotation; it also signs until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
};

/** An event once, whatever the number of endpoints it goes to. */
export type WebhookEventsTable = {
  /** Stable id given by the producer: the same event enqueued twice is one row. */
  id: string;
  type: string;
  jurisdiction: string | null;
  /** The exact JSON body every endpoint receives. */
  payload: string;
  created_at: string;
};

/** The queue: one row per (event, endpoint); its id is the `webhook-id` header. */
export type WebhookDeliveriesTable = {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** pending (due at next_attempt_at), delivered, failed (gave up), cancelled (endpoint disabled). */
  state: "pending" | "delivered" | "failed" | "cancelled";
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  /**
   * No retry is scheduled after this instant; null: a day after `created_at`
   * (events). Test events and resends set it to when they were queued, so
   * they are tried once.
   */
  give_up_at: string | null;
  /** While an instance is delivering it: no other claims it before this instant. */
  lease_until: string | null;
  /** Who holds the lease: only that holder may record the attempt's outcome. */
  lease_token: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
};

/** The delivery log: every attempt (the newest 50 per endpoint are kept). */
export type WebhookAttemptsTable = {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  event_type: string;
  attempt: number;
  attempted_at: string;
  /** The receiver's HTTP status, or null when no response came (then `error` says why). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

/** Dataset versions served so far; the instance that inserts a version first announces it. */
export type DatasetReleasesTable = {
  version: string;
  first_served_at: string;
};

/** Accounts given the maintainer role by the operator (`npm run maintainers`). */
export type MaintainersTable = {
  user_id: string;
  granted_at: string;
};

/** The review queue (src/review-queue/): what the watch found and what readers suggested. */
export type ReviewItemsTable = {
  id: string;
  /** watch (an official source) or reader (a suggested correction). */
  origin: "watch" | "reader";
  /** federal_register, openstates or reader. */
  source: string;
  /** The source's own id (a document number, a bill id); an item exists once per source id. */
  source_id: string;
  /** USPS code, or US for federal law. */
  jurisdiction: string;
  /** The field concerned (a key of src/review-queue/review-queue.fields.ts), where known. */
  field: string | null;
  title: string;
  url: string | null;
  /** The document's publication or signing day, the bill's latest action day, or the day suggested. */
  item_date: string | null;
  /** The day it takes effect, where the source says. */
  effective_date: string | null;
  citation: string | null;
  /** Plain text: an abstract, the latest action, or the reader's note. Never rendered as HTML. */
  body: string;
  /** A reader's value: what they believe the field should be. */
  proposed_value: string | null;
  /** A reader's address for the one decision mail; erased once that mail is sent. Never shown. */
  contact_email: string | null;
  status: "new" | "accepted" | "declined" | "duplicate";
  /** The deciding maintainer's address at the time. */
  decided_by: string | null;
  decided_at: string | null;
  /** A key of DECLINE_REASONS (declined), or null. */
  decision_reason: string | null;
  duplicate_of: string | null;
  created_at: string;
  updated_at: string;
};

/** The decision log: one row per decision on an item. */
export type ReviewDecisionsTable = {
  id: string;
  item_id: string;
  action: "accepted" | "declined" | "duplicate";
  decided_by: string;
  decided_at: string;
  reason: string | null;
  note: string | null;
};

/** Where the watch of each official source stopped, and how its last run went. */
export type ReviewWatchStateTable = {
  source: string;
  /** YYYY-MM-DD: the next run asks from this day (inclusive). */
  cursor: string | null;
  last_run_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
};

export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  email_tokens: EmailTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  dataset_releases: DatasetReleasesTable;
  maintainers: MaintainersTable;
  review_items: ReviewItemsTable;
  review_decisions: ReviewDecisionsTable;
  review_watch_state: ReviewWatchStateTable;
};
