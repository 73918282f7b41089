/**
 * Password reset by email.
 *
 * Guarantees: the form answers the same, in the same time, for any address
 * — whether it has an account is never revealed (the mail is sent in the
 * background). Requests are counted per client (an IPv6 client's /64). A reset link holds a single-use token (see email-tokens.ts)
 * that expires after RESET_TOKEN_TTL_MS. Requests are throttled per client
 * IP (a visible 429) and per address (silently: the answer stays the same).
 * A successful reset ends every session of the account, confirms the
 * address (the link reached it) and sends a notice. When the address had
 * never been confirmed, the reset claims the account: its keys and webhook
 * endpoints are removed too, and the owner is told what was removed
 * (account-claim.ts). The pages' HTML is accounts.pages.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { accountClaimedMail, passwordChangedMail, passwordResetMail } from "../mail/messages.ts";
import { clientCounterKey } from "../rate-limit/rate-limit.policy.ts";
import { type PagePluginOptions, sendHtml } from "../web/layout.ts";
import { resetPassword } from "./account-claim.ts";
import type { NotifyAccount } from "./account-notices.ts";
import { forgotPage, invalidLinkPage, passwordChangedPage, resetPage } from "./accounts.pages.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import { consumeEmailToken, issueEmailToken, peekEmailToken } from "./email-tokens.ts";
import type { PasswordGate } from "./password-gate.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { logSecurityEvent } from "./security-events.ts";
import { findUserByEmail, findUserById, normalizeEmail } from "./users.repository.ts";

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export type PasswordResetOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  deliver: Deliver;
  /** Notices, only to confirmed addresses. */
  notify: NotifyAccount;
  origin: string;
  limiters: { perIp: AttemptLimiter; perEmail: AttemptLimiter };
  /** The same gate as log-in and sign-up: every argon2 computation goes through it. */
  passwordGate: PasswordGate;
  /** The account's cached API keys are re-checked on every instance. */
  onPasswordChanged: (userId: string) => void;
  /** The account was claimed: its (deleted) keys are refused on every instance at once. */
  onAccountClaimed: (userId: string) => void;
};

const ForgotForm = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});
const ResetForm = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 100 })),
  new_password: Type.Optional(Type.String({ maxLength: 1024 })),
  new_password_confirm: Type.Optional(Type.String({ maxLength: 1024 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

export async function passwordResetRoutes(
  app: FastifyInstance,
  options: PasswordResetOptions,
): Promise<void> {
  const { db, clock, deliver, limiters, pageContext } = options;
  const invalidLink = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 400, invalidLinkPage(pageContext(request, reply)));

  app.get("/password/forgot", { schema: { hide: true } }, (request, reply) =>
    sendHtml(reply, 200, forgotPage(pageContext(request, reply), {})),
  );

  app.post(
    "/password/forgot",
    { schema: { hide: true, body: ForgotForm }, preHandler: options.protect },
    async (request, reply) => {
      const email = normalizeEmail((request.body as { email?: string }).email ?? "");
      const ctx = pageContext(request, reply);
      if (!EMAIL.test(email)) {
        return sendHtml(
          reply,
          400,
          forgotPage(ctx, { email, error: "Enter a valid email address, like name@example.org." }),
        );
      }
      const client = clientCounterKey(request.ip);
      const wait = limiters.perIp.retryAfterMs(client);
      if (wait > 0) {
        reply.header("retry-after", String(Math.ceil(wait / 1000)));
        return sendHtml(
          reply,
          429,
          forgotPage(ctx, {
            email,
            error: `Too many requests from your network. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
          }),
        );
      }
      limiters.perIp.record(client);
      if (limiters.perEmail.retryAfterMs(email) === 0) {
        limiters.perEmail.record(email);
        // In the background, so the answer takes the same time for any address.
        void (async () => {
          const user = await findUserByEmail(db, email);
          if (user === null) return;
          const token = await issueEmailToken(db, {
            userId: user.id,
            email: user.email,
            purpose: "password_reset",
            nowMs: clock.now(),
            ttlMs: RESET_TOKEN_TTL_MS,
          });
          deliver(
            passwordResetMail(
              user.email,
              `${options.origin}/password/reset?token=${token}`,
              RESET_TOKEN_TTL_MS / 60_000,
            ),
          );
        })().catch((error: unknown) =>
          request.log.error({ err: error }, "password reset mail failed"),
        );
      }
      return sendHtml(reply, 200, forgotPage(ctx, { email, sent: true }));
    },
  );

  app.get("/password/reset", { schema: { hide: true } }, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? "").slice(0, 100);
    const owner = await peekEmailToken(db, token, "password_reset", clock.now());
    if (owner === null) return invalidLink(request, reply);
    reply.header("referrer-policy", "same-origin");
    return sendHtml(
      reply,
      200,
      resetPage(pageContext(request, reply), { token, email: owner.email }),
    );
  });

  app.post(
    "/password/reset",
    { schema: { hide: true, body: ResetForm }, preHandler: options.protect },
    async (request, reply) => {
      const form = request.body as {
        token?: string;
        new_password?: string;
        new_password_confirm?: string;
      };
      const token = form.token ?? "";
      const owner = await peekEmailToken(db, token, "password_reset", clock.now());
      if (owner === null) return invalidLink(request, reply);
      const password = form.new_password ?? "";
      const problem = await passwordProblem(password, owner.email);
      const mismatch = problem === null && password !== form.new_password_confirm;
      if (problem !== null || mismatch) {
        return sendHtml(
          reply,
          400,
          resetPage(pageContext(request, reply), {
            token,
            email: owner.email,
            errors: mismatch
              ? { new_password_confirm: "The two passwords do not match." }
              : { new_password: problem ?? "" },
          }),
        );
      }
      const used = await consumeEmailToken(db, token, "password_reset", clock.now());
      const user = used === null ? null : await findUserById(db, used.userId);
      if (user === null) return invalidLink(request, reply);
      const nowIso = new Date(clock.now()).toISOString();
      const hashed = await options.passwordGate.run(clientCounterKey(request.ip), () =>
        hashPassword(password),
      );
      const reset = await resetPassword(db, {
        userId: user.id,
        passwordHash: hashed,
        tokenEmail: used?.email ?? "",
        nowIso,
      });
      if (reset === null) return invalidLink(request, reply);
      const { claimed } = reset;
      if (claimed === null) {
        options.onPasswordChanged(user.id);
        void options.notify(user.id, (email) => passwordChangedMail(email, options.origin));
      } else {
        options.onAccountClaimed(user.id);
        logSecurityEvent(request, "account_claimed", {
          userId: user.id,
          sessions: claimed.sessions,
          api_keys: claimed.keys.length,
          webhook_endpoints: claimed.endpointHosts.length,
        });
        void options.notify(user.id, (email) => accountClaimedMail(email, claimed, options.origin));
      }
      request.log.info({ user_id: user.id }, "password reset");
      return sendHtml(reply, 200, passwordChangedPage(pageContext(request, reply), claimed));
    },
  );
}
