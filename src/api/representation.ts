/**
 * A response body built once — JSON bytes, a strong ETag, gzip and brotli
 * variants — and sent by a hash lookup per request: content negotiation on
 * `Accept-Encoding`, `If-None-Match` → 304, `Vary`, `Cache-Control`.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

export const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

const negotiator = new Negotiator<Encoding | "identity">({
  supportedValues: [...ENCODINGS, "identity"],
});

/** Cache policy of the dataset's responses: the data changes at most a few times a week. */
export const DATA_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=60";

export type Representation = Readonly<{
  identity: Buffer;
  /** Opaque hash of the identity bytes; each encoding's ETag is derived from it. */
  tag: string;
  encoded: (encoding: Encoding) => Buffer;
}>;

export function buildRepresentation(json: string): Representation {
  const identity = Buffer.from(json, "utf8");
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const cache = new Map<Encoding, Buffer>();
  return Object.freeze({
    identity,
    tag,
    encoded(encoding: Encoding) {
      let body = cache.get(encoding);
      if (body === undefined) {
        body =
          encoding === "br"
            ? brotliCompressSync(identity, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
                },
              })
            : gzipSync(identity, { level: 9 });
        cache.set(encoding, body);
      }
      return body;
    },
  });
}

/** Builds every encoded variant now, so no request pays for compression. */
export function warmRepresentation(representation: Representation): Representation {
  for (const encoding of ENCODINGS) representation.encoded(encoding);
  return representation;
}

function etagFor(tag: string, encoding: Encoding | "identity"): string {
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
  reply
    .header("vary", "Accept-Encoding")
    .header("cache-control", cacheControl)
    .header("etag", `W/"${tag}"`);
  if (matchesIfNoneMatch(request.headers["if-none-match"], tag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(json);
}

export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  cacheControl: string = DATA_CACHE_CONTROL,
): FastifyReply {
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  reply
    .header("vary", "Accept-Encoding")
    .header("cache-control", cacheControl)
    .header("etag", etagFor(representation.tag, encoding));
  if (matchesIfNoneMatch(request.headers["if-none-match"], representation.tag)) {
    return reply.code(304).send();
  }
  reply.type("application/json; charset=utf-8");
  if (encoding === "identity") return reply.send(representation.identity);
  return reply.header("content-encoding", encoding).send(representation.encoded(encoding));
}
