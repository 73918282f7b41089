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
};

export type DB = {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
};
