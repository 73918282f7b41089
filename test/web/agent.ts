/**
 * A browser stand-in over app.inject(): keeps cookies between requests,
 * sends the site's Origin on POSTs, and fills each form's CSRF token from
 * the page it came from — so tests exercise the same checks a browser meets.
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "../helpers.ts";

export const ORIGIN = "http://api.test";

export type Agent = {
  cookies: Map<string, string>;
  get: (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** GETs `pageUrl`, then POSTs `fields` to `action` with the page's CSRF token. */
  submit: (
    pageUrl: string,
    action: string,
    fields: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  post: (
    url: string,
    fields: Record<string, string>,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
};

export function csrfTokenOf(body: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(body);
  if (match === null) throw new Error("no CSRF token on the page");
  return match[1] as string;
}

/**
 * `remoteAddress`: the client address the app sees (default 127.0.0.1);
 * `origin`: the site's origin its POSTs come from (default ORIGIN, the test
 * app's PUBLIC_BASE_URL).
 */
export function createAgent(
  app: TestApp,
  agentOptions: { remoteAddress?: string; origin?: string } = {},
): Agent {
  const cookies = new Map<string, string>();
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === "") cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const send = async (options: InjectOptions) => {
    const headers = Object.fromEntries(
      Object.entries((options.headers ?? {}) as Record<string, string>).filter(
        ([, value]) => value !== "",
      ),
    );
    if (cookies.size > 0) headers.cookie = cookieHeader();
    const from = agentOptions.remoteAddress;
    return remember(
      await app.inject({ ...options, headers, ...(from ? { remoteAddress: from } : {}) }),
    );
  };
  const post = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    send({
      method: "POST",
      url,
      headers: {
        origin: agentOptions.origin ?? ORIGIN,
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  return {
    cookies,
    get: (url, headers = {}) =>
      send({ method: "GET", url, headers: { accept: "text/html", ...headers } }),
    post,
    async submit(pageUrl, action, fields) {
      const page = await send({ method: "GET", url: pageUrl, headers: { accept: "text/html" } });
      return post(action, { _csrf: csrfTokenOf(page.body), ...fields });
    },
  };
}

export const STRONG_PASSWORD = "violet-harbor-tractor-57";

/** Signs a new user up through the form; returns the agent, logged in. */
export async function signedUpAgent(
  app: TestApp,
  email = `user${Math.random().toString(36).slice(2)}@example.org`,
  agentOptions: { origin?: string } = {},
) {
  const agent = createAgent(app, agentOptions);
  const response = await agent.submit("/signup", "/signup", {
    email,
    password: STRONG_PASSWORD,
    password_confirm: STRONG_PASSWORD,
  });
  if (response.statusCode !== 303)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return { agent, email };
}

/** The secret shown on the page that created a key, or null if none is shown. */
export function secretOf(body: string): string | null {
  return /id="new-key"[^>]*>([^<]+)</.exec(body)?.[1] ?? null;
}

/** Creates a key through the API keys form and returns its secret (fails if none is shown). */
export async function createKeyThroughWebsite(agent: Agent, name: string): Promise<string> {
  const nonce = randomBytes(16).toString("hex");
  const response = await agent.submit("/account/keys", "/account/keys", { name, nonce });
  const secret = secretOf(response.body);
  if (secret === null) throw new Error(`no key shown: ${response.statusCode}`);
  return secret;
}
