/**
 * Protection of state-changing website requests (every POST).
 *
 * Two independent checks, both required:
 * 1. Same origin: the `Origin` header (sent by browsers on every POST) must
 *    equal the site's public origin; without it, `Sec-Fetch-Site` must be
 *    `same-origin`; a request with neither is refused. This stops
 *    cross-site form posts even if a token leaked.
 * 2. CSRF token, bound to the session: a random 32-byte secret lives in an
 *    HttpOnly, SameSite=Strict cookie (`__Host-` prefixed over https); each
 *    form carries HMAC-SHA256(secret, session) in its `_csrf` field, where
 *    "session" is the hash of the visitor's session token (or "anonymous").
 *    A token from one session is refused in another, and log-in, sign-up and
 *    log-out rotate the secret, so no token from before survives them.
 *    Tokens are compared in constant time.
 *
 * The API (`/v1`) is read-only and takes no cookies, so neither applies there.
 * Reasoning: OWASP CSRF Prevention Cheat Sheet ("signed double-submit cookie").
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";

declare module "fastify" {
  interface FastifyReply {
    /** The CSRF token for forms on this response's page (sets the secret cookie if needed). */
    generateCsrf(): string;
    /** Replaces the CSRF secret: every token issued before stops working. */
    rotateCsrf(): void;
  }
  interface FastifyInstance {
    /** preHandler refusing a POST without a valid token for this visitor and session. */
    csrfProtection: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: (error?: Error) => void,
    ) => void;
  }
}

export function csrfCookieName(secure: boolean): string {
  return secure ? "__Host-csrf" : "csrf";
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Secrets set earlier in this request (a rotation, or a first visit). */
const issued = new WeakMap<FastifyRequest, string>();

function tokenFor(secret: string, request: FastifyRequest): string {
  const binding = request.session?.idHash ?? "anonymous";
  return createHmac("sha256", secret).update(`csrf:${binding}`).digest("base64url");
}

function refused(): AppError {
  return new AppError("csrf_failed", "This form has expired. Reload the page and submit it again.");
}

async function csrfPlugin(app: FastifyInstance, options: { secure: boolean }) {
  const name = csrfCookieName(options.secure);
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: options.secure,
  };
  const newSecret = (reply: FastifyReply): string => {
    const secret = randomBytes(32).toString("base64url");
    issued.set(reply.request, secret);
    reply.setCookie(name, secret, cookieOptions);
    return secret;
  };
  app.decorateReply("generateCsrf", function generateCsrf(this: FastifyReply) {
    const current = issued.get(this.request) ?? this.request.cookies[name];
    const secret = current !== undefined && SECRET_SHAPE.test(current) ? current : newSecret(this);
    return tokenFor(secret, this.request);
  });
  app.decorateReply("rotateCsrf", function rotateCsrf(this: FastifyReply) {
    newSecret(this);
  });
  app.decorate(
    "csrfProtection",
    (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const secret = request.cookies[name];
      const sent = (request.body as { _csrf?: unknown } | undefined)?._csrf;
      if (secret === undefined || !SECRET_SHAPE.test(secret) || typeof sent !== "string") {
        done(refused());
        return;
      }
      const expected = Buffer.from(tokenFor(secret, request));
      const actual = Buffer.from(sent);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
        done(refused());
        return;
      }
      done();
    },
  );
}

export const csrfProtection = fp(csrfPlugin, {
  name: "csrf",
  dependencies: ["@fastify/cookie", "sessions"],
});

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
