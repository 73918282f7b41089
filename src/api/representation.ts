/**
 * How the API sends a body: its cache policy, its `Vary`, and JSON built for
 * one request. Prebuilt bodies (bytes, an ETag per encoding, br/gzip, 304)
 * are src/http/representation.ts's; this module only says what the API adds.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  matchesIfNoneMatch,
  type Representation,
  sendRepresentation,
  tagOf,
} from "../http/representation.ts";
import { GEOJSON_MEDIA_TYPE } from "./geojson.ts";

/**
 * Cache policy of the dataset's responses: the data changes at most a few
 * times a week, so a client may reuse an answer for five minutes — but only
 * its own cache may: every response carries the caller's rate-limit headers
 * and is judged by the caller's key, so shared caches must not store it
 * (docs/decisions/0010-caches-never-cross-callers.md).
 */
export const DATA_CACHE_CONTROL = "private, max-age=300, stale-while-revalidate=60";

/** Every /v1 response varies on the key as well as on the encoding. */
export const API_VARY = "Accept-Encoding, X-API-Key";

/** The limit headers, sent on every /v1 response whatever its status. */
export const RATE_LIMIT_HEADERS = [
  "RateLimit",
  "RateLimit-Policy",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-RateLimit-Used",
];

/** Headers a browser script may read from an API response. */
export const EXPOSED_HEADERS = [
  "ETag",
  "Retry-After",
  "X-Request-Id",
  ...RATE_LIMIT_HEADERS,
  "Deprecation",
  "Sunset",
];

/**
 * GeoJSON when `format=geojson`, or when no `format` is given and Accept
 * prefers application/geo+json to JSON by its q-value. A tie goes to JSON,
 * the API's default: `application/json, application/geo+json` (what an
 * OpenAPI console sends for an operation that answers both), a wildcard
 * (`*\/*`, `application/*`) as high as GeoJSON, and no Accept all mean JSON.
 */
export function wantsGeoJson(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === "geojson";
  if (accept === undefined) return false;
  let geo = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) continue;
    const media = type.trim();
    if (media === GEOJSON_MEDIA_TYPE) geo = Math.max(geo, q);
    else if (media === "application/json" || media === "application/*" || media === "*/*") {
      json = Math.max(json, q);
    }
  }
  return geo > json;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends JSON built for this request (not cacheable in advance) with a weak
 * ETag of its bytes; compression is left to @fastify/compress.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  cacheControl: string = DATA_CACHE_CONTROL,
): FastifyReply {
  const tag = tagOf(json);
  reply.header("vary", API_VARY).header("cache-control", cacheControl).header("etag", `W/"${tag}"`);
  if (matchesIfNoneMatch(request.headers["if-none-match"], tag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(json);
}

export type ApiSendOptions = {
  cacheControl?: string;
  /** Media type of the body (JSON by default). */
  contentType?: string;
  /** Request headers besides Accept-Encoding and X-API-Key that chose this body. */
  vary?: string;
};

/** Sends a prebuilt API body: the API's Vary, its data cache policy, JSON unless told. */
export function sendApiRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  options: ApiSendOptions = {},
): FastifyReply {
  return sendRepresentation(request, reply, representation, {
    cacheControl: options.cacheControl ?? DATA_CACHE_CONTROL,
    contentType: options.contentType ?? JSON_TYPE,
    vary: options.vary === undefined ? API_VARY : `${API_VARY}, ${options.vary}`,
  });
}
