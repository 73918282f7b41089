/**
 * Final touches to the generated OpenAPI document that route schemas cannot
 * express: which response headers are always sent (`required`), the
 * `X-Request-Id` on every response, the HEAD twin of every GET under /v1,
 * and an operationId and description on every operation. Run once, by
 * @fastify/swagger's `transformObject`.
 */

import { isApiPath } from "../http/api-path.ts";
import { RATE_LIMIT_HEADERS } from "./representation.ts";

type Header = { schema?: unknown; description?: string; required?: boolean };
type Response = { description?: string; headers?: Record<string, Header>; content?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  responses?: Record<string, Response>;
  [key: string]: unknown;
};
type Document = { paths?: Record<string, Record<string, Operation>> };

const REQUEST_ID: Header = {
  schema: { type: "string" },
  description: "Identifies this request in our logs; quote it when reporting a problem",
  required: true,
};

function operationIdFor(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/[{}]/g, ""));
  return [method, ...words]
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}

export function refineOpenApi<T extends object>(document: T): T {
  const paths = (document as Document).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.operationId ??= operationIdFor(method, path);
      if (operation.description === undefined && operation.summary !== undefined) {
        operation.description = `${operation.summary}.`;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = { "X-Request-Id": REQUEST_ID, ...response.headers };
        for (const [name, header] of Object.entries(response.headers)) {
          if (!isApiPath(path)) continue;
          if (RATE_LIMIT_HEADERS.includes(name)) header.required = true;
          if (name === "ETag" && (status === "200" || status === "304")) header.required = true;
          if (name === "Retry-After" && status === "429") header.required = true;
        }
      }
    }
    const get = item.get;
    if (isApiPath(path) && get !== undefined && item.head === undefined) {
      const responses: Record<string, Response> = {};
      for (const [status, response] of Object.entries(get.responses ?? {})) {
        const { content: _content, ...withoutBody } = response;
        responses[status] = withoutBody;
      }
      item.head = {
        ...get,
        operationId: `${get.operationId ?? operationIdFor("get", path)}Head`,
        summary: `${get.summary ?? path} (headers only)`,
        description: `Same as GET ${path}, without the body: the status, ETag and limit headers only. Counted like a GET.`,
        responses,
      };
    }
  }
  return document;
}
