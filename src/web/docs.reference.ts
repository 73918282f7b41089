/**
 * The API reference as plain HTML, rendered from the OpenAPI document the
 * service publishes at `/openapi.json` — nothing about the endpoints or the
 * records is written here, so a new field, parameter, response or webhook
 * appears on `/docs` as soon as it is in the document.
 *
 * Every operation is a section whose id is its `operationId` (`/docs#getState`),
 * with its parameters, examples (curl, the typed TypeScript client, Python
 * with requests), responses, headers, error codes and body schemas. Large
 * object schemas are written out once; later occurrences link to the first.
 * Body schemas sit in closed <details>, which the browser's find-in-page opens.
 */
import { isApiPath } from "../http/api-path.ts";
import { html, type SafeHtml } from "./html.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: Json;
  schema?: Schema;
  deprecated?: boolean;
};
type Header = { description?: string; required?: boolean; schema?: Schema };
type MediaType = { schema?: Schema; example?: Json; examples?: Record<string, { value?: Json }> };
type Response = {
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
};
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
};
type SecurityScheme = { type?: string; in?: string; name?: string; description?: string };
export type OpenApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
  security?: Record<string, string[]>[];
};

export type ReferenceOptions = {
  /** The status an error code is answered with (the closed error table), or undefined. */
  statusOfErrorCode: (code: string) => number | undefined;
  /** Where the interactive console lives. */
  tryItHref: string;
  /** The page that defines every field and value (the dataset's codebook). */
  codebookHref: string;
};

const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"] as const;

type Entry = { id: string; method: string; path: string; operation: Operation; webhook: boolean };

// ---- Markdown, the little the document's descriptions use ----

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function isSafeHref(href: string): boolean {
  return /^(\/|#|https?:\/\/)/.test(href);
}

function inline(text: string): SafeHtml {
  const parts: unknown[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    parts.push(text.slice(last, match.index));
    const [, code, strong, label, href] = match;
    if (code !== undefined) parts.push(html`<code>${code}</code>`);
    else if (strong !== undefined) parts.push(html`<strong>${inline(strong)}</strong>`);
    else if (label !== undefined && href !== undefined)
      parts.push(isSafeHref(href) ? html`<a href="${href}">${inline(label)}</a>` : label);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return html`${parts}`;
}

/** Paragraphs, `- ` lists and inline code, bold and links; everything else is escaped text. */
export function markdown(text: string | undefined): SafeHtml {
  if (text === undefined || text.trim() === "") return html``;
  return html`${text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split("\n").map((line) => line.trim());
      if (lines.every((line) => line.startsWith("- ")))
        return html`<ul>${lines.map((line) => html`<li>${inline(line.slice(2))}</li>`)}</ul>`;
      return html`<p>${inline(lines.join(" "))}</p>`;
    })}`;
}

// ---- Schemas ----

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return schema;
  return document.components?.schemas?.[ref.slice("#/components/schemas/".length)] ?? schema;
}

function asSchema(value: Json | undefined): Schema | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

function alternatives(schema: Schema): Schema[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list)
    ? list.flatMap((item): Schema[] => {
        const schema = asSchema(item);
        return schema === undefined ? [] : [schema];
      })
    : [];
}

function isNull(schema: Schema): boolean {
  return schema.type === "null";
}

/** A short type label: `string (date)`, `integer`, `array of object`, `"a" | "b"`, `… or null`. */
export function typeLabel(document: OpenApiDocument, raw: Schema): string {
  const schema = resolve(document, raw);
  const options = alternatives(schema);
  if (options.length > 0) {
    const labels = [...new Set(options.map((option) => typeLabel(document, option)))];
    return labels.join(" or ");
  }
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : schema.type;
  if (type === "array") {
    const items = asSchema(schema.items);
    return items && Object.keys(items).length > 0
      ? `array of ${typeLabel(document, items)}`
      : "array";
  }
  if (typeof type === "string") {
    return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
  }
  if (schema.properties !== undefined) return "object";
  return "any";
}

function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (typeof schema.pattern === "string") out.push(`pattern ${schema.pattern}`);
  for (const [key, label] of [
    ["minimum", "≥"],
    ["maximum", "≤"],
    ["minLength", "length ≥"],
    ["maxLength", "length ≤"],
    ["minItems", "items ≥"],
    ["maxItems", "items ≤"],
  ] as const) {
    const value = schema[key];
    if (typeof value === "number") out.push(`${label} ${value}`);
  }
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The nested structure under a schema: an object's properties, an array's items, a variant list. */
function children(document: OpenApiDocument, raw: Schema): Schema | Schema[] | undefined {
  const schema = resolve(document, raw);
  const options = alternatives(schema).filter((option) => !isNull(option));
  if (options.length === 1) return children(document, options[0] as Schema);
  if (options.length > 1) {
    const structured = options.filter((option) => children(document, option) !== undefined);
    return structured.length > 0 ? options : undefined;
  }
  if (asSchema(schema.properties) !== undefined) return schema;
  const additional = asSchema(schema.additionalProperties);
  if (additional !== undefined && children(document, additional) !== undefined) return schema;
  const items = asSchema(schema.items);
  if (items !== undefined) return children(document, items);
  return undefined;
}

/** A schema's shape for comparison: without prose and `required`, optionally without `null` alternatives. */
function shapeOf(value: Json, ignoreNull: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => shapeOf(item, ignoreNull));
  if (value === null || typeof value !== "object") return value;
  const list = value.anyOf ?? value.oneOf;
  if (ignoreNull && Array.isArray(list)) {
    const kept = list.filter((option) => asSchema(option)?.type !== "null");
    if (kept.length === 1) return shapeOf(kept[0] as Json, ignoreNull);
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "required" && key !== "description" && key !== "title")
      .map(([key, inner]) => [key, shapeOf(inner, ignoreNull)]),
  );
}

/** Renders schemas, writing each large object out once per page. */
class SchemaWriter {
  readonly #document: OpenApiDocument;
  readonly #seen = new Map<string, { id: string; label: string; exact: string }>();
  constructor(document: OpenApiDocument) {
    this.#document = document;
  }

  /** The fields of a body or nested object, as a nested list. */
  tree(schema: Schema, id: string, label: string, depth = 0): SafeHtml {
    const shape = children(this.#document, schema);
    if (shape === undefined) return html``;
    if (Array.isArray(shape)) {
      return html`<ol class="variants">${shape.map((option, index) => {
        const title = typeof option.title === "string" ? option.title : `Variant ${index + 1}`;
        return html`<li><p class="variant">${title}${option.description ? html` — ${inline(String(option.description))}` : ""}</p>${this.tree(option, `${id}-${index + 1}`, `${label} (${title})`, depth + 1)}</li>`;
      })}</ol>`;
    }
    const properties = asSchema(shape.properties);
    const count = properties ? Object.keys(properties).length : 0;
    if (count >= 3 && depth > 0) {
      const exact = JSON.stringify(shapeOf(shape, false));
      const loose = JSON.stringify(shapeOf(shape, true));
      const first = this.#seen.get(loose);
      if (first !== undefined)
        return html`<p class="same-as">The same fields as <a href="#${first.id}">${first.label}</a>${first.exact === exact ? "" : ", where some may be null"}.</p>`;
      this.#seen.set(loose, { id, label, exact });
    }
    if (properties === undefined) {
      const additional = asSchema(shape.additionalProperties);
      return additional
        ? html`<p class="map-of">A map from names to:</p>${this.tree(additional, `${id}-value`, `${label} values`, depth + 1)}`
        : html``;
    }
    const required = new Set(Array.isArray(shape.required) ? shape.required : []);
    return html`<ul class="schema"${count >= 3 && depth > 0 ? html` id="${id}"` : ""}>${Object.entries(
      properties,
    ).map(([name, value]) => {
      const property = asSchema(value) ?? {};
      const resolved = resolve(this.#document, property);
      const options = alternatives(resolved).filter((option) => !isNull(option));
      const description =
        resolved.description ?? (options.length === 1 ? options[0]?.description : undefined);
      const enumValues = Array.isArray(resolved.enum) && resolved.enum.length > 6;
      return html`<li><code class="field">${name}</code> <span class="type">${enumValues ? "one of the values below" : typeLabel(this.#document, resolved)}</span>${required.has(name) ? html` <span class="required">required</span>` : ""}${
        typeof description === "string" ? html` — ${inline(description)}` : ""
      }${constraintsLine(resolved)}${enumValues ? html`<br><span class="values">${(resolved.enum as Json[]).map((v) => JSON.stringify(v)).join(", ")}</span>` : ""}${this.tree(
        resolved,
        `${id}-${name}`,
        `${label}.${name}`,
        depth + 1,
      )}</li>`;
    })}</ul>`;
  }
}

function constraintsLine(schema: Schema): SafeHtml {
  const list = constraints(schema);
  for (const option of alternatives(schema)) list.push(...constraints(option));
  return list.length > 0 ? html` <span class="constraints">(${list.join("; ")})</span>` : html``;
}

// ---- Examples ----

function exampleValue(document: OpenApiDocument, parameter: Parameter): Json {
  if (parameter.example !== undefined) return parameter.example;
  const schema = resolve(document, parameter.schema ?? {});
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return schema.examples[0] as Json;
  return schema.type === "integer" || schema.type === "number" ? 1 : `<${parameter.name}>`;
}

/** The parameters an example sends: the required ones and the optional ones that have an example. */
function exampleParameters(document: OpenApiDocument, operation: Operation) {
  const chosen = (operation.parameters ?? []).filter(
    (parameter) => parameter.required === true || parameter.example !== undefined,
  );
  const values = (where: string) =>
    chosen
      .filter((parameter) => parameter.in === where)
      .map((parameter) => [parameter.name, exampleValue(document, parameter)] as const);
  return { path: values("path"), query: values("query"), header: values("header") };
}

function pyLiteral(value: Json): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return JSON.stringify(value);
}

function tsObject(entries: readonly (readonly [string, Json])[]): string {
  return `{ ${entries
    .map(
      ([name, value]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${JSON.stringify(value)}`,
    )
    .join(", ")} }`;
}

function hasProblems(operation: Operation): boolean {
  return Object.values(operation.responses ?? {}).some(
    (response) => response.content?.["application/problem+json"] !== undefined,
  );
}

export function examples(
  document: OpenApiDocument,
  base: string,
  method: string,
  path: string,
  operation: Operation,
): { label: string; language: string; code: string }[] {
  const { path: pathValues, query, header } = exampleParameters(document, operation);
  let concretePath = path;
  for (const [name, value] of pathValues) {
    const text = String(value);
    // A placeholder (`<name>`) stays readable; a real example is encoded.
    concretePath = concretePath.replace(
      `{${name}}`,
      text === `<${name}>` ? text : encodeURIComponent(text),
    );
  }
  const search = new URLSearchParams(
    query.map(([name, value]): [string, string] => [name, String(value)]),
  );
  const url = `${base}${concretePath}${query.length > 0 ? `?${search.toString().replaceAll("%2C", ",")}` : ""}`;
  const upper = method.toUpperCase();
  const isHead = method === "head";

  const curlFlags = isHead ? "-sI" : method === "get" ? "-s" : `-s -X ${upper}`;
  const curl = [
    `curl ${curlFlags} '${url}'${header.map(([name, value]) => ` \\\n  -H '${name}: ${String(value)}'`).join("")}`,
  ];
  if (isApiPath(path)) curl.push(`# With a key (optional): add -H "X-API-Key: cls_…"`);

  const params: string[] = [];
  if (pathValues.length > 0) params.push(`path: ${tsObject(pathValues)}`);
  if (query.length > 0) params.push(`query: ${tsObject(query)}`);
  if (header.length > 0) params.push(`header: ${tsObject(header)}`);
  const call = `api.http.${upper}(${JSON.stringify(path)}${params.length > 0 ? `, {\n  params: { ${params.join(", ")} },\n}` : ""})`;
  const typescript = [
    `import { createClient } from "@cannabis-legal-status/client";`,
    "",
    `const api = createClient({ baseUrl: ${JSON.stringify(base)} }); // apiKey: optional`,
    ...(isHead
      ? [
          `const { response } = await ${call};`,
          `console.log(response.status, response.headers.get("ETag"));`,
        ]
      : [
          `const { data, error, response } = await ${call};`,
          hasProblems(operation)
            ? // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript shown to the reader
              "if (error) throw new Error(`${error.code}: ${error.detail}`);"
            : // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript shown to the reader
              "if (error) throw new Error(`HTTP ${response.status}`);",
          "console.log(data);",
        ]),
  ];

  const pyArgs = [`    ${JSON.stringify(`${base}${concretePath}`)},`];
  if (query.length > 0)
    pyArgs.push(
      `    params={${query.map(([name, value]) => `${JSON.stringify(name)}: ${pyLiteral(value)}`).join(", ")}},`,
    );
  if (header.length > 0)
    pyArgs.push(
      `    headers={${header.map(([name, value]) => `${JSON.stringify(name)}: ${pyLiteral(value)}`).join(", ")}},`,
    );
  pyArgs.push("    timeout=10,");
  const python = [
    "import requests",
    "",
    `response = requests.${method}(`,
    ...pyArgs,
    ")",
    ...(isHead
      ? [`print(response.status_code, response.headers.get("ETag"))`]
      : ["response.raise_for_status()", "print(response.json())"]),
  ];
  return [
    { label: "curl", language: "shell", code: curl.join("\n") },
    { label: "TypeScript (the typed client)", language: "typescript", code: typescript.join("\n") },
    { label: "Python (requests)", language: "python", code: python.join("\n") },
  ];
}

// ---- The page ----

function entriesOf(document: OpenApiDocument): Entry[] {
  const list: Entry[] = [];
  for (const [source, webhook] of [
    [document.paths ?? {}, false],
    [document.webhooks ?? {}, true],
  ] as const) {
    for (const [path, item] of Object.entries(source)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation === undefined) continue;
        const id =
          operation.operationId ??
          `${webhook ? "webhook" : method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, "-");
        list.push({ id, method, path, operation, webhook });
      }
    }
  }
  return list;
}

function isKeyOptional(document: OpenApiDocument, operation: Operation): boolean {
  const security = operation.security ?? document.security ?? [];
  return (
    security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)
  );
}

function errorCodes(
  document: OpenApiDocument,
  status: string,
  response: Response,
  options: ReferenceOptions,
): string[] {
  const schema = response.content?.["application/problem+json"]?.schema;
  if (schema === undefined) return [];
  const code = asSchema(asSchema(resolve(document, schema).properties)?.code);
  const values = code && Array.isArray(code.enum) ? code.enum : [];
  return values
    .filter((value): value is string => typeof value === "string")
    .filter((value) => String(options.statusOfErrorCode(value)) === status);
}

/** Every response header of the document, once, with its description. */
function headerCatalog(entries: Entry[]): Map<string, Header> {
  const catalog = new Map<string, Header>();
  for (const { operation } of entries) {
    for (const response of Object.values(operation.responses ?? {})) {
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        if (!catalog.has(name)) catalog.set(name, header);
      }
    }
  }
  return catalog;
}

const headerId = (name: string) => `header-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

function renderOperation(
  document: OpenApiDocument,
  entry: Entry,
  base: string,
  schemas: SchemaWriter,
  options: ReferenceOptions,
): SafeHtml {
  const { id, method, path, operation, webhook } = entry;
  const parameters = operation.parameters ?? [];
  const responses = Object.entries(operation.responses ?? {});
  const statuses = responses.map(([status]) => status);

  const headerStatuses = new Map<string, { statuses: string[]; required: boolean }>();
  for (const [status, response] of responses) {
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const seen = headerStatuses.get(name) ?? { statuses: [], required: true };
      seen.statuses.push(status);
      seen.required &&= header.required === true;
      headerStatuses.set(name, seen);
    }
  }

  const parameterList =
    parameters.length === 0
      ? html`<p>No parameters.</p>`
      : html`<ul class="schema parameters">${parameters.map(
          (parameter) =>
            html`<li><code class="field">${parameter.name}</code> <span class="type">${typeLabel(document, parameter.schema ?? {})}</span> <span class="in">in ${parameter.in}</span>${parameter.required ? html` <span class="required">required</span>` : ""}${parameter.deprecated ? html` <span class="deprecated">deprecated</span>` : ""}${constraintsLine(resolve(document, parameter.schema ?? {}))}${markdown(parameter.description)}${parameter.example !== undefined ? html`<p class="example-value">Example: <code>${String(parameter.example)}</code></p>` : ""}</li>`,
        )}</ul>`;

  const requestBody = operation.requestBody
    ? html`<h4>Body</h4>${markdown(operation.requestBody.description)}${Object.entries(
        operation.requestBody.content ?? {},
      ).map(
        ([type, media]) =>
          html`<details class="body-schema"><summary>Body: <code>${type}</code></summary>${
            media.schema ? schemas.tree(media.schema, `${id}-body`, `${id} body`) : ""
          }${media.example !== undefined ? html`<pre><code>${JSON.stringify(media.example, null, 2)}</code></pre>` : ""}</details>`,
      )}`
    : "";

  const samples = webhook ? [] : examples(document, base, method, path, operation);

  const errorRows = responses.filter(([status]) => Number(status) >= 400);
  const bodies = responses.flatMap(([status, response]) =>
    Object.entries(response.content ?? {})
      .filter(([type]) => type !== "application/problem+json")
      .map(([type, media]) => ({ status, type, media })),
  );

  return html`<section class="operation" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method method-${method}">${webhook ? "Webhook" : method.toUpperCase()}</span> <code class="path">${path}</code></h3>
<p class="summary">${operation.summary ?? ""}${operation.deprecated ? html` <span class="deprecated">Deprecated</span>` : ""} <a class="anchor" href="#${id}" aria-label="Link to ${operation.summary ?? id}">#</a></p>
${operation.description !== undefined && operation.description !== `${operation.summary}.` ? markdown(operation.description) : ""}
${webhook ? "" : html`<p class="auth">${isKeyOptional(document, operation) ? "API key optional (raises the rate limit)." : "API key required."} Operation id: <code>${id}</code>.</p>`}
${webhook ? "" : html`<h4>Parameters</h4>${parameterList}`}
${requestBody}
${samples.length > 0 ? html`<h4>Examples</h4>${samples.map((sample) => html`<p class="sample-label">${sample.label}</p><pre class="sample" data-language="${sample.language}"><code>${sample.code}</code></pre>`)}` : ""}
<h4>Responses</h4>
<ul class="responses">${responses.map(
    ([status, response]) =>
      html`<li><strong class="status status-${status.charAt(0)}">${status}</strong> ${inline(response.description ?? "")}${
        Object.keys(response.content ?? {}).length > 0
          ? html` <span class="muted">(${Object.keys(response.content ?? {}).join(", ")})</span>`
          : ""
      }</li>`,
  )}</ul>
${bodies.map(
  ({ status, type, media }) =>
    html`<details class="body-schema"><summary>${status} body: <code>${type}</code></summary>${
      media.schema ? schemas.tree(media.schema, `${id}-${status}`, `${id} ${status}`) : ""
    }${media.example !== undefined ? html`<pre><code>${JSON.stringify(media.example, null, 2)}</code></pre>` : ""}</details>`,
)}
${
  headerStatuses.size > 0
    ? html`<h4>Response headers</h4><ul class="headers">${[...headerStatuses].map(
        ([name, seen]) =>
          html`<li><a href="#${headerId(name)}"><code>${name}</code></a> — ${
            seen.statuses.length === statuses.length ? "every response" : seen.statuses.join(", ")
          }${seen.required ? "" : " (when it applies)"}</li>`,
      )}</ul>`
    : ""
}
${
  errorRows.length > 0
    ? html`<h4>Errors</h4><ul class="errors">${errorRows.map(([status, response]) => {
        const codes = errorCodes(document, status, response, options);
        return html`<li><strong class="status">${status}</strong> ${inline(response.description ?? "")}${
          codes.length > 0
            ? html`<br>Codes: ${codes.map((code, index) => html`${index > 0 ? ", " : ""}<a href="/errors#${code}"><code>${code}</code></a>`)}`
            : ""
        }</li>`;
      })}</ul>`
    : ""
}
</section>`;
}

/** The whole reference: introduction, contents, headers, then each tag's operations. */
export function renderReference(document: OpenApiDocument, options: ReferenceOptions): SafeHtml {
  const base = (document.servers?.[0]?.url ?? "").replace(/\/$/, "");
  const entries = entriesOf(document);
  const schemas = new SchemaWriter(document);
  const tagNames = [
    ...(document.tags ?? []).map((tag) => tag.name),
    ...entries.flatMap((entry) => entry.operation.tags ?? []),
  ];
  const groups = [...new Set(tagNames)]
    .map((name) => ({
      name,
      id: `tag-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`,
      description: document.tags?.find((tag) => tag.name === name)?.description,
      entries: entries.filter(
        (entry) => !entry.webhook && (entry.operation.tags?.[0] ?? "") === name,
      ),
    }))
    .filter((group) => group.entries.length > 0);
  const untagged = entries.filter(
    (entry) => !entry.webhook && (entry.operation.tags?.length ?? 0) === 0,
  );
  if (untagged.length > 0)
    groups.push({ name: "Other", id: "tag-other", description: undefined, entries: untagged });
  const webhooks = entries.filter((entry) => entry.webhook);
  if (webhooks.length > 0)
    groups.push({
      name: "Webhooks",
      id: "webhooks",
      description: "Requests this service sends to you.",
      entries: webhooks,
    });

  const headers = headerCatalog(entries);
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  const tocEntry = (entry: Entry) =>
    html`<li><a class="toc-link" href="#${entry.id}"><span class="method method-${entry.method}">${entry.webhook ? "Hook" : entry.method.toUpperCase()}</span> <span class="toc-path">${entry.path}</span></a></li>`;

  return html`<div class="reference-layout">
<nav class="reference-toc" aria-labelledby="toc-title">
<h2 class="toc-title" id="toc-title">Contents</h2>
<ul class="toc-list">
<li><a class="toc-link" href="#overview">Overview</a></li>
${schemes.length > 0 ? html`<li><a class="toc-link" href="#authentication">Authentication</a></li>` : ""}
${headers.size > 0 ? html`<li><a class="toc-link" href="#headers">Response headers</a></li>` : ""}
${groups.map((group) => html`<li><a class="toc-link" href="#${group.id}">${group.name}</a><ul class="toc-operations">${group.entries.map(tocEntry)}</ul></li>`)}
</ul>
</nav>
<div class="reference-body">
<h1>API reference</h1>
<p class="lead">${document.info?.title ?? "API"} ${document.info?.version ? html`<span class="muted">version ${document.info.version}</span>` : ""}</p>
<p class="reference-actions"><a class="button" href="${options.tryItHref}">Try it in the interactive console</a> <a href="/openapi.json">The OpenAPI document</a> · <a href="/errors">Error codes</a> · <a href="${options.codebookHref}">The codebook: what each field means</a></p>
<section id="overview" aria-labelledby="overview-title">
<h2 id="overview-title">Overview</h2>
${base ? html`<p>Base URL: <code>${base}</code></p>` : ""}
${markdown(document.info?.description)}
</section>
${
  schemes.length > 0
    ? html`<section id="authentication" aria-labelledby="authentication-title"><h2 id="authentication-title">Authentication</h2><ul>${schemes.map(
        ([name, scheme]) =>
          html`<li><strong>${name}</strong>: ${scheme.type === "apiKey" ? html`the <code>${scheme.name ?? ""}</code> ${scheme.in ?? ""}` : (scheme.type ?? "")}. ${inline(scheme.description ?? "")}</li>`,
      )}</ul></section>`
    : ""
}
${
  headers.size > 0
    ? html`<section id="headers" aria-labelledby="headers-title"><h2 id="headers-title">Response headers</h2><dl class="header-list">${[
        ...headers,
      ].map(
        ([name, header]) =>
          html`<dt id="${headerId(name)}"><code>${name}</code> <span class="type">${typeLabel(document, header.schema ?? {})}</span></dt><dd>${inline(header.description ?? "")}</dd>`,
      )}</dl></section>`
    : ""
}
${groups.map(
  (group) => html`<section class="tag-group" id="${group.id}" aria-labelledby="${group.id}-title">
<h2 id="${group.id}-title">${group.name}</h2>
${markdown(group.description)}
${group.entries.map((entry) => renderOperation(document, entry, base, schemas, options))}
</section>`,
)}
</div>
</div>`;
}
