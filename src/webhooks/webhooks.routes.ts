/**
 * The webhooks pages, in the logged-in area beside API keys: list, create
 * (the signing secret shown once, in the response to the form that created
 * the endpoint, `Cache-Control: no-store`), an endpoint's delivery log (its
 * newest 50 attempts) with "Send test event" and "Resend", enable again,
 * and delete (with a confirmation; its queued deliveries go with it).
 *
 * Every POST passes the same-origin and CSRF checks (`protect`); forms work
 * without JavaScript; an endpoint that is not the user's (or is gone) is
 * "not found". URLs are checked by the address policy at creation (only
 * https, no private or reserved address literal, one line without control
 * characters) and stored as the URL parser writes them; they are checked
 * again, resolved, on every connection (webhook.address-guard.ts).
 *
 * Abuse: the cap on endpoints is counted under the user's row lock, and an
 * endpoint is created only while the session that asked still exists.
 * "Send test event", "Resend", "Enable again" and "Roll secret" are
 * throttled per endpoint and per account (WEBHOOK_ACTION_POLICIES, on the
 * shared limiter), and test events and resends are tried once.
 */
import { randomBytes } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { logSecurityEvent } from "../accounts/security-events.ts";
import { requireLogin, requireSession, sessionOf } from "../accounts/session.plugin.ts";
import { sessionExists } from "../accounts/sessions.ts";
import { JURISDICTIONS } from "../dataset/jurisdictions.ts";
import { type Database, withUserLocked } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import { type FieldErrors, FormBody, formErrorSummary, formField } from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, type PagePluginOptions, renderPage, sendHtml } from "../web/layout.ts";
import {
  type AddressPolicy,
  normalizeWebhookUrl,
  WEBHOOK_URL_MAX_LENGTH,
  webhookUrlProblem,
} from "./webhook.address-guard.ts";
import {
  EVENT_TYPE_DESCRIPTIONS,
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "./webhook.events.ts";
import {
  enqueueTestEvent,
  FAIRNESS,
  resendDelivery,
  SETTLED_RETENTION_MS,
} from "./webhook.queue.ts";
import { ROTATION_OVERLAP_MS } from "./webhook.signing.ts";
import {
  countWebhookEndpoints,
  createWebhookEndpoint,
  DELIVERY_LOG_SIZE,
  type DeliveryAttempt,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  findWebhookEndpointForUser,
  listDeliveryAttempts,
  listWebhookEndpoints,
  rotateWebhookSecret,
  type WebhookEndpoint,
} from "./webhooks.repository.ts";

export const MAX_ENDPOINTS_PER_USER = 5;

/**
 * The actions a user takes by hand on an endpoint — send a test event,
 * resend, enable again, roll the secret — each charged to the endpoint and
 * to the account, in sliding hours, on the shared limiter (every instance
 * counts together with Redis).
 */
export const WEBHOOK_ACTION_POLICIES = {
  perEndpoint: { name: "webhook-actions-endpoint", limit: 10, windowMs: 60 * 60_000 },
  perUser: { name: "webhook-actions", limit: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

export type WebhookActionThrottle = (
  userId: string,
  endpointId: string,
  nowMs: number,
) => Promise<{ allowed: boolean; retryAfterMs: number }>;

/** Codes an endpoint may filter on: the 56 jurisdictions, and US for federal law. */
const JURISDICTION_CODES = new Set<string>([...JURISDICTIONS.map(([code]) => code), "US"]);

export type WebhooksPagesOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  addressPolicy: AddressPolicy;
  /** A development server: a refused local receiver's error names the allow-list setting. */
  development: boolean;
  /** Asks this instance's dispatcher to look at the queue now (a test event or resend is waiting). */
  wakeDispatcher: () => void;
  /** Charges one action by hand (test, resend, enable, roll) to the endpoint and the account. */
  throttleAction: WebhookActionThrottle;
};

const eventField = (type: WebhookEventType) => `event_${type.replace(".", "_")}`;

const CreateForm = FormBody({
  url: WEBHOOK_URL_MAX_LENGTH * 2,
  jurisdictions: 1000,
  nonce: 64,
  ...Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [eventField(type), 10])),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const ResendParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 64 }),
});
const ListQuery = FormBody({ deleted: 5 });
const DetailQuery = FormBody({ sent: 5, resent: 5, enabled: 5 });

/** How an endpoint is named outside its own page (mails, headings of notices): its host. */
export function endpointHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(an endpoint with an invalid URL)";
  }
}

type Notice = { kind: "error" | "success"; message: string } | null;

const queueFullMessage = `${FAIRNESS.pendingPerEndpoint.toLocaleString("en-US")} deliveries are already waiting for this endpoint; nothing more is queued for it until they are sent or given up.`;

function endpointNotFound(): AppError {
  return new AppError("not_found", "You have no webhook endpoint with this id.");
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
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

function noticeHtml(notice: Notice): SafeHtml | "" {
  return notice
    ? html`<div class="alert alert-${notice.kind}" role="${notice.kind === "error" ? "alert" : "status"}">${notice.message}</div>`
    : "";
}

function listPage(
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

function detailPage(
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

function confirmDeletePage(ctx: PageContext, endpoint: WebhookEndpoint): string {
  const body = html`<section class="narrow">
<h1>Delete this webhook endpoint?</h1>
<p class="webhook-url"><code>${endpoint.url}</code></p>
<p>Nothing more is sent to it; deliveries still queued for it are dropped, and its delivery log is deleted. This cannot be undone.</p>
<form method="post" action="/account/webhooks/${endpoint.id}/delete" class="inline">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <button type="submit" class="danger">Delete endpoint</button>
  <a href="/account/webhooks/${endpoint.id}" class="button secondary">Cancel</a>
</form>
</section>`;
  return renderPage(ctx, { title: "Delete webhook endpoint", body });
}

/** Parses the jurisdictions field: null for "all", a list, or an error message. */
export function parseJurisdictions(raw: string): string[] | null | { error: string } {
  const codes = raw
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter((code) => code !== "");
  if (codes.length === 0) return null;
  const unknown = codes.filter((code) => !JURISDICTION_CODES.has(code));
  if (unknown.length > 0) {
    return {
      error: `Not a jurisdiction code: ${unknown.slice(0, 5).join(", ")}. Use USPS codes such as CA, NY, DC, PR, or US for federal law.`,
    };
  }
  return [...new Set(codes)];
}

export async function webhooksPages(
  instance: FastifyInstance,
  options: WebhooksPagesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, pageContext } = options;
  const ownEndpoint = async (userId: string, id: string) => {
    const endpoint = await findWebhookEndpointForUser(db, userId, id);
    if (endpoint === null) throw endpointNotFound();
    return endpoint;
  };

  app.get(
    "/account/webhooks",
    { schema: { hide: true, querystring: ListQuery }, preHandler: requireLogin },
    async (request, reply) => {
      const notice: Notice =
        request.query.deleted === "1"
          ? { kind: "success", message: "Endpoint deleted. Nothing more is sent to it." }
          : null;
      const endpoints = await listWebhookEndpoints(db, sessionOf(request).userId);
      return sendHtml(reply, 200, listPage(pageContext(request, reply), { endpoints, notice }));
    },
  );

  app.post(
    "/account/webhooks",
    {
      schema: { hide: true, body: CreateForm },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const form = request.body as Record<string, string | undefined>;
      const typed = (form.url ?? "").trim();
      const eventTypes = WEBHOOK_EVENT_TYPES.filter((type) => form[eventField(type)] !== undefined);
      const render = async (
        status: number,
        notice: Notice,
        extra: { created?: { secret: string; url: string; id: string }; errors?: FieldErrors } = {},
      ) =>
        sendHtml(
          reply,
          status,
          listPage(pageContext(request, reply), {
            endpoints: await listWebhookEndpoints(db, session.userId),
            notice,
            ...(status >= 400 ? { values: form } : {}),
            ...extra,
          }),
        );
      const errors: Record<string, string> = {};
      const urlProblem = webhookUrlProblem(typed, options.addressPolicy, {
        development: options.development,
      });
      if (urlProblem !== null) errors.url = urlProblem;
      if (eventTypes.length === 0) errors.events = "Choose at least one event type.";
      const jurisdictions = parseJurisdictions(form.jurisdictions ?? "");
      if (jurisdictions !== null && !Array.isArray(jurisdictions))
        errors.jurisdictions = jurisdictions.error;
      if (Object.keys(errors).length > 0) return render(400, null, { errors });
      if (!/^[0-9a-f]{32}$/.test(form.nonce ?? "")) {
        return render(400, {
          kind: "error",
          message: "This form is out of date. Please submit it again.",
        });
      }
      const url = normalizeWebhookUrl(typed);
      // Counted and created under the user's row lock: concurrent requests
      // cannot pass the cap together.
      const result = await withUserLocked(db, session.userId, async (trx) => {
        if (!(await sessionExists(trx, session.idHash))) return "session_ended" as const;
        if ((await countWebhookEndpoints(trx, session.userId)) >= MAX_ENDPOINTS_PER_USER)
          return "at_cap" as const;
        return createWebhookEndpoint(trx, {
          userId: session.userId,
          url,
          eventTypes,
          jurisdictions: jurisdictions as string[] | null,
          nonce: form.nonce as string,
          nowIso: new Date(clock.now()).toISOString(),
        });
      });
      if (result === "session_ended") {
        return reply.header("cache-control", "no-store").redirect("/login", 303);
      }
      if (result === "at_cap") {
        return render(409, {
          kind: "error",
          message: `You already have ${MAX_ENDPOINTS_PER_USER} endpoints. Delete one first.`,
        });
      }
      if (result === null) {
        return render(409, {
          kind: "error",
          message:
            "This form was already submitted. The endpoint it created is listed below; its secret cannot be shown again.",
        });
      }
      logSecurityEvent(request, "webhook_endpoint_created", {
        userId: session.userId,
        webhook_endpoint_id: result.endpoint.id,
      });
      return render(201, null, {
        created: { secret: result.secret, url, id: result.endpoint.id },
      });
    },
  );

  /** The endpoint's page with an error notice (a refused action), and that status. */
  const detailError = async (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: WebhookEndpoint,
    status: number,
    message: string,
  ) =>
    sendHtml(
      reply,
      status,
      detailPage(
        pageContext(request, reply),
        endpoint,
        await listDeliveryAttempts(db, endpoint.id),
        { kind: "error", message },
        clock.now(),
      ),
    );

  /**
   * Charges an action by hand to the endpoint and the account; on refusal
   * answers 429 with Retry-After on the endpoint's page and returns false.
   */
  const admitAction = async (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: WebhookEndpoint,
  ): Promise<boolean> => {
    const decision = await options.throttleAction(endpoint.userId, endpoint.id, clock.now());
    if (decision.allowed) return true;
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    reply.header("retry-after", String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    logSecurityEvent(request, "webhook_action_throttled", {
      userId: endpoint.userId,
      webhook_endpoint_id: endpoint.id,
    });
    await detailError(
      request,
      reply,
      endpoint,
      429,
      `Too many test events, resends, enables and secret rolls: at most ${WEBHOOK_ACTION_POLICIES.perEndpoint.limit} an hour for one endpoint and ${WEBHOOK_ACTION_POLICIES.perUser.limit} for your account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
    return false;
  };

  app.get(
    "/account/webhooks/:id",
    {
      schema: { hide: true, params: IdParams, querystring: DetailQuery },
      preHandler: requireLogin,
    },
    async (request, reply) => {
      const endpoint = await ownEndpoint(sessionOf(request).userId, request.params.id);
      const attempts = await listDeliveryAttempts(db, endpoint.id);
      const notice: Notice =
        request.query.sent === "1"
          ? {
              kind: "success",
              message:
                "Test event queued. It is usually delivered within a second: refresh to see it in the log.",
            }
          : request.query.resent === "1"
            ? { kind: "success", message: "Delivery queued again." }
            : request.query.enabled === "1"
              ? { kind: "success", message: "Endpoint enabled. New events are sent to it again." }
              : null;
      return sendHtml(
        reply,
        200,
        detailPage(pageContext(request, reply), endpoint, attempts, notice, clock.now()),
      );
    },
  );

  app.post(
    "/account/webhooks/:id/test",
    {
      schema: { hide: true, params: IdParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const endpoint = await ownEndpoint(sessionOf(request).userId, request.params.id);
      if (endpoint.disabledAt !== null) {
        throw new AppError("not_found", "This endpoint is disabled; enable it first.");
      }
      if (!(await admitAction(request, reply, endpoint))) return reply;
      if (!(await enqueueTestEvent(db, endpoint.id, clock))) {
        return detailError(request, reply, endpoint, 409, queueFullMessage);
      }
      options.wakeDispatcher();
      return reply
        .header("cache-control", "no-store")
        .redirect(`/account/webhooks/${endpoint.id}?sent=1`, 303);
    },
  );

  app.post(
    "/account/webhooks/:id/deliveries/:deliveryId/resend",
    {
      schema: { hide: true, params: ResendParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const endpoint = await ownEndpoint(userId, request.params.id);
      if (!(await admitAction(request, reply, endpoint))) return reply;
      const queued = await resendDelivery(db, {
        userId,
        endpointId: endpoint.id,
        deliveryId: request.params.deliveryId,
        nowMs: clock.now(),
      });
      if (!queued) {
        return detailError(
          request,
          reply,
          endpoint,
          409,
          `This delivery cannot be resent now: it is being delivered, the endpoint is disabled, or ${FAIRNESS.pendingPerEndpoint.toLocaleString("en-US")} deliveries are already waiting for it.`,
        );
      }
      options.wakeDispatcher();
      return reply
        .header("cache-control", "no-store")
        .redirect(`/account/webhooks/${endpoint.id}?resent=1`, 303);
    },
  );

  app.post(
    "/account/webhooks/:id/enable",
    {
      schema: { hide: true, params: IdParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const endpoint = await ownEndpoint(userId, request.params.id);
      if (!(await admitAction(request, reply, endpoint))) return reply;
      if (!(await enableWebhookEndpoint(db, userId, endpoint.id))) throw endpointNotFound();
      return reply
        .header("cache-control", "no-store")
        .redirect(`/account/webhooks/${endpoint.id}?enabled=1`, 303);
    },
  );

  app.post(
    "/account/webhooks/:id/secret",
    {
      schema: { hide: true, params: IdParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const endpoint = await ownEndpoint(session.userId, request.params.id);
      if (!(await admitAction(request, reply, endpoint))) return reply;
      const secret = await rotateWebhookSecret(db, {
        userId: session.userId,
        id: endpoint.id,
        nowMs: clock.now(),
        overlapMs: ROTATION_OVERLAP_MS,
      });
      if (secret === null) throw endpointNotFound();
      logSecurityEvent(request, "webhook_secret_rotated", {
        userId: session.userId,
        webhook_endpoint_id: endpoint.id,
      });
      const rotated = await ownEndpoint(session.userId, endpoint.id);
      return sendHtml(
        reply.header("cache-control", "no-store"),
        200,
        detailPage(
          pageContext(request, reply),
          rotated,
          await listDeliveryAttempts(db, endpoint.id),
          null,
          clock.now(),
          secret,
        ),
      );
    },
  );

  app.get(
    "/account/webhooks/:id/delete",
    { schema: { hide: true, params: IdParams }, preHandler: requireLogin },
    async (request, reply) => {
      const endpoint = await ownEndpoint(sessionOf(request).userId, request.params.id);
      return sendHtml(reply, 200, confirmDeletePage(pageContext(request, reply), endpoint));
    },
  );

  app.post(
    "/account/webhooks/:id/delete",
    {
      schema: { hide: true, params: IdParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = request.params.id;
      if (!(await deleteWebhookEndpoint(db, session.userId, id))) throw endpointNotFound();
      logSecurityEvent(request, "webhook_endpoint_deleted", {
        userId: session.userId,
        webhook_endpoint_id: id,
      });
      return reply.header("cache-control", "no-store").redirect("/account/webhooks?deleted=1", 303);
    },
  );
}
