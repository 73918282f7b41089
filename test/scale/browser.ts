/**
 * A website visitor over real HTTP, for the multi-instance tests: keeps its
 * cookies, sends the site's Origin on POSTs and fills in each form's CSRF
 * token — against whichever instance (or nginx) it is pointed at.
 */
import { randomBytes } from "node:crypto";
import { type Answer, send } from "./harness.ts";

export type Visitor = {
  cookies: Map<string, string>;
  get: (port: number, path: string) => Promise<Answer>;
  /** GETs `page` on `port` and POSTs `fields` (+ its CSRF token and nonce) to `action` on the same port. */
  submit: (
    port: number,
    page: string,
    action: string,
    fields: Record<string, string>,
  ) => Promise<Answer>;
};

let visitors = 0;

/** A visitor with its own loopback source address (127.0.200.x), so per-IP throttles see separate people. */
export function createVisitor(origin: string): Visitor {
  const from = `127.0.${200 + Math.floor(visitors / 250)}.${(visitors++ % 250) + 1}`;
  const cookies = new Map<string, string>();
  const remember = (answer: Answer) => {
    const setCookie = answer.headers["set-cookie"] ?? [];
    for (const line of setCookie) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return answer;
  };
  const cookieHeader = (): Record<string, string> =>
    cookies.size === 0 ? {} : { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  const get = async (port: number, path: string) =>
    remember(await send(port, path, { from, headers: { accept: "text/html", ...cookieHeader() } }));
  return {
    cookies,
    get,
    async submit(port, page, action, fields) {
      const form = await get(port, page);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1];
      if (csrf === undefined) throw new Error(`no CSRF token on ${page} (${form.status})`);
      const nonce =
        /name="nonce" value="([^"]+)"/.exec(form.body)?.[1] ?? randomBytes(16).toString("hex");
      const body = new URLSearchParams({ _csrf: csrf, nonce, ...fields }).toString();
      return remember(
        await send(port, action, {
          from,
          method: "POST",
          body,
          headers: {
            accept: "text/html",
            origin,
            "content-type": "application/x-www-form-urlencoded",
            ...cookieHeader(),
          },
        }),
      );
    },
  };
}

/** Signs up a fresh account through `port`; the visitor holds its session. */
export async function signUp(
  visitor: Visitor,
  port: number,
): Promise<{ email: string; password: string }> {
  const email = `scale-${randomBytes(6).toString("hex")}@example.org`;
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const answer = await visitor.submit(port, "/signup", "/signup", {
    email,
    password,
    password_confirm: password,
  });
  if (answer.status !== 303) throw new Error(`sign-up answered ${answer.status}`);
  return { email, password };
}

/** Creates a key on the API keys page through `port`; returns its secret and id. */
export async function createKey(
  visitor: Visitor,
  port: number,
): Promise<{ secret: string; id: string }> {
  const answer = await visitor.submit(port, "/account/keys", "/account/keys", {
    name: `k${Date.now()}`,
  });
  const secret = /cls_[0-9A-Za-z]{20,}/.exec(answer.body)?.[0];
  if (answer.status !== 201 || secret === undefined)
    throw new Error(`key creation answered ${answer.status}`);
  const list = await visitor.get(port, "/account/keys");
  const ids = [...list.body.matchAll(/\/account\/keys\/([0-9a-f-]{36})\/delete/g)].map(
    (m) => m[1] as string,
  );
  const id = ids[0];
  if (id === undefined) throw new Error("the new key is not listed");
  return { secret, id };
}
