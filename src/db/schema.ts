/**
 * Table types. Timestamps are ISO 8601 UTC strings (`2026-11-22T10:00:00.000Z`)
 * in both SQLite and PostgreSQL, so they compare correctly as text and the
 * same query code serves both dialects.
 */
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

export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  email_tokens: EmailTokensTable;
};
