import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import {
  createAgent,
  createKeyThroughWebsite,
  ORIGIN,
  STRONG_PASSWORD,
  signedUpAgent,
} from "./agent.ts";

const MINUTE = 60_000;

describe("accounts (happy)", () => {
  test("sign-up logs in with an HttpOnly, SameSite=Lax session cookie and shows the profile menu", async () => {
    const app = await buildTestApp();
    const agent = createAgent(app);
    const response = await agent.submit("/signup", "/signup", {
      email: "Ada@Example.org",
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
    });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, "/account/keys");
    const cookie = response.cookies.find((c) => c.name === "session");
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, "Lax");
    assert.equal(cookie.path, "/");
    assert.notEqual(cookie.secure, true, "plain http in local development");
    const page = await agent.get("/account/keys");
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /class="profile-menu"/);
    for (const item of ['href="/account/keys"', 'href="/account"', 'action="/logout"'])
      assert.ok(page.body.includes(item), item);
    assert.match(page.body, /ada@example\.org/);
    await app.close();
  });

  test("over https the cookies are Secure and __Host- prefixed", async () => {
    const app = await buildTestApp({}, { PUBLIC_BASE_URL: "https://cls.example" });
    const signup = await app.inject({ url: "/signup", headers: { accept: "text/html" } });
    const csrfCookie = signup.cookies.find((c) => c.name === "__Host-csrf");
    assert.ok(csrfCookie?.secure);
    const token = /name="_csrf" value="([^"]+)"/.exec(signup.body)?.[1] ?? "";
    const response = await app.inject({
      method: "POST",
      url: "/signup",
      headers: {
        origin: "https://cls.example",
        "content-type": "application/x-www-form-urlencoded",
        cookie: `__Host-csrf=${csrfCookie?.value}`,
      },
      payload: new URLSearchParams({
        _csrf: token,
        email: "s@example.org",
        password: STRONG_PASSWORD,
        password_confirm: STRONG_PASSWORD,
      }).toString(),
    });
    assert.equal(response.statusCode, 303);
    const session = response.cookies.find((c) => c.name === "__Host-session");
    assert.ok(session?.secure && session.httpOnly && session.path === "/");
    await app.close();
  });

  test("log out ends the session; log in starts a new one with a new token and follows next", async () => {
    const app = await buildTestApp();
    const { agent, email } = await signedUpAgent(app);
    const first = agent.cookies.get("session");
    const out = await agent.submit("/account", "/logout", {});
    assert.equal(out.statusCode, 303);
    assert.equal(agent.cookies.has("session"), false);
    const blocked = await agent.get("/account/keys");
    assert.equal(blocked.statusCode, 303);
    assert.equal(blocked.headers.location, "/login?next=%2Faccount%2Fkeys");
    const login = await agent.submit("/login?next=/account", "/login", {
      email,
      password: STRONG_PASSWORD,
      next: "/account",
    });
    assert.equal(login.statusCode, 303);
    assert.equal(login.headers.location, "/account");
    assert.notEqual(agent.cookies.get("session"), first);
    assert.equal((await agent.get("/account")).statusCode, 200);
    await app.close();
  });

  test("a session token is stored only as its SHA-256; passwords as argon2id m=19 MiB, t=2, p=1", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    const token = agent.cookies.get("session") ?? "";
    const sessions = await database.db.selectFrom("sessions").selectAll().execute();
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]?.id_hash, createHash("sha256").update(token).digest("hex"));
    assert.ok(!JSON.stringify(sessions).includes(token));
    const user = await database.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
    assert.match(user.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.ok(!user.password_hash.includes(STRONG_PASSWORD));
    await app.close();
    await database.close();
  });

  test("changing the password ends the user's other sessions and keeps this one", async () => {
    const app = await buildTestApp();
    const { agent, email } = await signedUpAgent(app);
    const other = createAgent(app);
    await other.submit("/login", "/login", { email, password: STRONG_PASSWORD });
    assert.equal((await other.get("/account")).statusCode, 200);
    const newPassword = "quiet-meadow-lantern-88";
    const changed = await agent.submit("/account", "/account/password", {
      current_password: STRONG_PASSWORD,
      new_password: newPassword,
      new_password_confirm: newPassword,
    });
    assert.equal(changed.statusCode, 303);
    assert.equal((await agent.get("/account")).statusCode, 200);
    assert.equal((await other.get("/account")).statusCode, 303, "the other session ended");
    const oldLogin = await createAgent(app).submit("/login", "/login", {
      email,
      password: STRONG_PASSWORD,
    });
    assert.equal(oldLogin.statusCode, 401);
    const newLogin = await createAgent(app).submit("/login", "/login", {
      email,
      password: newPassword,
    });
    assert.equal(newLogin.statusCode, 303);
    await app.close();
  });

  test("deleting the account removes its keys and sessions", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent, email } = await signedUpAgent(app);
    await agent.submit("/account/keys", "/account/keys", { name: "ci", nonce: "a".repeat(32) });
    assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 1);
    const refused = await agent.submit("/account", "/account/delete", {
      current_password: STRONG_PASSWORD,
    });
    assert.equal(refused.statusCode, 400, "the confirmation box is required");
    const deleted = await agent.submit("/account", "/account/delete", {
      current_password: STRONG_PASSWORD,
      confirm: "yes",
    });
    assert.equal(deleted.statusCode, 303);
    assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 0);
    assert.equal((await database.db.selectFrom("sessions").selectAll().execute()).length, 0);
    assert.equal(
      (await createAgent(app).submit("/login", "/login", { email, password: STRONG_PASSWORD }))
        .statusCode,
      401,
    );
    await app.close();
    await database.close();
  });
});

describe("accounts (errors)", () => {
  for (const [name, fields, message] of [
    ["a short password", { password: "short-pass", password_confirm: "short-pass" }, /at least 12/],
    [
      "a common password",
      { password: "password1234", password_confirm: "password1234" },
      /too common/,
    ],
    [
      "a repeated common word",
      { password: "qwertyqwerty", password_confirm: "qwertyqwerty" },
      /too common/,
    ],
    [
      "mismatched passwords",
      { password: STRONG_PASSWORD, password_confirm: `${STRONG_PASSWORD}x` },
      /do not match/,
    ],
    ["an invalid email", { email: "not-an-email" }, /valid email/],
  ] as const) {
    test(`sign-up refuses ${name} and keeps the form`, async () => {
      const app = await buildTestApp();
      const response = await createAgent(app).submit("/signup", "/signup", {
        email: "new@example.org",
        password: STRONG_PASSWORD,
        password_confirm: STRONG_PASSWORD,
        ...fields,
      });
      assert.equal(response.statusCode, 400);
      assert.match(response.body, message);
      assert.match(response.body, /<form method="post" action="\/signup"/);
      await app.close();
    });
  }

  test("sign-up says when an email is taken", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const response = await createAgent(app).submit("/signup", "/signup", {
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
    });
    assert.equal(response.statusCode, 409);
    assert.match(response.body, /already exists/);
    await app.close();
  });

  test("a failed log-in gets the same generic error for a wrong password and an unknown email", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const wrong = await createAgent(app).submit("/login", "/login", {
      email,
      password: "wrong-password-123",
    });
    const unknown = await createAgent(app).submit("/login", "/login", {
      email: "nobody@example.org",
      password: "wrong-password-123",
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    const message = (body: string) => /class="alert alert-error"[^>]*>([^<]+)</.exec(body)?.[1];
    assert.equal(message(wrong.body), "Email or password is incorrect.");
    assert.equal(message(unknown.body), message(wrong.body));
    await app.close();
  });

  test("after log-in, only same-site paths are followed", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const response = await createAgent(app).submit("/login", "/login", {
        email,
        password: STRONG_PASSWORD,
        next,
      });
      assert.equal(response.headers.location, "/account/keys", next);
    }
    await app.close();
  });
});

describe("accounts (security)", () => {
  test("a POST without the CSRF token is refused with 403", async () => {
    const app = await buildTestApp();
    const agent = createAgent(app);
    await agent.get("/signup");
    const response = await agent.post("/signup", {
      email: "x@example.org",
      password: STRONG_PASSWORD,
      password_confirm: STRONG_PASSWORD,
    });
    assert.equal(response.statusCode, 403);
    assert.match(String(response.headers["content-type"]), /text\/html/);
    assert.match(response.body, /csrf_failed/);
    await app.close();
  });

  test("a POST from another origin, or with no origin information, is refused even with a valid token", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    const page = await agent.get("/account");
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const evil = await agent.post("/logout", { _csrf: token }, { origin: "https://evil.example" });
    assert.equal(evil.statusCode, 403);
    assert.match(evil.body, /cross_origin_refused/);
    const none = await agent.post("/logout", { _csrf: token }, { origin: "" });
    assert.equal(none.statusCode, 403);
    const fetchSite = await agent.post(
      "/logout",
      { _csrf: token },
      { origin: "", "sec-fetch-site": "same-origin" },
    );
    assert.equal(
      fetchSite.statusCode,
      303,
      "Sec-Fetch-Site: same-origin stands in for a missing Origin",
    );
    await app.close();
  });

  test("an X-API-Key header never authorizes the website", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    const key = await createKeyThroughWebsite(agent, "k");
    assert.match(key, /^cls_/);
    const anonymous = createAgent(app);
    for (const url of ["/account/keys", "/account"]) {
      const response = await anonymous.get(url, { "x-api-key": key });
      assert.equal(response.statusCode, 303, url);
      assert.match(String(response.headers.location), /^\/login/);
    }
    await app.close();
  });

  test("log-ins are throttled per account with an exact Retry-After, and allowed again after the window", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock });
    const { email } = await signedUpAgent(app);
    for (let i = 0; i < 5; i++) {
      clock.advance(MINUTE);
      assert.equal(
        (
          await createAgent(app).submit("/login", "/login", {
            email,
            password: "wrong-password-123",
          })
        ).statusCode,
        401,
      );
    }
    const refused = await createAgent(app).submit("/login", "/login", {
      email,
      password: STRONG_PASSWORD,
    });
    assert.equal(refused.statusCode, 429, "even the right password waits");
    assert.equal(
      refused.headers["retry-after"],
      String(11 * 60),
      "the first failure leaves the 15-minute window in 11 minutes",
    );
    clock.advance(11 * MINUTE);
    assert.equal(
      (await createAgent(app).submit("/login", "/login", { email, password: STRONG_PASSWORD }))
        .statusCode,
      303,
    );
    await app.close();
  });

  test("log-ins are throttled per IP across accounts", async () => {
    const app = await buildTestApp();
    for (let i = 0; i < 20; i++) {
      const response = await createAgent(app).submit("/login", "/login", {
        email: `u${i}@example.org`,
        password: "wrong-password-123",
      });
      assert.equal(response.statusCode, 401);
    }
    const refused = await createAgent(app).submit("/login", "/login", {
      email: "fresh@example.org",
      password: "wrong-password-123",
    });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    await app.close();
  });

  test("sessions expire after 7 idle days and 30 days in all", async () => {
    const clock = createFakeClock();
    const app = await buildTestApp({ clock });
    const { agent, email } = await signedUpAgent(app);
    clock.advance(7 * 24 * 60 * MINUTE - MINUTE);
    assert.equal((await agent.get("/account")).statusCode, 200, "used just before the idle limit");
    clock.advance(7 * 24 * 60 * MINUTE);
    assert.equal((await agent.get("/account")).statusCode, 303, "idle for 7 days");

    await agent.submit("/login", "/login", { email, password: STRONG_PASSWORD });
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * 60 * MINUTE);
      assert.equal((await agent.get("/account")).statusCode, 200, `day ${day + 1}`);
    }
    clock.advance(24 * 60 * MINUTE);
    assert.equal((await agent.get("/account")).statusCode, 303, "30 days after log-in");
    await app.close();
  });

  test("account pages are never cached", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    for (const url of ["/account", "/account/keys", "/login", "/signup"]) {
      assert.equal((await agent.get(url)).headers["cache-control"], "no-store", url);
    }
    await app.close();
  });

  test("website pages are not opened to other origins by CORS", async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: "/login",
      headers: { origin: ORIGIN.replace("api", "evil") },
    });
    assert.equal(response.headers["access-control-allow-origin"], undefined);
    await app.close();
  });
});
