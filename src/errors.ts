/**
 * One error vocabulary. Every error the service reports has a stable
 * snake_case `code` from the closed table below; code throws
 * `new AppError(code, detail)` and one handler renders RFC 9457
 * `application/problem+json`. Nothing internal (stack, message of an
 * unexpected error, host name) ever reaches a response.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isApiPath } from "./http/api-path.ts";

export const ERROR_CODES = {
  invalid_parameter: {
    status: 400,
    title: "Invalid parameter",
    description:
      "A query or path parameter has a value outside its documented form; `parameter` names it.",
  },
  unknown_parameter: {
    status: 400,
    title: "Unknown parameter",
    description:
      "The query string names a parameter the endpoint does not take (often a typo); `parameter` names it.",
  },
  unknown_field: {
    status: 400,
    title: "Unknown field",
    description:
      "`fields` names a field the record does not have; `field` names it and `parameter` is `fields`. The record's top-level fields are listed in the API reference.",
  },
  invalid_as_of: {
    status: 400,
    title: "Date out of range",
    description:
      "`as_of` is before the first recorded event or more than a year ahead; the history cannot answer for that day.",
  },
  api_key_in_query: {
    status: 400,
    title: "API key in query string",
    description:
      "API keys are accepted only in the `X-API-Key` header, never in a URL, where they leak into logs and histories.",
  },
  invalid_cursor: {
    status: 400,
    title: "Invalid cursor",
    description:
      "The `cursor` is not one this service issued; pass back the `meta.next` value unchanged.",
  },
  bad_request: {
    status: 400,
    title: "Bad request",
    description: "The request is malformed (for example, an unparseable header or body).",
  },
  invalid_api_key: {
    status: 401,
    title: "Invalid API key",
    description:
      "The X-API-Key header holds a key that is mistyped, unknown or deleted. Requests with a bad key are never served as public; send no header for public access.",
  },
  expired_api_key: {
    status: 401,
    title: "Expired API key",
    description:
      "The X-API-Key header holds a key whose expiration date has passed. Create a new key on the API keys page.",
  },
  csrf_failed: {
    status: 403,
    title: "Form expired",
    description:
      "A website form was submitted without a valid CSRF token (an old or copied page). Reload the page and submit again.",
  },
  cross_origin_refused: {
    status: 403,
    title: "Cross-origin request refused",
    description:
      "A website form was submitted from another site. Forms are accepted only from this site's own pages.",
  },
  not_found: { status: 404, title: "Not found", description: "No resource exists at this path." },
  jurisdiction_not_found: {
    status: 404,
    title: "Jurisdiction not found",
    description:
      "No jurisdiction has this USPS code. Codes are the 50 states, DC, PR, GU, VI, MP and AS.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    description:
      "The resource exists but not for this method; the `Allow` header lists the methods it takes.",
  },
  payload_too_large: {
    status: 413,
    title: "Payload too large",
    description: "The request body exceeds the size this endpoint accepts.",
  },
  unsupported_media_type: {
    status: 415,
    title: "Unsupported media type",
    description: "The request body's `Content-Type` is not one this endpoint accepts.",
  },
  request_timeout: {
    status: 408,
    title: "Request timeout",
    description:
      "The request's headers or body did not arrive in time (headers within 12 s, the whole request within 30 s by default).",
  },
  request_header_fields_too_large: {
    status: 431,
    title: "Request header fields too large",
    description: "The request's headers are larger than the server accepts.",
  },
  rate_limited: {
    status: 429,
    title: "Rate limit exceeded",
    description:
      "The caller's limit (`policy`: public, per IP; or key, per account) is used up. Retry after `Retry-After` seconds; the RateLimit headers tell the quota and what remains.",
  },
  api_key_not_checked: {
    status: 429,
    title: "API key not checked",
    description:
      "The X-API-Key could not be checked just now: its client is over its public limit and has used up the few look-ups of unfamiliar keys it may cause a minute. The key was neither accepted nor refused, and the public limit is not what stopped it; retry with the same key after `Retry-After` seconds.",
  },
  internal_error: {
    status: 500,
    title: "Internal server error",
    description:
      "Something failed on our side. It is logged with the `request_id`; quote it when reporting.",
  },
  service_unavailable: {
    status: 503,
    title: "Service unavailable",
    description:
      "A dependency this request needs (the accounts database) is unreachable. Retry shortly.",
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Base of the `type` URIs (relative, per RFC 9457 §3.1.1): the `/errors` page documents each code. */
export const PROBLEM_TYPE_BASE = "/errors#";

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  request_id: string;
  [extension: string]: unknown;
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      headers?: Record<string, string>;
      extensions?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

export function buildProblem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  extensions: Readonly<Record<string, unknown>> = {},
): Problem {
  const { status, title } = ERROR_CODES[code];
  return {
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title,
    status,
    detail,
    code,
    request_id: requestId,
    ...extensions,
  };
}

/** The challenge a 401 carries (RFC 9110 §11.6.1 requires one): the API key header scheme. */
export const API_KEY_CHALLENGE = 'ApiKey realm="cls", header="X-API-Key"';

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (error.status === 401) reply.header("www-authenticate", API_KEY_CHALLENGE);
  return reply
    .code(error.status)
    .header("cache-control", "no-store")
    .type("application/problem+json; charset=utf-8")
    .send(
      JSON.stringify(buildProblem(error.code, error.message, reply.request.id, error.extensions)),
    );
}

/** Maps what Fastify itself throws (validation, parsing, limits) onto the table. */
function toAppError(
  error: FastifyError,
  request: FastifyRequest,
  isUnavailable: (error: unknown) => boolean,
): AppError {
  if (error instanceof AppError) return error;
  if (isUnavailable(error)) {
    return new AppError(
      "service_unavailable",
      "The accounts database is unreachable right now. Retry shortly.",
      { headers: { "retry-after": "5" }, cause: error },
    );
  }
  if (error.code === "FST_CSRF_INVALID_TOKEN" || error.code === "FST_CSRF_MISSING_SECRET") {
    return new AppError(
      "csrf_failed",
      "This form has expired. Reload the page and submit it again.",
    );
  }
  if (error.validation) return validationError(error);
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError("payload_too_large", "The request body is too large.");
  if (status === 415) {
    return new AppError("unsupported_media_type", "The request's Content-Type is not supported.");
  }
  if (status >= 400 && status < 500) {
    return new AppError("bad_request", "The request could not be understood.");
  }
  request.log.error({ err: error }, "unhandled error");
  return new AppError("internal_error", "An unexpected error occurred. It has been logged.");
}

/** Human hints for query and path parameters, used in 400 details. */
const parameterHints = new Map<string, string>();

export function registerParameterHint(name: string, hint: string): void {
  parameterHints.set(name, hint);
}

function validationError(error: FastifyError): AppError {
  const first = error.validation?.[0];
  const context = error.validationContext ?? "querystring";
  if (first?.keyword === "additionalProperties") {
    const name = String((first.params as { additionalProperty?: unknown }).additionalProperty);
    return new AppError("unknown_parameter", `Unknown query parameter '${name}'.`, {
      extensions: { parameter: name },
    });
  }
  const name = first?.instancePath.replace(/^\//, "") || "unknown";
  if (context === "body") {
    return new AppError(
      "bad_request",
      `The form field '${name.slice(0, 40)}' is too long or malformed.`,
      {
        extensions: { parameter: name.slice(0, 40) },
      },
    );
  }
  const where = context === "params" ? "Path parameter" : "Query parameter";
  const hint = parameterHints.get(name) ?? first?.message ?? "is invalid";
  return new AppError("invalid_parameter", `${where} '${name}' ${hint}.`, {
    extensions: { parameter: name },
  });
}

export type HtmlErrorRenderer = (
  problem: Problem,
  request: FastifyRequest,
  reply: FastifyReply,
) => string;

/** The API and machine endpoints answer problem+json; website pages answer HTML when a renderer is given. */
function wantsHtml(request: FastifyRequest): boolean {
  const path = request.url;
  if (isApiPath(path) || path.startsWith("/openapi.json") || path.startsWith("/docs/json"))
    return false;
  return /text\/html(?!\s*;\s*q=0(?:\.0*)?(?:[,;\s]|$))/.test(request.headers.accept ?? "");
}

/**
 * `isUnavailable` tells which unexpected errors mean a dependency is down
 * (answered 503 `service_unavailable`, not 500); the database module knows.
 */
export function registerErrorHandlers(
  app: FastifyInstance,
  renderHtml: HtmlErrorRenderer | null = null,
  isUnavailable: (error: unknown) => boolean = () => false,
): void {
  const send = (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    if (renderHtml === null || !wantsHtml(request)) return sendProblem(reply, error);
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    const problem = buildProblem(error.code, error.message, request.id, error.extensions);
    return reply
      .code(error.status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderHtml(problem, request, reply));
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request, isUnavailable);
    if (appError.status < 500) request.log.info({ code: appError.code }, "request refused");
    else if (appError.code !== "internal_error")
      request.log.error({ code: appError.code, err: appError.cause }, "dependency failure");
    return send(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    send(request, reply, new AppError("not_found", "There is no page at this address.")),
  );
}

/**
 * What Fastify reports before any route or hook runs — a path that is not
 * valid percent-encoding (`/v1/states/%ff`) or a path parameter over the
 * router's length limit — mapped onto the table like every other error.
 * Nothing of the URL is echoed.
 */
export function frameworkError(error: FastifyError): AppError {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return new AppError("invalid_parameter", "A path parameter is longer than any valid value.", {
      extensions: { parameter: "path" },
    });
  }
  if (error.code === "FST_ERR_BAD_URL") {
    return new AppError("bad_request", "The request path is not valid percent-encoding.");
  }
  return new AppError("bad_request", "The request could not be understood.");
}

/**
 * The raw response for a request Node's HTTP parser gives up on: too slow
 * (408), headers too large (431), or not parseable as HTTP (400).
 */
export function clientErrorResponse(
  errorCode: string | undefined,
  requestId: string,
  headers: Readonly<Record<string, string>>,
) {
  const [code, detail, reason]: [ErrorCode, string, string] =
    errorCode === "ERR_HTTP_REQUEST_TIMEOUT"
      ? ["request_timeout", "The request did not arrive in time.", "Request Timeout"]
      : errorCode === "HPE_HEADER_OVERFLOW"
        ? [
            "request_header_fields_too_large",
            "The request's headers are too large.",
            "Request Header Fields Too Large",
          ]
        : ["bad_request", "The request could not be parsed as HTTP.", "Bad Request"];
  const body = JSON.stringify(buildProblem(code, detail, requestId));
  const lines = [
    `HTTP/1.1 ${ERROR_CODES[code].status} ${reason}`,
    "Content-Type: application/problem+json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    `X-Request-Id: ${requestId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
