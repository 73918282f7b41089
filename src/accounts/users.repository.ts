import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { type Database, withUserLocked } from "../db/database.ts";
import type { UsersTable } from "../db/schema.ts";
import { normalizeEmail } from "./email.ts";
import { retireEmailTokens } from "./email-tokens.ts";

export { normalizeEmail };

export type User = {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  /** When the address was confirmed; null until then. */
  emailVerifiedAt: string | null;
};

type Row = Pick<Selectable<UsersTable>, (typeof COLUMNS)[number]>;

const COLUMNS = ["id", "email", "password_hash", "created_at", "email_verified_at"] as const;

const toUser = (row: Row): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  emailVerifiedAt: row.email_verified_at,
});

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .select(COLUMNS)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserById(db: Database, id: string): Promise<User | null> {
  const row = await db.selectFrom("users").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Creates a user, or returns null if the email is taken. */
export async function createUser(
  db: Database,
  email: string,
  passwordHash: string,
  nowIso: string,
): Promise<User | null> {
  const id = randomUUID();
  const result = await db
    .insertInto("users")
    .values({
      id,
      email: normalizeEmail(email),
      password_hash: passwordHash,
      created_at: nowIso,
      password_changed_at: nowIso,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return {
    id,
    email: normalizeEmail(email),
    passwordHash,
    createdAt: nowIso,
    emailVerifiedAt: null,
  };
}

export async function updatePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  nowIso: string,
) {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, password_changed_at: nowIso })
    .where("id", "=", userId)
    .execute();
}

/**
 * A password change by the signed-in owner, in one transaction under the
 * user's row lock: the new hash, every session ended, and every reset link
 * still outstanding retired — one mailed before the change (perhaps to
 * someone reading the owner's mail) no longer replaces the new password.
 */
export async function changePassword(
  db: Database,
  input: { userId: string; passwordHash: string; nowIso: string },
): Promise<void> {
  await withUserLocked(db, input.userId, async (trx) => {
    await updatePasswordHash(trx, input.userId, input.passwordHash, input.nowIso);
    await trx.deleteFrom("sessions").where("user_id", "=", input.userId).execute();
    await retireEmailTokens(trx, {
      userId: input.userId,
      purpose: "password_reset",
      nowIso: input.nowIso,
    });
  });
}

/** Deletes the user; sessions and API keys go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", userId).execute();
}
