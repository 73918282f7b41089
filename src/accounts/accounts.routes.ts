/**
 * Sign-up, log-in, log-out and the account page (change password, delete
 * account). Every POST passes the same-origin and CSRF checks
 * (src/web/security.ts) and a TypeBox body schema; logged-in POSTs pass
 * `requireSession`.
 *
 * Throttles (policies in accounts.register.ts; IPv4 addresses and IPv6 /64s are one
 * client, as the API counts them):
 * - failed log-ins per (account, client) and per client; a stranger's
 *   failures never refuse the owner's correct password from another client,
 *   so nobody can lock an account out;
 * - all log-ins per client, successful ones included (each costs argon2);
 * - sign-ups per client;
 * - current-password checks (change password, delete account) per session,
 *   per account and per client, so a stolen session cannot guess online.
 * Every argon2 computation goes through the password gate (bounded
 * concurrency, fair between clients). Log-in errors are generic and cost
 * the same time whether or not the email exists. Refusals say exactly when
 * to retry; nothing is locked permanently.
 *
 * The pages' HTML is accounts.pages.ts.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { clientCounterKey } from "../rate-limit/rate-limit.policy.ts";
import { seeOther } from "../web/account-area.ts";
import { emptyForm, type FieldErrors, FormBody } from "../web/forms.ts";
import type { SafeHtml } from "../web/html.ts";
import { type PagePluginOptions, sendHtml } from "../web/layout.ts";
import { accountPage, authPage } from "./accounts.pages.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import { emailProblem, normalizeEmail } from "./email.ts";
import type { PasswordGate } from "./password-gate.ts";
import {
  dummyPasswordHash,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  verifyPassword,
} from "./passwords.ts";
import { logSecurityEvent } from "./security-events.ts";
import { requireLogin, requireSession, type SessionCookies, sessionOf } from "./session.plugin.ts";
import { createSession, deleteSession } from "./sessions.ts";
import {
  changePassword,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
} from "./users.repository.ts";

export type AccountLimiters = {
  /** Failed log-ins per (account email, client network). */
  loginFailuresPerAccountClient: AttemptLimiter;
  /** Failed log-ins per client network. */
  loginFailuresPerClient: AttemptLimiter;
  /** Every log-in attempt, successful or not, per client network. */
  loginsPerClient: AttemptLimiter;
  /** Sign-ups per client network. */
  signupsPerClient: AttemptLimiter;
  /** Wrong current passwords per session, per account and per client network. */
  passwordChecksPerSession: AttemptLimiter;
  passwordChecksPerAccount: AttemptLimiter;
  passwordChecksPerClient: AttemptLimiter;
};

export type AccountsOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  cookies: SessionCookies;
  limiters: AccountLimiters;
  passwordGate: PasswordGate;
  /** Called after an account is deleted, so its keys stop working at once. */
  onUserDeleted: (userId: string) => void;
  /** Told after a password change, so every instance looks the account's keys up again (they stay valid). */
  onPasswordChanged?: (userId: string) => void;
  /** Email side effects (verification, notices) and the account page's reminder. */
  events?: AccountEvents;
  /** preHandler hooks every POST must pass (same-origin, CSRF). */
};

/** Longest password input hashed: longer inputs are cut (the policy refuses them at sign-up). */
const PASSWORD_INPUT_MAX = PASSWORD_MAX_LENGTH * 4;

export type AccountEvents = {
  signedUp: (user: { id: string; email: string }) => Promise<void>;
  passwordChanged: (user: { id: string; email: string }) => void;
  /** After the row is gone: whether the address was confirmed travels with it. */
  accountDeleted: (user: { id: string; email: string; emailVerifiedAt: string | null }) => void;
  accountNotice: (
    userId: string,
    csrfToken: string,
    query: Record<string, unknown>,
  ) => Promise<SafeHtml | "">;
};

const AuthForm = FormBody({
  email: 1024,
  password: 1024,
  password_confirm: 1024,
  next: 200,
});
const PasswordForm = FormBody({
  current_password: 1024,
  new_password: 1024,
  new_password_confirm: 1024,
});
const DeleteForm = FormBody({ current_password: 1024, confirm: 10 });
const LoginQuery = FormBody({ next: 2048 });
const AccountQuery = FormBody({ updated: 20 });

/** Only same-site relative paths are followed after log-in (no open redirect). */
export function safeNext(next: string | undefined): string {
  if (next && /^\/(?![/\\])[\w\-./?=&%]*$/.test(next)) return next;
  return "/account/keys";
}

/** Seconds and a sentence for a throttled form. */
function retryIn(reply: FastifyReply, waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  reply.header("retry-after", String(seconds));
  return seconds < 120
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minutes`;
}

export async function accountsRoutes(
  instance: FastifyInstance,
  options: AccountsOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, cookies, limiters, pageContext, passwordGate } = options;
  const nowIso = () => new Date(clock.now()).toISOString();
  const clientOf = (request: FastifyRequest) => clientCounterKey(request.ip);
  const guards = [...options.protect, requireSession];

  const hash = (request: FastifyRequest, password: string) =>
    passwordGate.run(clientOf(request), () => hashPassword(password));
  const verify = (request: FastifyRequest, password: string, stored: string) =>
    passwordGate.run(clientOf(request), () =>
      verifyPassword(password.slice(0, PASSWORD_INPUT_MAX), stored),
    );

  /** Ends the visitor's current session (if any), starts a new one, and rotates the CSRF secret. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (request.session !== null) await deleteSession(db, request.session.idHash);
    const { token } = await createSession(db, userId, clock);
    cookies.set(reply, token);
    reply.rotateCsrf();
  };

  app.get("/signup", { schema: { hide: true } }, (request, reply) => {
    if (request.session !== null) return seeOther(reply, "/account/keys");
    return sendHtml(reply, 200, authPage(pageContext(request, reply), "signup", emptyForm, ""));
  });

  app.post(
    "/signup",
    { schema: { hide: true, body: AuthForm }, preHandler: options.protect },
    async (request, reply) => {
      const form = request.body;
      const email = normalizeEmail(form.email ?? "");
      const client = clientOf(request);
      const again = (status: number, errors: FieldErrors) =>
        sendHtml(
          reply,
          status,
          authPage(pageContext(request, reply), "signup", { values: { email }, errors }, ""),
        );
      const wait = limiters.signupsPerClient.retryAfterMs(client);
      if (wait > 0) {
        logSecurityEvent(request, "signup_throttled");
        return again(429, {
          form: `Too many sign-ups from your network. Try again in ${retryIn(reply, wait)}.`,
        });
      }
      const password = form.password ?? "";
      const errors: Record<string, string> = {};
      const emailError = emailProblem(email);
      if (emailError !== null) errors.email = emailError;
      const problem = await passwordProblem(password, email);
      if (problem !== null) errors.password = problem;
      else if (password !== form.password_confirm)
        errors.password_confirm = "The two passwords do not match.";
      if (Object.keys(errors).length > 0) return again(400, errors);
      limiters.signupsPerClient.record(client);
      const user = await createUser(db, email, await hash(request, password), nowIso());
      if (user === null)
        return again(409, { email: "An account with this email already exists. Log in instead." });
      await startSession(request, reply, user.id);
      logSecurityEvent(request, "signup", { userId: user.id });
      await options.events?.signedUp(user);
      return seeOther(reply, "/account/keys");
    },
  );

  app.get("/login", { schema: { hide: true, querystring: LoginQuery } }, (request, reply) => {
    const next = request.query.next;
    if (request.session !== null) return seeOther(reply, safeNext(next));
    return sendHtml(
      reply,
      200,
      authPage(pageContext(request, reply), "login", emptyForm, next ? safeNext(next) : ""),
    );
  });

  app.post(
    "/login",
    { schema: { hide: true, body: AuthForm }, preHandler: options.protect },
    async (request, reply) => {
      const form = request.body;
      const email = normalizeEmail(form.email ?? "");
      const next = safeNext(form.next);
      const client = clientOf(request);
      const accountClient = `${email} ${client}`;
      const again = (status: number, message: string) =>
        sendHtml(
          reply,
          status,
          authPage(
            pageContext(request, reply),
            "login",
            { values: { email }, errors: { form: message } },
            next,
          ),
        );
      const wait = Math.max(
        limiters.loginFailuresPerAccountClient.retryAfterMs(accountClient),
        limiters.loginFailuresPerClient.retryAfterMs(client),
        limiters.loginsPerClient.retryAfterMs(client),
      );
      if (wait > 0) {
        logSecurityEvent(request, "login_throttled");
        return again(
          429,
          `Too many log-ins from your network. Try again in ${retryIn(reply, wait)}.`,
        );
      }
      limiters.loginsPerClient.record(client);
      const user = emailProblem(email) === null ? await findUserByEmail(db, email) : null;
      const valid = await verify(
        request,
        form.password ?? "",
        user?.passwordHash ?? (await dummyPasswordHash),
      );
      if (user === null || !valid) {
        limiters.loginFailuresPerAccountClient.record(accountClient);
        limiters.loginFailuresPerClient.record(client);
        logSecurityEvent(request, "login_failed", { userId: user?.id ?? null });
        return again(401, "Email or password is incorrect.");
      }
      limiters.loginFailuresPerAccountClient.reset(accountClient);
      await startSession(request, reply, user.id);
      logSecurityEvent(request, "login_succeeded", { userId: user.id });
      return seeOther(reply, next);
    },
  );

  app.post(
    "/logout",
    { schema: { hide: true, body: FormBody({}) }, preHandler: options.protect },
    async (request, reply) => {
      if (request.session !== null) {
        await deleteSession(db, request.session.idHash);
        logSecurityEvent(request, "logout", { userId: request.session.userId });
      }
      cookies.clear(reply);
      reply.rotateCsrf();
      return seeOther(reply, "/");
    },
  );

  app.get(
    "/account",
    { schema: { hide: true, querystring: AccountQuery }, preHandler: requireLogin },
    async (request, reply) => {
      const session = sessionOf(request);
      const success =
        request.query.updated === "password"
          ? "Password changed. Other sessions have been logged out."
          : null;
      const ctx = pageContext(request, reply);
      const notice = await options.events?.accountNotice(
        session.userId,
        ctx.csrfToken,
        request.query as Record<string, unknown>,
      );
      return sendHtml(
        reply,
        200,
        accountPage(ctx, session.email, { success, notice: notice ?? "" }),
      );
    },
  );

  /**
   * Checks the current password of the session's user under the
   * per-session, per-account and per-client throttles. Returns an error
   * message for the `current_password` field, or null when it is right.
   */
  const checkCurrentPassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; passwordHash: string },
    password: string,
  ): Promise<{ status: number; message: string } | null> => {
    const userId = user.id;
    const session = sessionOf(request);
    const client = clientOf(request);
    const wait = Math.max(
      limiters.passwordChecksPerSession.retryAfterMs(session.idHash),
      limiters.passwordChecksPerAccount.retryAfterMs(userId),
      limiters.passwordChecksPerClient.retryAfterMs(client),
    );
    if (wait > 0) {
      logSecurityEvent(request, "password_check_throttled", { userId });
      return {
        status: 429,
        message: `Too many wrong passwords. Try again in ${retryIn(reply, wait)}.`,
      };
    }
    if (await verify(request, password, user.passwordHash)) return null;
    limiters.passwordChecksPerSession.record(session.idHash);
    limiters.passwordChecksPerAccount.record(userId);
    limiters.passwordChecksPerClient.record(client);
    logSecurityEvent(request, "password_check_failed", { userId });
    return { status: 400, message: "Your current password is incorrect." };
  };

  app.post(
    "/account/password",
    {
      schema: { hide: true, body: PasswordForm },
      preHandler: guards,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const form = request.body;
      const again = (status: number, errors: FieldErrors) =>
        sendHtml(
          reply,
          status,
          accountPage(pageContext(request, reply), session.email, {
            password: { values: {}, errors },
          }),
        );
      const user = await findUserById(db, session.userId);
      if (user === null) return reply.redirect("/login", 303);
      const password = form.new_password ?? "";
      const problem = await passwordProblem(password, user.email);
      const errors: Record<string, string> = {};
      if (problem !== null) errors.new_password = problem;
      else if (password !== form.new_password_confirm)
        errors.new_password_confirm = "The two new passwords do not match.";
      const current = await checkCurrentPassword(request, reply, user, form.current_password ?? "");
      if (current !== null)
        return again(current.status, { current_password: current.message, ...errors });
      if (Object.keys(errors).length > 0) return again(400, errors);
      await changePassword(db, {
        userId: user.id,
        passwordHash: await hash(request, password),
        nowIso: nowIso(),
      });
      options.onPasswordChanged?.(user.id);
      options.events?.passwordChanged(user);
      request.session = null;
      await startSession(request, reply, user.id);
      logSecurityEvent(request, "password_changed", { userId: user.id });
      return seeOther(reply, "/account?updated=password");
    },
  );

  app.post(
    "/account/delete",
    {
      schema: { hide: true, body: DeleteForm },
      preHandler: guards,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const form = request.body;
      const user = await findUserById(db, session.userId);
      if (user === null) return reply.redirect("/login", 303);
      const errors: Record<string, string> = {};
      if (form.confirm !== "yes")
        errors.confirm = "Tick the box to confirm that your keys stop working.";
      const current = await checkCurrentPassword(request, reply, user, form.current_password ?? "");
      if (current !== null) errors.current_password = current.message;
      if (Object.keys(errors).length > 0) {
        return sendHtml(
          reply,
          current?.status ?? 400,
          accountPage(pageContext(request, reply), session.email, {
            delete: { values: {}, errors },
          }),
        );
      }
      await deleteUser(db, user.id);
      options.onUserDeleted(user.id);
      options.events?.accountDeleted(user);
      cookies.clear(reply);
      reply.rotateCsrf();
      logSecurityEvent(request, "account_deleted", { userId: user.id });
      return seeOther(reply, "/?account=deleted");
    },
  );
}
