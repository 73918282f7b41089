/**
 * The edges a stranger probes: malformed URLs and bodies, secrets in URLs
 * and logs, hostile text in emails and key names, file permissions, the
 * website's quota, and the security event log.
 */
import assert from "node:assert/strict";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { loggerOptions } from "../../src/app.ts";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { createMemoryMailer } from "../../src/mail/mailer.ts";
import { createMetrics, renderMetrics } from "../../src/ops/metrics.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase, testConfig } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { createAgent, csrfTokenOf, STRONG_PASSWORD, signedUpAgent } from "../web/agent.ts";

function assertOurProblem(response: { headers: Record<string, unknown>; body: string }) {
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  assert.equal(typeof body.code, "string");
  assert.equal(body.request_id, response.headers["x-request-id"]);
  assert.ok(response.headers["x-content-type-options"], "security headers");
  assert.doesNotMatch(response.body, /FST_/);
  return body;
}

describe("every error is ours", () => {
  test("malformed percent-encoding and over-long parameters on /v1: problem+json, counted", async () => {
    const app = await buildTestApp();
    for (const url of ["/v1/states/%ff", "/v1/states/%", `/v1/states/${"A".repeat(101)}`]) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 400, url);
      assertOurProblem(response);
      assert.ok(response.headers["ratelimit-policy"], `${url}: rate-limit headers`);
      assert.ok(
        !response.body.includes("%ff") && !response.body.includes("AAAA"),
        "URL not echoed",
      );
    }
    await app.close();
  });

  test("the same on the website is the site's error page", async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: "/states/%ff", headers: { accept: "text/html" } });
    assert.equal(response.statusCode, 400);
    assert.match(String(response.headers["content-type"]), /^text\/html/);
    assert.match(response.body, /class="narrow error-page"/);
    assert.doesNotMatch(response.body, /FST_|%ff/);
    await app.close();
  });

  test("unsupported media type and too-large bodies on forms are ours", async () => {
    const app = await buildTestApp();
    const unsupported = await app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/xml", origin: "http://api.test" },
      payload: "email=x",
    });
    assert.equal(unsupported.statusCode, 415);
    assertOurProblem(unsupported);
    const large = await app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://api.test" },
      payload: `email=${"a".repeat(20_000)}`,
    });
    assert.equal(large.statusCode, 413);
    assertOurProblem(large);
    await app.close();
  });

  test("a 401 carries WWW-Authenticate", async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: "/v1/states",
      headers: { "x-api-key": generateApiKey() },
    });
    assert.equal(response.statusCode, 401);
    assert.match(String(response.headers["www-authenticate"]), /^ApiKey /);
    await app.close();
  });

  test("trailing-slash variants redirect (308) to the canonical path", async () => {
    const app = await buildTestApp();
    const response = await app.inject({ url: "/v1/states/?status=medical" });
    assert.equal(response.statusCode, 308);
    assert.equal(response.headers.location, "/v1/states?status=medical");
    const site = await app.inject({ url: "/states/" });
    assert.equal(site.statusCode, 308);
    assert.equal(site.headers.location, "/states");
    const sneaky = await app.inject({ url: "//evil.example/" });
    assert.notEqual(sneaky.statusCode, 308, "no open redirect");
    await app.close();
  });
});

describe("secrets never reach the log", () => {
  test("a key in a URL is redacted under any name, encoding or position", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: "info" });
    const options = loggerOptions(config) as Record<string, unknown>;
    const app = await buildTestApp({ logger: { ...options, stream } as never });
    const key = generateApiKey();
    const encoded = key.replace("_", "%5F");
    const urls = [
      `/v1/states?api%5Fkey=${key}`,
      `/v1/states?token=${key}`,
      `/v1/states?token=${encoded}`,
      `/v1/${key}`,
      `/v1/states/${key.slice(4)}`,
      `/states?q=${encodeURIComponent(encodeURIComponent(key))}`,
    ];
    for (const url of urls) await app.inject({ url });
    await app.close();
    const log = lines.join("");
    assert.ok(log.includes("[REDACTED]"), "something was redacted");
    for (const secret of [key, key.slice(4), key.slice(4, 26), encoded])
      assert.ok(!log.includes(secret), `log holds ${secret}`);
  });

  test("opening a reset link and a confirmation link logs neither token, nor any CSRF token", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMemoryMailer();
    const metrics = createMetrics();
    const config = testConfig({ LOG_LEVEL: "info" });
    const options = loggerOptions(config) as Record<string, unknown>;
    const app = await buildTestApp({ mailer, metrics, logger: { ...options, stream } as never });
    const { agent, email } = await signedUpAgent(app);
    await createAgent(app).submit("/password/forgot", "/password/forgot", { email });
    await until("the confirmation and the reset mail", () => mailer.sent.length >= 2);
    const links = mailer.sent.map((mail) => mail.text.match(/http:\/\/api\.test(\/\S+)/)?.[1]);
    const reset = links.find((link) => link?.startsWith("/password/reset?token="));
    const confirm = links.find((link) => link?.startsWith("/account/verify?token="));
    assert.ok(reset !== undefined && confirm !== undefined, "both links were mailed");
    const tokens = [reset, confirm].map(
      (link) => new URL(link as string, "http://x").searchParams.get("token") as string,
    );
    // Opened as a mail client does; the reset page's form, then the CSRF token in a URL.
    const page = await createAgent(app).get(reset as string);
    assert.equal(page.statusCode, 200);
    const csrf = csrfTokenOf(page.body);
    assert.equal((await agent.get(confirm as string)).statusCode, 200);
    await app.inject({ url: `/password/reset?token=${tokens[0]}&_csrf=${csrf}` });
    await app.inject({ url: `/password/reset?token=${encodeURIComponent(tokens[0] as string)}x` });
    await app.close();
    const log = lines.join("");
    assert.match(log, /"url":"\/password\/reset\?token=\[REDACTED\]"/, "the request is logged");
    assert.match(log, /"url":"\/account\/verify\?token=\[REDACTED\]"/, "the request is logged");
    const scraped = (await renderMetrics(metrics)).body;
    for (const secret of [...tokens, csrf] as string[]) {
      for (const part of [secret, secret.slice(0, 16), secret.slice(-16)]) {
        assert.ok(!log.includes(part), `the log holds ${part}`);
        assert.ok(!scraped.includes(part), `the metrics hold ${part}`);
      }
    }
  });
});

describe("files and input", () => {
  test("the database, its -wal and -shm, are 0600 in a 0700 folder", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "cls-perm-")), "var");
    const path = join(dir, "cls.db");
    const database = createDatabase(`sqlite:${path}`);
    await migrateToLatest(database.db);
    await insertUserWithKey(database.db);
    for (const file of [path, `${path}-wal`, `${path}-shm`])
      assert.equal(statSync(file).mode & 0o777, 0o600, file);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    await database.close();
  });

  test("emails: no control characters; NFC and case make one account", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const signup = (email: string) =>
      createAgent(app, { remoteAddress: `192.0.2.${Math.floor(Math.random() * 250) + 1}` }).submit(
        "/signup",
        "/signup",
        { email, password: STRONG_PASSWORD, password_confirm: STRONG_PASSWORD },
      );
    for (const bad of ["\0@x.org", "a\u202e@x.org", "a\u200b@example.org", "a b@example.org"]) {
      const response = await signup(bad);
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.match(response.body, /aria-invalid="true"/);
    }
    assert.equal((await signup("Jose\u0301@Example.ORG")).statusCode, 303);
    assert.equal((await signup("jos\u00e9@example.org")).statusCode, 409, "same account once NFC");
    const rows = await database.db.selectFrom("users").select("email").execute();
    assert.deepEqual(
      rows.map((row) => row.email),
      ["jos\u00e9@example.org"],
    );
    await app.close();
    await database.close();
  });

  test("key names: no bidi controls, not invisible, marks limited, length as seen", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    let n = 0;
    const create = (name: string) =>
      agent.submit("/account/keys", "/account/keys", {
        name,
        nonce: (n++).toString(16).padStart(32, "0"),
      });
    for (const bad of ["evil\u202Etxt.exe", "\u200b\u200c\u200d", `a${"\u0301".repeat(100)}`]) {
      const response = await create(bad);
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.match(
        response.body,
        /id="key-name" name="name" type="text" value="[^"]*" aria-invalid="true" aria-describedby="key-name-error key-name-hint"/,
      );
    }
    assert.equal((await create("e\u0301".repeat(100))).statusCode, 201, "100 characters as seen");
    await app.close();
  });
});

describe("the website has a quota", () => {
  test("pages and the reference count per client, static assets do not; the API's quota is apart", async () => {
    const app = await buildTestApp({}, { WEB_RATE_LIMIT: "5" });
    for (const url of ["/", "/states", "/assets/site.css", "/states/CA", "/errors", "/docs"])
      assert.equal((await app.inject({ url })).statusCode, 200, url);
    const refused = await app.inject({ url: "/states", headers: { accept: "text/html" } });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assert.equal((await app.inject({ url: "/v1/states" })).statusCode, 200, "the API is apart");
    const other = await app.inject({ url: "/states", remoteAddress: "198.51.100.1" });
    assert.equal(other.statusCode, 200, "another client is served");
    await app.close();
  });
});

describe("security events are logged", () => {
  test("failed and successful log-ins, key created and deleted: user id and client network, no secret", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildTestApp({ logger: { level: "info", stream } as never });
    const { agent, email } = await signedUpAgent(app);
    await createAgent(app, { remoteAddress: "2001:db8:5:6::9" }).submit("/login", "/login", {
      email,
      password: "not-the-password-1",
    });
    await agent.submit("/account/keys", "/account/keys", { name: "k", nonce: "c".repeat(32) });
    await app.close();
    const events = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.security_event !== undefined);
    const names = events.map((event) => event.security_event);
    for (const name of ["signup", "login_failed", "api_key_created"])
      assert.ok(names.includes(name), `${name} in ${names.join(",")}`);
    const failed = events.find((event) => event.security_event === "login_failed");
    assert.equal(failed?.client, "ip6:2001:db8:5:6::/64");
    assert.equal(typeof failed?.user_id, "string");
    const all = lines.join("");
    for (const secret of [STRONG_PASSWORD, "not-the-password-1", email])
      assert.ok(!all.includes(secret), `log holds ${secret}`);
  });
});
