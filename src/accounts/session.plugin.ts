/**
 * Resolves the browser session on every request that carries the session
 * cookie, and sets `request.session` (null when logged out). Requests
 * without the cookie — every API client — cost nothing here. An
 * `X-API-Key` header is ignored: it never authorizes anything on the website.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { isApiPath } from "../http/api-path.ts";
import type { Clock } from "../lib/clock.ts";
import { seeOther } from "../web/account-area.ts";
import { SESSION_MAX_MS, type Session, sessionCookieName, validateSession } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in browser session, or null. Set for every request. */
    session: Session | null;
  }
}

export type SessionPluginOptions = { db: Database; clock: Clock; secure: boolean };

export type SessionCookies = {
  set: (reply: FastifyReply, token: string) => void;
  clear: (reply: FastifyReply) => void;
};

export function sessionCookies(secure: boolean): SessionCookies {
  const name = sessionCookieName(secure);
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  return {
    set: (reply, token) => {
      reply.setCookie(name, token, { ...options, maxAge: Math.floor(SESSION_MAX_MS / 1000) });
    },
    clear: (reply) => {
      reply.clearCookie(name, options);
    },
  };
}

async function sessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  const name = sessionCookieName(options.secure);
  const cookies = sessionCookies(options.secure);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    request.session = null;
    if (isApiPath(request.url)) return;
    const token = request.cookies[name];
    if (token === undefined || token === "") return;
    try {
      request.session = await validateSession(options.db, token, options.clock);
    } catch (cause) {
      throw new AppError(
        "service_unavailable",
        "Accounts are unavailable right now. The map and the API still work; please retry shortly.",
        {
          cause,
        },
      );
    }
    if (request.session === null) cookies.clear(reply);
  });
}

/**
 * preHandler for every logged-in POST: without a live session the form
 * does nothing and the browser goes to the log-in page. Handlers behind it
 * read the session with `sessionOf`.
 */
export async function requireSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  if (request.session !== null) return;
  return seeOther(reply, "/login");
}

/** The session of a request that passed `requireSession` or `requireLogin`. */
export function sessionOf(request: FastifyRequest): Session {
  if (request.session === null)
    throw new Error("sessionOf() used on a route without requireSession");
  return request.session;
}

/** preHandler for pages that need a logged-in user: otherwise, off to the log-in page and back. */
export async function requireLogin(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.session !== null) return;
  return seeOther(reply, `/login?next=${encodeURIComponent(request.url)}`);
}

export const sessions = fp(sessionPlugin, { name: "sessions", dependencies: ["@fastify/cookie"] });
