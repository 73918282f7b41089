/**
 * A password reset, and what it means for an account whose address was
 * never confirmed.
 *
 * Sign-up does not wait for a confirmed address, so anyone can create an
 * account with someone else's address, make API keys and webhook endpoints,
 * and wait. When the address's real owner then resets the password through
 * the link mailed to that address — which proves the address — the account
 * becomes theirs: it starts clean. In the same transaction as the new
 * password, under the user's row lock (so no key or endpoint creation can
 * interleave; those re-check their session under the same lock), every
 * session, API key (with its usage) and webhook endpoint (with its queue and
 * log) is deleted, and the address is marked confirmed. The caller refuses
 * the deleted keys on every instance at once and tells the owner what was
 * removed, by mail and on the page.
 *
 * An account whose address was already confirmed is reset as before: its
 * sessions end, its keys and endpoints stay (its owner proved the address
 * earlier).
 */

import type { Database } from "../db/database.ts";
import { withUserLocked } from "../db/database.ts";
import type { ClaimedAccountRemovals } from "../mail/messages.ts";
import { retireEmailTokens } from "./email-tokens.ts";

export type PasswordReset = {
  /** Null when the account was confirmed already (nothing else removed). */
  claimed: ClaimedAccountRemovals | null;
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}

/**
 * Sets the new password hash, ends every session and every other reset
 * link, marks the address
 * confirmed when `tokenEmail` (the address the reset link was mailed to) is
 * still the account's, and — when that address had never been confirmed —
 * removes everything the account held. Null when the user is gone.
 */
export async function resetPassword(
  db: Database,
  input: { userId: string; passwordHash: string; tokenEmail: string; nowIso: string },
): Promise<PasswordReset | null> {
  return withUserLocked(db, input.userId, async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", input.userId)
      .executeTakeFirst();
    if (user === undefined) return null;
    await trx
      .updateTable("users")
      .set({ password_hash: input.passwordHash, password_changed_at: input.nowIso })
      .where("id", "=", input.userId)
      .execute();
    const sessions = await trx
      .deleteFrom("sessions")
      .where("user_id", "=", input.userId)
      .executeTakeFirst();
    await retireEmailTokens(trx, {
      userId: input.userId,
      purpose: "password_reset",
      nowIso: input.nowIso,
    });
    const proven = user.email === input.tokenEmail;
    if (!proven || user.email_verified_at !== null) return { claimed: null };
    await trx
      .updateTable("users")
      .set({ email_verified_at: input.nowIso })
      .where("id", "=", input.userId)
      .execute();
    const keys = await trx
      .deleteFrom("api_keys")
      .where("user_id", "=", input.userId)
      .returning(["name", "prefix"])
      .execute();
    const endpoints = await trx
      .deleteFrom("webhook_endpoints")
      .where("user_id", "=", input.userId)
      .returning(["url"])
      .execute();
    return {
      claimed: {
        sessions: Number(sessions.numDeletedRows),
        keys: keys.map((key) => ({ name: key.name, prefix: key.prefix })),
        endpointHosts: endpoints.map((endpoint) => hostOf(endpoint.url)),
      },
    };
  });
}
