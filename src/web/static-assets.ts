/**
 * The site's static assets (`/assets/*`), read once at start-up and
 * compressed at most once per encoding (on first request, then kept), so
 * serving one costs a lookup, never a compression. Each is a representation
 * (src/http/representation.ts): a strong ETag per encoding and
 * `If-None-Match` → 304.
 *
 * Every file is served under two names:
 * - its fingerprinted name, `site.<hash>.css` (the first 16 hex digits of
 *   the SHA-256 of its content, computed once when the folder is read),
 *   which pages link and which is cached for a year as `immutable`: a
 *   browser fetches it once per deploy that changes it;
 * - its plain name, `site.css`, for pages, embeds and links made before
 *   the fingerprints, cached for five minutes only.
 * Any other name, and a fingerprint the current file does not have, is 404.
 *
 * Serving a known asset costs a map lookup, so the website's per-client
 * limit does not count it (`isServedAsset`, used by app.ts); the reasoning
 * is in docs/SECURITY.md ("Website requests per client").
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";
import {
  buildRepresentation,
  type Representation,
  sendRepresentation,
} from "../http/representation.ts";
import { PROJECT_ROOT } from "../paths.ts";

/** Where the site's assets are, and the URL path they are served under. */
export const ASSETS_DIR = join(PROJECT_ROOT, "src", "web", "assets");
export const ASSETS_PATH = "/assets/";

/** Fingerprinted names never change content: a year, and no revalidation. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Plain names change with a deploy: short, so a cached page soon gets the new file. */
export const PLAIN_CACHE_CONTROL = "public, max-age=300";

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
  representation: Representation;
  /** Compressible assets vary on Accept-Encoding; the others are always sent as they are. */
  vary: string | null;
};

/** The files of an assets folder, by both of their names. */
export type AssetCatalog = {
  /** The fingerprinted URL of a file, e.g. `/assets/site.0123456789abcdef.css`; throws for an unknown file. */
  urlOf: (fileName: string) => string;
  /** True when `path` (no query) is a URL this catalog serves, under either name. */
  isServedAsset: (path: string) => boolean;
  /** The file behind a name under the assets path, and its cache policy; null when none. */
  lookUp: (name: string) => { asset: Asset; cacheControl: string } | null;
};

/** `site.css` → `site.0123456789abcdef.css`. */
function fingerprinted(fileName: string, identity: Buffer): string {
  const extension = extname(fileName);
  const hash = createHash("sha256").update(identity).digest("hex").slice(0, 16);
  return `${fileName.slice(0, fileName.length - extension.length)}.${hash}${extension}`;
}

/** Reads every servable file of `root` once and names it both ways. */
export function loadAssetCatalog(root: string, path = ASSETS_PATH): AssetCatalog {
  const byName = new Map<string, { asset: Asset; cacheControl: string }>();
  const urls = new Map<string, string>();
  for (const fileName of readdirSync(root).sort()) {
    const extension = extname(fileName);
    const type = TYPES[extension];
    if (type === undefined) continue;
    const identity = readFileSync(join(root, fileName));
    const compressible = COMPRESSIBLE.has(extension) && identity.length >= MIN_COMPRESS_BYTES;
    const asset: Asset = {
      type,
      representation: buildRepresentation(identity, { compressible, synchronous: true }),
      vary: compressible ? "accept-encoding" : null,
    };
    const hashedName = fingerprinted(fileName, identity);
    for (const [name, cacheControl] of [
      [fileName, PLAIN_CACHE_CONTROL],
      [hashedName, IMMUTABLE_CACHE_CONTROL],
    ] as const) {
      if (byName.has(name)) throw new Error(`two assets are served as ${name}`);
      byName.set(name, { asset, cacheControl });
    }
    urls.set(fileName, `${path}${hashedName}`);
  }
  return {
    urlOf: (fileName) => {
      const url = urls.get(fileName);
      if (url === undefined) throw new Error(`no asset ${fileName} in ${root}`);
      return url;
    },
    isServedAsset: (urlPath) => urlPath.startsWith(path) && byName.has(urlPath.slice(path.length)),
    lookUp: (name) => byName.get(name) ?? null,
  };
}

let siteCatalog: AssetCatalog | undefined;

/** The site's own assets, read on first use and then kept for the life of the process. */
export function siteAssets(): AssetCatalog {
  siteCatalog ??= loadAssetCatalog(ASSETS_DIR);
  return siteCatalog;
}

/** The fingerprinted URL pages link for one of the site's files (`site.css` → `/assets/site.<hash>.css`). */
export function assetUrl(fileName: string): string {
  return siteAssets().urlOf(fileName);
}

export type StaticAssetsOptions = { catalog: AssetCatalog; path?: string };

export async function staticAssets(
  app: FastifyInstance,
  options: StaticAssetsOptions,
): Promise<void> {
  app.get<{ Params: { name: string } }>(
    `${options.path ?? ASSETS_PATH}:name`,
    { schema: { hide: true }, compress: false },
    (request, reply) => {
      const found = options.catalog.lookUp(request.params.name);
      if (found === null) throw new AppError("not_found", "There is no such asset.");
      const { asset, cacheControl } = found;
      return sendRepresentation(request, reply, asset.representation, {
        cacheControl,
        contentType: asset.type,
        vary: asset.vary,
      });
    },
  );
}
