/**
 * Accounts, registered by the composition root (src/app.ts): early, the
 * cookies, form bodies, sessions and CSRF every page relies on (and the
 * expired-session sweep); late, the account pages — sign-up, log-in, the
 * account page, password reset, email verification.
 */
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { accountDeletedMail, passwordChangedMail } from "../mail/messages.ts";
import type { PagePluginOptions } from "../web/layout.ts";
import { csrfProtection } from "../web/security.ts";
import { createAccountNotices } from "./account-notices.ts";
import { type AccountLimiters, accountsRoutes } from "./accounts.routes.ts";
import { createAttemptLimiter } from "./attempt-limiter.ts";
import { createEmailVerification, emailVerificationRoutes } from "./email-verification.ts";
import { createPasswordGate } from "./password-gate.ts";
import { passwordResetRoutes } from "./password-reset.routes.ts";
import { sessionCookies, sessions } from "./session.plugin.ts";
import { deleteExpiredSessions, SESSION_SWEEP_INTERVAL_MS } from "./sessions.ts";

/**
 * Account throttles. "client" is an IPv4 address or an IPv6 /64, as the API
 * counts it. Failures are counted per (account, client), never per account
 * alone, so nobody can lock an owner out; every log-in (successful ones
 * too) counts per client, because each costs an argon2 computation.
 */
export const ATTEMPT_POLICIES = {
  loginFailuresPerAccountClient: { limit: 5, windowMs: 15 * 60_000 },
  loginFailuresPerClient: { limit: 20, windowMs: 15 * 60_000 },
  loginsPerClient: { limit: 30, windowMs: 15 * 60_000 },
  signupsPerClient: { limit: 5, windowMs: 60 * 60_000 },
  passwordChecksPerSession: { limit: 5, windowMs: 15 * 60_000 },
  passwordChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  passwordChecksPerClient: { limit: 20, windowMs: 15 * 60_000 },
  passwordResetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  verificationResendPerUser: { limit: 3, windowMs: 60 * 60_000 },
} as const;

/** argon2id work: two at a time (a core each), at most 32 waiting, none for more than 5 s. */
export const PASSWORD_GATE_POLICY = { concurrency: 2, maxQueued: 32, maxWaitMs: 5_000 } as const;

/** Cookies, form bodies, request.session, CSRF; expired sessions deleted in the background. */
export async function registerSessions(
  app: FastifyInstance,
  options: { db: Database; clock: Clock; secure: boolean },
): Promise<void> {
  const { db, clock, secure } = options;
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(sessions, { db, clock, secure });
  await app.register(csrfProtection, { secure });
  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweepTimer = setInterval(() => {
      deleteExpiredSessions(db, clock).catch((error: unknown) =>
        app.log.warn({ err: error }, "expired-session sweep failed"),
      );
    }, SESSION_SWEEP_INTERVAL_MS);
    sweepTimer.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweepTimer));
}

/**
 * The account pages. What becomes of an account's API keys is the caller's
 * to decide (src/app.ts wires both to every instance's key caches): a
 * deleted account's keys stop working at once (`onAccountRemoved`); a
 * changed password deletes no key, the account's keys are only looked up
 * again (`onPasswordChanged`).
 */
export async function registerAccounts(
  app: FastifyInstance,
  options: PagePluginOptions & {
    db: Database;
    clock: Clock;
    secure: boolean;
    deliver: Deliver;
    origin: string;
    /** The account's password changed (its sessions are gone, its keys stay valid). */
    onPasswordChanged: (userId: string) => void;
    /** The account is gone: deleted, or a never-confirmed one claimed by a password reset. */
    onAccountRemoved: (userId: string) => void;
  },
): Promise<void> {
  const { db, clock, secure, deliver, origin, pageContext, protect } = options;
  const { onPasswordChanged, onAccountRemoved } = options;
  const verification = createEmailVerification({ db, clock, deliver, origin });
  // Notices go only to confirmed addresses (account-notices.ts).
  const notify = createAccountNotices(db, deliver, app.log);
  const passwordGate = createPasswordGate(PASSWORD_GATE_POLICY);
  await app.register(accountsRoutes, {
    db,
    clock,
    cookies: sessionCookies(secure),
    limiters: Object.fromEntries(
      Object.entries(ATTEMPT_POLICIES).map(([name, policy]) => [
        name,
        createAttemptLimiter(policy, clock),
      ]),
    ) as AccountLimiters,
    passwordGate,
    pageContext,
    protect,
    onUserDeleted: onAccountRemoved,
    onPasswordChanged,
    events: {
      signedUp: (user) => verification.send(user),
      passwordChanged: (user) =>
        void notify(user.id, (email) => passwordChangedMail(email, origin)),
      accountDeleted: (user) => {
        if (user.emailVerifiedAt !== null) deliver(accountDeletedMail(user.email));
      },
      accountNotice: (userId, csrfToken, query) => verification.reminder(userId, csrfToken, query),
    },
  });
  await app.register(passwordResetRoutes, {
    db,
    clock,
    deliver,
    notify,
    origin,
    limiters: {
      perIp: createAttemptLimiter(ATTEMPT_POLICIES.passwordResetPerIp, clock),
      perEmail: createAttemptLimiter(ATTEMPT_POLICIES.passwordResetPerEmail, clock),
    },
    passwordGate,
    onPasswordChanged,
    onAccountClaimed: onAccountRemoved,
    pageContext,
    protect,
  });
  await app.register(emailVerificationRoutes, {
    db,
    clock,
    verification,
    resendPerUser: createAttemptLimiter(ATTEMPT_POLICIES.verificationResendPerUser, clock),
    pageContext,
    protect,
  });
}
