/**
 * A response body built once — JSON bytes, a strong ETag, gzip and brotli
 * variants — and sent by a hash lookup per request: content negotiation on
 * `Accept-Encoding`, `If-None-Match` → 304, `Vary`, `Cache-Control`.
 *
 * Compression (brotli 11, gzip 9: slow, but paid once) runs in libuv's
 * thread pool, never on the event loop and never before the server listens:
 * until a variant is ready the identity bytes are sent (with the identity
 * ETag), which every client accepts. So start-up does not wait for it and no
 * request stalls the loop for it.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const negotiator = new Negotiator<Encoding | "identity">({
  supportedValues: [...ENCODINGS, "identity"],
});

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

export type Representation = Readonly<{
  identity: Buffer;
  /** Opaque hash of the identity bytes; each encoding's ETag is derived from it. */
  tag: string;
  /** The compressed bytes, or null while they are still being made (compression starts on first call). */
  encoded: (encoding: Encoding) => Buffer | null;
  /** Starts compressing every variant (if not started) and resolves when all are ready. */
  compressed: () => Promise<void>;
}>;

function compress(identity: Buffer, encoding: Encoding, brotliQuality: number): Promise<Buffer> {
  return encoding === "br"
    ? brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : gzipAsync(identity, { level: 9 });
}

/**
 * `brotliQuality`: 11 (the smallest) for bodies built once at start-up; a
 * lower one for bodies built on demand (as_of, fields, GeoJSON, downloads),
 * where compression time is paid while the first askers get identity bytes.
 */
export function buildRepresentation(json: string, brotliQuality = 11): Representation {
  const identity = Buffer.from(json, "utf8");
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const ready = new Map<Encoding, Buffer>();
  let all: Promise<void> | null = null;
  const compressed = () => {
    all ??= Promise.all(
      ENCODINGS.map(async (encoding) => {
        ready.set(encoding, await compress(identity, encoding, brotliQuality));
      }),
    ).then(() => undefined);
    return all;
  };
  return Object.freeze({
    identity,
    tag,
    encoded(encoding: Encoding) {
      const body = ready.get(encoding);
      if (body !== undefined) return body;
      void compressed();
      return null;
    },
    compressed,
  });
}

/** Starts compressing a representation in the background; returns it at once. */
export function warmRepresentation(representation: Representation): Representation {
  void representation.compressed();
  return representation;
}

/** The ETag of one encoding of a representation. */
export function etagFor(tag: string, encoding: Encoding | "identity"): string {
  return encoding === "identity" ? `"${tag}"` : `"${tag}-${encoding}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): any variant of the same bytes matches. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  for (const raw of header.split(",")) {
    const candidate = raw.trim().replace(/^W\//, "");
    if (candidate === `"${tag}"` || candidate === `"${tag}-br"` || candidate === `"${tag}-gzip"`) {
      return true;
    }
  }
  return false;
}

export function negotiateEncoding(header: string | undefined): Encoding | "identity" {
  if (header === undefined || header === "") return "identity";
  return negotiator.negotiate(header) ?? "identity";
}

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
  const tag = createHash("sha256").update(json).digest("base64url").slice(0, 27);
  reply.header("vary", API_VARY).header("cache-control", cacheControl).header("etag", `W/"${tag}"`);
  if (matchesIfNoneMatch(request.headers["if-none-match"], tag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(json);
}

export type SendOptions = {
  cacheControl?: string;
  /** Media type of the body (JSON by default). */
  contentType?: string;
  /** Request headers besides Accept-Encoding that chose this body. */
  vary?: string;
  /** Writes the chosen bytes (a large website download is paced); `reply.send` by default. */
  sendBody?: (request: FastifyRequest, reply: FastifyReply, body: Buffer) => FastifyReply;
};

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  options: SendOptions = {},
): FastifyReply {
  const cacheControl = options.cacheControl ?? DATA_CACHE_CONTROL;
  const negotiated = negotiateEncoding(request.headers["accept-encoding"]);
  const body = negotiated === "identity" ? null : representation.encoded(negotiated);
  const encoding = body === null ? "identity" : negotiated;
  reply
    .header("vary", options.vary === undefined ? API_VARY : `${API_VARY}, ${options.vary}`)
    .header("cache-control", cacheControl)
    .header("etag", etagFor(representation.tag, encoding));
  if (matchesIfNoneMatch(request.headers["if-none-match"], representation.tag)) {
    return reply.code(304).send();
  }
  reply.type(options.contentType ?? "application/json; charset=utf-8");
  if (body !== null) reply.header("content-encoding", encoding);
  const bytes = body ?? representation.identity;
  return options.sendBody === undefined
    ? reply.send(bytes)
    : options.sendBody(request, reply, bytes);
}
