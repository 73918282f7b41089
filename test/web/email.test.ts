/**
 * Account email through app.inject(): password reset (single use, 30
 * minutes, sessions ended, same answer for any address, throttled), the
 * address confirmation that never blocks, and the notices.
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { issueEmailToken } from "../../src/accounts/email-tokens.ts";
import { RESET_TOKEN_TTL_MS } from "../../src/accounts/password-reset.routes.ts";
import { sendExpiryNotices } from "../../src/api-keys/key-expiry.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import {
  createMemoryMailer,
  createOutboxMailer,
  deliverer,
  type MemoryMailer,
} from "../../src/mail/mailer.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { createAgent, createKeyThroughWebsite, STRONG_PASSWORD, signedUpAgent } from "./agent.ts";

const NEW_PASSWORD = "granite-meadow-bicycle-91";

async function setup() {
  const mailer = createMemoryMailer();
  const clock = createFakeClock(Date.parse("2026-11-23T10:00:00Z"));
  const database = await createTestDatabase();
  const app = await buildTestApp({ mailer, clock, database });
  return { app, mailer, clock, database };
}

function linkIn(mailer: MemoryMailer, subject: RegExp): string {
  const mail = [...mailer.sent].reverse().find((m) => subject.test(m.subject));
  const link = mail?.text.match(/http:\/\/api\.test(\/\S+)/)?.[1];
  if (link === undefined) throw new Error(`no mail with a link for ${subject}`);
  return link;
}

/** Follows the confirmation link: notices go only to a confirmed address. */
async function confirmAddress(app: Awaited<ReturnType<typeof setup>>["app"], mailer: MemoryMailer) {
  await settle(mailer, 1);
  const confirmed = await createAgent(app).get(linkIn(mailer, /Confirm your email/));
  assert.equal(confirmed.statusCode, 200);
}

async function settle(mailer: MemoryMailer, count: number) {
  for (let i = 0; i < 100 && mailer.sent.length < count; i++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("password reset", () => {
  test("a reset link sets a new password once, ends every session, and sends a notice", async () => {
    const { app, mailer, database } = await setup();
    const { agent, email } = await signedUpAgent(app);
    const other = createAgent(app);
    await other.submit("/login", "/login", { email, password: STRONG_PASSWORD });
    assert.equal((await other.get("/account")).statusCode, 200);

    const visitor = createAgent(app);
    const asked = await visitor.submit("/password/forgot", "/password/forgot", { email });
    assert.equal(asked.statusCode, 200);
    assert.match(asked.body, /If an account exists for/);
    await settle(mailer, 2);
    const link = linkIn(mailer, /Reset your password/);
    const form = await visitor.get(link);
    assert.equal(form.statusCode, 200);
    assert.equal(
      form.headers["referrer-policy"],
      "same-origin",
      "the token never leaves in a Referer",
    );
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    const stored = await database.db.selectFrom("email_tokens").select("token_hash").execute();
    assert.ok(
      stored.every((row) => row.token_hash !== token),
      "only a hash is stored",
    );

    const weak = await visitor.submit(link, "/password/reset", {
      token,
      new_password: "short",
      new_password_confirm: "short",
    });
    assert.equal(weak.statusCode, 400);
    assert.match(weak.body, /aria-invalid="true"/);
    assert.match(weak.body, /aria-describedby="new_password-error new_password-hint"/);

    const done = await visitor.submit(link, "/password/reset", {
      token,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    assert.equal(done.statusCode, 200);
    assert.match(done.body, /Password changed/);
    for (const session of [agent, other]) {
      assert.equal((await session.get("/account")).statusCode, 303, "logged out everywhere");
    }
    const again = await visitor.submit("/password/forgot", "/password/reset", {
      token,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    assert.equal(again.statusCode, 400, "single use");
    assert.match(mailer.sent.at(-1)?.subject ?? "", /Your password was changed/);
    const login = await createAgent(app).submit("/login", "/login", {
      email,
      password: NEW_PASSWORD,
    });
    assert.equal(login.statusCode, 303);
    await app.close();
  });

  test("a reset makes every instance re-check the account's cached API keys", async () => {
    const { app, mailer, database } = await setup();
    const { agent, email } = await signedUpAgent(app);
    const secret = await createKeyThroughWebsite(agent, "reset");
    const call = () =>
      app.inject({ method: "GET", url: "/v1/federal", headers: { "x-api-key": secret } });
    assert.equal((await call()).statusCode, 200, "the key is now cached");
    // Deleted behind the service's back: only a re-check can notice.
    await database.db.deleteFrom("api_keys").execute();
    assert.equal((await call()).statusCode, 200, "served from the cache");
    const visitor = createAgent(app);
    await visitor.submit("/password/forgot", "/password/forgot", { email });
    await settle(mailer, mailer.sent.length + 1);
    const link = linkIn(mailer, /Reset your password/);
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    const done = await visitor.submit(link, "/password/reset", {
      token,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    assert.equal(done.statusCode, 200);
    assert.equal((await call()).statusCode, 401, "looked up again after the reset");
    await app.close();
  });

  test("the link expires after 30 minutes", async () => {
    const { app, mailer, clock } = await setup();
    const { email } = await signedUpAgent(app);
    await createAgent(app).submit("/password/forgot", "/password/forgot", { email });
    await settle(mailer, 2);
    const link = linkIn(mailer, /Reset your password/);
    clock.advance(RESET_TOKEN_TTL_MS + 1);
    const response = await createAgent(app).get(link);
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /no longer works/);
    await app.close();
  });

  test("a password change ends every outstanding reset link; the changed password still logs in", async () => {
    const { app, mailer } = await setup();
    const { agent, email } = await signedUpAgent(app);
    const reader = createAgent(app);
    await reader.submit("/password/forgot", "/password/forgot", { email });
    await settle(mailer, 2);
    const link = linkIn(mailer, /Reset your password/);
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    assert.equal((await reader.get(link)).statusCode, 200, "the link works before the change");
    const changed = await agent.submit("/account", "/account/password", {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    assert.equal(changed.statusCode, 303);
    const opened = await reader.get(link);
    assert.equal(opened.statusCode, 400);
    assert.match(opened.body, /This link no longer works/);
    const used = await reader.submit("/password/forgot", "/password/reset", {
      token,
      new_password: "another-lantern-orchard-33",
      new_password_confirm: "another-lantern-orchard-33",
    });
    assert.equal(used.statusCode, 400);
    assert.match(used.body, /This link no longer works/);
    const login = await createAgent(app).submit("/login", "/login", {
      email,
      password: NEW_PASSWORD,
    });
    assert.equal(login.statusCode, 303, "the changed password logs in");
    await app.close();
  });

  test("a reset ends the account's other reset links", async () => {
    const { app, mailer, database } = await setup();
    const { email } = await signedUpAgent(app);
    await createAgent(app).submit("/password/forgot", "/password/forgot", { email });
    await settle(mailer, 2);
    const link = linkIn(mailer, /Reset your password/);
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    // A second live link, as another instance may have issued at that moment.
    const user = await database.db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const other = await issueEmailToken(database.db, {
      userId: user.id,
      email,
      purpose: "password_reset",
      nowMs: Date.parse("2026-11-23T10:00:00Z"),
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    await database.db
      .updateTable("email_tokens")
      .set({ used_at: null })
      .where("purpose", "=", "password_reset")
      .execute();
    const visitor = createAgent(app);
    const done = await visitor.submit(link, "/password/reset", {
      token,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    assert.equal(done.statusCode, 200);
    const late = await createAgent(app).get(`/password/reset?token=${other}`);
    assert.equal(late.statusCode, 400);
    assert.match(late.body, /This link no longer works/);
    await app.close();
  });

  test("the answer is the same for an address with no account, and nothing is sent", async () => {
    const { app, mailer } = await setup();
    const { email } = await signedUpAgent(app);
    const sentBefore = mailer.sent.length;
    const known = await createAgent(app).submit("/password/forgot", "/password/forgot", { email });
    const unknown = await createAgent(app).submit("/password/forgot", "/password/forgot", {
      email: "nobody@example.org",
    });
    const strip = (body: string) =>
      body.replace(/value="[^"]+"/g, "").replace(/<strong>[^<]+<\/strong>/, "");
    assert.equal(known.statusCode, unknown.statusCode);
    assert.equal(strip(known.body), strip(unknown.body));
    await settle(mailer, sentBefore + 1);
    assert.equal(mailer.sent.length, sentBefore + 1);
    assert.ok(mailer.sent.every((mail) => mail.to !== "nobody@example.org"));
    await app.close();
  });

  test("requests are throttled per IP with a Retry-After, and per address silently", async () => {
    const { app, mailer } = await setup();
    const { email } = await signedUpAgent(app);
    const visitor = createAgent(app);
    for (let i = 0; i < 10; i++) {
      const response = await visitor.submit("/password/forgot", "/password/forgot", { email });
      assert.equal(response.statusCode, 200);
    }
    await settle(mailer, 4);
    assert.equal(mailer.sent.filter((m) => /Reset/.test(m.subject)).length, 3, "3 per address");
    const refused = await visitor.submit("/password/forgot", "/password/forgot", { email });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    await app.close();
  });
});

describe("email confirmation never blocks", () => {
  test("a new user is logged in, can create a key at once, and is reminded until confirming", async () => {
    const { app, mailer } = await setup();
    const { agent, email } = await signedUpAgent(app);
    await settle(mailer, 1);
    assert.equal(mailer.sent[0]?.to, email);
    await createKeyThroughWebsite(agent, "first key");
    const account = await agent.get("/account");
    assert.match(account.body, /Please confirm your email address/);
    const confirmed = await createAgent(app).get(linkIn(mailer, /Confirm your email/));
    assert.equal(confirmed.statusCode, 200);
    assert.match(confirmed.body, /Email address confirmed/);
    assert.doesNotMatch((await agent.get("/account")).body, /Please confirm/);
    await app.close();
  });

  test("the reminder can send the link again", async () => {
    const { app, mailer } = await setup();
    const { agent } = await signedUpAgent(app);
    const resent = await agent.submit("/account", "/account/verify/resend", {});
    assert.equal(resent.statusCode, 303);
    assert.equal(resent.headers.location, "/account?verification=sent");
    await settle(mailer, 2);
    assert.equal(mailer.sent.filter((m) => /Confirm/.test(m.subject)).length, 2);
    await app.close();
  });
});

describe("notices (to a confirmed address)", () => {
  test("a new key, a changed password and a deleted account are each mailed", async () => {
    const { app, mailer } = await setup();
    const { agent, email } = await signedUpAgent(app);
    await confirmAddress(app, mailer);
    await createKeyThroughWebsite(agent, "notice key");
    await settle(mailer, 2);
    assert.match(mailer.sent[1]?.subject ?? "", /New API key “notice key”/);
    await agent.submit("/account", "/account/password", {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    await settle(mailer, 3);
    assert.match(mailer.sent[2]?.subject ?? "", /password was changed/);
    await agent.submit("/account", "/account/delete", {
      current_password: NEW_PASSWORD,
      confirm: "yes",
    });
    await settle(mailer, 4);
    assert.match(mailer.sent[3]?.subject ?? "", /account was deleted/);
    assert.ok(mailer.sent.every((mail) => mail.to === email));
    await app.close();
  });

  test("a key's owner is mailed once when it has a week or less to go, and the page warns", async () => {
    const { app, mailer, clock, database } = await setup();
    const { agent } = await signedUpAgent(app);
    await confirmAddress(app, mailer);
    const response = await agent.submit("/account/keys", "/account/keys", {
      name: "short-lived",
      expires: "2026-11-28",
      nonce: "0123456789abcdef0123456789abcdef",
    });
    assert.equal(response.statusCode, 201);
    assert.match(response.body, /expires in 6 days/);
    const deliver = deliverer(mailer, { error: () => {} });
    const origin = "http://api.test";
    const before = mailer.sent.length;
    assert.equal(await sendExpiryNotices(database.db, deliver, clock.now(), origin), 1);
    assert.equal(await sendExpiryNotices(database.db, deliver, clock.now(), origin), 0, "once");
    await settle(mailer, before + 1);
    assert.match(mailer.sent.at(-1)?.subject ?? "", /“short-lived” expires in 6 days/);
    assert.match(mailer.sent.at(-1)?.text ?? "", /November 28, 2026/);
    await app.close();
  });
});

describe("the outbox (no SMTP_URL)", () => {
  test("writes each mail to a file only its owner can read, and logs the file, never the links", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cls-outbox-"));
    const lines: unknown[] = [];
    const mailer = createOutboxMailer(dir, "CLS <no-reply@api.test>", {
      info: (...args: unknown[]) => void lines.push(args),
    } as never);
    const link = "http://api.test/password/reset?token=abcdefghijklmnopqrstuvwxyz0123456789";
    await mailer.send({
      to: "a@example.org",
      subject: "Reset your password",
      text: `Open ${link}`,
    });
    const [file = ""] = await readdir(dir);
    assert.ok(file.endsWith(".eml"));
    const path = join(dir, file);
    assert.match(await readFile(path, "utf8"), /token=abcdefghijklmnopqrstuvwxyz0123456789/);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    const logged = JSON.stringify(lines);
    assert.match(logged, new RegExp(file.replace(/[.]/g, "\\.")), "the log names the file");
    assert.doesNotMatch(logged, /token=|abcdefghijklmnop/, "no link in the log");
    await rm(dir, { recursive: true });
  });
});
