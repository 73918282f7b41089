/**
 * The public API, version 1: five read-only endpoints under /v1.
 *
 * Request pipeline for every /v1 request, in order: CORS (preflights end
 * here) → the guard (the caller from X-API-Key, then rate limiting and the limit
 * headers) → refuse API keys in the query string → schema validation of the
 * query → handler (a lookup of a pre-built body) → error handler.
 */
import cors from "@fastify/cors";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { KEY_PARAMETER_NAMES } from "../api-keys/api-keys.format.ts";
import { STATUSES, type Status } from "../dataset/dataset.schema.ts";
import { EVENT_CODES } from "../dataset/jurisdictions.ts";
import { AppError, sendProblem } from "../errors.ts";
import { horizonSentence, isCalendarDate } from "../lib/dates.ts";
import {
  CHANGES_DEFAULT_LIMIT,
  ChangesQuery,
  ChangesResponse,
  CodeParams,
  FederalResponse,
  HistoryResponse,
  NoQuery,
  ProblemSchema,
  RECORD_FIELDS,
  RECORD_PATHS,
  StateQuery,
  StateResponseDoc,
  StatesGeoJson,
  StatesQuery,
  StatesResponseDoc,
} from "./api.schemas.ts";
import type { ApiViews, RecordOptions } from "./api.views.ts";
import { pageOfChanges } from "./changes.ts";
import { type Deprecation, deprecationHook } from "./deprecation.ts";
import { GEOJSON_MEDIA_TYPE } from "./geojson.ts";
import {
  API_VARY,
  DATA_CACHE_CONTROL,
  EXPOSED_HEADERS,
  sendApiRepresentation,
  sendJson,
  wantsGeoJson,
} from "./representation.ts";

export type V1Options = {
  /** The bodies for the law in force now (rebuilt when a change takes effect). */
  views: () => ApiViews;
  /** Cache-Control for data answers now: never past the next change of law. */
  cacheControl: () => string;
  /** Today's date (UTC, YYYY-MM-DD): bounds `as_of`. */
  today: () => string;
  /** Retirement notice for /v1 or some of its routes; null while none is planned. */
  deprecation: Deprecation | null;
  /** Identifying the caller (API key), then rate limiting: runs first on every /v1 request (after CORS preflights). */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const KEY_PARAMETERS: ReadonlySet<string> = new Set(KEY_PARAMETER_NAMES);

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
      'The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota)',
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
  429: problem(
    "Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key)",
    {
      "Retry-After": { type: "integer", description: "Seconds until a retry is admitted (exact)" },
    },
  ),
};

const ETAG_HEADER = {
  ETag: { type: "string", description: "Send back in If-None-Match" },
};

function ok(schema: TSchema, description: string, more: Record<string, { schema: TSchema }> = {}) {
  return {
    200: {
      description,
      headers: { ...LIMIT_HEADERS, ...ETAG_HEADER },
      content: { "application/json": { schema }, ...more },
    },
    304: {
      description: "Not modified (If-None-Match matched the ETag)",
      headers: { ...LIMIT_HEADERS, ...ETAG_HEADER },
      type: "null",
    },
  };
}

function invalid(parameter: string, detail: string, code: "invalid_as_of" | "invalid_parameter") {
  return new AppError(code, detail, { extensions: { parameter } });
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Checks `as_of` and `fields` once, at the edge. */
function recordOptions(
  query: { as_of?: string | undefined; fields?: string | undefined },
  views: ApiViews,
  today: string,
): RecordOptions {
  let asOf: string | null = null;
  if (query.as_of !== undefined) {
    asOf = query.as_of;
    if (!isCalendarDate(asOf)) {
      throw invalid(
        "as_of",
        `Query parameter 'as_of' is not a calendar date: ${asOf}.`,
        "invalid_parameter",
      );
    }
    const latest = addDays(today, 365);
    if (asOf < views.firstEventDate || asOf > latest) {
      throw invalid(
        "as_of",
        `Query parameter 'as_of' must be between ${views.firstEventDate} (the first recorded event) and ${latest} (one year ahead); got ${asOf}.`,
        "invalid_as_of",
      );
    }
  }
  let fields: string[] | null = null;
  if (query.fields !== undefined) {
    fields = query.fields.split(",");
    for (const name of fields) {
      const dotted = name.includes(".");
      if (dotted ? !RECORD_PATHS.includes(name) : !RECORD_FIELDS.includes(name)) {
        const group = name.split(".")[0] ?? "";
        const inGroup = RECORD_PATHS.filter((path) => path.startsWith(`${group}.`));
        const valid =
          dotted && inGroup.length > 0
            ? `Paths in ${group}: ${inGroup.join(", ")}.`
            : `Fields: ${RECORD_FIELDS.join(", ")}; or a dotted path inside decriminalization, adult_use, medical, hemp, prohibition or regulator (e.g. adult_use.purchase_limit).`;
        throw new AppError(
          "unknown_field",
          `Query parameter 'fields' names '${name.slice(0, 60)}', which is not ${dotted ? "a path" : "a field"} of the record. ${valid}`,
          { extensions: { parameter: "fields", field: name.slice(0, 60) } },
        );
      }
    }
  }
  return { asOf, fields };
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

/** `jurisdiction=` as distinct upper-case codes; a code no event can carry is refused. */
function parseJurisdictions(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const codes = [...new Set(value.toUpperCase().split(","))];
  const unknown = codes.filter((code) => !EVENT_CODES.has(code));
  if (unknown.length > 0) {
    throw invalid(
      "jurisdiction",
      `Query parameter 'jurisdiction' names ${unknown.length === 1 ? "a code" : "codes"} of no jurisdiction: ${unknown.slice(0, 10).join(", ")}. Use USPS codes of the 50 states, DC and the territories (PR, GU, VI, MP, AS), or US for federal law.`,
      "invalid_parameter",
    );
  }
  return codes;
}

function parseStatuses(value: string | undefined): Status[] | null {
  if (value === undefined) return null;
  const wanted = new Set(value.split(","));
  return STATUSES.filter((status) => wanted.has(status));
}

export async function v1Routes(instance: FastifyInstance, options: V1Options): Promise<void> {
  const { today } = options;
  const v1 = instance.withTypeProvider<TypeBoxTypeProvider>();
  // The bodies in force when the request arrived; a request never mixes two states of the law.
  let views = options.views();

  await v1.register(cors, {
    origin: "*",
    methods: ["GET", "HEAD"],
    allowedHeaders: ["X-API-Key", "If-None-Match", "Accept", "Accept-Encoding"],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
    strictPreflight: false,
  });
  v1.addHook("onRequest", (_request, _reply, done) => {
    views = options.views();
    done();
  });
  v1.addHook("onRequest", options.guard);
  // Errors too (a 401 for one key must not be replayed for another); they are no-store as well.
  // Responses that also vary on something else (GeoJSON on Accept) set their own Vary.
  v1.addHook("onSend", (_request, reply, payload, done) => {
    if (!reply.hasHeader("vary")) reply.header("vary", API_VARY);
    if (reply.getHeader("cache-control") === DATA_CACHE_CONTROL) {
      reply.header("cache-control", options.cacheControl());
    }
    done(null, payload);
  });
  if (options.deprecation !== null) v1.addHook("onRequest", deprecationHook(options.deprecation));
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
        summary: "Every jurisdiction's record",
        description:
          "The 50 states and DC, sorted by name; `include=territories` adds PR, GU, VI, MP and AS. Filters combine (AND): `status=adult_use&sales=operating` is where licensed adult-use retail is open. `as_of` answers for a past day (filters apply to that day's values); `fields` keeps only the named top-level fields, or single values by dotted path (`adult_use.purchase_limit`, `hemp.intoxicating_products`) with their provenance; `format=geojson` or `Accept: application/geo+json` returns a GeoJSON FeatureCollection: each jurisdiction's outline, with the columns of a release's `jurisdictions.csv` as its properties (`fields` narrows them to the columns derived from those fields, and `code`).",
        querystring: StatesQuery,
        response: {
          ...ok(StatesResponseDoc, "The matching jurisdictions", {
            [GEOJSON_MEDIA_TYPE]: { schema: StatesGeoJson },
          }),
          ...errors,
        },
      },
    },
    (request, reply) => {
      const { include, status, decriminalized, sales, format } = request.query;
      const filter = {
        includeTerritories: include === "territories",
        statuses: parseStatuses(status),
        decriminalized: decriminalized === undefined ? null : decriminalized === "true",
        salesOperating: sales === undefined ? null : sales === "operating",
      };
      const options = recordOptions(request.query, views, today());
      const geojson = wantsGeoJson(format, request.headers.accept);
      const vary = format === undefined ? "Accept" : undefined;
      if (!geojson && options.asOf === null && options.fields === null) {
        return sendApiRepresentation(
          request,
          reply,
          views.states(filter),
          vary === undefined ? {} : { vary },
        );
      }
      return sendApiRepresentation(
        request,
        reply,
        views.statesVariant(filter, { ...options, geojson }),
        {
          ...(vary === undefined ? {} : { vary }),
          ...(geojson ? { contentType: GEOJSON_MEDIA_TYPE } : {}),
        },
      );
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

  /**
   * `{code}` is documented with its pattern, but a code of the wrong shape is
   * still answered as "no such jurisdiction" (404), like any unknown code;
   * other validation failures go to the error handler as usual.
   */
  const checkCode = (request: FastifyRequest) => {
    const failure = request.validationError;
    if (failure === undefined) return;
    if (failure.validationContext === "params") {
      const code = String((request.params as { code?: unknown }).code ?? "");
      throw new AppError(
        "jurisdiction_not_found",
        `No jurisdiction has the code '${code.slice(0, 20)}'. Use a USPS code such as CA, DC or PR.`,
      );
    }
    throw failure;
  };

  v1.get(
    track("/states/:code"),
    {
      compress: false,
      attachValidation: true,
      schema: {
        operationId: "getState",
        tags: ["jurisdictions"],
        summary: "One jurisdiction by USPS code",
        description:
          "`as_of` answers for a past day; `fields` keeps only the named top-level fields, or single values by dotted path (`adult_use.purchase_limit`) with their provenance.",
        params: CodeParams,
        querystring: StateQuery,
        response: {
          ...ok(StateResponseDoc, "The jurisdiction's record"),
          ...errors,
          ...notFound,
        },
      },
    },
    (request, reply) => {
      checkCode(request);
      const options = recordOptions(request.query, views, today());
      if (options.asOf === null && options.fields === null) {
        return sendApiRepresentation(request, reply, lookup(request.params.code, views.state));
      }
      return sendApiRepresentation(
        request,
        reply,
        lookup(request.params.code, (code) => views.stateVariant(code, options)),
      );
    },
  );

  v1.get(
    track("/states/:code/history"),
    {
      compress: false,
      attachValidation: true,
      schema: {
        operationId: "getStateHistory",
        tags: ["jurisdictions"],
        summary: "A jurisdiction's dated legal events, oldest first",
        params: CodeParams,
        querystring: NoQuery,
        response: { ...ok(HistoryResponse, "The jurisdiction's events"), ...errors, ...notFound },
      },
    },
    (request, reply) => {
      checkCode(request);
      return sendApiRepresentation(request, reply, lookup(request.params.code, views.history));
    },
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
    (request, reply) => sendApiRepresentation(request, reply, views.federal),
  );

  v1.get(
    track("/changes"),
    {
      schema: {
        operationId: "listChanges",
        tags: ["changes"],
        summary: "Legal events across all jurisdictions, newest first",
        description:
          "For monitoring and sync: every state, territory and federal (`US`) event, newest first. Each gives both dates: `date` (enacted) and `effective`. `basis` chooses which one `since`, `until` and the order use: `enacted` (default) for what was enacted, `effective` for what took or takes effect (an event with no effective day counts from its `date`): `basis=effective&since=2026-11-01&until=2026-11-30` is what took effect in November 2026. Events enacted but not yet in effect are included (`effective` in the future). `jurisdiction=OH,US` keeps those jurisdictions. Page with `meta.next` as `cursor`, with the same basis, until it is null.",
        querystring: ChangesQuery,
        response: { ...ok(ChangesResponse, "One page of events"), ...errors },
      },
    },
    (request, reply) => {
      const { basis = "enacted", since, until, jurisdiction, limit, cursor } = request.query;
      for (const [name, value] of [
        ["since", since],
        ["until", until],
      ] as const) {
        if (value !== undefined && !isCalendarDate(value)) {
          throw invalid(
            name,
            `Query parameter '${name}' is not a calendar date: ${value}.`,
            "invalid_parameter",
          );
        }
      }
      if (since !== undefined && until !== undefined && until < since) {
        throw invalid(
          "until",
          `Query parameter 'until' (${until}) is before 'since' (${since}).`,
          "invalid_parameter",
        );
      }
      const page = pageOfChanges(views.changes, {
        basis,
        since: since ?? null,
        until: until ?? null,
        jurisdictions: parseJurisdictions(jurisdiction),
        limit: limit ?? CHANGES_DEFAULT_LIMIT,
        cursor: cursor ?? null,
      });
      const json = views.changesBody(
        page.items.map((item) => item.json),
        {
          dataset_version: views.datasetVersion,
          last_reviewed: views.lastReviewed,
          sources_current_to: views.sourcesCurrentTo,
          count: page.items.length,
          basis,
          next: page.next,
          ...(page.items.length === 0 ? { note: horizonSentence(views.sourcesCurrentTo) } : {}),
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
