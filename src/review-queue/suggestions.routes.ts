/**
 * "Suggest a correction": a reader, with or without an account, tells the
 * maintainers that a value on a state page is wrong — which field, what it
 * should be, a link to the law or an official page (required) and,
 * optionally, a note and an address to hear the decision at.
 *
 * Abuse is bounded (docs/SECURITY.md, "Readers' suggestions"):
 * - same origin and CSRF on the post, like every form;
 * - SUGGESTION_POLICY per client network (IPv4 address or IPv6 /64) on the
 *   shared limiter, so every instance counts together; over it, 429 with
 *   Retry-After;
 * - sizes: each field's maximum length in the body schema (the form body is
 *   16 KiB at most), and at most MAX_WAITING_SUGGESTIONS readers' items
 *   waiting in all, beyond which the form asks to come back later;
 * - text only: stored as typed less control and invisible format
 *   characters, and always rendered escaped — never as HTML;
 * - a honeypot field people do not see: a post that fills it is answered
 *   as a success and stored nowhere;
 * - the link must be http(s), without credentials;
 * - the address must be an address (the account rules: no control
 *   characters, so no header injection), and is never shown: not on any
 *   page, not to maintainers; it is erased once the decision mail is sent.
 */
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { EMAIL_MAX_LENGTH, emailProblem, normalizeEmail } from "../accounts/email.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Database } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import { clientCounterKey, type RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import { seeOther } from "../web/account-area.ts";
import { type FieldErrors, FormBody, formErrorSummary, formField } from "../web/forms.ts";
import { html } from "../web/html.ts";
import { type PageContext, type PagePluginOptions, renderPage, sendHtml } from "../web/layout.ts";
import {
  isSuggestionField,
  SUGGESTION_FIELDS,
  type SuggestionFieldKey,
} from "./review-queue.fields.ts";
import { addReviewItem, countWaiting } from "./review-queue.repository.ts";

/** Suggestions per client network: enough for a careful reader, too few for a flood. */
export const SUGGESTION_POLICY = {
  name: "suggestions",
  limit: 5,
  windowMs: 60 * 60_000,
} as const satisfies RateLimitPolicy;

/** Readers' items waiting for review, at most: storage stays bounded whatever the number of clients. */
export const MAX_WAITING_SUGGESTIONS = 1_000;

export const SUGGESTION_LIMITS = { value: 500, link: 2_000, note: 2_000 } as const;

/** The honeypot's name: a field a person never sees or fills. */
const HONEYPOT = "website";

const SuggestForm = FormBody({
  field: 64,
  value: SUGGESTION_LIMITS.value,
  link: SUGGESTION_LIMITS.link,
  note: SUGGESTION_LIMITS.note,
  contact: EMAIL_MAX_LENGTH,
  [HONEYPOT]: 500,
});
const CodeParams = Type.Object({ code: Type.String({ maxLength: 8 }) });
const SuggestQuery = Type.Object({ field: Type.Optional(Type.String({ maxLength: 64 })) });

/** Control and invisible format characters out (line breaks and tabs kept), NFC, trimmed. */
export function cleanText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n\t]|\p{Cf}|[\u2028\u2029]/gu, "")
    .trim();
}

/** Why a link is refused, or null: http(s) only, no user name or password, one line. */
export function linkProblem(link: string): string | null {
  if (link === "") return "Give a link to the law or to an official page that shows the value.";
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "Enter a whole web address, starting with https:// (or http://).";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "The link must be a web address starting with https:// (or http://).";
  if (url.username !== "" || url.password !== "")
    return "The link must not carry a user name or password.";
  if (/\s/.test(link)) return "The link must be one address, without spaces.";
  return null;
}

export type SuggestionsOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  /** The data as served now: which jurisdictions exist, and their names. */
  dataset: () => Dataset;
};

type FormValues = Record<string, string | undefined>;

function fieldOptions(chosen: string): ReturnType<typeof html> {
  return html`${Object.entries(SUGGESTION_FIELDS).map(
    ([key, field]) =>
      html`<option value="${key}"${key === chosen ? html` selected` : ""}>${field.label}</option>`,
  )}`;
}

function formPage(
  ctx: PageContext,
  input: { code: string; name: string; values: FormValues; errors: FieldErrors; notice?: string },
): string {
  const state = { values: input.values, errors: input.errors };
  const chosen = input.values.field ?? "other";
  const fieldError = input.errors.field;
  const body = html`<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/states">All jurisdictions</a> <span aria-hidden="true">›</span> <a href="/states/${input.code}">${input.name}</a> <span aria-hidden="true">›</span> <span aria-current="page">Suggest a correction</span></nav>
<section class="narrow">
<h1>Suggest a correction: ${input.name}</h1>
<p>Tell us what is wrong and where the law says otherwise. A maintainer checks every suggestion against the law; a correction reaches the data in a release, after a second maintainer has reviewed it, and is listed on <a href="/changes">What changed</a>. You need no account.</p>
${input.notice ? html`<div class="alert alert-error" role="alert">${input.notice}</div>` : ""}
${formErrorSummary(state, { field: "suggest-field", value: "suggest-value", link: "suggest-link", note: "suggest-note", contact: "suggest-contact" })}
<form method="post" action="/states/${input.code}/suggest" class="stack suggest-form">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <label for="suggest-field">Which value</label>
  <select id="suggest-field" name="field"${fieldError ? html` aria-invalid="true" aria-describedby="suggest-field-error"` : ""}>${fieldOptions(chosen)}</select>
  ${fieldError ? html`<p class="field-error" id="suggest-field-error">${fieldError}</p>` : ""}
  ${formField(state, {
    name: "value",
    id: "suggest-value",
    label: "What it should be",
    hint: "As the law says it, e.g. 21, or “Allowed since July 1, 2026”.",
    attributes: html`required maxlength="${SUGGESTION_LIMITS.value}" autocomplete="off"`,
  })}
  ${formField(state, {
    name: "link",
    id: "suggest-link",
    label: "Link to the law or an official page",
    hint: "Required: the statute, the regulation or the regulator's page that shows it (https://…).",
    attributes: html`required inputmode="url" maxlength="${SUGGESTION_LIMITS.link}" autocomplete="off" spellcheck="false"`,
  })}
  <label for="suggest-note">Note (optional)</label>
  <p class="hint" id="suggest-note-hint">Anything that helps us check it: the section, the page, the date it changed. Plain text.</p>
  <textarea id="suggest-note" name="note" rows="4" maxlength="${SUGGESTION_LIMITS.note}" aria-describedby="suggest-note-hint${input.errors.note ? " suggest-note-error" : ""}"${input.errors.note ? html` aria-invalid="true"` : ""}>${input.values.note ?? ""}</textarea>
  ${input.errors.note ? html`<p class="field-error" id="suggest-note-error">${input.errors.note}</p>` : ""}
  ${formField(state, {
    name: "contact",
    id: "suggest-contact",
    type: "email",
    label: "Your email address (optional)",
    hint: "Only to tell you, once, what we decided. It is never shown, and we erase it after that mail.",
    attributes: html`maxlength="${EMAIL_MAX_LENGTH}" autocomplete="email" spellcheck="false"`,
  })}
  <div class="visually-hidden" aria-hidden="true"><label for="suggest-${HONEYPOT}">Leave this empty</label><input id="suggest-${HONEYPOT}" name="${HONEYPOT}" type="text" tabindex="-1" autocomplete="off"></div>
  <button type="submit">Send the suggestion</button>
</form>
</section>`;
  return renderPage(ctx, {
    title: `Suggest a correction: ${input.name}`,
    description: `Tell the maintainers what is wrong in the record of ${input.name}, with a link to the law.`,
    body,
  });
}

function sentPage(ctx: PageContext, code: string, name: string): string {
  const body = html`<section class="narrow">
<h1>Thank you</h1>
<p role="status">Your suggestion about ${name} is in the maintainers' queue. They check it against the law you linked; if you left an address, you get one mail when it is decided.</p>
<p><a href="/states/${code}">Back to ${name}</a></p>
</section>`;
  return renderPage(ctx, { title: "Suggestion sent", body });
}

export async function suggestionsRoutes(
  instance: FastifyInstance,
  options: SuggestionsOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, limiter, pageContext } = options;

  const jurisdictionOf = (asked: string) => {
    const code = asked.toUpperCase();
    const record = options.dataset().byCode.get(code);
    if (record === undefined)
      throw new AppError("not_found", `No jurisdiction has the code ${code.slice(0, 8)}.`);
    return { code, name: record.name };
  };

  app.get(
    "/states/:code/suggest",
    { schema: { hide: true, params: CodeParams, querystring: SuggestQuery } },
    async (request, reply) => {
      const { code, name } = jurisdictionOf(request.params.code);
      const asked = request.query.field ?? "other";
      const field: SuggestionFieldKey = isSuggestionField(asked) ? asked : "other";
      return sendHtml(
        reply,
        200,
        formPage(pageContext(request, reply), { code, name, values: { field }, errors: {} }),
        "private, no-cache",
      );
    },
  );

  app.get(
    "/states/:code/suggest/sent",
    { schema: { hide: true, params: CodeParams } },
    async (request, reply) => {
      const { code, name } = jurisdictionOf(request.params.code);
      return sendHtml(reply, 200, sentPage(pageContext(request, reply), code, name));
    },
  );

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: { code: string; name: string; values: FormValues; errors: FieldErrors; notice?: string },
  ) => sendHtml(reply, status, formPage(pageContext(request, reply), page));

  app.post(
    "/states/:code/suggest",
    {
      schema: { hide: true, params: CodeParams, body: SuggestForm },
      preHandler: options.protect,
    },
    async (request, reply) => {
      const { code, name } = jurisdictionOf(request.params.code);
      const form = request.body as FormValues;
      const values = { ...form, [HONEYPOT]: undefined, _csrf: undefined };
      const counter = `suggest:${clientCounterKey(request.ip)}`;
      const nowMs = clock.now();
      const peek = await limiter.peek(counter, SUGGESTION_POLICY, nowMs);
      if (!peek.allowed) {
        const seconds = Math.max(1, Math.ceil(peek.resetMs / 1000));
        reply.header("retry-after", String(seconds));
        request.log.info(
          { security_event: "suggestion_throttled", client: clientCounterKey(request.ip) },
          "security: suggestion_throttled",
        );
        return refuse(request, reply, 429, {
          code,
          name,
          values,
          errors: {},
          notice: `You have sent ${SUGGESTION_POLICY.limit} suggestions in the last hour, the most we take from one network. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`,
        });
      }
      // A filled honeypot: a program, not a person. Answered as a success, stored nowhere.
      if ((form[HONEYPOT] ?? "") !== "") {
        await limiter.hit(counter, SUGGESTION_POLICY, nowMs);
        request.log.info(
          { security_event: "suggestion_honeypot", client: clientCounterKey(request.ip) },
          "security: suggestion_honeypot",
        );
        return seeOther(reply, `/states/${code}/suggest/sent`);
      }
      const errors: Record<string, string> = {};
      const fieldKey = form.field ?? "";
      if (!isSuggestionField(fieldKey)) errors.field = "Choose the value you are correcting.";
      const value = cleanText(form.value ?? "");
      if (value === "") errors.value = "Say what the value should be.";
      const link = cleanText(form.link ?? "");
      const problem = linkProblem(link);
      if (problem !== null) errors.link = problem;
      const note = cleanText(form.note ?? "");
      const contactTyped = (form.contact ?? "").trim();
      const contact = contactTyped === "" ? null : normalizeEmail(contactTyped);
      if (contact !== null) {
        const contactProblem = emailProblem(contact);
        if (contactProblem !== null) errors.contact = contactProblem;
      }
      if (Object.keys(errors).length > 0)
        return refuse(request, reply, 400, { code, name, values, errors });
      if ((await countWaiting(db, "reader")) >= MAX_WAITING_SUGGESTIONS) {
        reply.header("retry-after", "3600");
        return refuse(request, reply, 503, {
          code,
          name,
          values,
          errors: {},
          notice:
            "Too many suggestions are waiting for review right now. Please try again in a few hours; nothing was sent.",
        });
      }
      const decision = await limiter.hit(counter, SUGGESTION_POLICY, nowMs);
      if (!decision.allowed) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(decision.resetMs / 1000))));
        return refuse(request, reply, 429, {
          code,
          name,
          values,
          errors: {},
          notice: `You have sent ${SUGGESTION_POLICY.limit} suggestions in the last hour, the most we take from one network. Please try again later.`,
        });
      }
      const key = fieldKey as SuggestionFieldKey;
      const nowIso = new Date(nowMs).toISOString();
      await addReviewItem(
        db,
        {
          origin: "reader",
          source: "reader",
          sourceId: `reader:${randomUUID()}`,
          jurisdiction: code,
          field: key,
          title: SUGGESTION_FIELDS[key].label,
          url: link,
          itemDate: nowIso.slice(0, 10),
          body: note,
          proposedValue: value,
          contactEmail: contact,
        },
        nowIso,
      );
      return seeOther(reply, `/states/${code}/suggest/sent`);
    },
  );
}
