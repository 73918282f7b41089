/**
 * The HTML of the /account/webhooks pages: the list with the form that adds
 * an endpoint (and, once, the new endpoint's signing secret), an endpoint's
 * page (its delivery log, test event, resend, enable again, roll secret)
 * and the confirmation before deleting it. Pure templates: they read what
 * the routes (webhooks.routes.ts) hand them and render it escaped; the
 * figures they quote (the cap on endpoints, the throttle, the log's size
 * and age, the secret's overlap) are imported from the code that applies
 * them, so the pages cannot promise other numbers.
 */
import { randomBytes } from "node:crypto";
import { confirmDeletePage, formatDay, type Notice, noticeHtml } from "../web/account-area.ts";
import { type FieldErrors, formErrorSummary, formField } from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, renderPage } from "../web/layout.ts";
import { WEBHOOK_URL_MAX_LENGTH } from "./webhook.address-guard.ts";
import {
  EVENT_TYPE_DESCRIPTIONS,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "./webhook.events.ts";
import { SETTLED_RETENTION_MS } from "./webhook.housekeeping.ts";
import { DELIVERY_LOG_SIZE } from "./webhook.rows.ts";
import { ROTATION_OVERLAP_MS } from "./webhook.signing.ts";
import { WEBHOOK_ACTION_POLICIES } from "./webhook.throttle.ts";
import type { DeliveryAttempt, WebhookEndpoint } from "./webhooks.repository.ts";

export const MAX_ENDPOINTS_PER_USER = 5;

/** The create form's checkbox for an event type. */
export const eventField = (type: WebhookEventType) => `event_${type.replace(".", "_")}`;

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function attemptResult(attempt: DeliveryAttempt): SafeHtml {
  if (attempt.statusCode === null)
    return html`<span class="badge badge-expired">${attempt.error ?? "error"}</span>`;
  const ok = attempt.statusCode >= 200 && attempt.statusCode < 300;
  return html`<span class="badge ${ok ? "badge-ok" : "badge-expired"}">HTTP ${attempt.statusCode}</span>`;
}

function lastDelivery(endpoint: WebhookEndpoint): SafeHtml | string {
  const last = endpoint.lastAttempt;
  if (last === null) return "none yet";
  return html`${formatTime(last.attemptedAt)} · ${attemptResult(last)} · ${last.durationMs} ms`;
}

function eventsList(types: readonly string[]): string {
  return types.join(", ");
}

function jurisdictionsList(codes: readonly string[] | null): string {
  return codes === null ? "all" : codes.join(", ");
}

/** The list's notice after a redirect: `?deleted=1`. */
export function listNotice(query: { deleted?: string | undefined }): Notice {
  return query.deleted === "1"
    ? { kind: "success", message: "Endpoint deleted. Nothing more is sent to it." }
    : null;
}

/** An endpoint page's notice after a redirect: `?sent=1`, `?resent=1` or `?enabled=1`. */
export function detailNotice(query: {
  sent?: string | undefined;
  resent?: string | undefined;
  enabled?: string | undefined;
}): Notice {
  if (query.sent === "1") {
    return {
      kind: "success",
      message:
        "Test event queued. It is usually delivered within a second: refresh to see it in the log.",
    };
  }
  if (query.resent === "1") return { kind: "success", message: "Delivery queued again." };
  if (query.enabled === "1")
    return { kind: "success", message: "Endpoint enabled. New events are sent to it again." };
  return null;
}

export function listPage(
  ctx: PageContext,
  input: {
    endpoints: WebhookEndpoint[];
    notice: Notice;
    values?: Record<string, string | undefined>;
    errors?: FieldErrors;
    created?: { secret: string; url: string; id: string };
  },
): string {
  const { endpoints } = input;
  const formState = { values: input.values ?? {}, errors: input.errors ?? {} };
  const atCap = endpoints.length >= MAX_ENDPOINTS_PER_USER;
  const chosen = (type: WebhookEventType) =>
    input.values === undefined ? true : input.values[eventField(type)] !== undefined;
  const rows = endpoints.map(
    (endpoint) => html`<tr${endpoint.disabledAt ? html` class="expired"` : ""}>
  <td data-label="URL"><a class="webhook-url" href="/account/webhooks/${endpoint.id}">${endpoint.url}</a>${endpoint.disabledAt ? html` <strong class="badge badge-expired">disabled</strong>` : ""}</td>
  <td data-label="Events">${eventsList(endpoint.eventTypes)}</td>
  <td data-label="Jurisdictions">${jurisdictionsList(endpoint.jurisdictions)}</td>
  <td data-label="Created">${formatDay(endpoint.createdAt)}</td>
  <td data-label="Last delivery">${lastDelivery(endpoint)}</td>
  <td class="actions"><a href="/account/webhooks/${endpoint.id}" class="button secondary small" aria-label="Delivery log of ${endpoint.url}">Log</a> <a href="/account/webhooks/${endpoint.id}/delete" class="button danger small" aria-label="Delete endpoint ${endpoint.url}">Delete</a></td>
</tr>`,
  );
  const created = input.created
    ? html`<section class="new-key alert alert-warning" aria-labelledby="new-secret-title">
  <h2 id="new-secret-title">Signing secret for ${input.created.url}</h2>
  <p><strong>Copy it now. It will not be shown again.</strong> Your receiver uses it to check that each request comes from us (see the Webhooks section of the <a href="/docs">API reference</a>). If you lose it, open the endpoint and use <strong>Roll secret</strong>: a new secret is shown once, and the old one keeps signing for ${ROTATION_OVERLAP_MS / 3_600_000} hours, so nothing is missed.</p>
  <div class="copy-row"><code id="new-secret" class="secret">${input.created.secret}</code>
  <button type="button" data-copy-target="new-secret">Copy</button></div>
  <form method="post" action="/account/webhooks/${input.created.id}/test" class="inline">
    <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
    <button type="submit" class="secondary">Send test event</button>
  </form>
</section>`
    : "";
  const body = html`<h1>Webhooks</h1>
<p>We POST a signed JSON event to your HTTPS endpoint when a law is enacted or takes effect, when we correct a record, and when we release a new dataset. Each request carries <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers (<a href="https://www.standardwebhooks.com/">Standard Webhooks</a>); answer with any 2xx within 10 seconds (a test event: 3 seconds), and do the work after answering: an endpoint that answers after more than half that time is paused for a while. Failed deliveries are retried with growing delays for about a day.</p>
${noticeHtml(input.notice)}
${formErrorSummary(formState, { url: "webhook-url", events: "webhook-events", jurisdictions: "webhook-jurisdictions" })}
${created}
<h2>Your endpoints</h2>
<p class="hint">You can have up to ${MAX_ENDPOINTS_PER_USER} endpoints; you have ${endpoints.length}. An endpoint that answers <code>410 Gone</code>, or fails every delivery for 3 days, is disabled and you are emailed (once a day at most, once your address is confirmed).</p>
${
  endpoints.length === 0
    ? html`<p>You have no webhook endpoints yet.</p>`
    : html`<div class="table-wrap"><table class="keys webhooks">
<thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Jurisdictions</th><th scope="col">Created</th><th scope="col">Last delivery</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<h2>Add an endpoint</h2>
${
  atCap
    ? html`<p>You have reached the limit of ${MAX_ENDPOINTS_PER_USER} endpoints. Delete one to add another.</p>`
    : html`<form method="post" action="/account/webhooks" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <input type="hidden" name="nonce" value="${randomBytes(16).toString("hex")}">
  ${formField(formState, {
    name: "url",
    id: "webhook-url",
    label: "Endpoint URL",
    hint: "An https:// address on the public internet, e.g. https://example.com/hooks/cannabis-law.",
    attributes: html`required inputmode="url" autocomplete="off" spellcheck="false" maxlength="${WEBHOOK_URL_MAX_LENGTH}"`,
  })}
  <fieldset id="webhook-events"${formState.errors.events ? html` aria-describedby="webhook-events-error"` : ""}>
    <legend>Events</legend>
    ${formState.errors.events ? html`<p class="field-error" id="webhook-events-error">${formState.errors.events}</p>` : ""}
    ${WEBHOOK_EVENT_TYPES.map(
      (type) =>
        html`<label class="checkbox"><input type="checkbox" name="${eventField(type)}" value="1"${chosen(type) ? html` checked` : ""}> <code>${type}</code> — ${EVENT_TYPE_DESCRIPTIONS[type]}</label>`,
    )}
  </fieldset>
  ${formField(formState, {
    name: "jurisdictions",
    id: "webhook-jurisdictions",
    label: "Jurisdictions (optional)",
    hint: "USPS codes separated by commas or spaces, e.g. CA, NY, DC (US for federal law). Leave empty for every jurisdiction. Dataset releases go to every endpoint subscribed to them.",
    attributes: html`autocomplete="off" spellcheck="false" maxlength="400"`,
  })}
  <button type="submit">Add endpoint</button>
</form>`
}`;
  return renderPage(ctx, { title: "Webhooks", body });
}

export function detailPage(
  ctx: PageContext,
  endpoint: WebhookEndpoint,
  attempts: DeliveryAttempt[],
  notice: Notice,
  nowMs: number,
  rotatedSecret: string | null = null,
): string {
  const rows = attempts.map(
    (attempt) => html`<tr>
  <td data-label="Time">${formatTime(attempt.attemptedAt)}</td>
  <td data-label="Event"><code>${attempt.eventType}</code></td>
  <td data-label="Attempt">${attempt.attempt === 0 ? "not sent" : attempt.attempt}</td>
  <td data-label="Result">${attemptResult(attempt)}</td>
  <td data-label="Duration">${attempt.durationMs} ms</td>
  <td class="actions"><form method="post" action="/account/webhooks/${endpoint.id}/deliveries/${attempt.deliveryId}/resend" class="inline">
    <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
    <button type="submit" class="secondary small"${endpoint.disabledAt ? html` disabled` : ""}>Resend</button>
  </form></td>
</tr>`,
  );
  const body = html`<p class="breadcrumbs"><a href="/account/webhooks">Webhooks</a> ›</p>
<h1 class="webhook-url">${endpoint.url}</h1>
${noticeHtml(notice)}
${
  endpoint.disabledAt
    ? html`<div class="alert alert-warning" role="status"><p>Disabled on ${formatTime(endpoint.disabledAt)}: ${endpoint.disabledReason ?? ""} Nothing is sent to it until you enable it again.</p>
<form method="post" action="/account/webhooks/${endpoint.id}/enable" class="inline"><input type="hidden" name="_csrf" value="${ctx.csrfToken}"><button type="submit">Enable again</button></form></div>`
    : ""
}
${
  endpoint.pausedUntil !== null && Date.parse(endpoint.pausedUntil) > nowMs
    ? html`<div class="alert alert-warning" role="status"><p>Paused until ${formatTime(endpoint.pausedUntil)}: the receiver did not answer in time, or took more than half the time allowed (5 of 10 seconds; 1.5 of 3 for a test event). Deliveries wait until then, and go one at a time until it answers promptly again.</p></div>`
    : ""
}
${
  rotatedSecret === null
    ? ""
    : html`<section class="new-key alert alert-warning" aria-labelledby="new-secret-title">
  <h2 id="new-secret-title">New signing secret</h2>
  <p><strong>Copy it now. It will not be shown again.</strong> Until ${formatTime(endpoint.previousSecretExpiresAt ?? "")}, every request is signed with both the new and the previous secret, so your receiver accepts it whichever one it holds; then only the new one signs.</p>
  <div class="copy-row"><code id="new-secret" class="secret">${rotatedSecret}</code>
  <button type="button" data-copy-target="new-secret">Copy</button></div>
</section>`
}
<dl class="facts">
  <dt>Events</dt><dd>${eventsList(endpoint.eventTypes)}</dd>
  <dt>Jurisdictions</dt><dd>${jurisdictionsList(endpoint.jurisdictions)}</dd>
  <dt>Created</dt><dd>${formatDay(endpoint.createdAt)}</dd>
</dl>
<div class="button-row">
<form method="post" action="/account/webhooks/${endpoint.id}/test" class="inline">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <button type="submit"${endpoint.disabledAt ? html` disabled` : ""}>Send test event</button>
</form>
<a href="/account/webhooks/${endpoint.id}" class="button secondary">Refresh</a>
<a href="/account/webhooks/${endpoint.id}/delete" class="button danger">Delete endpoint</a>
</div>
<h2>Signing secret</h2>
<p class="hint">Roll the secret to replace it without a gap: for ${ROTATION_OVERLAP_MS / 3_600_000} hours every request carries two signatures (<code>v1,…</code> with the new secret and <code>v1,…</code> with the previous one, separated by a space), so a receiver holding either accepts it. Deploy the new secret within that time. Rolling again ends the previous secret's overlap at once.${
    endpoint.previousSecretExpiresAt !== null &&
    Date.parse(endpoint.previousSecretExpiresAt) > nowMs
      ? html` The previous secret signs until ${formatTime(endpoint.previousSecretExpiresAt)}.`
      : ""
  }</p>
<form method="post" action="/account/webhooks/${endpoint.id}/secret" class="inline">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <button type="submit" class="secondary">Roll secret</button>
</form>
<h2>Delivery log</h2>
<p class="hint">The last ${DELIVERY_LOG_SIZE} attempts of the past ${SETTLED_RETENTION_MS / 86_400_000} days, newest first. A test event is <code>${TEST_EVENT_TYPE}</code>. Resend queues the same delivery again, with the same <code>webhook-id</code>. Test events and resends are tried once, and you can send up to ${WEBHOOK_ACTION_POLICIES.perEndpoint.limit} an hour per endpoint (${WEBHOOK_ACTION_POLICIES.perUser.limit} for your account, enabling and rolling secrets included).</p>
${
  attempts.length === 0
    ? html`<p>No deliveries yet.</p>`
    : html`<div class="table-wrap"><table class="keys deliveries">
<thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Result</th><th scope="col">Duration</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}`;
  return renderPage(ctx, { title: "Webhook endpoint", body });
}

export function deleteEndpointPage(ctx: PageContext, endpoint: WebhookEndpoint): string {
  return confirmDeletePage(ctx, {
    title: "Delete webhook endpoint",
    heading: "Delete this webhook endpoint?",
    explanation: html`<p class="webhook-url"><code>${endpoint.url}</code></p>
<p>Nothing more is sent to it; deliveries still queued for it are dropped, and its delivery log is deleted. This cannot be undone.</p>`,
    action: `/account/webhooks/${endpoint.id}/delete`,
    button: "Delete endpoint",
    cancelHref: `/account/webhooks/${endpoint.id}`,
  });
}
