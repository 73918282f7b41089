import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { ERROR_CODES, type ErrorCode } from "../../src/errors.ts";
import { type OpenApiDocument, renderReference } from "../../src/web/docs.reference.ts";
import { buildTestApp, json, type TestApp } from "../helpers.ts";

type Operation = {
  operationId: string;
  parameters?: { name: string }[];
  responses: Record<
    string,
    {
      content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
      headers?: Record<string, unknown>;
    }
  >;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let app: TestApp;
let page: string;
let document: Document;
before(async () => {
  app = await buildTestApp();
  page = (await app.inject({ url: "/docs" })).body;
  document = json<Document>(await app.inject({ url: "/openapi.json" }));
});
after(() => app.close());

/** The HTML of one operation's section on /docs. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section class="operation" id="${id}"`);
  assert.ok(start >= 0, `no section for ${id}`);
  return html.slice(start, html.indexOf("</section>", start));
}

const statusOf = (code: string) =>
  Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as ErrorCode].status : undefined;

describe("/docs, the API reference rendered on the server", () => {
  test("is a site page with no script of its own: the header, a viewport, only the site's script", async () => {
    const response = await app.inject({ url: "/docs" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /text\/html/);
    assert.equal(response.headers["cache-control"], "private, no-cache");
    assert.match(page, /<meta name="viewport"/);
    assert.match(page, /<header class="site-header">/);
    const scripts = [...page.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
    assert.equal(scripts.length, 1);
    assert.match(scripts[0] ?? "", /^<script src="\/assets\/site\.[0-9a-f]{16}\.js" defer>$/);
    assert.doesNotMatch(page, /scalar/i);
    assert.match(page, /<a class="button" href="\/docs\/try">/);
  });

  test("every operation of /openapi.json has its anchor, parameters, three examples and its errors", () => {
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations += 1;
        const id = operation.operationId;
        assert.match(
          page,
          new RegExp(`<a class="toc-link" href="#${id}">`),
          `${id} in the contents`,
        );
        const html = section(page, id);
        assert.ok(html.includes(`<code class="path">${path}</code>`), `${id}: path`);
        assert.ok(html.includes(`>${method.toUpperCase()}</span>`), `${id}: method`);
        for (const parameter of operation.parameters ?? []) {
          assert.ok(
            html.includes(`<code class="field">${parameter.name}</code>`),
            `${id}: ${parameter.name}`,
          );
        }
        assert.ok(html.includes('data-language="shell"><code>curl'), `${id}: curl`);
        assert.ok(
          html.includes(`api.http.${method.toUpperCase()}(&quot;${path}&quot;`),
          `${id}: TypeScript`,
        );
        assert.ok(html.includes(`response = requests.${method}(`), `${id}: Python`);
        for (const [status, response] of Object.entries(operation.responses)) {
          assert.ok(
            html.includes(`<strong class="status status-${status[0]}">${status}</strong>`),
            `${id}: ${status}`,
          );
          if (Number(status) >= 400)
            assert.ok(
              html.includes(`<li><strong class="status">${status}</strong>`),
              `${id}: error ${status}`,
            );
          const codes =
            response.content?.["application/problem+json"]?.schema?.properties?.code?.enum ?? [];
          for (const code of codes.filter((code) => String(statusOf(code)) === status)) {
            assert.ok(
              html.includes(`<a href="/errors#${code}"><code>${code}</code></a>`),
              `${id}: ${code}`,
            );
          }
          for (const header of Object.keys(response.headers ?? {})) {
            assert.ok(html.includes(`<code>${header}</code>`), `${id}: header ${header}`);
          }
        }
      }
    }
    assert.ok(operations >= 10, `${operations} operations`);
  });

  test("examples use the parameters' documented example values", () => {
    const html = section(page, "getState");
    assert.ok(html.includes("curl -s &#39;http://api.test/v1/states/CA?as_of=2012-12-09"));
    assert.ok(html.includes("params: { path: { code: &quot;CA&quot; }"));
    assert.ok(html.includes("&quot;http://api.test/v1/states/CA&quot;,"));
    assert.match(section(page, "getStateHead"), /curl -sI/);
  });

  test("the record's fields are described from the document's schemas, and each id is unique", () => {
    const body = section(page, "getState");
    for (const field of ["code", "status", "decriminalized", "sources", "last_reviewed"]) {
      assert.ok(page.includes(`<code class="field">${field}</code>`), field);
    }
    assert.match(
      body,
      /<details class="body-schema"><summary>200 body: <code>application\/json<\/code>/,
    );
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    assert.equal(new Set(ids).size, ids.length, "ids are unique");
    for (const [, target] of page.matchAll(/href="#([^"]+)"/g)) {
      assert.ok(ids.includes(target), `#${target} exists`);
    }
  });

  test("the introduction, limits and headers come from the document", () => {
    assert.match(page, /<section id="overview"/);
    assert.match(page, /<strong>Limits are exact sliding windows<\/strong>/);
    assert.match(page, /<dt id="header-RateLimit-Policy"><code>RateLimit-Policy<\/code>/);
    assert.match(page, /<a href="\/errors">\/errors<\/a>/);
  });

  test("is built once: the same bytes on every request", async () => {
    const again = (await app.inject({ url: "/docs" })).body;
    assert.equal(again, page);
  });
});

describe("the reference follows the document", () => {
  const base: OpenApiDocument = {
    info: {
      title: "T",
      version: "1",
      description: "Has <script>alert(1)</script> and [a link](javascript:alert(1)).",
    },
    servers: [{ url: "https://api.example.org" }],
    paths: {
      "/v1/things/{id}": {
        get: {
          operationId: "getThing",
          summary: "One thing",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            { name: "colour", in: "query", schema: { enum: ["red", "blue"] }, example: "red" },
          ],
          responses: {
            "200": {
              description: "The thing",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      brand_new_field: { type: "integer", description: "Added later" },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    webhooks: {
      lawChanged: {
        post: {
          operationId: "lawChangedWebhook",
          summary: "A law changed",
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { event_id: { type: "string" } } },
              },
            },
          },
          responses: { "200": { description: "Acknowledged" } },
        },
      },
    },
  };
  const rendered = renderReference(base, {
    statusOfErrorCode: () => undefined,
    tryItHref: "/docs/try",
    codebookHref: "/data/codebook",
  }).toString();

  test("a new field, parameter and webhook appear without any change to the page's code", () => {
    assert.match(rendered, /<code class="field">brand_new_field<\/code>/);
    assert.match(rendered, /<code class="field">colour<\/code>/);
    assert.match(rendered, /colour: &quot;red&quot;/);
    assert.match(rendered, /<section class="operation" id="lawChangedWebhook"/);
    assert.match(rendered, /<code class="field">event_id<\/code>/);
    assert.match(
      rendered,
      /curl -s &#39;https:\/\/api\.example\.org\/v1\/things\/&lt;id&gt;\?colour=red&#39;/,
    );
  });

  test("descriptions are escaped, and only site-relative and http(s) links become links", () => {
    assert.doesNotMatch(rendered, /<script>/);
    assert.match(rendered, /&lt;script&gt;/);
    assert.doesNotMatch(rendered, /href="javascript:/);
  });
});

describe("/docs/try, the interactive console", () => {
  test("is a site page that loads Scalar and its start-up script; /docs does not", async () => {
    const response = await app.inject({ url: "/docs/try" });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers["cache-control"], "private, no-cache");
    assert.match(response.body, /<header class="site-header">/);
    assert.match(response.body, /<script src="\/docs\/scalar.js" defer><\/script>/);
    assert.match(response.body, /<script src="\/assets\/docs\.[0-9a-f]{16}\.js" defer><\/script>/);
    assert.match(response.body, /<a href="\/docs">The API reference<\/a>/);
    assert.doesNotMatch(response.body, /src="https?:/);
  });

  test("serves the reference's bundle compressed once: the same bytes each time, with an ETag", async () => {
    const first = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br" },
    });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers["content-encoding"], "br");
    assert.match(String(first.headers["content-type"]), /javascript/);
    const second = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br" },
    });
    assert.ok(first.rawPayload.equals(second.rawPayload));
    const plain = await app.inject({ url: "/docs/scalar.js" });
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.ok(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload));
    assert.ok(first.rawPayload.length < plain.rawPayload.length / 3);
    const cached = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "br", "if-none-match": String(first.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
  });

  test("the bundle's identity ETag, sent back, gets a 304", async () => {
    const plain = await app.inject({ url: "/docs/scalar.js" });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers["content-encoding"], undefined);
    const compressed = await app.inject({
      url: "/docs/scalar.js",
      headers: { "accept-encoding": "gzip" },
    });
    assert.notEqual(plain.headers.etag, compressed.headers.etag, "each encoding its own ETag");
    const cached = await app.inject({
      url: "/docs/scalar.js",
      headers: { "if-none-match": String(plain.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
  });

  test("the plugin's own page and document copies are not exposed", async () => {
    for (const url of ["/docs/scalar/", "/docs/scalar/openapi.json", "/docs/scalar/js/scalar.js"]) {
      let response = await app.inject({ url, headers: { accept: "text/html" } });
      // A trailing-slash variant redirects to its canonical path first.
      if (response.statusCode === 308)
        response = await app.inject({
          url: String(response.headers.location),
          headers: { accept: "text/html" },
        });
      assert.equal(response.statusCode, 404, url);
    }
  });

  test("'Try it' asks the browser to bypass its cache, so answers are never shared across keys", async () => {
    const script = await app.inject({ url: "/assets/docs.js" });
    assert.match(script.body, /Cache-Control", "no-cache"/);
  });
});
