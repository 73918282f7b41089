/**
 * Attacks on accounts, as a stranger would run them: locking an owner out,
 * rotating addresses inside one IPv6 /64, guessing a password with a stolen
 * session, piling up sessions, forging forms.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createPasswordGate } from "../../src/accounts/password-gate.ts";
import { deleteExpiredSessions, MAX_SESSIONS_PER_USER } from "../../src/accounts/sessions.ts";
import { AppError } from "../../src/errors.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { createAgent, csrfTokenOf, ORIGIN, STRONG_PASSWORD, signedUpAgent } from "../web/agent.ts";

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
