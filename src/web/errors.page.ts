/**
 * `/errors`: the human page every problem's `type` points at, generated
 * from the error table so it cannot drift from what the API returns. Each
 * code has its own anchor (`/errors#rate_limited`) and says what to do.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode, Problem } from "../errors.ts";
import { ERROR_CODES } from "../errors.ts";
import { html } from "./html.ts";
import { type PageContext, renderPage, sendHtml } from "./layout.ts";

/** What a caller should do about each error; a code missing here gets the general advice. */
const REMEDIES: Partial<Record<ErrorCode, string>> = {
  invalid_parameter:
    "Fix the value of the parameter named in `parameter`; the API reference lists each parameter's allowed values.",
  unknown_parameter:
    "Remove or correct the parameter named in `parameter`; check its spelling against the API reference.",
  api_key_in_query:
    "Move the key to the `X-API-Key` header. Then delete the key on the API keys page and create another: a key that was in a URL may be in logs.",
  invalid_cursor:
    "Pass the `meta.next` value of the previous page unchanged, or start again without `cursor`.",
  bad_request: "Check the request's headers and body; send a well-formed request.",
  invalid_api_key:
    "Copy the key again from where you stored it, or create a new key on the API keys page. To call the API without a key, send no `X-API-Key` header.",
  expired_api_key:
    "Create a new key on the API keys page, switch your client to it, then delete the expired one.",
  csrf_failed: "Reload the page to get a fresh form, then submit it again.",
  cross_origin_refused: "Open the form on this site and submit it from there.",
  not_found: "Check the address. The API's five endpoints are listed in the API reference.",
  jurisdiction_not_found:
    "Use a two-letter USPS code: a state, DC, PR, GU, VI, MP or AS. `/v1/states` lists them all.",
  method_not_allowed: "Use one of the methods in the `Allow` header (the API is read-only: GET).",
  payload_too_large: "Send a smaller body.",
  unsupported_media_type: "Send the body with a `Content-Type` this endpoint accepts.",
  rate_limited:
    "Wait the number of seconds in `Retry-After`, then retry. To get a higher limit, create an API key; spread requests out and cache responses (send `If-None-Match` for a free 304).",
  api_key_not_checked:
    "Wait the number of seconds in `Retry-After`, then retry with the same key. Send the key on every request rather than many different keys; a key once checked is answered from memory.",
  internal_error:
    "Retry later. If it persists, report it with the `request_id` so it can be found in the logs.",
  service_unavailable: "Retry in a few seconds; the map and the API keep working meanwhile.",
};
const GENERAL_REMEDY =
  "Retry later; if it persists, report it with the `request_id` so it can be found in the logs.";

/** Renders `code spans` written with backticks as <code>, escaping everything else. */
function withCode(text: string) {
  return text
    .split("`")
    .map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part));
}

/** The website's error page: the same problem the API would return, for people. */
export function renderErrorPage(context: PageContext, problem: Problem): string {
  const body = html`<section class="narrow error-page">
<h1>${problem.title}</h1>
<p>${problem.detail}</p>
<p class="hint">Error <a href="/errors#${problem.code}"><code>${problem.code}</code></a> (${problem.status}) · reference <code>${problem.request_id}</code></p>
<p><a href="/">Go to the map</a></p>
</section>`;
  return renderPage(context, { title: problem.title, body });
}

export type ErrorsPageOptions = {
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
};

export async function errorsPageRoutes(
  app: FastifyInstance,
  options: ErrorsPageOptions,
): Promise<void> {
  const entries = Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][];
  const toc = entries.map(([code]) => html`<li><a href="#${code}"><code>${code}</code></a></li>`);
  const items = entries.map(
    ([
      code,
      { status, title, description },
    ]) => html`<section class="error-code" id="${code}" aria-labelledby="${code}-title">
  <h2 id="${code}-title"><code>${code}</code> <span class="status-code">${status}</span></h2>
  <p class="error-title">${title}</p>
  <p>${withCode(description)}</p>
  <p class="remedy"><strong>What to do:</strong> ${withCode(REMEDIES[code] ?? GENERAL_REMEDY)}</p>
</section>`,
  );
  const body = html`<section class="errors-page">
<h1>Error codes</h1>
<p class="lead">Every error is an RFC 9457 <code>application/problem+json</code> object with
<code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable
<code>code</code> and the <code>request_id</code> to quote when reporting it. Its <code>type</code> links to the code's entry below.</p>
<nav aria-label="Error codes" class="toc"><ul role="list">${toc}</ul></nav>
${items}
<p><a href="/docs">API reference</a></p>
</section>`;
  app.get("/errors", { schema: { hide: true } }, (request, reply) =>
    sendHtml(
      reply,
      200,
      renderPage(options.pageContext(request, reply), {
        title: "Error codes",
        description:
          "Every error code the Cannabis Legal Status API returns, and what to do about it.",
        body,
      }),
      "private, no-cache",
    ),
  );
}
