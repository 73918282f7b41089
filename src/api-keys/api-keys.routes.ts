/**
 * The API keys page — the only place keys are managed, behind a logged-in
 * browser session (never an X-API-Key). A new key's secret appears once, in
 * the response to the form that created it (`Cache-Control: no-store`); it
 * is never stored and never shown again. Each create form carries a nonce,
 * so resubmitting it (reload, back button) cannot create a second key.
 * Deleting a key asks for confirmation and revokes it at once.
 */

import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { requireLogin } from "../accounts/session.plugin.ts";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { isCalendarDate, isoDay } from "../lib/dates.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, renderPage, sendHtml } from "../web/layout.ts";
import {
  type ApiKey,
  countApiKeys,
  createApiKey,
  deleteApiKey,
  findApiKeyForUser,
  listApiKeys,
} from "./api-keys.repository.ts";

export const MAX_KEYS_PER_USER = 10;

/** A random nonce for the create form, so it cannot act twice. */
function formNonce(): string {
  return randomBytes(16).toString("hex");
}
export const KEY_NAME_MAX_LENGTH = 100;

export type ApiKeysPagesOptions = {
  db: Database;
  clock: Clock;
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
  protect: ((
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) => void)[];
  publicBaseUrl: string;
  /** Called after a key is deleted, so it stops working on the very next request. */
  onKeyDeleted: (keyId: string) => void;
};

const CreateForm = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  nonce: Type.Optional(Type.String({ maxLength: 64 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

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

function keysPage(
  ctx: PageContext,
  input: {
    keys: ApiKey[];
    now: number;
    notice: Notice;
    origin: string;
    values?: { name?: string; expires?: string };
    created?: { secret: string; name: string };
  },
): string {
  const { keys, now } = input;
  const atCap = keys.length >= MAX_KEYS_PER_USER;
  const rows = keys.map((key) => {
    const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
    return html`<tr${expired ? html` class="expired"` : ""}>
  <td>${key.name}</td>
  <td><code>${key.prefix}…</code></td>
  <td>${formatDay(key.createdAt)}</td>
  <td>${key.lastUsedAt ? formatDay(key.lastUsedAt) : "never"}</td>
  <td>${key.expiresAt === null ? "never" : expired ? html`<strong class="badge badge-expired">expired</strong> ${lastDay(key.expiresAt)}` : lastDay(key.expiresAt)}</td>
  <td><a href="/account/keys/${key.id}/delete" class="button danger small" aria-label="Delete key ${key.name}">Delete</a></td>
</tr>`;
  });
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
<p>A key raises your rate limit from 60 requests per 15 minutes (per IP) to 1000 requests per hour (per key). Send it in the <code>X-API-Key</code> header — never in a URL.</p>
${input.notice ? html`<div class="alert alert-${input.notice.kind}" role="${input.notice.kind === "error" ? "alert" : "status"}">${input.notice.message}</div>` : ""}
${created}
<h2>Your keys</h2>
<p class="hint">You can have up to ${MAX_KEYS_PER_USER} keys; you have ${keys.length}. “Last used” may lag by up to a minute.</p>
${
  keys.length === 0
    ? html`<p>You have no API keys yet.</p>`
    : html`<div class="table-wrap"><table class="keys">
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<h2>Create a key</h2>
${
  atCap
    ? html`<p>You have reached the limit of ${MAX_KEYS_PER_USER} keys. Delete one to create another.</p>`
    : html`<form method="post" action="/account/keys" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <input type="hidden" name="nonce" value="${formNonce()}">
  <label for="key-name">Name</label>
  <input id="key-name" name="name" type="text" required maxlength="${KEY_NAME_MAX_LENGTH}" aria-describedby="key-name-hint" value="${input.values?.name ?? ""}">
  <p class="hint" id="key-name-hint">What the key is for, e.g. “production app”. 1 to ${KEY_NAME_MAX_LENGTH} characters.</p>
  <label for="key-expires">Expires (optional)</label>
  <input id="key-expires" name="expires" type="date" min="${tomorrow}" aria-describedby="key-expires-hint" value="${input.values?.expires ?? ""}">
  <p class="hint" id="key-expires-hint">The key works through the end of this day (UTC). Leave empty for a key that does not expire.</p>
  <button type="submit">Create key</button>
</form>`
}`;
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
  app: FastifyInstance,
  options: ApiKeysPagesOptions,
): Promise<void> {
  const { db, clock, pageContext } = options;

  app.get(
    "/account/keys",
    { schema: { hide: true }, preHandler: requireLogin },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const query = request.query as { deleted?: string };
      const notice: Notice =
        query.deleted === "1"
          ? { kind: "success", message: "Key deleted. It no longer works." }
          : null;
      const keys = await listApiKeys(db, session.userId);
      return sendHtml(
        reply,
        200,
        keysPage(pageContext(request, reply), {
          keys,
          now: clock.now(),
          notice,
          origin: options.publicBaseUrl,
        }),
      );
    },
  );

  app.post(
    "/account/keys",
    {
      schema: { hide: true, body: CreateForm },
      preHandler: [...options.protect, requireLogin],
    },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const form = request.body as { name?: string; expires?: string; nonce?: string };
      const now = clock.now();
      const name = (form.name ?? "").trim();
      const expires = (form.expires ?? "").trim();
      const render = async (
        status: number,
        notice: Notice,
        extra: { created?: { secret: string; name: string } } = {},
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
            ...extra,
          }),
        );
      if (name.length === 0 || [...name].length > KEY_NAME_MAX_LENGTH) {
        return render(400, {
          kind: "error",
          message: `Give the key a name of 1 to ${KEY_NAME_MAX_LENGTH} characters.`,
        });
      }
      if (expires !== "" && !(isCalendarDate(expires) && expires > isoDay(new Date(now)))) {
        return render(400, {
          kind: "error",
          message: "The expiration date must be a date in the future.",
        });
      }
      if (!/^[0-9a-f]{32}$/.test(form.nonce ?? "")) {
        return render(400, {
          kind: "error",
          message: "This form is out of date. Please submit it again.",
        });
      }
      if ((await countApiKeys(db, session.userId)) >= MAX_KEYS_PER_USER) {
        return render(409, {
          kind: "error",
          message: `You already have ${MAX_KEYS_PER_USER} keys. Delete one first.`,
        });
      }
      const result = await createApiKey(db, {
        userId: session.userId,
        name,
        expiresAt: expires === "" ? null : expiryInstant(expires),
        nonce: form.nonce as string,
        nowIso: new Date(now).toISOString(),
      });
      if (result === null) {
        return render(409, {
          kind: "error",
          message:
            "This form was already submitted. The key it created is listed below; its secret cannot be shown again.",
        });
      }
      request.log.info({ api_key_id: result.key.id, prefix: result.key.prefix }, "api key created");
      return render(
        201,
        { kind: "success", message: `Key “${name}” created.` },
        { created: { secret: result.secret, name } },
      );
    },
  );

  app.get(
    "/account/keys/:id/delete",
    { schema: { hide: true, params: IdParams }, preHandler: requireLogin },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const key = await findApiKeyForUser(
        db,
        session.userId,
        (request.params as { id: string }).id,
      );
      if (key === null) return reply.redirect("/account/keys", 303);
      return sendHtml(reply, 200, confirmDeletePage(pageContext(request, reply), key));
    },
  );

  app.post(
    "/account/keys/:id/delete",
    {
      schema: { hide: true, params: IdParams },
      preHandler: [...options.protect, requireLogin],
    },
    async (request, reply) => {
      const session = request.session;
      if (session === null) return;
      const id = (request.params as { id: string }).id;
      if (await deleteApiKey(db, session.userId, id)) {
        options.onKeyDeleted(id);
        request.log.info({ api_key_id: id }, "api key deleted");
      }
      return reply.header("cache-control", "no-store").redirect("/account/keys?deleted=1", 303);
    },
  );
}
