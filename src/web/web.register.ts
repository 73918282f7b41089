/**
 * The website's parts, registered by the composition root (src/app.ts):
 * the trailing-slash redirect and the website's own limit (early hooks),
 * then the pages — errors, the site, the codebook, feeds — and at the end
 * the API reference (/openapi.json and /docs). The downloads (/data) are
 * registered by releases/releases.register.ts, with the pace returned here.
 */
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { timeZoneOf } from "../dataset/jurisdictions.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import { AppError } from "../errors.ts";
import { isApiPath } from "../http/api-path.ts";
import type { Clock } from "../lib/clock.ts";
import { dayIn } from "../lib/zoned-time.ts";
import { PROJECT_ROOT } from "../paths.ts";
import { createMemoryLimiter } from "../rate-limit/rate-limit.memory.ts";
import { clientCounterKey, type RateLimitPolicy } from "../rate-limit/rate-limit.policy.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import { type BulkEgress, createBulkEgress } from "./bulk-egress.ts";
import { codebookRoutes } from "./codebook.page.ts";
import { docsRoutes } from "./docs.page.ts";
import { errorsPageRoutes } from "./errors.page.ts";
import { feedRoutes } from "./feeds.ts";
import type { SafeHtml } from "./html.ts";
import type { PageContext } from "./layout.ts";
import { sameOriginCheck } from "./security.ts";
import { siteRoutes } from "./site.routes.ts";
import { siteAssets } from "./static-assets.ts";

/** Large downloads at once per client network: more than a browser needs. */
const DOWNLOADS_PER_CLIENT = 4;

/** What every page's layout needs from the request: who is signed in, and a CSRF token. */
export function pageContext(request: FastifyRequest, reply: FastifyReply): PageContext {
  return {
    user: request.session ? { email: request.session.email } : null,
    csrfToken: reply.generateCsrf(),
  };
}

/** Paths neither counted by the website limit nor redirected: the API and the probes. */
function isWebsitePath(path: string): boolean {
  return !(isApiPath(path) || path === "/healthz" || path === "/readyz");
}

/**
 * `/v1/states/` is not `/v1/states`: trailing-slash variants get a
 * permanent redirect to the one documented path.
 */
export function registerTrailingSlashRedirect(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    const [path = "", query] = request.url.split(/\?(.*)/s, 2);
    if (path.length > 1 && path.endsWith("/")) {
      const canonical = path.replace(/\/+$/, "") || "/";
      if (!/^\/[\\/]/.test(canonical)) {
        reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 308);
        return;
      }
    }
    done();
  });
}

/**
 * The website's pages, the API reference and every other website request
 * but a known static asset: a per-client budget sized for many people
 * behind one address (docs/SECURITY.md), counted apart from the API's
 * (prefix `web:`). A known asset costs a lookup and is fetched once per
 * browser (fingerprinted, immutable), so it is not counted: a page view
 * costs one request of the budget, whatever it links.
 */
export function registerWebsiteLimiter(
  app: FastifyInstance,
  options: { config: Config; limiter: RateLimiter | undefined; clock: Clock },
): void {
  const { config, clock } = options;
  const webLimiter =
    options.limiter ?? createMemoryLimiter({ maxCounters: config.rateLimitMaxCounters });
  const webPolicy: RateLimitPolicy = { name: "web", ...config.webRateLimit };
  const assets = siteAssets();
  app.addHook("onRequest", async (request) => {
    if (!isWebsitePath(request.url) || request.method === "OPTIONS") return;
    if (
      (request.method === "GET" || request.method === "HEAD") &&
      assets.isServedAsset(request.url.split("?", 1)[0] ?? "")
    )
      return;
    const decision = await webLimiter.hit(
      `web:${clientCounterKey(request.ip)}`,
      webPolicy,
      clock.now(),
    );
    if (!decision.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
      throw new AppError(
        "rate_limited",
        `Too many requests from your network. Retry in ${retryAfter} seconds.`,
        { headers: { "retry-after": retryAfter } },
      );
    }
  });
}

/**
 * The pages: /errors, the site (map, states, embed), the codebook, the Atom
 * feeds. Returns the pace large downloads share, which the release files and
 * the reference's bundle use too.
 */
export async function registerWebsite(
  app: FastifyInstance,
  options: {
    config: Config;
    /** The law in force; each part asks for the current state on every request. */
    live: LiveLaw;
    clock: Clock;
    /** The UTC day of a request, shared with the API. */
    dayOfRequest: (nowMs: number) => string;
    /** How current the watch of official sources is (src/review-queue/), for / and /changes. */
    watchNote?: () => Promise<SafeHtml | "">;
    /** What a state page adds beside its values ("Suggest a correction", src/review-queue/). */
    annotateStatePage?: (page: SafeHtml, code: string) => SafeHtml;
  },
): Promise<{ egress: BulkEgress }> {
  const { config, live, clock, dayOfRequest } = options;
  await app.register(errorsPageRoutes, { pageContext });
  await app.register(siteRoutes, {
    law: live,
    today: (code) =>
      code === undefined ? dayOfRequest(clock.now()) : dayIn(timeZoneOf(code), clock.now()),
    embedCacheControl: () => live.cacheControl(clock.now()).replace("private", "public"),
    publicBaseUrl: config.publicBaseUrl,
    embedFrameAncestors: config.embedFrameAncestors,
    pageContext,
    ...(options.watchNote === undefined ? {} : { watchNote: options.watchNote }),
    ...(options.annotateStatePage === undefined
      ? {}
      : { annotateStatePage: options.annotateStatePage }),
  });
  // Large downloads share one pace and a bound on how many run at once.
  const egress = createBulkEgress({
    bytesPerSecond: config.downloads.bytesPerSecond,
    maxStreams: config.downloads.maxStreams,
    maxStreamsPerClient: DOWNLOADS_PER_CLIENT,
  });
  // The codebook (docs/DATA.md) beside the downloads it describes.
  await app.register(codebookRoutes, { file: join(PROJECT_ROOT, "docs", "DATA.md"), pageContext });
  await app.register(feedRoutes, {
    law: live,
    publicBaseUrl: config.publicBaseUrl,
  });
  return { egress };
}

/** The checks every form POST passes: same origin, then the CSRF token. */
export function formProtection(app: FastifyInstance, publicBaseUrl: string) {
  return [sameOriginCheck(new URL(publicBaseUrl).origin), app.csrfProtection];
}

/** The API reference: /openapi.json (built on first request) and /docs. */
export async function registerReference(
  app: FastifyInstance,
  options: { egress: BulkEgress },
): Promise<void> {
  let openapi: string | undefined;
  const openApiJson = () => {
    openapi ??= JSON.stringify(app.swagger());
    return openapi;
  };
  app.get("/openapi.json", { schema: { hide: true } }, (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(openApiJson()),
  );
  await app.register(docsRoutes, { pageContext, egress: options.egress, openApiJson });
}
