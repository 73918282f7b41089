import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "../db/database.ts";
import type { ApiKeysTable } from "../db/schema.ts";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "./api-keys.format.ts";

export type ApiKey = {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
};

type Row = Pick<Selectable<ApiKeysTable>, (typeof COLUMNS)[number]>;

const COLUMNS = [
  "id",
  "user_id",
  "name",
  "prefix",
  "created_at",
  "expires_at",
  "last_used_at",
] as const;

const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toApiKey);
}

export async function countApiKeys(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasKeyFromNonce(
  db: Database,
  userId: string,
  nonce: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("api_keys")
    .select("id")
    .where("user_id", "=", userId)
    .where("create_nonce", "=", nonce)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates a key and returns it with its full secret — the only time the
 * secret exists outside the caller's hands. Returns null if `nonce` was
 * already used by this user (a resubmitted form).
 */
export async function createApiKey(
  db: Database,
  input: { userId: string; name: string; expiresAt: string | null; nonce: string; nowIso: string },
): Promise<{ key: ApiKey; secret: string } | null> {
  const secret = generateApiKey();
  const row: Row = {
    id: randomUUID(),
    user_id: input.userId,
    name: input.name,
    prefix: apiKeyPrefix(secret),
    created_at: input.nowIso,
    expires_at: input.expiresAt,
    last_used_at: null,
  };
  const result = await db
    .insertInto("api_keys")
    .values({ ...row, key_hash: hashApiKey(secret), create_nonce: input.nonce })
    .onConflict((oc) => oc.columns(["user_id", "create_nonce"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { key: toApiKey(row), secret };
}

export async function findApiKeyForUser(
  db: Database,
  userId: string,
  id: string,
): Promise<ApiKey | null> {
  const row = await db
    .selectFrom("api_keys")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toApiKey(row) : null;
}

/** Deletes (revokes) one of the user's keys; false if it was not theirs or is gone. */
export async function deleteApiKey(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("api_keys")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The key with this hash, for verifying X-API-Key; null if unknown or deleted. */
export async function findApiKeyByHash(db: Database, keyHash: string): Promise<ApiKey | null> {
  const row = await db
    .selectFrom("api_keys")
    .select(COLUMNS)
    .where("key_hash", "=", keyHash)
    .executeTakeFirst();
  return row ? toApiKey(row) : null;
}
