/**
 * A response body built once — its bytes, a strong ETag per encoding, br and
 * gzip variants — and sent by a lookup per request: content negotiation on
 * `Accept-Encoding`, `If-None-Match` → 304, the caller's `Vary` and
 * `Cache-Control`. The API's prebuilt bodies, the site's static assets, the
 * downloads, the feeds and `/docs`'s bundle are all sent this way.
 *
 * ETags: the identity bytes are `"<tag>"`, their br variant `"<tag>-br"`,
 * their gzip variant `"<tag>-gzip"` — each encoding's bytes differ, so each
 * has its own strong ETag (RFC 9110 §8.8.3), made once per body. A
 * conditional request matches by weak comparison (§13.1.2): any variant's
 * ETag of the same bytes answers 304, whichever encoding is asked now.
 *
 * Compression (brotli at the given quality, gzip 9: slow, but paid once per
 * body) runs in libuv's thread pool by default, never on the event loop:
 * until a variant is ready the identity bytes are sent (with the identity
 * ETag), which every client accepts. A body small enough to compress on the
 * loop may ask for `synchronous` compression instead: made on the first
 * request that wants it, then kept.
 *
 * Bounds: ground floor — imports only node built-ins and libraries, no part
 * of the product; what a body means and how long it may be cached is the
 * caller's.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const negotiator = new Negotiator<Encoding | "identity">({
  supportedValues: [...ENCODINGS, "identity"],
});

export type Representation = Readonly<{
  identity: Buffer;
  /** Opaque hash of the identity bytes; each encoding's ETag is derived from it. */
  tag: string;
  /** The strong ETag of each encoding (`etagFor`), made once. */
  etags: Readonly<Record<Encoding | "identity", string>>;
  /** The compressed bytes, or null while they are still being made (or never are: not compressible). */
  encoded: (encoding: Encoding) => Buffer | null;
  /** Starts compressing every variant (if not started) and resolves when all are ready. */
  compressed: () => Promise<void>;
}>;

export type RepresentationOptions = {
  /**
   * 11 (the smallest) for bodies built once at start-up; a lower one for
   * bodies built on demand, where compression time is paid while the first
   * askers get identity bytes.
   */
  brotliQuality?: number;
  /** False: only the identity bytes are ever sent (already compressed formats, tiny files). */
  compressible?: boolean;
  /** Compress on the event loop, on the first request that wants a variant (small bodies only). */
  synchronous?: boolean;
};

function brotliParams(identity: Buffer, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  };
}

function compress(identity: Buffer, encoding: Encoding, brotliQuality: number): Promise<Buffer> {
  return encoding === "br"
    ? brotliAsync(identity, brotliParams(identity, brotliQuality))
    : gzipAsync(identity, { level: 9 });
}

function compressSync(identity: Buffer, encoding: Encoding, brotliQuality: number): Buffer {
  return encoding === "br"
    ? brotliCompressSync(identity, brotliParams(identity, brotliQuality))
    : gzipSync(identity, { level: 9 });
}

/** The opaque tag of some bytes: 27 characters of their SHA-256, base64url. */
export function tagOf(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
}

/** The ETag of one encoding of a representation. */
export function etagFor(tag: string, encoding: Encoding | "identity"): string {
  return encoding === "identity" ? `"${tag}"` : `"${tag}-${encoding}"`;
}

export function buildRepresentation(
  body: string | Buffer,
  options: RepresentationOptions = {},
): Representation {
  const { brotliQuality = 11, compressible = true, synchronous = false } = options;
  const identity = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const tag = tagOf(identity);
  const ready = new Map<Encoding, Buffer>();
  let all: Promise<void> | null = null;
  const compressed = () => {
    all ??= compressible
      ? Promise.all(
          ENCODINGS.map(async (encoding) => {
            ready.set(encoding, await compress(identity, encoding, brotliQuality));
          }),
        ).then(() => undefined)
      : Promise.resolve();
    return all;
  };
  const encoded = (encoding: Encoding): Buffer | null => {
    const bytes = ready.get(encoding);
    if (bytes !== undefined || !compressible) return bytes ?? null;
    if (synchronous) {
      const made = compressSync(identity, encoding, brotliQuality);
      ready.set(encoding, made);
      return made;
    }
    void compressed();
    return null;
  };
  return Object.freeze({
    identity,
    tag,
    // A plain object (typed read-only), as the fast lane's keyed read of it per request wants.
    etags: {
      identity: etagFor(tag, "identity"),
      br: etagFor(tag, "br"),
      gzip: etagFor(tag, "gzip"),
    },
    encoded,
    compressed,
  });
}

/** Starts compressing a representation in the background; returns it at once. */
export function warmRepresentation(representation: Representation): Representation {
  void representation.compressed();
  return representation;
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

/** The encoding to send for an Accept-Encoding header: br, then gzip, by the client's q-values; else identity. */
export function negotiateEncoding(header: string | undefined): Encoding | "identity" {
  if (header === undefined || header === "") return "identity";
  return negotiator.negotiate(header) ?? "identity";
}

export type SendOptions = {
  cacheControl: string;
  /** Media type of the body. */
  contentType: string;
  /** The whole `Vary` header (Accept-Encoding, and whatever else chose this body); null sends none. */
  vary: string | null;
  /** Writes the chosen bytes (a large download is paced); `reply.send` by default. */
  sendBody?: (request: FastifyRequest, reply: FastifyReply, body: Buffer) => FastifyReply;
};

/**
 * Sends the encoding the request accepts (identity until a variant is
 * ready), with its ETag, or 304 when `If-None-Match` names any variant.
 * The route should set `compress: false`: the bytes are compressed already.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  options: SendOptions,
): FastifyReply {
  const negotiated = negotiateEncoding(request.headers["accept-encoding"]);
  const body = negotiated === "identity" ? null : representation.encoded(negotiated);
  const encoding = body === null ? "identity" : negotiated;
  if (options.vary !== null) reply.header("vary", options.vary);
  reply
    .header("cache-control", options.cacheControl)
    .header("etag", representation.etags[encoding]);
  if (matchesIfNoneMatch(request.headers["if-none-match"], representation.tag)) {
    return reply.code(304).send();
  }
  reply.type(options.contentType);
  if (body !== null) reply.header("content-encoding", encoding);
  const bytes = body ?? representation.identity;
  return options.sendBody === undefined
    ? reply.send(bytes)
    : options.sendBody(request, reply, bytes);
}
