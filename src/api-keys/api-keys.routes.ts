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
 *
 * The pages' HTML is api-keys.pages.ts.
 */

import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { logSecurityEvent } from "../accounts/security-events.ts";
import { requireLogin, requireSession, sessionOf } from "../accounts/session.plugin.ts";
import { sessionExists } from "../accounts/sessions.ts";
import { type Database, withUserLocked } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { isCalendarDate, isoDay } from "../lib/dates.ts";
import { displayNameProblem, normalizeText } from "../lib/text.ts";
import { type Notice, ownedOr404, seeOther } from "../web/account-area.ts";
import { type FieldErrors, FormBody } from "../web/forms.ts";
import { type PagePluginOptions, sendHtml } from "../web/layout.ts";
import { readKeyUsage } from "./api-key.usage.ts";
import { USAGE_DAYS } from "./api-key.usage-chart.ts";
import {
  deleteKeyPage,
  KEY_CREATIONS_PER_DAY,
  KEY_NAME_MAX_LENGTH,
  keysNotice,
  keysPage,
  MAX_KEYS_PER_USER,
} from "./api-keys.pages.ts";
import {
  type ApiKey,
  countApiKeys,
  createApiKey,
  deleteApiKey,
  findApiKeyForUser,
  listApiKeys,
} from "./api-keys.repository.ts";
import { EXPIRY_HORIZON_YEARS, latestExpiryDay } from "./key-expiry.ts";

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

const CreateForm = FormBody({ name: 1000, expires: 20, nonce: 64 });
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const KeysQuery = FormBody({ deleted: 5 });

const DAY_MS = 86_400_000;

/** A key chosen to expire on day D works through the end of D (UTC). */
export function expiryInstant(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
}

const NOT_FOUND = "You have no API key with this id.";

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
      const notice = keysNotice(request.query);
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
      if (result === "session_ended") return seeOther(reply, "/login");
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
      const key = await ownedOr404(
        findApiKeyForUser(db, sessionOf(request).userId, request.params.id),
        NOT_FOUND,
      );
      return sendHtml(reply, 200, deleteKeyPage(pageContext(request, reply), key));
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
      await ownedOr404(deleteApiKey(db, session.userId, id), NOT_FOUND);
      options.onKeyDeleted(id);
      logSecurityEvent(request, "api_key_deleted", { userId: session.userId, api_key_id: id });
      return seeOther(reply, "/account/keys?deleted=1");
    },
  );
}
