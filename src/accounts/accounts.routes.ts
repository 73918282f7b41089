/**
 * Sign-up, log-in, log-out and the account page (change password, delete
 * account). Every POST passes the same-origin check and the CSRF check
 * (src/web/security.ts). Log-in errors are generic and cost the same time
 * whether or not the email exists; attempts are throttled per account and
 * per IP with an exact Retry-After, never a permanent lock-out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, renderPage, sendHtml } from "../web/layout.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import {
  dummyPasswordHash,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  verifyPassword,
} from "./passwords.ts";
import { requireLogin, type SessionCookies } from "./session.plugin.ts";
import { createSession, deleteSession, deleteUserSessions } from "./sessions.ts";
import {
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  updatePasswordHash,
} from "./users.repository.ts";

export type AccountLimiters = {
  /** Failed log-ins per account (email). */
  loginPerAccount: AttemptLimiter;
  /** Failed log-ins per client IP. */
  loginPerIp: AttemptLimiter;
  /** Sign-ups per client IP. */
  signupPerIp: AttemptLimiter;
};

export type AccountsOptions = {
  db: Database;
  clock: Clock;
  cookies: SessionCookies;
  limiters: AccountLimiters;
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
  /** Called after an account is deleted, so its keys stop working at once. */
  onUserDeleted: (userId: string) => void;
  /** preHandler hooks every POST must pass (same-origin, CSRF). */
  protect: ((
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) => void)[];
};

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

const Form = (fields: Record<string, number>) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(fields).map(([name, max]) => [
        name,
        Type.Optional(Type.String({ maxLength: max })),
      ]),
    ),
  );
const AuthForm = Form({
  email: 320,
  password: 1024,
  password_confirm: 1024,
  next: 200,
  _csrf: 200,
});
const PasswordForm = Form({
  current_password: 1024,
  new_password: 1024,
  new_password_confirm: 1024,
  _csrf: 200,
});
const DeleteForm = Form({ current_password: 1024, confirm: 10, _csrf: 200 });
type Fields = Record<string, string | undefined>;

/** Only same-site relative paths are followed after log-in (no open redirect). */
export function safeNext(next: string | undefined): string {
  if (next && /^\/(?![/\\])[\w\-./?=&%]*$/.test(next)) return next;
  return "/account/keys";
}

function alert(kind: "error" | "success" | "warning", message: string | null): SafeHtml | "" {
  return message
    ? html`<div class="alert alert-${kind}" role="${kind === "error" ? "alert" : "status"}">${message}</div>`
    : "";
}

function passwordHint(): SafeHtml {
  return html`<p class="hint" id="password-hint">${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong, memorable password. Common passwords are refused.</p>`;
}

function authPage(
  ctx: PageContext,
  kind: "signup" | "login",
  values: { email?: string; next?: string },
  error: string | null,
): string {
  const isSignup = kind === "signup";
  const body = html`<section class="narrow">
<h1>${isSignup ? "Create an account" : "Log in"}</h1>
<p>${isSignup ? "An account lets you create API keys, which raise your rate limit from 60 requests per 15 minutes to 1000 per hour." : "Log in to manage your API keys."}</p>
${alert("error", error)}
<form method="post" action="/${kind}" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  ${values.next ? html`<input type="hidden" name="next" value="${values.next}">` : ""}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${values.email ?? ""}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required ${isSignup ? html`minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-hint" autocomplete="new-password"` : html`autocomplete="current-password"`} maxlength="${PASSWORD_MAX_LENGTH}">
  ${isSignup ? passwordHint() : ""}
  ${
    isSignup
      ? html`<label for="password_confirm">Confirm password</label>
  <input id="password_confirm" name="password_confirm" type="password" required autocomplete="new-password" maxlength="${PASSWORD_MAX_LENGTH}">`
      : ""
  }
  <button type="submit">${isSignup ? "Create account" : "Log in"}</button>
</form>
<p>${isSignup ? html`Already have an account? <a href="/login">Log in</a>.` : html`New here? <a href="/signup">Create an account</a>.`}</p>
</section>`;
  return renderPage(ctx, { title: isSignup ? "Sign up" : "Log in", body });
}

function accountPage(
  ctx: PageContext,
  email: string,
  messages: { error?: string | null; success?: string | null },
): string {
  const body = html`<section class="narrow">
<h1>Account</h1>
<p>Logged in as <strong>${email}</strong>. <a href="/account/keys">Manage your API keys</a>.</p>
${alert("error", messages.error ?? null)}${alert("success", messages.success ?? null)}
<h2>Change password</h2>
<p>Changing your password logs you out everywhere else.</p>
<form method="post" action="/account/password" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <label for="current_password">Current password</label>
  <input id="current_password" name="current_password" type="password" required autocomplete="current-password">
  <label for="new_password">New password</label>
  <input id="new_password" name="new_password" type="password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password" aria-describedby="password-hint">
  ${passwordHint()}
  <label for="new_password_confirm">Confirm new password</label>
  <input id="new_password_confirm" name="new_password_confirm" type="password" required autocomplete="new-password">
  <button type="submit">Change password</button>
</form>
<h2>Delete account</h2>
<p>Deleting your account revokes all of your API keys at once. This cannot be undone.</p>
<form method="post" action="/account/delete" class="stack" data-confirm="Delete your account and revoke all of your API keys?">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <label for="delete_password">Current password</label>
  <input id="delete_password" name="current_password" type="password" required autocomplete="current-password">
  <label class="checkbox"><input type="checkbox" name="confirm" value="yes" required> I understand that my keys stop working immediately.</label>
  <button type="submit" class="danger">Delete account</button>
</form>
</section>`;
  return renderPage(ctx, { title: "Account", body });
}

export async function accountsRoutes(
  app: FastifyInstance,
  options: AccountsOptions,
): Promise<void> {
  const { db, clock, cookies, limiters, pageContext } = options;
  const nowIso = () => new Date(clock.now()).toISOString();

  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (request.session !== null) await deleteSession(db, request.session.idHash);
    const { token } = await createSession(db, userId, clock);
    cookies.set(reply, token);
  };

  app.get("/signup", { schema: { hide: true } }, (request, reply) => {
    if (request.session !== null)
      return reply.header("cache-control", "no-store").redirect("/account/keys", 303);
    return sendHtml(reply, 200, authPage(pageContext(request, reply), "signup", {}, null));
  });

  app.post(
    "/signup",
    { schema: { hide: true, body: AuthForm }, preHandler: options.protect },
    async (request, reply) => {
      const form = request.body as Fields;
      const email = normalizeEmail(form.email ?? "");
      const again = (status: number, error: string) =>
        sendHtml(reply, status, authPage(pageContext(request, reply), "signup", { email }, error));
      const wait = limiters.signupPerIp.retryAfterMs(request.ip);
      if (wait > 0) {
        reply.header("retry-after", String(Math.ceil(wait / 1000)));
        return again(
          429,
          `Too many sign-ups from your network. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        );
      }
      if (!EMAIL.test(email)) return again(400, "Enter a valid email address.");
      const password = form.password ?? "";
      const problem = passwordProblem(password, email);
      if (problem !== null) return again(400, problem);
      if (password !== form.password_confirm) return again(400, "The two passwords do not match.");
      limiters.signupPerIp.record(request.ip);
      const user = await createUser(db, email, await hashPassword(password), nowIso());
      if (user === null)
        return again(409, "An account with this email already exists. Log in instead.");
      await startSession(request, reply, user.id);
      request.log.info({ user_id: user.id }, "account created");
      return reply.header("cache-control", "no-store").redirect("/account/keys", 303);
    },
  );

  app.get("/login", { schema: { hide: true } }, (request, reply) => {
    const next = (request.query as { next?: string }).next;
    if (request.session !== null)
      return reply.header("cache-control", "no-store").redirect(safeNext(next), 303);
    return sendHtml(
      reply,
      200,
      authPage(pageContext(request, reply), "login", { next: next ? safeNext(next) : "" }, null),
    );
  });

  app.post(
    "/login",
    { schema: { hide: true, body: AuthForm }, preHandler: options.protect },
    async (request, reply) => {
      const form = request.body as Fields;
      const email = normalizeEmail(form.email ?? "");
      const next = safeNext(form.next);
      const again = (status: number, error: string) =>
        sendHtml(
          reply,
          status,
          authPage(pageContext(request, reply), "login", { email, next }, error),
        );
      const wait = Math.max(
        limiters.loginPerAccount.retryAfterMs(email),
        limiters.loginPerIp.retryAfterMs(request.ip),
      );
      if (wait > 0) {
        reply.header("retry-after", String(Math.ceil(wait / 1000)));
        return again(
          429,
          `Too many failed log-ins. Try again in ${Math.ceil(wait / 60_000)} minute(s).`,
        );
      }
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(
        (form.password ?? "").slice(0, PASSWORD_MAX_LENGTH * 4),
        user?.passwordHash ?? (await dummyPasswordHash),
      );
      if (user === null || !valid) {
        limiters.loginPerAccount.record(email);
        limiters.loginPerIp.record(request.ip);
        return again(401, "Email or password is incorrect.");
      }
      limiters.loginPerAccount.reset(email);
      await startSession(request, reply, user.id);
      return reply.header("cache-control", "no-store").redirect(next, 303);
    },
  );

  app.post(
    "/logout",
    { schema: { hide: true }, preHandler: options.protect },
    async (request, reply) => {
      if (request.session !== null) await deleteSession(db, request.session.idHash);
      cookies.clear(reply);
      return reply.header("cache-control", "no-store").redirect("/", 303);
    },
  );

  app.get("/account", { schema: { hide: true }, preHandler: requireLogin }, (request, reply) => {
    const updated = (request.query as { updated?: string }).updated;
    const success =
      updated === "password" ? "Password changed. Other sessions have been logged out." : null;
    return sendHtml(
      reply,
      200,
      accountPage(pageContext(request, reply), request.session?.email ?? "", { success }),
    );
  });

  app.post(
    "/account/password",
    { schema: { hide: true, body: PasswordForm }, preHandler: [...options.protect, requireLogin] },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const form = request.body as Fields;
      const again = (status: number, error: string) =>
        sendHtml(reply, status, accountPage(pageContext(request, reply), session.email, { error }));
      const user = await findUserById(db, session.userId);
      if (user === null) return reply.redirect("/login", 303);
      if (!(await verifyPassword(form.current_password ?? "", user.passwordHash))) {
        return again(400, "Your current password is incorrect.");
      }
      const password = form.new_password ?? "";
      const problem = passwordProblem(password, user.email);
      if (problem !== null) return again(400, problem);
      if (password !== form.new_password_confirm)
        return again(400, "The two new passwords do not match.");
      await updatePasswordHash(db, user.id, await hashPassword(password), nowIso());
      await deleteUserSessions(db, user.id);
      request.session = null;
      await startSession(request, reply, user.id);
      return reply.header("cache-control", "no-store").redirect("/account?updated=password", 303);
    },
  );

  app.post(
    "/account/delete",
    { schema: { hide: true, body: DeleteForm }, preHandler: [...options.protect, requireLogin] },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const form = request.body as Fields;
      const user = await findUserById(db, session.userId);
      if (user === null) return reply.redirect("/login", 303);
      if (
        form.confirm !== "yes" ||
        !(await verifyPassword(form.current_password ?? "", user.passwordHash))
      ) {
        return sendHtml(
          reply,
          400,
          accountPage(pageContext(request, reply), session.email, {
            error:
              "To delete your account, enter your current password and tick the confirmation box.",
          }),
        );
      }
      await deleteUser(db, user.id);
      options.onUserDeleted(user.id);
      cookies.clear(reply);
      request.log.info({ user_id: user.id }, "account deleted");
      return reply.header("cache-control", "no-store").redirect("/?account=deleted", 303);
    },
  );
}
