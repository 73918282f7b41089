/**
 * The HTML of the account pages: sign-up and log-in, the account page
 * (change password, delete account), and the password reset's pages (ask
 * for a link, choose a new password, a link that no longer works, done —
 * with what a claimed account lost). Pure templates: they render what the
 * routes (accounts.routes.ts, password-reset.routes.ts) hand them, escaped;
 * every field and its error is web/forms.ts's `formField`, so errors are
 * reported the same accessible way on every form.
 */
import type { ClaimedAccountRemovals } from "../mail/messages.ts";
import {
  emptyForm,
  type FieldErrors,
  type FormState,
  formErrorSummary,
  formField,
} from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, renderPage } from "../web/layout.ts";
import { EMAIL_MAX_LENGTH } from "./email.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.ts";

function passwordHint(): SafeHtml {
  return html`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong, memorable password. Common passwords are refused.`;
}

export function authPage(
  ctx: PageContext,
  kind: "signup" | "login",
  state: FormState,
  next: string,
): string {
  const isSignup = kind === "signup";
  const body = html`<section class="narrow">
<h1>${isSignup ? "Create an account" : "Log in"}</h1>
<p>${isSignup ? "An account lets you create API keys, which raise your rate limit from 60 requests per 15 minutes to 1000 per hour." : "Log in to manage your API keys."}</p>
${formErrorSummary(state)}
<form method="post" action="/${kind}" class="stack" novalidate>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  ${next ? html`<input type="hidden" name="next" value="${next}">` : ""}
  ${formField(state, {
    name: "email",
    label: "Email",
    type: "email",
    attributes: html`autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}"`,
  })}
  ${formField(state, {
    name: "password",
    label: "Password",
    type: "password",
    ...(isSignup ? { hint: passwordHint() } : {}),
    attributes: isSignup
      ? html`required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password"`
      : html`required maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="current-password"`,
  })}
  ${
    isSignup
      ? formField(state, {
          name: "password_confirm",
          label: "Confirm password",
          type: "password",
          attributes: html`required maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password"`,
        })
      : ""
  }
  <button type="submit">${isSignup ? "Create account" : "Log in"}</button>
</form>
<p>${isSignup ? html`Already have an account? <a href="/login">Log in</a>.` : html`<a href="/password/forgot">Forgot your password?</a> · New here? <a href="/signup">Create an account</a>.`}</p>
</section>`;
  return renderPage(ctx, { title: isSignup ? "Sign up" : "Log in", body });
}

export function accountPage(
  ctx: PageContext,
  email: string,
  forms: {
    password?: FormState;
    delete?: FormState;
    success?: string | null;
    notice?: SafeHtml | "";
  },
): string {
  const passwordState = forms.password ?? emptyForm;
  const deleteState = forms.delete ?? emptyForm;
  const body = html`<section class="narrow">
<h1>Account</h1>
<p>Logged in as <strong>${email}</strong>. <a href="/account/keys">Manage your API keys</a>.</p>
${forms.notice ?? ""}${forms.success ? html`<div class="alert alert-success" role="status">${forms.success}</div>` : ""}
<h2>Change password</h2>
<p>Changing your password logs you out everywhere else.</p>
${formErrorSummary(passwordState)}
<form method="post" action="/account/password" class="stack" novalidate>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  ${formField(passwordState, {
    name: "current_password",
    label: "Current password",
    type: "password",
    attributes: html`required autocomplete="current-password"`,
  })}
  ${formField(passwordState, {
    name: "new_password",
    label: "New password",
    type: "password",
    hint: passwordHint(),
    attributes: html`required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password"`,
  })}
  ${formField(passwordState, {
    name: "new_password_confirm",
    label: "Confirm new password",
    type: "password",
    attributes: html`required autocomplete="new-password"`,
  })}
  <button type="submit">Change password</button>
</form>
<h2>Delete account</h2>
<p>Deleting your account revokes all of your API keys at once. This cannot be undone.</p>
${formErrorSummary(deleteState, { current_password: "delete_password", confirm: "delete_confirm" })}
<form method="post" action="/account/delete" class="stack" novalidate data-confirm="Delete your account and revoke all of your API keys?">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  ${formField(deleteState, {
    name: "current_password",
    id: "delete_password",
    label: "Current password",
    type: "password",
    attributes: html`required autocomplete="current-password"`,
  })}
  ${formField(deleteState, {
    name: "confirm",
    id: "delete_confirm",
    label: "I understand that my keys stop working immediately.",
    type: "checkbox",
    attributes: html`required`,
  })}
  <button type="submit" class="danger">Delete account</button>
</form>
</section>`;
  return renderPage(ctx, { title: "Account", body });
}

function removalsList(removed: ClaimedAccountRemovals): SafeHtml {
  const keys = removed.keys.map((key) => html`<li>API key <code>${key.prefix}…</code></li>`);
  const endpoints = removed.endpointHosts.map(
    (host) => html`<li>webhook endpoint on <code>${host}</code></li>`,
  );
  return html`<div class="alert alert-warning" role="status"><p>This address had never been confirmed, so someone else may have created the account with it. To make sure nothing of theirs stays, everything it held was removed: ${removed.sessions} session${removed.sessions === 1 ? "" : "s"}, ${removed.keys.length} API key${removed.keys.length === 1 ? "" : "s"} and ${removed.endpointHosts.length} webhook endpoint${removed.endpointHosts.length === 1 ? "" : "s"}.</p>${
    keys.length + endpoints.length > 0 ? html`<ul>${keys}${endpoints}</ul>` : ""
  }<p>If you created them yourself, create them again after logging in. We have emailed you this list.</p></div>`;
}

export function forgotPage(
  ctx: PageContext,
  input: { email?: string; error?: string; sent?: boolean },
) {
  const body = input.sent
    ? html`<section class="narrow">
<h1>Check your email</h1>
<div class="alert alert-success" role="status">If an account exists for <strong>${input.email ?? ""}</strong>, we have sent it a link to choose a new password. The link works once, for 30 minutes.</div>
<p>No email? Check your spam folder, or <a href="/password/forgot">ask again</a> in a few minutes.</p>
<p><a href="/login">Back to log in</a></p>
</section>`
    : html`<section class="narrow">
<h1>Forgot your password?</h1>
<p>Enter the address you signed up with. We will email you a link to choose a new password.</p>
<form method="post" action="/password/forgot" class="stack" novalidate>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  ${formField(
    { values: { email: input.email ?? "" }, errors: input.error ? { email: input.error } : {} },
    {
      name: "email",
      label: "Email",
      type: "email",
      attributes: html`autocomplete="email" required maxlength="254"`,
    },
  )}
  <button type="submit">Send the link</button>
</form>
<p><a href="/login">Back to log in</a></p>
</section>`;
  return renderPage(ctx, { title: input.sent ? "Check your email" : "Forgot your password", body });
}

export function resetPage(
  ctx: PageContext,
  input: { token: string; email: string; errors?: FieldErrors },
) {
  const state = { values: {}, errors: input.errors ?? {} };
  const hint = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A few unrelated words make a strong, memorable password.`;
  const body = html`<section class="narrow">
<h1>Choose a new password</h1>
<p>For the account <strong>${input.email}</strong>. Saving it logs the account out everywhere.</p>
<form method="post" action="/password/reset" class="stack" novalidate>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <input type="hidden" name="token" value="${input.token}">
  <input type="text" name="username" value="${input.email}" autocomplete="username" hidden>
  ${formField(state, {
    name: "new_password",
    label: "New password",
    type: "password",
    attributes: html`autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}"`,
    hint,
  })}
  ${formField(state, {
    name: "new_password_confirm",
    label: "Confirm new password",
    type: "password",
    attributes: html`autocomplete="new-password" required maxlength="${PASSWORD_MAX_LENGTH}"`,
  })}
  <button type="submit">Save the new password</button>
</form>
</section>`;
  return renderPage(ctx, { title: "Choose a new password", body });
}

function messagePage(ctx: PageContext, title: string, message: SafeHtml) {
  return renderPage(ctx, {
    title,
    body: html`<section class="narrow"><h1>${title}</h1>${message}</section>`,
  });
}

/** A reset link that is used, expired, superseded or unknown. */
export function invalidLinkPage(ctx: PageContext): string {
  return messagePage(
    ctx,
    "This link no longer works",
    html`<p>A reset link works once, for 30 minutes, and only the newest one you asked for. <a href="/password/forgot">Ask for a new link</a>.</p>`,
  );
}

/** After a reset: done, and what a claimed account lost (null: nothing, it was confirmed). */
export function passwordChangedPage(
  ctx: PageContext,
  claimed: ClaimedAccountRemovals | null,
): string {
  return messagePage(
    ctx,
    "Password changed",
    html`<div class="alert alert-success" role="status">Your new password is saved, and every session of the account has been logged out.</div>${claimed === null ? "" : removalsList(claimed)}<p><a class="button" href="/login">Log in</a></p>`,
  );
}
