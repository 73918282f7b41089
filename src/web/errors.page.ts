/**
 * `/errors`: the human page every problem's `type` points at, generated
 * from the error table so it cannot drift from what the API returns.
 */
import type { FastifyInstance } from "fastify";
import type { Problem } from "../errors.ts";
import { ERROR_CODES } from "../errors.ts";
import { html } from "./html.ts";
import { type PageContext, renderPage } from "./layout.ts";

/** The website's error page: the same problem the API would return, for people. */
export function renderErrorPage(context: PageContext, problem: Problem): string {
  const body = html`<section class="narrow error-page">
<h1>${problem.title}</h1>
<p>${problem.detail}</p>
<p class="hint">Error <code>${problem.code}</code> (${problem.status}) · reference <code>${problem.request_id}</code></p>
<p><a href="/">Go to the map</a></p>
</section>`;
  return renderPage(context, { title: problem.title, body });
}

export async function errorsPageRoutes(app: FastifyInstance): Promise<void> {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, { status, title, description }]) => html`
      <tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${title}</td><td>${description}</td></tr>`,
  );
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error codes · Cannabis Legal Status API</title></head>
<body>
<main>
<h1>Error codes</h1>
<p>Every error is an RFC 9457 <code>application/problem+json</code> object with
<code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable
<code>code</code> and the <code>request_id</code> to quote when reporting it.</p>
<table>
<thead><tr><th scope="col">code</th><th scope="col">status</th><th scope="col">title</th><th scope="col">meaning</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p><a href="/docs">API reference</a></p>
</main>
</body>
</html>
`.toString();
  app.get("/errors", { schema: { hide: true } }, (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(page),
  );
}
