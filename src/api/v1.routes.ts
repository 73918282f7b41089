/**
 * The public API, version 1: five read-only endpoints under /v1.
 *
 * Request pipeline for every /v1 request, in order: CORS (preflights end
 * here) → the guard (API-key verification, then rate limiting and the limit
 * headers) → refuse API keys in the query string → schema validation of the
 * query → handler (a lookup of a pre-built body) → error handler.
 */
import cors from "@fastify/cors";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { STATUSES, type Status } from "../dataset/dataset.schema.ts";
import { AppError, sendProblem } from "../errors.ts";
import { isCalendarDate } from "../lib/dates.ts";
import {
  CHANGES_DEFAULT_LIMIT,
  ChangesQuery,
  ChangesResponse,
  CodeParams,
  FederalResponse,
  HistoryResponse,
  NoQuery,
  ProblemSchema,
  StateResponse,
  StatesQuery,
  StatesResponse,
} from "./api.schemas.ts";
import type { ApiViews } from "./api.views.ts";
import { pageOfChanges } from "./changes.ts";
import { sendJson, sendRepresentation } from "./representation.ts";

export type V1Options = {
  views: ApiViews;
  /** API-key verification and rate limiting: runs first on every /v1 request (after CORS preflights). */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** Headers a browser script may read from an API response. */
export const EXPOSED_HEADERS = [
  "ETag",
  "Retry-After",
  "X-Request-Id",
  "RateLimit",
  "RateLimit-Policy",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-RateLimit-Used",
  "Deprecation",
  "Sunset",
];

const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const KEY_PARAMETERS = new Set(["api_key", "apikey", "apiKey", "x-api-key", "key"]);

/** The rate-limit headers every /v1 response carries, documented on each response. */
const LIMIT_HEADERS = {
  RateLimit: {
    type: "string",
    description:
      'Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530`',
  },
  "RateLimit-Policy": {
    type: "string",
    description:
      'The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per API key)',
  },
  "X-RateLimit-Limit": { type: "integer", description: "Requests allowed per window" },
  "X-RateLimit-Remaining": {
    type: "integer",
    description: "Requests left in the current sliding window",
  },
  "X-RateLimit-Reset": {
    type: "integer",
    description: "Unix time (seconds) when the oldest counted request leaves the window",
  },
  "X-RateLimit-Used": { type: "integer", description: "Requests counted in the current window" },
};

const problem = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { ...LIMIT_HEADERS, ...extraHeaders },
  content: { "application/problem+json": { schema: ProblemSchema } },
});

const errors = {
  400: problem("A query parameter is invalid or unknown (problem+json; `parameter` names it)"),
  401: problem(
    "The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public",
  ),
  405: problem("Method not allowed; see the Allow header"),
  429: problem("Rate limit exceeded (`rate_limited`); the body names the `policy`", {
    "Retry-After": { type: "integer", description: "Seconds until a retry is admitted (exact)" },
  }),
};

function ok(schema: TSchema, description: string) {
  return {
    200: {
      description,
      headers: {
        ...LIMIT_HEADERS,
        ETag: { type: "string", description: "Send back in If-None-Match" },
      },
      content: { "application/json": { schema } },
    },
    304: {
      description: "Not modified (If-None-Match matched the ETag)",
      headers: LIMIT_HEADERS,
      type: "null",
    },
  };
}

function refuseKeyInQuery(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const query = request.query as Record<string, unknown> | undefined;
  if (query !== undefined) {
    for (const name of Object.keys(query)) {
      if (KEY_PARAMETERS.has(name)) {
        sendProblem(
          reply,
          new AppError(
            "api_key_in_query",
            `API keys are accepted only in the X-API-Key header, never in the URL (found '${name}'). If this key was real, treat it as leaked: delete it and create a new one.`,
            { extensions: { parameter: name } },
          ),
        );
        return;
      }
    }
  }
  done();
}

function parseStatuses(value: string | undefined): Status[] | null {
  if (value === undefined) return null;
  const wanted = new Set(value.split(","));
  return STATUSES.filter((status) => wanted.has(status));
}

export async function v1Routes(instance: FastifyInstance, options: V1Options): Promise<void> {
  const { views } = options;
  const v1 = instance.withTypeProvider<TypeBoxTypeProvider>();

  await v1.register(cors, {
    origin: "*",
    methods: ["GET", "HEAD"],
    allowedHeaders: ["X-API-Key", "If-None-Match", "Accept", "Accept-Encoding"],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
    strictPreflight: false,
  });
  v1.addHook("onRequest", options.guard);
  v1.addHook("onRequest", refuseKeyInQuery);
  v1.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new AppError(
        "not_found",
        `No API endpoint at ${(request.url.split("?")[0] ?? "").slice(0, 200)}. See /docs.`,
      ),
    ),
  );

  const paths: string[] = [];
  const track = (path: string) => {
    paths.push(path);
    return path;
  };

  v1.get(
    track("/states"),
    {
      compress: false,
      schema: {
        operationId: "listStates",
        tags: ["jurisdictions"],
        summary: "Every jurisdiction's current record",
        description:
          "The 50 states and DC, sorted by name; `include=territories` adds PR, GU, VI, MP and AS. Filters combine (AND).",
        querystring: StatesQuery,
        response: { ...ok(StatesResponse, "The matching jurisdictions"), ...errors },
      },
    },
    (request, reply) => {
      const { include, status, decriminalized } = request.query;
      const view = views.states({
        includeTerritories: include === "territories",
        statuses: parseStatuses(status),
        decriminalized: decriminalized === undefined ? null : decriminalized === "true",
      });
      return sendRepresentation(request, reply, view);
    },
  );

  const lookup = (code: string, find: (code: string) => ReturnType<ApiViews["state"]>) => {
    const view = find(code.toUpperCase());
    if (view === undefined) {
      throw new AppError(
        "jurisdiction_not_found",
        `No jurisdiction has the code '${code.slice(0, 20)}'. Use a USPS code such as CA, DC or PR.`,
      );
    }
    return view;
  };
  const notFound = { 404: problem("No jurisdiction has this code") };

  v1.get(
    track("/states/:code"),
    {
      compress: false,
      schema: {
        operationId: "getState",
        tags: ["jurisdictions"],
        summary: "One jurisdiction by USPS code",
        params: CodeParams,
        querystring: NoQuery,
        response: {
          ...ok(StateResponse, "The jurisdiction's current record"),
          ...errors,
          ...notFound,
        },
      },
    },
    (request, reply) =>
      sendRepresentation(request, reply, lookup(request.params.code, views.state)),
  );

  v1.get(
    track("/states/:code/history"),
    {
      compress: false,
      schema: {
        operationId: "getStateHistory",
        tags: ["jurisdictions"],
        summary: "A jurisdiction's dated legal events, oldest first",
        params: CodeParams,
        querystring: NoQuery,
        response: { ...ok(HistoryResponse, "The jurisdiction's events"), ...errors, ...notFound },
      },
    },
    (request, reply) =>
      sendRepresentation(request, reply, lookup(request.params.code, views.history)),
  );

  v1.get(
    track("/federal"),
    {
      compress: false,
      schema: {
        operationId: "getFederal",
        tags: ["federal"],
        summary: "The federal picture",
        description:
          "Controlled Substances Act schedule, the rescheduling proceeding, the hemp definition and the appropriations rider, with dates and sources.",
        querystring: NoQuery,
        response: { ...ok(FederalResponse, "The federal record"), ...errors },
      },
    },
    (request, reply) => sendRepresentation(request, reply, views.federal),
  );

  v1.get(
    track("/changes"),
    {
      schema: {
        operationId: "listChanges",
        tags: ["changes"],
        summary: "Legal events across all jurisdictions, newest first",
        description:
          "For monitoring and sync: every state, territory and federal (`US`) event, newest first by date. Includes events enacted but not yet effective (`effective` in the future). Page with `meta.next` as `cursor` until it is null.",
        querystring: ChangesQuery,
        response: { ...ok(ChangesResponse, "One page of events"), ...errors },
      },
    },
    (request, reply) => {
      const { since, limit, cursor } = request.query;
      if (since !== undefined && !isCalendarDate(since)) {
        throw new AppError(
          "invalid_parameter",
          `Query parameter 'since' is not a calendar date: ${since}.`,
          {
            extensions: { parameter: "since" },
          },
        );
      }
      const page = pageOfChanges(views.changes, {
        since: since ?? null,
        limit: limit ?? CHANGES_DEFAULT_LIMIT,
        cursor: cursor ?? null,
      });
      const json = views.changesBody(
        page.items.map((item) => item.json),
        {
          dataset_version: views.datasetVersion,
          last_reviewed: views.lastReviewed,
          count: page.items.length,
          next: page.next,
        },
      );
      return sendJson(request, reply, json);
    },
  );

  for (const path of paths) {
    v1.route({
      method: [...OTHER_METHODS],
      url: path,
      schema: { hide: true },
      handler: (request, reply) =>
        sendProblem(
          reply,
          new AppError(
            "method_not_allowed",
            `${request.method} is not allowed here; use GET or HEAD.`,
            {
              headers: { allow: ALLOWED_METHODS },
            },
          ),
        ),
    });
  }
}
