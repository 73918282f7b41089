/**
 * Attacks on accounts, as a stranger would run them: locking an owner out,
 * rotating addresses inside one IPv6 /64, guessing a password with a stolen
 * session, piling up sessions, forging forms; probing which addresses are
 * registered; beating the per-user caps with concurrent requests (on
 * PostgreSQL too); making the service mail someone else; keeping a foothold
 * in an account whose real owner later claims it by password reset.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { createPasswordGate } from "../../src/accounts/password-gate.ts";
import { deleteExpiredSessions, MAX_SESSIONS_PER_USER } from "../../src/accounts/sessions.ts";
import { MAX_KEYS_PER_USER } from "../../src/api-keys/api-keys.pages.ts";
import { ATTEMPT_POLICIES } from "../../src/app.ts";
import { createDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { AppError } from "../../src/errors.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { createMemoryMailer, type MemoryMailer } from "../../src/mail/mailer.ts";
import { MAX_ENDPOINTS_PER_USER } from "../../src/webhooks/webhooks.pages.ts";
import { buildTestApp, createTestDatabase, type TestApp } from "../helpers.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../support/backends.ts";
import { until } from "../support/wait.ts";
import {
  type Agent,
  createAgent,
  createKeyThroughWebsite,
  csrfTokenOf,
  ORIGIN,
  STRONG_PASSWORD,
  signedUpAgent,
} from "../web/agent.ts";

const WRONG = "wrong-password-123";

describe("log-in throttles cannot be turned on the owner", () => {
  test("a stranger's failures do not refuse the owner's right password from another client", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const stranger = "203.0.113.7";
    for (let i = 0; i < 8; i++) {
      const response = await createAgent(app, { remoteAddress: stranger }).submit(
        "/login",
        "/login",
        { email, password: WRONG },
      );
      assert.equal(response.statusCode, i < 5 ? 401 : 429, `stranger attempt ${i + 1}`);
    }
    const owner = await createAgent(app, { remoteAddress: "198.51.100.20" }).submit(
      "/login",
      "/login",
      { email, password: STRONG_PASSWORD },
    );
    assert.equal(owner.statusCode, 303, "the owner logs in");
    await app.close();
  });

  test("addresses in one IPv6 /64 are one client for failed log-ins", async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await createAgent(app, { remoteAddress: `2001:db8:1:2::${i + 1}` }).submit(
        "/login",
        "/login",
        { email: `nobody${i}@example.org`, password: WRONG },
      );
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(401));
    assert.deepEqual(statuses.slice(20), Array(10).fill(429));
    await app.close();
  });

  test("addresses in one IPv6 /64 are one client for sign-ups", async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await createAgent(app, { remoteAddress: `2001:db8:9:9:${i}::1` }).submit(
        "/signup",
        "/signup",
        {
          email: `new${i}@example.org`,
          password: STRONG_PASSWORD,
          password_confirm: STRONG_PASSWORD,
        },
      );
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429, 429, 429]);
    await app.close();
  });

  test("successful log-ins count toward the per-client ceiling", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const statuses = new Set<number>();
    for (let i = 0; i < 31; i++) {
      const response = await createAgent(app, { remoteAddress: "192.0.2.50" }).submit(
        "/login",
        "/login",
        { email, password: STRONG_PASSWORD },
      );
      if (i < 30) assert.equal(response.statusCode, 303, `log-in ${i + 1}`);
      else statuses.add(response.statusCode);
    }
    assert.deepEqual([...statuses], [429]);
    await app.close();
  });
});

describe("current-password checks are throttled", () => {
  for (const form of ["/account/password", "/account/delete"] as const) {
    test(`${form}: guesses with a stolen session stop after 5`, async () => {
      const app = await buildTestApp();
      const { agent } = await signedUpAgent(app);
      const fields: Record<string, string> =
        form === "/account/password"
          ? { new_password: "brand-new-phrase-4471", new_password_confirm: "brand-new-phrase-4471" }
          : { confirm: "yes" };
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await agent.submit("/account", form, {
          current_password: `${WRONG}${i}`,
          ...fields,
        });
        statuses.push(response.statusCode);
      }
      assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429, 429]);
      const right = await agent.submit("/account", form, {
        current_password: STRONG_PASSWORD,
        ...fields,
      });
      assert.equal(right.statusCode, 429, "even the right password waits in this session");
      assert.ok(Number(right.headers["retry-after"]) > 0);
      await app.close();
    });
  }
});

describe("sessions are bounded", () => {
  test(`a user holds at most ${MAX_SESSIONS_PER_USER} sessions; the oldest end`, async () => {
    const clock = createFakeClock();
    const database = await createTestDatabase();
    const app = await buildTestApp({ database, clock });
    const { email, agent: first } = await signedUpAgent(app);
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 4; i++) {
      clock.advance(1000);
      const response = await createAgent(app, { remoteAddress: `192.0.2.${i + 1}` }).submit(
        "/login",
        "/login",
        { email, password: STRONG_PASSWORD },
      );
      assert.equal(response.statusCode, 303);
    }
    const rows = await database.db.selectFrom("sessions").selectAll().execute();
    assert.equal(rows.length, MAX_SESSIONS_PER_USER);
    assert.equal((await first.get("/account")).statusCode, 303, "the oldest session ended");
    await app.close();
    await database.close();
  });

  test("expired sessions are deleted by the sweep", async () => {
    const clock = createFakeClock();
    const database = await createTestDatabase();
    const app = await buildTestApp({ database, clock });
    await signedUpAgent(app);
    await signedUpAgent(app, "second@example.org");
    assert.equal(await deleteExpiredSessions(database.db, clock), 0);
    clock.advance(8 * 24 * 60 * 60_000);
    assert.equal(await deleteExpiredSessions(database.db, clock), 2);
    assert.equal((await database.db.selectFrom("sessions").selectAll().execute()).length, 0);
    await app.close();
    await database.close();
  });
});

describe("the password gate", () => {
  test("runs at most `concurrency` jobs, serves clients in turn, and refuses beyond the queue", async () => {
    const gate = createPasswordGate({ concurrency: 1, maxQueued: 3, maxWaitMs: 60_000 });
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => resolve(name));
      });
    const done = [
      gate.run("flood", job("f1")),
      gate.run("flood", job("f2")),
      gate.run("flood", job("f3")),
      gate.run("owner", job("o1")),
    ];
    await assert.rejects(gate.run("flood", job("f4")), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.status, 503);
      assert.ok(Number(error.headers["retry-after"]) > 0);
      return true;
    });
    assert.deepEqual(gate.load(), { running: 1, queued: 3 });
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(done);
    assert.deepEqual(
      order,
      ["f1", "f2", "o1", "f3"],
      "the owner does not wait for the whole flood",
    );
  });
});

describe("CSRF tokens are bound to the session", () => {
  test("a token issued before log-in is refused after it (rotated)", async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const agent = createAgent(app);
    const before = csrfTokenOf((await agent.get("/login")).body);
    const login = await agent.post("/login", { _csrf: before, email, password: STRONG_PASSWORD });
    assert.equal(login.statusCode, 303);
    const stale = await agent.post("/account/keys", {
      _csrf: before,
      name: "x",
      nonce: "a".repeat(32),
    });
    assert.equal(stale.statusCode, 403);
    await app.close();
  });

  test("a token from one session is refused in another with the same CSRF cookie", async () => {
    const app = await buildTestApp();
    const alice = await signedUpAgent(app);
    const bob = await signedUpAgent(app);
    const aliceToken = csrfTokenOf((await alice.agent.get("/account")).body);
    const csrfCookie = alice.agent.cookies.get("csrf") ?? "";
    const response = await app.inject({
      method: "POST",
      url: "/account/keys",
      headers: {
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        cookie: `csrf=${csrfCookie}; session=${bob.agent.cookies.get("session")}`,
      },
      payload: new URLSearchParams({
        _csrf: aliceToken,
        name: "x",
        nonce: "b".repeat(32),
      }).toString(),
    });
    assert.equal(response.statusCode, 403);
    await app.close();
  });
});

describe("sign-up tells whether an address is registered, slowly (a documented trade-off)", () => {
  test(`a taken address is answered 409; every probe counts: ${ATTEMPT_POLICIES.signupsPerClient.limit} an hour per client, an IPv6 /64 as one`, async () => {
    const app = await buildTestApp();
    const { email } = await signedUpAgent(app);
    const probe = (address: string, remoteAddress: string) =>
      createAgent(app, { remoteAddress }).submit("/signup", "/signup", {
        email: address,
        password: STRONG_PASSWORD,
        password_confirm: STRONG_PASSWORD,
      });
    const taken = await probe(email, "2001:db8:77:1::1");
    assert.equal(taken.statusCode, 409);
    assert.match(taken.body, /An account with this email already exists/);
    const statuses = [taken.statusCode];
    for (let i = 0; i < 6; i++) {
      // Other addresses of the same /64, taken or not: one budget.
      const response = await probe(
        i % 2 === 0 ? email : `probe${i}@example.org`,
        `2001:db8:77:1::${i + 2}`,
      );
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [409, 409, 303, 409, 303, 429, 429]);
    const refused = await probe(email, "2001:db8:77:1:ffff::9");
    assert.equal(refused.statusCode, 429, "a taken address gets the same 429, no answer");
    assert.doesNotMatch(refused.body, /already exists/);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assert.equal(ATTEMPT_POLICIES.signupsPerClient.windowMs, 60 * 60_000);
    await app.close();
  });
});

/** A PostgreSQL database of its own (CI=true requires one), migrated; null with a skip message. */
async function postgresDatabase(): Promise<
  { database: DatabaseHandle; drop: () => Promise<void> } | string
> {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return skip;
  const schema = await createTestSchema();
  const database = createDatabase(schema.url);
  await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await schema.drop();
    },
  };
}

/** 60 creations at once by one user, each with its own form nonce; the statuses. */
async function concurrently(
  agent: Agent,
  page: string,
  fields: (i: number) => Record<string, string>,
) {
  const token = csrfTokenOf((await agent.get(page)).body);
  return Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      agent.post(page, { _csrf: token, ...fields(i), nonce: randomBytes(16).toString("hex") }),
    ),
  );
}

for (const backend of ["SQLite", "PostgreSQL"] as const) {
  describe(`per-user caps hold under 60 concurrent requests (${backend})`, () => {
    test(`at most ${MAX_ENDPOINTS_PER_USER} webhook endpoints and ${MAX_KEYS_PER_USER} API keys`, async (t) => {
      let database: DatabaseHandle;
      let drop: () => Promise<void>;
      if (backend === "PostgreSQL") {
        const pg = await postgresDatabase();
        if (typeof pg === "string") return t.skip(pg);
        ({ database, drop } = pg);
      } else {
        database = await createTestDatabase();
        drop = () => database.close();
      }
      const app = await buildTestApp({ database });
      // Closed whatever happens, so a failing run does not hold the pool open.
      t.after(async () => {
        await app.close();
        await drop();
      });
      const { agent } = await signedUpAgent(app);
      const count = async (table: "webhook_endpoints" | "api_keys") =>
        (await database.db.selectFrom(table).select("id").execute()).length;

      const hooks = await concurrently(agent, "/account/webhooks", (i) => ({
        url: `https://hooks.example.com/${i}`,
        event_law_took_effect: "1",
      }));
      assert.equal(await count("webhook_endpoints"), MAX_ENDPOINTS_PER_USER);
      assert.equal(hooks.filter((r) => r.statusCode === 201).length, MAX_ENDPOINTS_PER_USER);
      assert.ok(hooks.every((r) => r.statusCode === 201 || r.statusCode === 409));

      const keys = await concurrently(agent, "/account/keys", (i) => ({ name: `key ${i}` }));
      assert.equal(await count("api_keys"), MAX_KEYS_PER_USER);
      assert.equal(keys.filter((r) => r.statusCode === 201).length, MAX_KEYS_PER_USER);
      assert.ok(keys.every((r) => [201, 409, 429].includes(r.statusCode)));
    });
  });
}

describe("no mail to an address nobody confirmed", () => {
  test("notices (new key, changed password, deleted account) go only to a confirmed address", async () => {
    const mailer = createMemoryMailer();
    const app = await buildTestApp({ mailer });
    const subjects = () => mailer.sent.map((mail) => mail.subject);
    // Someone signs up with another person's address and never confirms it.
    const { agent } = await signedUpAgent(app, "victim@example.org");
    await until("the confirmation mail", () => mailer.sent.length === 1);
    assert.match(subjects()[0] ?? "", /Confirm your email address/, "the confirmation is sent");
    await createKeyThroughWebsite(agent, "relay");
    const changed = await agent.submit("/account", "/account/password", {
      current_password: STRONG_PASSWORD,
      new_password: "granite-meadow-bicycle-91",
      new_password_confirm: "granite-meadow-bicycle-91",
    });
    assert.equal(changed.statusCode, 303);
    const deleted = await agent.submit("/account", "/account/delete", {
      current_password: "granite-meadow-bicycle-91",
      confirm: "yes",
    });
    assert.equal(deleted.statusCode, 303);
    // Each notice is decided after its page answered: the next request runs after it.
    await createAgent(app).get("/login");
    assert.deepEqual(subjects(), ["Confirm your email address"]);
    await app.close();
  });
});

/** The link in the newest mail whose subject matches. */
function linkIn(mailer: MemoryMailer, subject: RegExp): string {
  const mail = [...mailer.sent].reverse().find((m) => subject.test(m.subject));
  const link = mail?.text.match(/http:\/\/api\.test(\/\S+)/)?.[1];
  if (link === undefined) throw new Error(`no mail with a link for ${subject}`);
  return link;
}

/** The real owner asks for a reset link and sets a new password with it. */
async function resetThroughMail(app: TestApp, mailer: MemoryMailer, email: string) {
  const owner = createAgent(app, { remoteAddress: "198.51.100.77" });
  const asked = await owner.submit("/password/forgot", "/password/forgot", { email });
  assert.equal(asked.statusCode, 200);
  await until("the reset mail", () =>
    mailer.sent.some((m) => /Reset your password/.test(m.subject)),
  );
  const link = linkIn(mailer, /Reset your password/);
  const token = new URL(link, ORIGIN).searchParams.get("token") ?? "";
  const done = await owner.submit(link, "/password/reset", {
    token,
    new_password: "copper-lantern-meadow-73",
    new_password_confirm: "copper-lantern-meadow-73",
  });
  assert.equal(done.statusCode, 200, done.body.replace(/[\s\S]*<main[^>]*>/, "").slice(0, 600));
  return done;
}

describe("an account claimed by reset starts clean", () => {
  test("a never-confirmed account taken over by its address's owner loses the sessions, keys and endpoints made before", async () => {
    const mailer = createMemoryMailer();
    const database = await createTestDatabase();
    const app = await buildTestApp({ mailer, database });
    // The attacker signs up first with the owner's address.
    const { agent: attacker } = await signedUpAgent(app, "owner@example.org");
    const key = await createKeyThroughWebsite(attacker, "foothold");
    const created = await attacker.submit("/account/webhooks", "/account/webhooks", {
      url: "https://attacker.example/collect",
      event_law_took_effect: "1",
      nonce: randomBytes(16).toString("hex"),
    });
    assert.equal(created.statusCode, 201);
    const keyWorks = async () =>
      (await app.inject({ url: "/v1/federal", headers: { "x-api-key": key } })).statusCode;
    assert.equal(await keyWorks(), 200);

    const done = await resetThroughMail(app, mailer, "owner@example.org");
    assert.match(
      done.body,
      /everything it held was removed: 1 session, 1 API key and 1 webhook endpoint/,
    );
    assert.match(done.body, /attacker\.example/);

    assert.equal(await keyWorks(), 401, "the attacker's key no longer works");
    assert.equal((await attacker.get("/account")).statusCode, 303, "their session ended");
    assert.deepEqual(await database.db.selectFrom("webhook_endpoints").select("id").execute(), []);
    assert.deepEqual(await database.db.selectFrom("api_keys").select("id").execute(), []);
    const user = await database.db
      .selectFrom("users")
      .select("email_verified_at")
      .executeTakeFirstOrThrow();
    assert.notEqual(user.email_verified_at, null, "the reset confirmed the address");
    await until("the owner's mail", () =>
      mailer.sent.some((m) => /account was cleared/.test(m.subject)),
    );
    const mail = mailer.sent.find((m) => /account was cleared/.test(m.subject));
    assert.equal(mail?.to, "owner@example.org");
    assert.match(mail?.text ?? "", /1 session \(logged out\), 1 API key \(cls_/);
    assert.match(mail?.text ?? "", /1 webhook endpoint \(on attacker\.example\)/);
    assert.doesNotMatch(mail?.text ?? "", /foothold|collect/, "nothing the attacker typed");
    await app.close();
    await database.close();
  });

  test("a confirmed account's reset keeps its keys and endpoints, as before", async () => {
    const mailer = createMemoryMailer();
    const database = await createTestDatabase();
    const app = await buildTestApp({ mailer, database });
    const { agent } = await signedUpAgent(app, "confirmed@example.org");
    await until("the confirmation mail", () => mailer.sent.length === 1);
    assert.equal(
      (await createAgent(app).get(linkIn(mailer, /Confirm your email/))).statusCode,
      200,
    );
    const key = await createKeyThroughWebsite(agent, "mine");
    const done = await resetThroughMail(app, mailer, "confirmed@example.org");
    assert.doesNotMatch(done.body, /removed/);
    assert.equal(
      (await app.inject({ url: "/v1/federal", headers: { "x-api-key": key } })).statusCode,
      200,
    );
    assert.equal((await agent.get("/account")).statusCode, 303, "sessions still end");
    await until("the notice", () =>
      mailer.sent.some((m) => /Your password was changed$/.test(m.subject)),
    );
    await app.close();
    await database.close();
  });
});
