/**
 * What the logged-in account area's pages share (the account, API keys and
 * webhooks pages): a notice above a page, the date format of their tables,
 * the page that confirms a deletion, "not yours is not found", the 303
 * after a form (also the log-in redirects' and the review queue's), and an
 * action on one thing the user owns. Fields and their errors are
 * web/forms.ts's `formField`.
 *
 * Contract: nothing here reads a session or a database itself; callers
 * pass their guards (same-origin, CSRF, live session) and their look-ups.
 * Every redirect after a form is `303 See Other` with `Cache-Control:
 * no-store`, so no cache keeps an answer that depended on a session.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { Static, TObject } from "typebox";
import { AppError } from "../errors.ts";
import { FormBody } from "./forms.ts";
import { html, type SafeHtml } from "./html.ts";
import { type PageContext, renderPage } from "./layout.ts";

/** A line above a page: what just happened, or why the form was refused. */
export type Notice = { kind: "error" | "success"; message: string } | null;

export function noticeHtml(notice: Notice): SafeHtml | "" {
  return notice
    ? html`<div class="alert alert-${notice.kind}" role="${notice.kind === "error" ? "alert" : "status"}">${notice.message}</div>`
    : "";
}

/** A day as the account pages show it: "Nov 28, 2026" (UTC). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The page that asks before a deletion: what goes, a button that posts to
 * `action`, and a way back.
 */
export function confirmDeletePage(
  ctx: PageContext,
  page: {
    title: string;
    heading: SafeHtml | string;
    /** The paragraphs between the heading and the form. */
    explanation: SafeHtml;
    action: string;
    button: string;
    cancelHref: string;
  },
): string {
  const body = html`<section class="narrow">
<h1>${page.heading}</h1>
${page.explanation}
<form method="post" action="${page.action}" class="inline">
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <button type="submit" class="danger">${page.button}</button>
  <a href="${page.cancelHref}" class="button secondary">Cancel</a>
</form>
</section>`;
  return renderPage(ctx, { title: page.title, body });
}

/**
 * The user's own row, or a 404 with `detail`: a thing that is not the
 * user's is "not found", never "forbidden", so ids reveal nothing. Also for
 * a change that reports whether it found the row (`false` is not found).
 */
export async function ownedOr404<T>(
  found: Promise<T | null | false>,
  detail: string,
): Promise<Exclude<T, null | false>> {
  const value = await found;
  if (value === null || value === false) throw new AppError("not_found", detail);
  return value as Exclude<T, null | false>;
}

/** The answer to a form that worked: 303 See Other to `location`, never cached. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.header("cache-control", "no-store").redirect(location, 303);
}

/** What an action does once its thing is found and the action admitted; it answers. */
export type OwnedAct<Params extends TObject, Owned> = (
  request: FastifyRequest,
  reply: FastifyReply,
  owned: Owned,
  params: Static<Params>,
) => Promise<unknown>;

/**
 * A POST action on one thing the user owns (an empty form but for the CSRF
 * token, the thing named in the path): the guards run first, then `find`
 * looks the thing up for the session's user (throwing a 404, or refusing,
 * when it may not be acted on), then `admit` may answer instead (a
 * throttle: false when it has answered), then `act` answers.
 */
export function ownedAction<Params extends TObject, Owned>(
  instance: FastifyInstance,
  path: string,
  spec: {
    params: Params;
    /** The preHandlers: same-origin and CSRF checks, a live session. */
    guards: NonNullable<RouteShorthandOptions["preHandler"]>;
    find: (request: FastifyRequest, params: Static<Params>) => Promise<Owned>;
    admit: (request: FastifyRequest, reply: FastifyReply, owned: Owned) => Promise<boolean>;
  },
  act: OwnedAct<Params, Owned>,
): void {
  instance.withTypeProvider<TypeBoxTypeProvider>().post(
    path,
    {
      schema: { hide: true, params: spec.params, body: FormBody({}) },
      preHandler: spec.guards,
    },
    async (request, reply) => {
      const params = request.params as Static<Params>;
      const owned = await spec.find(request, params);
      if (!(await spec.admit(request, reply, owned))) return reply;
      return act(request, reply, owned, params);
    },
  );
}
