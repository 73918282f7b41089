/**
 * The API keys page — the only place keys are managed, behind a logged-in
 * browser session (never an X-API-Key). A new key's secret appears once, in
 * the response to the form that created it (`Cache-Control: no-store`); it
 * is never stored and never shown again. Each create form carries a nonce,
 * so resubmitting it (reload, back button) cannot create a second key.
 * Deleting a key asks for confirmation and revokes it at once; a key that
 * is not the user's (or is gone) is "not found", never "deleted". Key names
 * are NFC text people read back: no control or text-direction characters,
 * something visible, at most KEY_NAME_MAX_LENGTH characters as seen.
 */

import { randomBytes } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { logSecurityEvent } from "../accounts/security-events.ts";
import { requireLogin, requireSession, sessionOf } from "../accounts/session.plugin.ts";
import { sessionExists } from "../accounts/sessions.ts";
import { type Database, withUserLocked } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import { isCalendarDate, isoDay } from "../lib/dates.ts";
import { displayNameProblem, normalizeText } from "../lib/text.ts";
import { type FieldErrors, FormBody, formErrorSummary, formField } from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, type PagePluginOptions, renderPage, sendHtml } from "../web/layout.ts";
import { type DailyUsage, readKeyUsage } from "./api-key.usage.ts";
import { renderKeyUsage, USAGE_DAYS, usageSeries } from "./api-key.usage-chart.ts";
import {
  type ApiKey,
  countApiKeys,
  createApiKey,
  deleteApiKey,
  findApiKeyForUser,
  listApiKeys,
} from "./api-keys.repository.ts";
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

export type ApiKeysPagesOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  publicBaseUrl: string;
  /** Called after a key is deleted, so it stops working on the very next request. */
  onKeyDeleted: (keyId: string) => void;
  /** Charges one key creation to the account; refused past KEY_CREATIONS_PER_DAY in a sliding day. */
  throttleCreation: (
    userId: string,
    nowMs: number,
  ) => Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Called after a key is created (the owner is emailed a notice). */
  onKeyCreated?: (owner: { userId: string; email: string }, key: ApiKey) => void;
  /** Writes pending usage counts, so the page shows every request answered so far. */
  flushUsage?: () => Promise<void>;
};

/** Keys with this many days or fewer left are flagged on the page. */
const EXPIRY_WARNING_DAYS = 14;

const CreateForm = FormBody({ name: 1000, expires: 20, nonce: 64 });
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const KeysQuery = FormBody({ deleted: 5 });

const DAY_MS = 86_400_000;

/** A key chosen to expire on day D works through the end of D (UTC). */
export function expiryInstant(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
}

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

function lastDay(expiresAt: string): string {
  return formatDay(new Date(Date.parse(expiresAt) - DAY_MS).toISOString());
}

type Notice = { kind: "error" | "success"; message: string } | null;

function keyNotFound(): AppError {
  return new AppError("not_found", "You have no API key with this id.");
}

function keysPage(
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
${input.notice ? html`<div class="alert alert-${input.notice.kind}" role="${input.notice.kind === "error" ? "alert" : "status"}">${input.notice.message}</div>` : ""}
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

function confirmDeletePage(ctx: PageContext, key: ApiKey): string {
  const body = html`<section class="narrow">
<h1>Delete key “${key.name}”?</h1>
<p>The key <code>${key.prefix}…</code> stops working immediately. Anything using it will get <code>401 invalid_api_key</code>. This cannot be undone.</p>
<form method="post" action="/account/keys/${key.id}/delete" class="inline">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <button type="submit" class="danger">Delete key</button>
  <a href="/account/keys" class="button secondary">Cancel</a>
</form>
</section>`;
  return renderPage(ctx, { title: "Delete API key", body });
}

export async function apiKeysPages(
  instance: FastifyInstance,
  options: ApiKeysPagesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, pageContext } = options;

  app.get(
    "/account/keys",
    { schema: { hide: true, querystring: KeysQuery }, preHandler: requireLogin },
    async (request, reply) => {
      const session = sessionOf(request);
      const notice: Notice =
        request.query.deleted === "1"
          ? { kind: "success", message: "Key deleted. It no longer works." }
          : null;
      await options.flushUsage?.();
      const keys = await listApiKeys(db, session.userId);
      const usage = await readKeyUsage(db, session.userId, clock.now(), USAGE_DAYS);
      return sendHtml(
        reply,
        200,
        keysPage(pageContext(request, reply), {
          keys,
          now: clock.now(),
          notice,
          origin: options.publicBaseUrl,
          usage,
        }),
      );
    },
  );

  app.post(
    "/account/keys",
    {
      schema: { hide: true, body: CreateForm },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const form = request.body;
      const now = clock.now();
      const name = normalizeText(form.name ?? "");
      const expires = (form.expires ?? "").trim();
      const render = async (
        status: number,
        notice: Notice,
        extra: { created?: { secret: string; name: string }; errors?: FieldErrors } = {},
      ) =>
        sendHtml(
          reply,
          status,
          keysPage(pageContext(request, reply), {
            keys: await listApiKeys(db, session.userId),
            now,
            notice,
            origin: options.publicBaseUrl,
            values: status >= 400 ? { name, expires } : {},
            usage: await readKeyUsage(db, session.userId, now, USAGE_DAYS),
            ...extra,
          }),
        );
      const errors: Record<string, string> = {};
      const nameProblem = displayNameProblem(name, KEY_NAME_MAX_LENGTH);
      if (nameProblem !== null) errors.name = nameProblem;
      if (expires !== "" && !(isCalendarDate(expires) && expires > isoDay(new Date(now))))
        errors.expires = "The expiration date must be a date in the future.";
      else if (expires !== "" && expires > latestExpiryDay(now))
        errors.expires = `The expiration date must be at most ${EXPIRY_HORIZON_YEARS} years away (${latestExpiryDay(now)} at the latest). Leave it empty for a key that does not expire.`;
      if (Object.keys(errors).length > 0) return render(400, null, { errors });
      if (!/^[0-9a-f]{32}$/.test(form.nonce ?? "")) {
        return render(400, {
          kind: "error",
          message: "This form is out of date. Please submit it again.",
        });
      }
      const atCap = () =>
        render(409, {
          kind: "error",
          message: `You already have ${MAX_KEYS_PER_USER} keys. Delete one first.`,
        });
      if ((await countApiKeys(db, session.userId)) >= MAX_KEYS_PER_USER) return atCap();
      const throttle = await options.throttleCreation(session.userId, now);
      if (!throttle.allowed) {
        const hours = Math.max(1, Math.ceil(throttle.retryAfterMs / 3_600_000));
        reply.header("retry-after", String(Math.max(1, Math.ceil(throttle.retryAfterMs / 1000))));
        return render(429, {
          kind: "error",
          message: `You have created ${KEY_CREATIONS_PER_DAY} keys in the last 24 hours, the most allowed. You can create another in about ${hours} hour${hours === 1 ? "" : "s"}; meanwhile, keep using the keys you have.`,
        });
      }
      // Counted again and created under the user's row lock: concurrent
      // requests cannot pass the cap together, and a request whose session
      // ended meanwhile (a reset that claimed the account) creates nothing.
      const result = await withUserLocked(db, session.userId, async (trx) => {
        if (!(await sessionExists(trx, session.idHash))) return "session_ended" as const;
        if ((await countApiKeys(trx, session.userId)) >= MAX_KEYS_PER_USER)
          return "at_cap" as const;
        return createApiKey(trx, {
          userId: session.userId,
          name,
          expiresAt: expires === "" ? null : expiryInstant(expires),
          nonce: form.nonce as string,
          nowIso: new Date(now).toISOString(),
        });
      });
      if (result === "session_ended") {
        return reply.header("cache-control", "no-store").redirect("/login", 303);
      }
      if (result === "at_cap") return atCap();
      if (result === null) {
        return render(409, {
          kind: "error",
          message:
            "This form was already submitted. The key it created is listed below; its secret cannot be shown again.",
        });
      }
      logSecurityEvent(request, "api_key_created", {
        userId: session.userId,
        api_key_id: result.key.id,
        prefix: result.key.prefix,
      });
      options.onKeyCreated?.({ userId: session.userId, email: session.email }, result.key);
      // The panel showing the secret says it all; no second notice above it.
      return render(201, null, { created: { secret: result.secret, name } });
    },
  );

  app.get(
    "/account/keys/:id/delete",
    { schema: { hide: true, params: IdParams }, preHandler: requireLogin },
    async (request, reply) => {
      const key = await findApiKeyForUser(db, sessionOf(request).userId, request.params.id);
      if (key === null) throw keyNotFound();
      return sendHtml(reply, 200, confirmDeletePage(pageContext(request, reply), key));
    },
  );

  app.post(
    "/account/keys/:id/delete",
    {
      schema: { hide: true, params: IdParams, body: FormBody({}) },
      preHandler: [...options.protect, requireSession],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = request.params.id;
      if (!(await deleteApiKey(db, session.userId, id))) throw keyNotFound();
      options.onKeyDeleted(id);
      logSecurityEvent(request, "api_key_deleted", { userId: session.userId, api_key_id: id });
      return reply.header("cache-control", "no-store").redirect("/account/keys?deleted=1", 303);
    },
  );
}
