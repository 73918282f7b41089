/**
 * Notices about an account (a new key, a key expiring, a changed password,
 * a disabled webhook endpoint, a deleted account) go only to an address its
 * owner has confirmed.
 *
 * Why: sign-up does not wait for a confirmed address (a new user can create
 * keys at once), so an unconfirmed account may carry someone else's address.
 * Mailing it our notices on that stranger's actions would make the service a
 * relay to any address, at the rate those actions allow. The two mails that
 * carry a token proving the address — the confirmation link and the
 * password-reset link — are the exceptions, and are throttled where they
 * are sent. Webhook notices are further limited to one per endpoint a day
 * (webhook.settle.ts), and name an endpoint by its host only.
 */
import type { Database } from "../db/database.ts";
import type { Deliver, Mail } from "../mail/mailer.ts";

/** Mails the user, at their current address, if it is confirmed; resolves when decided (never rejects). */
export type NotifyAccount = (userId: string, build: (email: string) => Mail) => Promise<void>;

export function createAccountNotices(
  db: Database,
  deliver: Deliver,
  log: { error: (fields: object, message: string) => void },
): NotifyAccount {
  return async (userId, build) => {
    try {
      const row = await db
        .selectFrom("users")
        .select(["email", "email_verified_at"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (row === undefined || row.email_verified_at === null) return;
      deliver(build(row.email));
    } catch (error) {
      log.error({ err: error, user_id: userId }, "could not send an account notice");
    }
  };
}
