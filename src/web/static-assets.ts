/**
 * The site's static assets (`/assets/*`), read once at start-up and
 * compressed at most once per encoding (on first request, then kept), so
 * serving one costs a lookup, never a compression. Each has a strong ETag
 * (content hash) and answers `If-None-Match` with 304. Only files present
 * at start-up are served; any other name is 404.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([".css", ".js", ".svg", ".json"]);
/** Below this, compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

type Asset = {
  type: string;
  etag: string;
  identity: Buffer;
  compressible: boolean;
  encoded: Map<"br" | "gzip", Buffer>;
};

export type StaticAssetsOptions = { root: string; path: string; maxAgeSeconds: number };

function encode(asset: Asset, encoding: "br" | "gzip"): Buffer {
  let body = asset.encoded.get(encoding);
  if (body === undefined) {
    body =
      encoding === "br"
        ? brotliCompressSync(asset.identity, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          })
        : gzipSync(asset.identity, { level: 9 });
    asset.encoded.set(encoding, body);
  }
  return body;
}

/** The encoding to send for an Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (acceptEncoding === undefined) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (wants("br")) return "br";
  if (wants("gzip")) return "gzip";
  return null;
}

export async function staticAssets(
  app: FastifyInstance,
  options: StaticAssetsOptions,
): Promise<void> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(options.root)) {
    const extension = extname(name);
    const type = TYPES[extension];
    if (type === undefined) continue;
    const identity = readFileSync(join(options.root, name));
    assets.set(name, {
      type,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
      identity,
      compressible: COMPRESSIBLE.has(extension) && identity.length >= MIN_COMPRESS_BYTES,
      encoded: new Map(),
    });
  }
  const cacheControl = `public, max-age=${options.maxAgeSeconds}`;

  app.get<{ Params: { name: string } }>(
    `${options.path}:name`,
    { schema: { hide: true } },
    (request, reply) => {
      const asset = assets.get(request.params.name);
      if (asset === undefined) throw new AppError("not_found", "There is no such asset.");
      reply.header("cache-control", cacheControl).header("etag", asset.etag);
      if (asset.compressible) reply.header("vary", "accept-encoding");
      if (request.headers["if-none-match"] === asset.etag) return reply.code(304).send();
      const encoding = asset.compressible ? pickEncoding(request.headers["accept-encoding"]) : null;
      reply.type(asset.type);
      if (encoding === null)
        return reply.header("content-encoding", "identity").send(asset.identity);
      return reply.header("content-encoding", encoding).send(encode(asset, encoding));
    },
  );
}
