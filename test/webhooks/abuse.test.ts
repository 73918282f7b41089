/**
 * The webhooks pages under abuse, through app.inject(): no mail relay (URLs
 * stored as parsed, control characters refused, mails naming the host only,
 * only to confirmed owners, once per endpoint a day), actions by hand
 * throttled, and the secret rolled with an overlap. Receivers on 127.0.0.1
 * (allow-listed, as in development); time is a fake clock.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import type { Database } from "../../src/db/database.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { createMemoryMailer } from "../../src/mail/mailer.ts";
import { ROTATION_OVERLAP_MS } from "../../src/webhooks/webhook.signing.ts";
import { WEBHOOK_ACTION_POLICIES } from "../../src/webhooks/webhook.throttle.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { type Agent, signedUpAgent } from "../web/agent.ts";
import { receiversForThisFile } from "./receiver.ts";

const ALLOW_LOOPBACK = { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" };
const EVENTS = { event_law_took_effect: "1", event_dataset_released: "1" };
let nonces = 0;
const nonce = () => (++nonces).toString(16).padStart(32, "0");

const receiver = receiversForThisFile();

async function setup() {
  const database = await createTestDatabase();
  const clock = createFakeClock(Date.now());
  const mailer = createMemoryMailer();
  const app = await buildTestApp({ database, clock, mailer }, ALLOW_LOOPBACK);
  return { app, db: database.db, clock, mailer, database };
}

/** Marks the address confirmed, as the link in the confirmation mail would. */
async function confirm(db: Database, email: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ email_verified_at: new Date().toISOString() })
    .where("email", "=", email)
    .execute();
}

async function createEndpoint(agent: Agent, url: string): Promise<{ id: string; body: string }> {
  const created = await agent.submit("/account/webhooks", "/account/webhooks", {
    url,
    ...EVENTS,
    nonce: nonce(),
  });
  assert.equal(created.statusCode, 201, created.body.slice(0, 400));
  const id = /action="\/account\/webhooks\/([0-9a-f-]{36})\/test"/.exec(created.body)?.[1];
  if (id === undefined) throw new Error("no endpoint id");
  return { id, body: created.body };
}

const sendTest = (agent: Agent, id: string) =>
  agent.submit(`/account/webhooks/${id}`, `/account/webhooks/${id}/test`, {});

describe("no mail relay", () => {
  test("a URL with line breaks or control characters is refused with a clear error; URLs are stored as parsed", async () => {
    const { app, db, database } = await setup();
    const { agent } = await signedUpAgent(app);
    for (const url of [
      "https://hooks.example.com/x\n\nIMPORTANT: your API keys will be deleted today. Log in at https://phish.example/login",
      "https://hooks.example.com/x\r\nBcc: someone@example.org",
      "https://hooks.example.com/a\tb",
      "https://hooks.example.com/\u0000",
      "https://hooks.example.com/\u202Egnp.exe",
    ]) {
      const response = await agent.submit("/account/webhooks", "/account/webhooks", {
        url,
        ...EVENTS,
        nonce: nonce(),
      });
      assert.equal(response.statusCode, 400, JSON.stringify(url));
      assert.match(
        response.body,
        /The URL must be on one line, without line breaks, tabs or other control characters/,
      );
    }
    assert.equal((await db.selectFrom("webhook_endpoints").select("id").execute()).length, 0);
    await createEndpoint(agent, "  https://Hooks.Example.COM:443/a b?x=1  ");
    const [row] = await db.selectFrom("webhook_endpoints").select("url").execute();
    assert.equal(row?.url, "https://hooks.example.com/a%20b?x=1");
    await app.close();
    await database.close();
  });

  test("a disabled endpoint is mailed to a confirmed owner only, naming its host, at most once a day", async () => {
    const { app, db, clock, mailer, database } = await setup();
    const gone = await receiver();
    gone.respond = () => 410;
    const disabledMails = () =>
      mailer.sent.filter((mail) => /webhook endpoint was disabled/.test(mail.subject));
    const isDisabled = async (id: string) =>
      (
        await db
          .selectFrom("webhook_endpoints")
          .select("disabled_at")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).disabled_at !== null;

    // An owner who never confirmed the address: nothing is mailed.
    const stranger = await signedUpAgent(app);
    const strangers = await createEndpoint(stranger.agent, `${gone.url}/stranger`);
    assert.equal((await sendTest(stranger.agent, strangers.id)).statusCode, 303);
    await until("the stranger's endpoint disabled", () => isDisabled(strangers.id));
    await db.selectFrom("users").select("id").execute(); // after the notice was decided
    assert.equal(disabledMails().length, 0, "no mail to an unconfirmed address");

    // A confirmed owner: one mail, naming the host, nothing of the URL as typed.
    const owner = await signedUpAgent(app);
    await confirm(db, owner.email);
    const { id } = await createEndpoint(owner.agent, `${gone.url}/secret-path?token=abc`);
    assert.equal((await sendTest(owner.agent, id)).statusCode, 303);
    await until("the mail", () => disabledMails().length === 1);
    const [mail] = disabledMails();
    assert.equal(mail?.to, owner.email);
    assert.match(mail?.text ?? "", new RegExp(`on 127\\.0\\.0\\.1:${gone.port}\\.`));
    assert.doesNotMatch(mail?.text ?? "", /secret-path|token=abc/);

    // Enabled and disabled again the same day: no second mail.
    const enable = () =>
      owner.agent.submit(`/account/webhooks/${id}`, `/account/webhooks/${id}/enable`, {});
    assert.equal((await enable()).statusCode, 303);
    assert.equal((await sendTest(owner.agent, id)).statusCode, 303);
    await until("disabled again", () => isDisabled(id));
    await db.selectFrom("users").select("id").execute();
    assert.equal(disabledMails().length, 1, "once a day at most");

    // A day later, the owner hears of it again.
    clock.advance(24 * 60 * 60_000);
    assert.equal((await enable()).statusCode, 303);
    assert.equal((await sendTest(owner.agent, id)).statusCode, 303);
    await until("the next day's mail", () => disabledMails().length === 2);
    await app.close();
    await database.close();
  });
});

describe("actions by hand are throttled", () => {
  test(`test, resend, enable and roll: ${WEBHOOK_ACTION_POLICIES.perEndpoint.limit} an hour per endpoint, ${WEBHOOK_ACTION_POLICIES.perUser.limit} per account`, async () => {
    const { app, db, clock, database } = await setup();
    const { agent } = await signedUpAgent(app);
    const endpoints: string[] = [];
    for (let i = 0; i < 4; i++) {
      endpoints.push((await createEndpoint(agent, `https://hooks.example.com/${i}`)).id);
    }
    const [first, second, third, fourth] = endpoints as [string, string, string, string];
    // The flood: 160 test events in a row from one account.
    const statuses: number[] = [];
    for (let i = 0; i < 160; i++) statuses.push((await sendTest(agent, first)).statusCode);
    const limit = WEBHOOK_ACTION_POLICIES.perEndpoint.limit;
    assert.deepEqual(statuses.slice(0, limit), Array(limit).fill(303));
    assert.deepEqual(new Set(statuses.slice(limit)), new Set([429]));
    const refused = await sendTest(agent, first);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assert.match(refused.body, /Too many test events, resends, enables and secret rolls/);
    const testEvents = await db
      .selectFrom("webhook_events")
      .select("id")
      .where("type", "=", "webhook.test")
      .execute();
    assert.equal(testEvents.length, limit, "only the admitted ones were queued");
    // Resend, enable and roll are charged to the same endpoint.
    const [delivery] = await db.selectFrom("webhook_deliveries").select("id").execute();
    const resend = await agent.submit(
      `/account/webhooks/${first}`,
      `/account/webhooks/${first}/deliveries/${delivery?.id}/resend`,
      {},
    );
    assert.equal(resend.statusCode, 429);
    const enable = await agent.submit(
      `/account/webhooks/${first}`,
      `/account/webhooks/${first}/enable`,
      {},
    );
    assert.equal(enable.statusCode, 429);
    const roll = await agent.submit(
      `/account/webhooks/${first}`,
      `/account/webhooks/${first}/secret`,
      {},
    );
    assert.equal(roll.statusCode, 429);

    // Per account: 30 in all, whichever endpoints.
    for (const id of [second, third]) {
      for (let i = 0; i < limit; i++) assert.equal((await sendTest(agent, id)).statusCode, 303);
    }
    assert.equal((await sendTest(agent, fourth)).statusCode, 429, "the account's 31st");
    // Another account is not affected.
    const other = await signedUpAgent(app);
    const others = await createEndpoint(other.agent, "https://hooks.example.com/other");
    assert.equal((await sendTest(other.agent, others.id)).statusCode, 303);
    // An hour later, allowed again.
    clock.advance(60 * 60_000);
    assert.equal((await sendTest(agent, fourth)).statusCode, 303);
    assert.equal((await sendTest(agent, first)).statusCode, 303);
    await app.close();
    await database.close();
  });
});

describe("secret rotation", () => {
  test("rolled on the endpoint's page: both secrets sign during the overlap, then only the new one", async () => {
    const { app, clock, database } = await setup();
    const hook = await receiver();
    const { agent } = await signedUpAgent(app);
    const { id, body } = await createEndpoint(agent, hook.url);
    const oldSecret = /id="new-secret"[^>]*>([^<]+)</.exec(body)?.[1] ?? "";
    assert.match(oldSecret, /^whsec_/);

    const rolled = await agent.submit(
      `/account/webhooks/${id}`,
      `/account/webhooks/${id}/secret`,
      {},
    );
    assert.equal(rolled.statusCode, 200);
    assert.equal(rolled.headers["cache-control"], "no-store");
    const newSecret = /id="new-secret"[^>]*>([^<]+)</.exec(rolled.body)?.[1] ?? "";
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, oldSecret);
    const page = await agent.get(`/account/webhooks/${id}`);
    assert.ok(!page.body.includes(newSecret), "shown once");
    assert.match(page.body, /The previous secret signs until/);

    const verify = (secret: string, index: number) => {
      const request = hook.received[index];
      assert.ok(request);
      return new Webhook(secret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      });
    };
    assert.equal((await sendTest(agent, id)).statusCode, 303);
    await until("the test event", () => hook.received.length === 1);
    const signature = String(hook.received[0]?.headers["webhook-signature"]);
    assert.match(signature, /^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/, "two signatures");
    assert.ok(verify(newSecret, 0), "a receiver with the new secret accepts it");
    assert.ok(verify(oldSecret, 0), "so does one still holding the previous secret");

    // After the overlap, only the new secret signs.
    clock.advance(ROTATION_OVERLAP_MS + 1_000);
    assert.equal((await sendTest(agent, id)).statusCode, 303);
    await until("the second test event", () => hook.received.length === 2);
    const later = hook.received[1];
    assert.ok(later);
    const parts = String(later.headers["webhook-signature"]).split(" ");
    const sign = (secret: string) =>
      new Webhook(secret).sign(
        String(later.headers["webhook-id"]),
        new Date(Number(later.headers["webhook-timestamp"]) * 1000),
        later.body,
      );
    assert.deepEqual(parts, [sign(newSecret)]);
    assert.notEqual(parts[0], sign(oldSecret));
    await app.close();
    await database.close();
  });
});
