/**
 * Confirming an account's email address — which never stands in the way:
 * a new user is logged in at sign-up and can create API keys at once. The
 * confirmation mail's link (single-use, VERIFY_TOKEN_TTL_MS) marks the
 * address confirmed; until then the account page shows a reminder with a
 * button to send the mail again (throttled per account).
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { verifyEmailMail } from "../mail/messages.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PagePluginOptions, renderPage, sendHtml } from "../web/layout.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import { consumeEmailToken, issueEmailToken } from "./email-tokens.ts";
import { requireLogin } from "./session.plugin.ts";

export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

export type EmailVerification = {
  /** Issues a token and mails the link (in the background). */
  send: (user: { id: string; email: string }) => Promise<void>;
  /** The account page's reminder, or "" once the address is confirmed. */
  reminder: (
    userId: string,
    csrfToken: string,
    query: Record<string, unknown>,
  ) => Promise<SafeHtml | "">;
};

export function createEmailVerification(input: {
  db: Database;
  clock: Clock;
  deliver: Deliver;
  origin: string;
}): EmailVerification {
  const { db, clock } = input;
  return {
    async send(user) {
      const token = await issueEmailToken(db, {
        userId: user.id,
        email: user.email,
        purpose: "verify_email",
        nowMs: clock.now(),
        ttlMs: VERIFY_TOKEN_TTL_MS,
      });
      input.deliver(verifyEmailMail(user.email, `${input.origin}/account/verify?token=${token}`));
    },
    async reminder(userId, csrfToken, query) {
      const row = await db
        .selectFrom("users")
        .select(["email", "email_verified_at"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (row === undefined) return "";
      if (row.email_verified_at !== null) {
        return query.verified === "1"
          ? html`<div class="alert alert-success" role="status">Thank you: your email address is confirmed.</div>`
          : "";
      }
      const sent =
        query.verification === "sent"
          ? html` We have sent a new link.`
          : query.verification === "wait"
            ? html` A link was sent recently; please wait a few minutes before asking again.`
            : "";
      return html`<div class="alert alert-warning" role="status" id="verify-reminder">
<p><strong>Please confirm your email address.</strong> We sent a link to ${row.email}. Your account and keys work meanwhile; a confirmed address lets us warn you before a key expires and help you if you forget your password.${sent}</p>
<form method="post" action="/account/verify/resend" class="inline"><input type="hidden" name="_csrf" value="${csrfToken}"><button type="submit" class="secondary">Send the link again</button></form>
</div>`;
    },
  };
}

export type EmailVerificationRoutesOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  verification: EmailVerification;
  resendPerUser: AttemptLimiter;
};

export async function emailVerificationRoutes(
  app: FastifyInstance,
  options: EmailVerificationRoutesOptions,
): Promise<void> {
  const { db, clock } = options;

  app.get("/account/verify", { schema: { hide: true } }, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? "").slice(0, 100);
    reply.header("referrer-policy", "same-origin");
    const owner = await consumeEmailToken(db, token, "verify_email", clock.now());
    if (owner !== null) {
      await db
        .updateTable("users")
        .set({ email_verified_at: new Date(clock.now()).toISOString() })
        .where("id", "=", owner.userId)
        .where("email", "=", owner.email)
        .execute();
    }
    const body =
      owner === null
        ? html`<section class="narrow"><h1>This link no longer works</h1><p>A confirmation link works once, for 7 days, and only the newest one. Log in and use <a href="/account">the account page</a> to get a new one.</p></section>`
        : html`<section class="narrow"><h1>Email address confirmed</h1><div class="alert alert-success" role="status">Thank you: <strong>${owner.email}</strong> is confirmed.</div><p><a href="/account/keys">Go to your API keys</a></p></section>`;
    return sendHtml(
      reply,
      owner === null ? 400 : 200,
      renderPage(options.pageContext(request, reply), {
        title: owner === null ? "Link expired" : "Email confirmed",
        body,
      }),
    );
  });

  app.post(
    "/account/verify/resend",
    { schema: { hide: true }, preHandler: [...options.protect, requireLogin] },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      reply.header("cache-control", "no-store");
      if (options.resendPerUser.retryAfterMs(session.userId) > 0) {
        return reply.redirect("/account?verification=wait", 303);
      }
      options.resendPerUser.record(session.userId);
      await options.verification.send({ id: session.userId, email: session.email });
      return reply.redirect("/account?verification=sent", 303);
    },
  );
}
