/**
 * Single-use tokens sent by email (password reset, address confirmation).
 *
 * Guarantees: a token is 32 random bytes (base64url) that exists only in the
 * email; the database keeps its SHA-256, so a leaked table cannot be used.
 * A token works once (`used_at` is set by the same UPDATE that checks it, so
 * two concurrent uses cannot both succeed) and only before `expires_at`.
 * Issuing a new token of a purpose retires the user's earlier ones, and a
 * password change or reset retires every outstanding reset link
 * (`retireEmailTokens`, in the transaction that changes the password): a
 * link mailed before the change must not undo it.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { EmailTokensTable } from "../db/schema.ts";
import { hashToken } from "./sessions.ts";

export type TokenPurpose = EmailTokensTable["purpose"];

export async function issueEmailToken(
  db: Database,
  input: { userId: string; email: string; purpose: TokenPurpose; nowMs: number; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const nowIso = new Date(input.nowMs).toISOString();
  await db
    .updateTable("email_tokens")
    .set({ used_at: nowIso })
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("email_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      purpose: input.purpose,
      email: input.email,
      created_at: nowIso,
      expires_at: new Date(input.nowMs + input.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks every live token of `purpose` of the user used; returns how many were live. */
export async function retireEmailTokens(
  db: Database,
  input: { userId: string; purpose: TokenPurpose; nowIso: string },
): Promise<number> {
  const result = await db
    .updateTable("email_tokens")
    .set({ used_at: input.nowIso })
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function plausible(token: string): boolean {
  return /^[A-Za-z0-9_-]{40,50}$/.test(token);
}

/** The live token's owner, without using it (to show the form); null if unknown, used or expired. */
export async function peekEmailToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<{ userId: string; email: string } | null> {
  if (!plausible(token)) return null;
  const row = await db
    .selectFrom("email_tokens")
    .select(["user_id", "email"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date(nowMs).toISOString())
    .executeTakeFirst();
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** Uses the token: returns its owner once, then null for ever. */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  nowMs: number,
): Promise<{ userId: string; email: string } | null> {
  const owner = await peekEmailToken(db, token, purpose, nowMs);
  if (owner === null) return null;
  const nowIso = new Date(nowMs).toISOString();
  const result = await db
    .updateTable("email_tokens")
    .set({ used_at: nowIso })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? owner : null;
}
