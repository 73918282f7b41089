/**
 * /maintain: the review queue, for maintainers only — what the watch of
 * official sources found and what readers suggested, newest first, with
 * filters and pages; each item's page with Accept (which shows the ready
 * `data:change` or `data:correct` command), Decline (with a reason) and
 * Mark as duplicate, and every decision logged on the item.
 *
 * The area is not advertised: anyone without the role — logged out, or
 * logged in without it — gets the site's ordinary 404 for every path and
 * method here, decided before the body is even read (preValidation), so
 * not even a refused form tells that the page exists. The role comes only
 * from the operator (`npm run maintainers`). Pages are `no-store`; every
 * post passes the same-origin and CSRF checks. A reader's contact address
 * is never shown here either: a maintainer sees only whether there is one.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { JURISDICTIONS } from "../dataset/jurisdictions.ts";
import type { Database } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { seeOther } from "../web/account-area.ts";
import { FormBody } from "../web/forms.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type PageContext, type PagePluginOptions, renderPage, sendHtml } from "../web/layout.ts";
import {
  acceptCommand,
  COMMAND_KINDS,
  type CommandKind,
  defaultKind,
} from "./review-queue.command.ts";
import {
  type Currency,
  formatInstant,
  type ReviewCurrency,
  WATCH_SOURCE_NAMES,
} from "./review-queue.currency.ts";
import { DECLINE_REASONS, fieldLabel, isDeclineReason } from "./review-queue.fields.ts";
import { suggestionDecidedMail } from "./review-queue.mail.ts";
import {
  type DecisionAction,
  decideReviewItem,
  findReviewItem,
  findReviewItemByReference,
  isMaintainer,
  listDecisions,
  listReviewItems,
  REVIEW_ORIGINS,
  REVIEW_STATUSES,
  type ReviewDecision,
  type ReviewFilter,
  type ReviewItem,
  type ReviewOrigin,
  type ReviewStatus,
} from "./review-queue.repository.ts";

export const QUEUE_PAGE_SIZE = 25;
/** Pages beyond this are not served: the offset stays bounded. */
const MAX_PAGE = 400;
const NOTE_MAX = 1_000;

export type MaintainOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  deliver: Deliver;
  origin: string;
  currency: ReviewCurrency;
};

const NAMES = new Map<string, string>([
  ...JURISDICTIONS.map(([code, name]) => [code, name] as [string, string]),
  ["US", "Federal"],
]);
const nameOf = (code: string) => NAMES.get(code) ?? code;

const ListQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 20 })),
  origin: Type.Optional(Type.String({ maxLength: 20 })),
  jurisdiction: Type.Optional(Type.String({ maxLength: 8 })),
  page: Type.Optional(Type.String({ maxLength: 6 })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const ItemQuery = Type.Object({
  kind: Type.Optional(Type.String({ maxLength: 10 })),
  decided: Type.Optional(Type.String({ maxLength: 12 })),
});
const AcceptForm = FormBody({ kind: 10, note: NOTE_MAX });
const DeclineForm = FormBody({ reason: 40, note: NOTE_MAX });
const DuplicateForm = FormBody({ of: 40, note: NOTE_MAX });

const STATUS_LABELS: Record<ReviewStatus, string> = {
  new: "New",
  accepted: "Accepted",
  declined: "Declined",
  duplicate: "Duplicate",
};
const ORIGIN_LABELS: Record<ReviewOrigin, string> = {
  watch: "Official source",
  reader: "Reader",
};
const SOURCE_LABELS: Record<string, string> = {
  federal_register: "Federal Register",
  openstates: "Open States",
  reader: "A reader's suggestion",
};

/** The number maintainers see and type: the first 8 characters of the id. */
export const itemNumber = (id: string) => id.slice(0, 8);

function notFound(): AppError {
  return new AppError("not_found", "There is no page at this address.");
}

function statusBadge(status: ReviewStatus): SafeHtml {
  return html`<span class="badge review-${status}">${STATUS_LABELS[status]}</span>`;
}

function option(value: string, label: string, chosen: string): SafeHtml {
  return html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`;
}

function currencyPanel(currency: Currency): SafeHtml {
  const rows = Object.entries(WATCH_SOURCE_NAMES).map(([source, label]) => {
    const state = currency.sources.find((row) => row.source === source);
    return html`<dt>${label}</dt><dd>${
      state?.lastSuccessAt
        ? html`last watched ${formatInstant(state.lastSuccessAt)}, asking from ${state.cursor ?? "the start"} next`
        : "not watched yet"
    }${
      state?.lastError
        ? html` <strong class="badge badge-expired">last run failed ${formatInstant(state.lastRunAt ?? "")}</strong> <span class="muted">${state.lastError}</span>`
        : ""
    }</dd>`;
  });
  return html`<section aria-labelledby="currency-heading">
<h2 id="currency-heading">Sources</h2>
<p>${currency.waitingWatch} item${currency.waitingWatch === 1 ? "" : "s"} from official sources and ${currency.waitingReader} reader suggestion${currency.waitingReader === 1 ? "" : "s"} are waiting. The watch runs with <code>npm run data:watch</code> (docs/DEPLOY.md).</p>
<dl class="facts">${rows}</dl>
</section>`;
}

type ListState = {
  status: ReviewStatus | "all";
  origin: ReviewOrigin | "all";
  jurisdiction: string;
  page: number;
};

function listHref(state: ListState, page: number): string {
  const params = new URLSearchParams();
  params.set("status", state.status);
  if (state.origin !== "all") params.set("origin", state.origin);
  if (state.jurisdiction !== "") params.set("jurisdiction", state.jurisdiction);
  if (page > 1) params.set("page", String(page));
  return `/maintain?${params.toString()}`;
}

function listPage(
  ctx: PageContext,
  state: ListState,
  result: { items: ReviewItem[]; total: number },
  currency: Currency,
): string {
  const pages = Math.max(1, Math.ceil(result.total / QUEUE_PAGE_SIZE));
  const rows = result.items.map(
    (item) => html`<tr>
  <td data-label="Number"><a href="/maintain/items/${item.id}">#${itemNumber(item.id)}</a></td>
  <td data-label="Received">${item.createdAt.slice(0, 10)}</td>
  <td data-label="Origin">${ORIGIN_LABELS[item.origin]}</td>
  <td data-label="Jurisdiction">${item.jurisdiction}</td>
  <td data-label="Title" class="review-title"><a href="/maintain/items/${item.id}">${item.title}</a></td>
  <td data-label="Status">${statusBadge(item.status)}</td>
</tr>`,
  );
  const body = html`<h1>Review queue</h1>
<p>What the watch of official sources found, and what readers suggested. Accept an item to get the command that records it; nothing here changes the data by itself (<a href="/data/codebook">the codebook</a> says what the data hold).</p>
${currencyPanel(currency)}
<h2>Items</h2>
<form method="get" action="/maintain" class="filters review-filters">
  <label for="filter-status">Status</label>
  <select id="filter-status" name="status">${option("all", "Any", state.status)}${REVIEW_STATUSES.map((status) => option(status, STATUS_LABELS[status], state.status))}</select>
  <label for="filter-origin">Origin</label>
  <select id="filter-origin" name="origin">${option("all", "Any", state.origin)}${REVIEW_ORIGINS.map((origin) => option(origin, ORIGIN_LABELS[origin], state.origin))}</select>
  <label for="filter-jurisdiction">Jurisdiction</label>
  <select id="filter-jurisdiction" name="jurisdiction">${option("", "Any", state.jurisdiction)}${[...NAMES].map(([code, name]) => option(code, `${name} (${code})`, state.jurisdiction))}</select>
  <button type="submit" class="secondary">Show</button>
</form>
<p class="hint" role="status">${result.total} item${result.total === 1 ? "" : "s"}, newest first${pages > 1 ? `; page ${state.page} of ${pages}` : ""}.</p>
${
  result.items.length === 0
    ? html`<p>No items match.</p>`
    : html`<div class="table-wrap"><table class="keys review-queue">
<thead><tr><th scope="col">Number</th><th scope="col">Received</th><th scope="col">Origin</th><th scope="col">Jurisdiction</th><th scope="col">Title</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
${
  pages > 1
    ? html`<nav class="pager" aria-label="Pages">${state.page > 1 ? html`<a href="${listHref(state, state.page - 1)}" rel="prev">Newer</a>` : ""} ${state.page < pages ? html`<a href="${listHref(state, state.page + 1)}" rel="next">Older</a>` : ""}</nav>`
    : ""
}`;
  return renderPage(ctx, { title: "Review queue", body });
}

function decisionLine(decision: ReviewDecision): SafeHtml {
  const what =
    decision.action === "declined"
      ? html`Declined: ${decision.reason !== null && isDeclineReason(decision.reason) ? DECLINE_REASONS[decision.reason] : (decision.reason ?? "")}`
      : decision.action === "duplicate"
        ? html`Marked as a duplicate${decision.reason ? html` of <a href="/maintain/items/${decision.reason}">#${itemNumber(decision.reason)}</a>` : ""}`
        : html`Accepted`;
  return html`<li><time datetime="${decision.decidedAt}">${formatInstant(decision.decidedAt)}</time> · ${decision.decidedBy} · ${what}${decision.note ? html`<p class="decision-note">${decision.note}</p>` : ""}</li>`;
}

function itemPage(
  ctx: PageContext,
  item: ReviewItem,
  decisions: ReviewDecision[],
  kind: CommandKind,
  notice: string | null,
): string {
  const command = acceptCommand(item, kind);
  const facts = html`<dl class="facts">
  <dt>Status</dt><dd>${statusBadge(item.status)}${item.decidedAt ? html` ${formatInstant(item.decidedAt)} by ${item.decidedBy ?? ""}` : ""}</dd>
  <dt>Origin</dt><dd>${ORIGIN_LABELS[item.origin]} (${SOURCE_LABELS[item.source] ?? item.source})</dd>
  <dt>Jurisdiction</dt><dd>${nameOf(item.jurisdiction)} (${item.jurisdiction})</dd>
  <dt>Field</dt><dd>${item.field === null ? html`<span class="missing">not named</span>` : fieldLabel(item.field)}</dd>
  ${item.proposedValue === null ? "" : html`<dt>Should be</dt><dd class="review-text">${item.proposedValue}</dd>`}
  <dt>Date</dt><dd>${item.itemDate ?? html`<span class="missing">unknown</span>`}${item.effectiveDate ? html` (takes effect ${item.effectiveDate})` : ""}</dd>
  ${item.citation === null ? "" : html`<dt>Citation</dt><dd>${item.citation}</dd>`}
  <dt>Link</dt><dd>${item.url === null ? html`<span class="missing">none</span>` : html`<a href="${item.url}" rel="noopener noreferrer nofollow" class="review-link">${item.url}</a>`}</dd>
  <dt>Received</dt><dd>${formatInstant(item.createdAt)}${item.updatedAt !== item.createdAt ? html`, updated ${formatInstant(item.updatedAt)}` : ""}</dd>
  ${item.origin === "reader" ? html`<dt>Mail to the reader</dt><dd>${item.hasContact ? "An address was left: the reader is mailed the decision once (the address is not shown)." : item.status === "new" ? "No address was left." : "None to send, or sent."}</dd>` : ""}
</dl>`;
  const text =
    item.body === ""
      ? ""
      : html`<h2>${item.origin === "reader" ? "The reader's note" : "What the source says"}</h2>
<p class="review-text">${item.body}</p>`;
  const otherKind: CommandKind = kind === "change" ? "correct" : "change";
  const accepted =
    item.status === "accepted"
      ? html`<section class="accept-command" aria-labelledby="command-heading">
<h2 id="command-heading">Record it</h2>
${
  command.command === null
    ? html`<p>${command.reason}</p>`
    : html`<p>Run this in a checkout of the data, finish what it asks for (the value, the sources, the confidence), then check, diff and ask a second maintainer to review (docs/MAINTAINING.md):</p>
<div class="code-block"><pre><code id="accept-command">${command.command}</code></pre><button type="button" class="button copy-button" data-copy-target="accept-command">Copy</button></div>`
}
<p><a href="/maintain/items/${item.id}?kind=${otherKind}">Show the ${otherKind === "change" ? "data:change (a change of law)" : "data:correct (a correction)"} command instead</a></p>
</section>`
      : "";
  const forms =
    item.status === "new"
      ? html`<section aria-labelledby="decide-heading">
<h2 id="decide-heading">Decide</h2>
<div class="decide-forms">
<form method="post" action="/maintain/items/${item.id}/accept" class="stack">
  <h3>Accept</h3>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <fieldset><legend>Record it as</legend>
  <label class="checkbox"><input type="radio" name="kind" value="change"${kind === "change" ? html` checked` : ""}> a change of law (<code>data:change</code>)</label>
  <label class="checkbox"><input type="radio" name="kind" value="correct"${kind === "correct" ? html` checked` : ""}> a correction (<code>data:correct</code>)</label>
  </fieldset>
  <label for="accept-note">Note (optional, for maintainers)</label>
  <textarea id="accept-note" name="note" rows="2" maxlength="${NOTE_MAX}"></textarea>
  <button type="submit">Accept</button>
</form>
<form method="post" action="/maintain/items/${item.id}/decline" class="stack">
  <h3>Decline</h3>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <label for="decline-reason">Reason</label>
  <p class="hint" id="decline-reason-hint">A reader who left an address is mailed this sentence, and nothing else.</p>
  <select id="decline-reason" name="reason" aria-describedby="decline-reason-hint" required>${Object.entries(DECLINE_REASONS).map(([key, text]) => html`<option value="${key}">${text}</option>`)}</select>
  <label for="decline-note">Note (optional, for maintainers)</label>
  <textarea id="decline-note" name="note" rows="2" maxlength="${NOTE_MAX}"></textarea>
  <button type="submit" class="danger">Decline</button>
</form>
<form method="post" action="/maintain/items/${item.id}/duplicate" class="stack">
  <h3>Mark as duplicate</h3>
  <input type="hidden" name="_csrf" value="${ctx.csrfToken}">
  <label for="duplicate-of">Of item number</label>
  <p class="hint" id="duplicate-of-hint">The other item's number, e.g. #1a2b3c4d (optional).</p>
  <input id="duplicate-of" name="of" type="text" maxlength="40" autocomplete="off" spellcheck="false" aria-describedby="duplicate-of-hint">
  <label for="duplicate-note">Note (optional, for maintainers)</label>
  <textarea id="duplicate-note" name="note" rows="2" maxlength="${NOTE_MAX}"></textarea>
  <button type="submit" class="secondary">Mark as duplicate</button>
</form>
</div>
</section>`
      : "";
  const body = html`<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/maintain">Review queue</a> <span aria-hidden="true">›</span> <span aria-current="page">#${itemNumber(item.id)}</span></nav>
<h1 class="review-title">${item.title}</h1>
${notice === null ? "" : html`<div class="alert alert-success" role="status">${notice}</div>`}
${facts}
${text}
${accepted}
${forms}
<section aria-labelledby="log-heading">
<h2 id="log-heading">Decisions</h2>
${decisions.length === 0 ? html`<p>None yet.</p>` : html`<ol class="decision-log">${decisions.map(decisionLine)}</ol>`}
</section>`;
  return renderPage(ctx, { title: `Review item #${itemNumber(item.id)}`, body });
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return value !== undefined && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

export async function maintainRoutes(
  instance: FastifyInstance,
  options: MaintainOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, deliver, origin, currency, pageContext } = options;

  /** The maintainer's address, or the site's 404 for anyone else (decided before the body is read). */
  const maintainerOnly = async (request: FastifyRequest): Promise<void> => {
    const session = request.session;
    if (session === null || !(await isMaintainer(db, session.userId))) throw notFound();
  };
  const maintainerEmail = (request: FastifyRequest) => request.session?.email ?? "";

  const itemOr404 = async (id: string) => {
    const item = await findReviewItem(db, id);
    if (item === null) throw notFound();
    return item;
  };

  app.get(
    "/maintain",
    { schema: { hide: true, querystring: ListQuery }, preValidation: maintainerOnly },
    async (request, reply) => {
      const query = request.query;
      const jurisdiction = (query.jurisdiction ?? "").toUpperCase();
      const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(query.page ?? "1", 10) || 1));
      const state: ListState = {
        status: pick(query.status, ["all", ...REVIEW_STATUSES], "new"),
        origin: pick(query.origin, ["all", ...REVIEW_ORIGINS], "all"),
        jurisdiction: NAMES.has(jurisdiction) ? jurisdiction : "",
        page,
      };
      const filter: ReviewFilter = {
        status: state.status === "all" ? null : state.status,
        origin: state.origin === "all" ? null : state.origin,
        jurisdiction: state.jurisdiction === "" ? null : state.jurisdiction,
      };
      const result = await listReviewItems(db, filter, {
        offset: (page - 1) * QUEUE_PAGE_SIZE,
        limit: QUEUE_PAGE_SIZE,
      });
      return sendHtml(
        reply,
        200,
        listPage(pageContext(request, reply), state, result, await currency.read()),
      );
    },
  );

  app.get(
    "/maintain/items/:id",
    {
      schema: { hide: true, params: IdParams, querystring: ItemQuery },
      preValidation: maintainerOnly,
    },
    async (request, reply) => {
      const item = await itemOr404(request.params.id);
      const kind = pick(request.query.kind, COMMAND_KINDS, defaultKind(item));
      const decided = request.query.decided;
      const notice =
        decided === "accepted"
          ? "Accepted. Record it with the command below."
          : decided === "declined"
            ? "Declined."
            : decided === "duplicate"
              ? "Marked as a duplicate."
              : null;
      return sendHtml(
        reply,
        200,
        itemPage(pageContext(request, reply), item, await listDecisions(db, item.id), kind, notice),
      );
    },
  );

  /** Takes the decision, mails the reader once if they left an address, and shows the item. */
  const decide = async (
    request: FastifyRequest,
    reply: FastifyReply,
    item: ReviewItem,
    action: DecisionAction,
    extra: {
      reason?: string | null;
      note?: string | null;
      duplicateOf?: string | null;
      kind?: CommandKind;
    },
  ) => {
    const nowIso = new Date(clock.now()).toISOString();
    const note = (extra.note ?? "").replace(/\r\n?/g, "\n").trim();
    const decided = await decideReviewItem(db, {
      itemId: item.id,
      action,
      by: maintainerEmail(request),
      nowIso,
      reason: action === "duplicate" ? (extra.duplicateOf ?? null) : (extra.reason ?? null),
      note: note === "" ? null : note,
      duplicateOf: extra.duplicateOf ?? null,
    });
    if (decided === null) {
      throw new AppError("bad_request", "This item was decided already; reload it to see how.");
    }
    request.log.info(
      { review_item: item.id, review_action: action, user_id: request.session?.userId ?? null },
      "review item decided",
    );
    if (decided.contactEmail !== null) {
      deliver(
        suggestionDecidedMail(
          decided.contactEmail,
          {
            jurisdictionName: nameOf(item.jurisdiction),
            field: item.field,
            sentOn: item.createdAt.slice(0, 10),
            action,
            reason: extra.reason ?? null,
          },
          origin,
        ),
      );
    }
    const kind = extra.kind === undefined ? "" : `&kind=${extra.kind}`;
    return seeOther(reply, `/maintain/items/${item.id}?decided=${action}${kind}`);
  };

  app.post(
    "/maintain/items/:id/accept",
    {
      schema: { hide: true, params: IdParams, body: AcceptForm },
      preValidation: maintainerOnly,
      preHandler: options.protect,
    },
    async (request, reply) => {
      const item = await itemOr404(request.params.id);
      const kind = pick(request.body.kind, COMMAND_KINDS, defaultKind(item));
      return decide(request, reply, item, "accepted", { note: request.body.note ?? null, kind });
    },
  );

  app.post(
    "/maintain/items/:id/decline",
    {
      schema: { hide: true, params: IdParams, body: DeclineForm },
      preValidation: maintainerOnly,
      preHandler: options.protect,
    },
    async (request, reply) => {
      const item = await itemOr404(request.params.id);
      const reason = request.body.reason ?? "";
      if (!isDeclineReason(reason))
        throw new AppError("bad_request", "Choose one of the reasons listed to decline an item.");
      return decide(request, reply, item, "declined", { reason, note: request.body.note ?? null });
    },
  );

  app.post(
    "/maintain/items/:id/duplicate",
    {
      schema: { hide: true, params: IdParams, body: DuplicateForm },
      preValidation: maintainerOnly,
      preHandler: options.protect,
    },
    async (request, reply) => {
      const item = await itemOr404(request.params.id);
      const typed = (request.body.of ?? "").trim();
      let duplicateOf: string | null = null;
      if (typed !== "") {
        const other = await findReviewItemByReference(db, typed);
        if (other === null || other.id === item.id)
          throw new AppError(
            "bad_request",
            "No other item has that number. Give the number shown in the queue (e.g. #1a2b3c4d), or leave it empty.",
          );
        duplicateOf = other.id;
      }
      return decide(request, reply, item, "duplicate", {
        duplicateOf,
        note: request.body.note ?? null,
      });
    },
  );
}
