/**
 * The website's page shell: head, header with navigation and — when a user
 * is logged in — the profile menu (API keys, Webhooks, Account, Log out), main, footer.
 * The menu is a <details> element, so it works without JavaScript.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { html, type SafeHtml } from "./html.ts";
import { assetUrl } from "./static-assets.ts";

export type PageUser = { email: string };

/** A preHandler of the website's posting routes (same-origin check, CSRF). */
export type FormGuard = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => void;

/** What every website page plugin is given by its register function (*.register.ts). */
export type PagePluginOptions = {
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
  /** Guards for form posts: the same-origin check and the CSRF token. */
  protect: FormGuard[];
};

export type PageContext = {
  /** The logged-in user, or null. */
  user: PageUser | null;
  /** CSRF token for forms on this page (the log-out form needs it). */
  csrfToken: string;
};

export type Page = {
  title: string;
  description?: string;
  body: SafeHtml;
  /** Extra classes on <main>. */
  mainClass?: string;
  /** Atom feeds this page announces (`<link rel="alternate">`). */
  feeds?: readonly { title: string; href: string }[];
  /** Extra same-origin stylesheets and deferred scripts this page needs (after the site's own). */
  stylesheets?: readonly string[];
  scripts?: readonly string[];
  /** Extra elements for <head> (e.g. alternate links). */
  head?: SafeHtml;
};

const SITE_NAME = "Cannabis Legal Status";

function profileMenu(user: PageUser, csrfToken: string): SafeHtml {
  return html`<details class="profile-menu">
  <summary><span class="avatar" aria-hidden="true">${user.email.slice(0, 1).toUpperCase()}</span><span class="email">${user.email}</span><span class="visually-hidden">: profile menu</span></summary>
  <ul role="list">
    <li><a href="/account/keys">API keys</a></li>
    <li><a href="/account/webhooks">Webhooks</a></li>
    <li><a href="/account">Account</a></li>
    <li><form method="post" action="/logout"><input type="hidden" name="_csrf" value="${csrfToken}"><button type="submit" class="link">Log out</button></form></li>
  </ul>
</details>`;
}

export function renderPage(context: PageContext, page: Page): string {
  const account = context.user
    ? profileMenu(context.user, context.csrfToken)
    : html`<a href="/login">Log in</a> <a href="/signup" class="button">Sign up</a>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · ${SITE_NAME}</title>
${page.description ? html`<meta name="description" content="${page.description}">` : ""}
<link rel="stylesheet" href="${assetUrl("site.css")}">
<link rel="icon" href="${assetUrl("favicon.svg")}" type="image/svg+xml">
${(page.feeds ?? []).map((feed) => html`<link rel="alternate" type="application/atom+xml" title="${feed.title}" href="${feed.href}">`)}
<script src="${assetUrl("site.js")}" defer></script>
${(page.stylesheets ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`)}
${(page.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
${page.head ?? ""}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <a class="brand" href="/">${SITE_NAME}</a>
  <nav aria-label="Main"><a href="/">Map</a> <a href="/states">States</a> <a href="/changes">Changes</a> <a href="/federal">Federal</a> <a href="/data">Data</a> <a href="/docs">API docs</a></nav>
  <div class="account">${account}</div>
</header>
<main id="main" class="${page.mainClass ?? ""}">
${page.body}
</main>
<footer class="site-footer">
  <p>Data reviewed against public sources; not legal advice. <a href="/docs">API reference</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/errors">Error codes</a></p>
</footer>
</body>
</html>
`.toString();
}

/**
 * Sends a rendered page. Pages for a logged-in user, or holding a form's
 * secret, default to `no-store`; public pages pass their own policy.
 */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  page: string,
  cacheControl = "no-store",
) {
  return reply
    .code(status)
    .header("cache-control", cacheControl)
    .type("text/html; charset=utf-8")
    .send(page);
}
