/**
 * The HTML of the API keys pages: the list (expiry warnings, the usage
 * charts, how to replace a key without downtime) with the form that creates
 * a key (and, once, the new key's secret), and the confirmation before
 * deleting one. Pure templates: they render what the routes
 * (api-keys.routes.ts) hand them, escaped. The caps they state are defined
 * here and enforced by the routes and api-keys.register.ts, so the page and
 * the rules cannot disagree.
 */
import { randomBytes } from "node:crypto";
import { isoDay } from "../lib/dates.ts";
import { confirmDeletePage, formatDay, type Notice, noticeHtml } from "../web/account-area.ts";
import { type FieldErrors, formErrorSummary, formField } from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, renderPage } from "../web/layout.ts";
import type { DailyUsage } from "./api-key.usage.ts";
import { renderKeyUsage, USAGE_DAYS, usageSeries } from "./api-key.usage-chart.ts";
import type { ApiKey } from "./api-keys.repository.ts";
import {
  daysLeft,
  EXPIRY_HORIZON_YEARS,
  EXPIRY_NOTICE_DAYS,
  latestExpiryDay,
} from "./key-expiry.ts";

export const MAX_KEYS_PER_USER = 10;
/**
 * Keys an account may create in any 24 hours, deleted ones included: with
 * the keyed quota per account this is not about quota any more, but it keeps
 * create/delete churn (and the mails and rows it makes) small.
 */
export const KEY_CREATIONS_PER_DAY = 20;

/** A random nonce for the create form, so it cannot act twice. */
function formNonce(): string {
  return randomBytes(16).toString("hex");
}
export const KEY_NAME_MAX_LENGTH = 100;

/** Keys with this many days or fewer left are flagged on the page. */
const EXPIRY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

function lastDay(expiresAt: string): string {
  return formatDay(new Date(Date.parse(expiresAt) - DAY_MS).toISOString());
}

export function keysPage(
  ctx: PageContext,
  input: {
    keys: ApiKey[];
    now: number;
    notice: Notice;
    origin: string;
    values?: { name?: string; expires?: string };
    errors?: FieldErrors;
    created?: { secret: string; name: string };
    usage?: Map<string, DailyUsage[]>;
  },
): string {
  const { keys, now } = input;
  const formState = { values: input.values ?? {}, errors: input.errors ?? {} };
  const atCap = keys.length >= MAX_KEYS_PER_USER;
  const expiringSoon = keys.filter((key) => {
    const left = daysLeft(key.expiresAt, now);
    return left !== null && left <= EXPIRY_WARNING_DAYS;
  });
  const rows = keys.map((key) => {
    const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
    const left = daysLeft(key.expiresAt, now);
    const soon =
      left !== null && left <= EXPIRY_WARNING_DAYS
        ? html` <strong class="badge badge-expiring">expires in ${left} day${left === 1 ? "" : "s"}</strong>`
        : "";
    return html`<tr${expired ? html` class="expired"` : ""}>
  <td data-label="Name">${key.name}</td>
  <td data-label="Prefix"><code>${key.prefix}…</code></td>
  <td data-label="Created">${formatDay(key.createdAt)}</td>
  <td data-label="Last used">${key.lastUsedAt ? formatDay(key.lastUsedAt) : "never"}</td>
  <td data-label="Expires">${key.expiresAt === null ? "never" : expired ? html`<strong class="badge badge-expired">expired</strong> ${lastDay(key.expiresAt)}` : html`${lastDay(key.expiresAt)}${soon}`}</td>
  <td class="actions"><a href="/account/keys/${key.id}/delete" class="button danger small" aria-label="Delete key ${key.name}">Delete</a></td>
</tr>`;
  });
  const expiryAlert =
    expiringSoon.length === 0
      ? ""
      : html`<div class="alert alert-warning" role="status"><p>${expiringSoon.map((key, index) => {
          const left = daysLeft(key.expiresAt, now) ?? 0;
          return html`${index > 0 ? " " : ""}Key “${key.name}” expires in ${left} day${left === 1 ? "" : "s"}.`;
        })} <a href="#rotate">Replace it without downtime</a>.</p></div>`;
  const usage =
    keys.length === 0
      ? ""
      : html`<h2 id="usage-heading">Usage, last ${USAGE_DAYS} days</h2>
<p class="hint">Requests answered per day (UTC) for each key; 429s are requests refused for going over the limit.</p>
${keys.map((key) => renderKeyUsage(key.id, key.name, usageSeries(input.usage?.get(key.id) ?? [], now)))}`;
  const created: SafeHtml | "" = input.created
    ? html`<section class="new-key alert alert-warning" aria-labelledby="new-key-title">
  <h2 id="new-key-title">Your new key “${input.created.name}”</h2>
  <p><strong>Copy it now. It will not be shown again</strong> — we store only a hash of it. If you lose it, delete it and create another.</p>
  <div class="copy-row"><code id="new-key" class="secret">${input.created.secret}</code>
  <button type="button" data-copy-target="new-key">Copy</button></div>
  <p>Send it in the <code>X-API-Key</code> header:</p>
  <pre><code>curl -H "X-API-Key: ${input.created.secret}" ${input.origin}/v1/states</code></pre>
</section>`
    : "";
  const tomorrow = isoDay(new Date(now + DAY_MS));
  const body = html`<h1>API keys</h1>
<p>A key raises your rate limit from 60 requests per 15 minutes (per IP) to 1000 requests per hour, shared by all the keys of your account. Send it in the <code>X-API-Key</code> header — never in a URL.</p>
${noticeHtml(input.notice)}
${formErrorSummary(formState, { name: "key-name", expires: "key-expires" })}
${created}
${expiryAlert}
<h2>Your keys</h2>
<p class="hint">You can have up to ${MAX_KEYS_PER_USER} keys; you have ${keys.length}. You can create up to ${KEY_CREATIONS_PER_DAY} keys in any 24 hours, deleted ones included. “Last used” may lag by up to a minute.</p>
${
  keys.length === 0
    ? html`<p>You have no API keys yet.</p>`
    : html`<div class="table-wrap"><table class="keys">
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
${usage}
<h2>Create a key</h2>
${
  atCap
    ? html`<p>You have reached the limit of ${MAX_KEYS_PER_USER} keys. Delete one to create another.</p>`
    : html`<form method="post" action="/account/keys" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <input type="hidden" name="nonce" value="${formNonce()}">
  ${formField(formState, {
    name: "name",
    id: "key-name",
    label: "Name",
    hint: `What the key is for, e.g. “production app”. 1 to ${KEY_NAME_MAX_LENGTH} characters.`,
    attributes: html`required maxlength="${KEY_NAME_MAX_LENGTH * 4}"`,
  })}
  ${formField(formState, {
    name: "expires",
    id: "key-expires",
    label: "Expires (optional)",
    type: "date",
    hint: `The key works through the end of this day (UTC), at most ${EXPIRY_HORIZON_YEARS} years from today. Leave empty for a key that does not expire.`,
    attributes: html`min="${tomorrow}" max="${latestExpiryDay(now)}"`,
  })}
  <button type="submit">Create key</button>
</form>`
}
<section aria-labelledby="rotate" class="callout">
<h2 id="rotate">Replacing a key without downtime</h2>
<p>Keys are not renamed or renewed; you replace one by running two side by side for a while. Both work at once, drawing on your account's one limit.</p>
<ol>
  <li><strong>Create a second key</strong> with the form above, and store it where your application reads its secrets.</li>
  <li><strong>Switch</strong> your application to the new key, and deploy.</li>
  <li><strong>Watch the old key</strong>: when its “Last used” date and its usage chart show no new requests (figures may lag by a minute), nothing uses it any more.</li>
  <li><strong>Delete the old key.</strong> It stops working immediately; a request that still sends it gets <code>401 invalid_api_key</code>.</li>
</ol>
<p>Give keys an expiration date to make replacing them a habit: we email you ${EXPIRY_NOTICE_DAYS} days before a key expires.</p>
</section>`;
  return renderPage(ctx, { title: "API keys", body });
}

/** The list's notice after a redirect: `?deleted=1`. */
export function keysNotice(query: { deleted?: string | undefined }): Notice {
  return query.deleted === "1"
    ? { kind: "success", message: "Key deleted. It no longer works." }
    : null;
}

export function deleteKeyPage(ctx: PageContext, key: ApiKey): string {
  return confirmDeletePage(ctx, {
    title: "Delete API key",
    heading: html`Delete key “${key.name}”?`,
    explanation: html`<p>The key <code>${key.prefix}…</code> stops working immediately. Anything using it will get <code>401 invalid_api_key</code>. This cannot be undone.</p>`,
    action: `/account/keys/${key.id}/delete`,
    button: "Delete key",
    cancelHref: "/account/keys",
  });
}
