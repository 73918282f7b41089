/**
 * `/docs`: the API reference, rendered on the server from the OpenAPI
 * document served at `/openapi.json` (built once, on first use) — plain
 * HTML in the site's shell, no script of its own.
 *
 * `/docs/try`: the interactive console (Scalar), loaded only there.
 * Everything is served from this service — no CDN: the page, Scalar's bundle
 * (`/docs/scalar.js`, compressed once and then sent from memory), the
 * start-up script and the theme in `/assets/`, and the OpenAPI document.
 *
 * Scalar's Fastify plugin is used only for its bundled script, read once on
 * the first request for it from a private Fastify instance (so start-up does
 * not load the 5 MB module); its own HTML page and document copies are never
 * exposed (one reference, one page).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ERROR_CODES, type ErrorCode } from "../errors.ts";
import {
  buildRepresentation,
  type Representation,
  sendRepresentation,
} from "../http/representation.ts";
import type { BulkEgress } from "./bulk-egress.ts";
import { CODEBOOK_PATH } from "./codebook.page.ts";
import { type OpenApiDocument, renderReference } from "./docs.reference.ts";
import { html, SafeHtml } from "./html.ts";
import { type PageContext, renderPage, sendHtml } from "./layout.ts";
import { assetUrl } from "./static-assets.ts";

const PLUGIN_PREFIX = "/docs/scalar";
const PLUGIN_SCRIPT = `${PLUGIN_PREFIX}/js/scalar.js`;
export const SCALAR_SCRIPT = "/docs/scalar.js";
export const TRY_IT_PATH = "/docs/try";

export type DocsOptions = {
  /** The bundle is a large download: paced with the site's other large bodies. */
  egress: BulkEgress;
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
  /** The OpenAPI document exactly as `/openapi.json` serves it. */
  openApiJson: () => string;
};

function statusOfErrorCode(code: string): number | undefined {
  return Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as ErrorCode].status : undefined;
}

export async function docsRoutes(app: FastifyInstance, options: DocsOptions): Promise<void> {
  let prepared: Promise<Representation> | null = null;
  const prepare = async (): Promise<Representation> => {
    const { default: scalar } = await import("@scalar/fastify-api-reference");
    const reader = Fastify({ logger: false });
    await reader.register(scalar, {
      routePrefix: PLUGIN_PREFIX,
      configuration: { url: "/openapi.json" },
    });
    const response = await reader.inject({ url: PLUGIN_SCRIPT });
    await reader.close();
    if (response.statusCode !== 200)
      throw new Error(`the reference bundle could not be read (${response.statusCode})`);
    const bundle = buildRepresentation(response.rawPayload, { brotliQuality: 9 });
    await bundle.compressed();
    return bundle;
  };

  app.get(SCALAR_SCRIPT, { schema: { hide: true }, compress: false }, async (request, reply) => {
    prepared ??= prepare().catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    return sendRepresentation(request, reply, await prepared, {
      cacheControl: "public, max-age=86400",
      contentType: "text/javascript; charset=utf-8",
      vary: "Accept-Encoding",
      sendBody: options.egress.send,
    });
  });

  let reference: string | null = null;
  const referencePage = (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= renderReference(JSON.parse(options.openApiJson()) as OpenApiDocument, {
      statusOfErrorCode,
      tryItHref: TRY_IT_PATH,
      codebookHref: CODEBOOK_PATH,
    }).toString();
    return sendHtml(
      reply,
      200,
      renderPage(options.pageContext(request, reply), {
        title: "API reference",
        description:
          "The Cannabis Legal Status API: every endpoint with its parameters, examples in curl, TypeScript and Python, responses, headers, limits and error codes.",
        body: new SafeHtml(reference),
        mainClass: "reference",
      }),
      "private, no-cache",
    );
  };
  app.get("/docs", { schema: { hide: true } }, referencePage);

  const consoleBody = html`<h1 class="visually-hidden">Try the API</h1>
<p class="try-intro">The interactive console sends real requests to this service. <a href="/docs">The API reference</a> is lighter and works without JavaScript.</p>
<div class="try-key">
<label for="try-api-key">Your API key <span class="muted">(optional)</span></label>
<input id="try-api-key" type="password" autocomplete="off" spellcheck="false" aria-describedby="try-api-key-hint">
<p class="hint" id="try-api-key-hint">Paste it before you send: each request then carries it as <code>X-API-Key</code>, and your key's limit applies instead of the public one, which this console shares with every other request from your address. No key yet? <a href="/account/keys">Create one</a>, free. The key stays in this field; it is not stored.</p>
</div>
<noscript><p class="callout">The console needs JavaScript. Every endpoint, with examples to copy, is in <a href="/docs">the API reference</a>; the contract is in <a href="/openapi.json">the OpenAPI document</a>.</p></noscript>
<div id="reference-app" data-openapi-url="/openapi.json"></div>`;

  const consolePage = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(
      reply,
      200,
      renderPage(options.pageContext(request, reply), {
        title: "Try the API",
        description:
          "The Cannabis Legal Status API's interactive console: send requests and see the answers.",
        body: consoleBody,
        mainClass: "docs",
        stylesheets: [assetUrl("docs.css")],
        scripts: [SCALAR_SCRIPT, assetUrl("docs.js")],
      }),
      "private, no-cache",
    );
  app.get(TRY_IT_PATH, { schema: { hide: true } }, consolePage);
}
