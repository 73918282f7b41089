/**
 * Browser sessions.
 *
 * Guarantees: the session token is 32 random bytes (base64url) held only by
 * the browser, in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-`
 * prefixed when the site is served over https); the database stores only its
 * SHA-256, so a leaked table cannot be replayed. A new token is issued at
 * every log-in (no fixation). A session ends after SESSION_IDLE_MS without
 * use or SESSION_MAX_MS after log-in, whichever comes first; `last_seen_at`
 * is written at most once a minute. Changing the password ends every other
 * session; deleting the account ends all of them. A user holds at most
 * MAX_SESSIONS_PER_USER live sessions: a new log-in ends the oldest beyond
 * that, so repeated log-ins cannot grow the table; expired sessions are
 * deleted by a periodic sweep (`deleteExpiredSessions`).
 *
 * Reasoning: The Copenhagen Book, "Sessions"; OWASP Session Management.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Database, withUserLocked } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;
export const MAX_SESSIONS_PER_USER = 20;
/** How often the app sweeps expired sessions. */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type Session = {
  idHash: string;
  userId: string;
  email: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

export async function createSession(
  db: Database,
  userId: string,
  clock: Clock,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  const expiresAt = new Date(now + SESSION_MAX_MS);
  // Under the user's row lock, so log-ins at once cannot leave more than the cap.
  await withUserLocked(db, userId, async (trx) => {
    await trx
      .insertInto("sessions")
      .values({
        id_hash: hashToken(token),
        user_id: userId,
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    const kept = trx
      .selectFrom("sessions")
      .select("id_hash")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id_hash")
      .limit(MAX_SESSIONS_PER_USER);
    await trx
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where("id_hash", "not in", kept)
      .execute();
  });
  return { token, expiresAt };
}

/** The live session for a token, refreshing its idle timer; null if unknown or expired (and then deleted). */
export async function validateSession(
  db: Database,
  token: string,
  clock: Clock,
): Promise<Session | null> {
  if (token.length < 20 || token.length > 100) return null;
  const idHash = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.user_id",
      "users.email",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (row === undefined) return null;
  const now = clock.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (now >= Date.parse(row.expires_at) || now >= lastSeen + SESSION_IDLE_MS) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  let lastSeenAt = row.last_seen_at;
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    lastSeenAt = new Date(now).toISOString();
    await db
      .updateTable("sessions")
      .set({ last_seen_at: lastSeenAt })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return {
    idHash,
    userId: row.user_id,
    email: row.email,
    createdAt: row.created_at,
    lastSeenAt,
    expiresAt: row.expires_at,
  };
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

/**
 * True while the session still exists. Checked again under the user's row
 * lock by anything that creates rows for a user (keys, endpoints), so a
 * request whose session was ended meanwhile — by a password reset that
 * claimed the account — creates nothing.
 */
export async function sessionExists(db: Database, idHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id_hash")
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteUserSessions(
  db: Database,
  userId: string,
  exceptIdHash: string | null = null,
): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptIdHash !== null) query = query.where("id_hash", "!=", exceptIdHash);
  await query.execute();
}

/** Deletes every session past its absolute or idle expiry; returns how many. */
export async function deleteExpiredSessions(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", new Date(now).toISOString()),
        eb("last_seen_at", "<=", new Date(now - SESSION_IDLE_MS).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
