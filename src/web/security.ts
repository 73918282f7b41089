/**
 * Protection of state-changing website requests (every POST).
 *
 * Two independent checks, both required (SPEC §7):
 * 1. Same origin: the `Origin` header (sent by browsers on every POST) must
 *    equal the site's public origin; without it, `Sec-Fetch-Site` must be
 *    `same-origin`; a request with neither is refused. This stops
 *    cross-site form posts even if a token leaked.
 * 2. CSRF token (double-submit, @fastify/csrf-protection): a random secret in
 *    an HttpOnly, SameSite=Strict cookie (`__Host-` prefixed over https) and
 *    a token derived from it in each form's `_csrf` field.
 *
 * The API (`/v1`) is read-only and takes no cookies, so neither applies there.
 */
import csrf from "@fastify/csrf-protection";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

export function csrfCookieName(secure: boolean): string {
  return secure ? "__Host-csrf" : "csrf";
}

export async function registerCsrf(app: FastifyInstance, secure: boolean): Promise<void> {
  await app.register(csrf, {
    sessionPlugin: "@fastify/cookie",
    cookieKey: csrfCookieName(secure),
    cookieOpts: { path: "/", httpOnly: true, sameSite: "strict", secure },
  });
}

export function sameOriginCheck(publicOrigin: string) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    const sameOrigin = origin !== undefined ? origin === publicOrigin : fetchSite === "same-origin";
    if (!sameOrigin) {
      done(
        new AppError(
          "cross_origin_refused",
          "This form must be submitted from this site. Reload the page and try again.",
        ),
      );
      return;
    }
    done();
  };
}
