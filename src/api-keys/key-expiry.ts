/**
 * Warnings before a key expires: on the API keys page (`daysLeft`), and by
 * email, once per key, when it has EXPIRY_NOTICE_DAYS or fewer to go.
 * `sendExpiryNotices` runs on a timer; `expiry_notice_at` makes it
 * idempotent across runs and processes. Only owners whose address is
 * confirmed are mailed (accounts/account-notices.ts says why).
 */
import type { Database } from "../db/database.ts";
import type { Deliver } from "../mail/mailer.ts";
import { keyExpiringMail } from "../mail/messages.ts";

export const EXPIRY_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * How far ahead a key's expiration date may be: 10 years. A key meant to
 * last longer is a key that does not expire (leave the date empty). The
 * bound keeps every stored expiry a four-digit year, so `expires_at`
 * compares as text in both databases (a day in 9999 would be stored as
 * `+010000-01-01…` and sort before every other year).
 */
export const EXPIRY_HORIZON_YEARS = 10;

/** The last day (YYYY-MM-DD, UTC) a key created at `nowMs` may be set to expire on. */
export function latestExpiryDay(nowMs: number): string {
  const now = new Date(nowMs);
  const latest = new Date(
    Date.UTC(now.getUTCFullYear() + EXPIRY_HORIZON_YEARS, now.getUTCMonth(), now.getUTCDate()),
  );
  // 29 February ten years on may not exist: the day before 1 March then.
  if (latest.getUTCDate() !== now.getUTCDate()) latest.setUTCDate(0);
  return latest.toISOString().slice(0, 10);
}

/** Whole days until the key stops working (rounded up); null if it never expires or has expired. */
export function daysLeft(expiresAt: string | null, nowMs: number): number | null {
  if (expiresAt === null) return null;
  const left = Date.parse(expiresAt) - nowMs;
  return left <= 0 ? null : Math.ceil(left / DAY_MS);
}

function lastDayOf(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) - DAY_MS).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Emails the (confirmed) owner of every key entering its last EXPIRY_NOTICE_DAYS, once; returns how many. */
export async function sendExpiryNotices(
  db: Database,
  deliver: Deliver,
  nowMs: number,
  origin: string,
): Promise<number> {
  const nowIso = new Date(nowMs).toISOString();
  const horizon = new Date(nowMs + EXPIRY_NOTICE_DAYS * DAY_MS).toISOString();
  const due = await db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "api_keys.name",
      "api_keys.prefix",
      "api_keys.expires_at",
      "users.email",
    ])
    .where("api_keys.expires_at", "is not", null)
    .where("api_keys.expires_at", ">", nowIso)
    .where("api_keys.expires_at", "<=", horizon)
    .where("api_keys.expiry_notice_at", "is", null)
    .where("users.email_verified_at", "is not", null)
    .execute();
  let sent = 0;
  for (const key of due) {
    const expiresAt = key.expires_at as string;
    const claimed = await db
      .updateTable("api_keys")
      .set({ expiry_notice_at: nowIso })
      .where("id", "=", key.id)
      .where("expiry_notice_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    deliver(
      keyExpiringMail(
        key.email,
        {
          name: key.name,
          prefix: key.prefix,
          lastDay: lastDayOf(expiresAt),
          days: daysLeft(expiresAt, nowMs) ?? 0,
        },
        origin,
      ),
    );
    sent += 1;
  }
  return sent;
}
