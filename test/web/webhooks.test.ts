/**
 * The webhooks pages through app.inject(), with a real receiver on
 * 127.0.0.1 (admitted by WEBHOOK_ALLOWED_PRIVATE_HOSTS, as in development).
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { MAX_ENDPOINTS_PER_USER } from "../../src/webhooks/webhooks.pages.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { type Receiver, startReceiver } from "../webhooks/receiver.ts";
import { createAgent, csrfTokenOf, ORIGIN, STRONG_PASSWORD, signedUpAgent } from "./agent.ts";

const ALLOW_LOOPBACK = { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" };
const nonce = (n: number) => n.toString(16).padStart(32, "0");
const ALL_EVENTS = {
  event_law_enacted: "1",
  event_law_took_effect: "1",
  event_record_corrected: "1",
  event_dataset_released: "1",
};

const receivers: Receiver[] = [];
after(async () => {
  for (const receiver of receivers) await receiver.close();
});

function secretOf(body: string): string | null {
  return /id="new-secret"[^>]*>([^<]+)</.exec(body)?.[1] ?? null;
}

function endpointIdOf(body: string): string {
  const id = /action="\/account\/webhooks\/([0-9a-f-]{36})\/test"/.exec(body)?.[1];
  if (id === undefined) throw new Error("no endpoint id on the page");
  return id;
}

describe("webhooks pages (happy)", () => {
  test("create (secret once), send a test event, see it in the log, verify it, delete", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const database = await createTestDatabase();
    const app = await buildTestApp({ database }, ALLOW_LOOPBACK);
    const { agent } = await signedUpAgent(app);

    const menu = await agent.get("/account/keys");
    assert.match(menu.body, /<a href="\/account\/webhooks">Webhooks<\/a>/, "in the profile menu");

    const created = await agent.submit("/account/webhooks", "/account/webhooks", {
      url: receiver.url,
      event_law_took_effect: "1",
      jurisdictions: "ca, ny",
      nonce: nonce(1),
    });
    assert.equal(created.statusCode, 201, created.body.slice(0, 500));
    assert.equal(created.headers["cache-control"], "no-store");
    const secret = secretOf(created.body);
    if (secret === null) throw new Error("no secret shown");
    assert.match(secret, /^whsec_/);
    assert.match(created.body, /will not be shown again/);
    const id = endpointIdOf(created.body);

    const list = await agent.get("/account/webhooks");
    assert.ok(!list.body.includes(secret), "the secret is not shown again");
    assert.ok(list.body.includes(receiver.url));
    assert.match(list.body, /<td data-label="Events">law.took_effect<\/td>/);
    assert.match(list.body, /<td data-label="Jurisdictions">CA, NY<\/td>/);
    assert.match(list.body, /<td data-label="Last delivery">none yet<\/td>/);

    const sent = await agent.submit(`/account/webhooks/${id}`, `/account/webhooks/${id}/test`, {});
    assert.equal(sent.statusCode, 303);
    await until("the test event to arrive", () => receiver.received.length === 1);
    const [request] = receiver.received;
    assert.ok(request);
    const payload = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as { type: string; data: { endpoint_id: string } };
    assert.equal(payload.type, "webhook.test");
    assert.equal(payload.data.endpoint_id, id);

    let log = await agent.get(`/account/webhooks/${id}`);
    await until("the attempt to be logged", async () => {
      log = await agent.get(`/account/webhooks/${id}`);
      return log.body.includes("HTTP 200");
    });
    assert.match(log.body, /<td data-label="Event"><code>webhook.test<\/code><\/td>/);
    assert.match(log.body, /<td data-label="Duration">\d+ ms<\/td>/);
    const listed = await agent.get("/account/webhooks");
    assert.match(
      listed.body,
      /<td data-label="Last delivery">[^<]+UTC · <span class="badge badge-ok">HTTP 200<\/span> · \d+ ms<\/td>/,
    );

    // Resend: the same webhook-id again.
    const deliveryId = /\/deliveries\/(msg_[A-Za-z0-9_-]+)\/resend/.exec(log.body)?.[1];
    assert.ok(deliveryId);
    const resent = await agent.submit(
      `/account/webhooks/${id}`,
      `/account/webhooks/${id}/deliveries/${deliveryId}/resend`,
      {},
    );
    assert.equal(resent.statusCode, 303);
    await until("the resent delivery", () => receiver.received.length === 2);
    assert.equal(receiver.received[1]?.headers["webhook-id"], deliveryId);

    const confirm = await agent.get(`/account/webhooks/${id}/delete`);
    assert.match(confirm.body, /Delete this webhook endpoint\?/);
    const deleted = await agent.submit(
      `/account/webhooks/${id}/delete`,
      `/account/webhooks/${id}/delete`,
      {},
    );
    assert.equal(deleted.statusCode, 303);
    assert.equal(deleted.headers.location, "/account/webhooks?deleted=1");
    assert.equal(
      (await database.db.selectFrom("webhook_endpoints").selectAll().execute()).length,
      0,
    );
    assert.equal(
      (await database.db.selectFrom("webhook_deliveries").selectAll().execute()).length,
      0,
    );
    assert.equal(
      (await database.db.selectFrom("webhook_attempts").selectAll().execute()).length,
      0,
    );
    await app.close();
    await database.close();
  });
});

describe("webhooks pages (errors)", () => {
  test("field-level errors: http, private addresses, no events, unknown jurisdictions", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ url: "http://example.com/hook", ...ALL_EVENTS }, "url", /must start with https:\/\//],
      [{ url: "https://10.0.0.1/hook", ...ALL_EVENTS }, "url", /private, local or reserved/],
      [{ url: "https://[::1]:8443/hook", ...ALL_EVENTS }, "url", /private, local or reserved/],
      [{ url: "https://169.254.169.254/latest", ...ALL_EVENTS }, "url", /private, local/],
      [{ url: "https://localhost/hook", ...ALL_EVENTS }, "url", /private, local/],
      [{ url: "https://user:pw@example.com/", ...ALL_EVENTS }, "url", /user name or password/],
      [{ url: "not a url", ...ALL_EVENTS }, "url", /full URL/],
      [{ url: "https://example.com/hook" }, "events", /at least one event/],
      [
        { url: "https://example.com/hook", ...ALL_EVENTS, jurisdictions: "CA, XX" },
        "jurisdictions",
        /Not a jurisdiction code: XX/,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await agent.submit("/account/webhooks", "/account/webhooks", {
        ...fields,
        nonce: nonce(9),
      });
      assert.equal(response.statusCode, 400, JSON.stringify(fields));
      assert.match(response.body, message);
      if (field !== "events") {
        assert.match(response.body, new RegExp(`id="webhook-${field}"[^>]*aria-invalid="true"`));
      }
      assert.equal(secretOf(response.body), null);
    }
    await app.close();
  });

  test("a development server names the allow-list setting in the error; a production one never does", async () => {
    const refused = [
      ["http://127.0.0.1:8080/hook", /WEBHOOK_ALLOWED_PRIVATE_HOSTS=127\.0\.0\.1/],
      ["https://[::1]:8443/hook", /WEBHOOK_ALLOWED_PRIVATE_HOSTS=::1/],
      ["http://localhost:8080/hook", /WEBHOOK_ALLOWED_PRIVATE_HOSTS=127\.0\.0\.1/],
    ] as const;
    // npm start on one's own machine: the origin is plain http.
    const development = await buildTestApp({}, { PUBLIC_BASE_URL: "http://127.0.0.1:3000" });
    const dev = await signedUpAgent(development, undefined, { origin: "http://127.0.0.1:3000" });
    for (const [url, setting] of refused) {
      const response = await dev.agent.submit("/account/webhooks", "/account/webhooks", {
        url,
        ...ALL_EVENTS,
        nonce: nonce(10),
      });
      assert.equal(response.statusCode, 400, url);
      assert.match(response.body, setting, url);
    }
    // A public https receiver over plain http is no matter for the allow-list.
    const plainHttp = await dev.agent.submit("/account/webhooks", "/account/webhooks", {
      url: "http://example.com/hook",
      ...ALL_EVENTS,
      nonce: nonce(11),
    });
    assert.doesNotMatch(plainHttp.body, /WEBHOOK_ALLOWED_PRIVATE_HOSTS/);
    await development.close();

    const production = await buildTestApp({}, { PUBLIC_BASE_URL: "https://api.test" });
    const prod = await signedUpAgent(production, undefined, { origin: "https://api.test" });
    for (const [url] of refused) {
      const response = await prod.agent.submit("/account/webhooks", "/account/webhooks", {
        url,
        ...ALL_EVENTS,
        nonce: nonce(12),
      });
      assert.equal(response.statusCode, 400, url);
      assert.match(response.body, /https:\/\/|private, local or reserved/);
      assert.doesNotMatch(response.body, /WEBHOOK_ALLOWED_PRIVATE_HOSTS|development/, url);
    }
    await production.close();
  });

  test("the cap, and a resubmitted form creates nothing", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    for (let i = 0; i < MAX_ENDPOINTS_PER_USER; i++) {
      const response = await agent.submit("/account/webhooks", "/account/webhooks", {
        url: `https://hooks.example.com/${i}`,
        ...ALL_EVENTS,
        nonce: nonce(i + 1),
      });
      assert.equal(response.statusCode, 201);
    }
    const again = await agent.submit("/account/webhooks", "/account/webhooks", {
      url: "https://hooks.example.com/1",
      ...ALL_EVENTS,
      nonce: nonce(1),
    });
    assert.equal(again.statusCode, 409);
    const page = await agent.get("/account/webhooks");
    assert.match(page.body, /reached the limit of 5 endpoints/);
    assert.doesNotMatch(page.body, /action="\/account\/webhooks" class="stack"/);
    const over = await agent.post("/account/webhooks", {
      _csrf: csrfTokenOf(page.body),
      url: "https://hooks.example.com/6",
      ...ALL_EVENTS,
      nonce: nonce(77),
    });
    assert.equal(over.statusCode, 409);
    assert.equal(
      (await database.db.selectFrom("webhook_endpoints").selectAll().execute()).length,
      MAX_ENDPOINTS_PER_USER,
    );
    await app.close();
    await database.close();
  });
});

describe("webhooks pages (security)", () => {
  test("CSRF and same-origin checks; another user's endpoint is not found; log-in required", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    const created = await agent.submit("/account/webhooks", "/account/webhooks", {
      url: "https://hooks.example.com/a",
      ...ALL_EVENTS,
      nonce: nonce(3),
    });
    const id = endpointIdOf(created.body);
    const token = csrfTokenOf(created.body);
    const noToken = await agent.post(`/account/webhooks/${id}/delete`, {});
    assert.equal(noToken.statusCode, 403);
    assert.match(noToken.body, /csrf_failed/);
    const crossSite = await agent.post(
      `/account/webhooks/${id}/delete`,
      { _csrf: token },
      { origin: "https://evil.example" },
    );
    assert.equal(crossSite.statusCode, 403);
    assert.match(crossSite.body, /cross_origin_refused/);

    const { agent: other } = await signedUpAgent(app);
    assert.equal((await other.get(`/account/webhooks/${id}`)).statusCode, 404);
    const steal = await other.submit("/account/webhooks", `/account/webhooks/${id}/delete`, {});
    assert.equal(steal.statusCode, 404);
    const test404 = await other.submit("/account/webhooks", `/account/webhooks/${id}/test`, {});
    assert.equal(test404.statusCode, 404);

    const anonymous = createAgent(app);
    const page = await anonymous.get("/account/webhooks");
    assert.equal(page.statusCode, 303);
    assert.equal(
      (await database.db.selectFrom("webhook_endpoints").selectAll().execute()).length,
      1,
    );
    void ORIGIN;
    await app.close();
    await database.close();
  });

  test("deleting the account deletes its endpoints and queued deliveries", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    const created = await agent.submit("/account/webhooks", "/account/webhooks", {
      url: "https://hooks.invalid-example.com/a",
      ...ALL_EVENTS,
      nonce: nonce(4),
    });
    const id = endpointIdOf(created.body);
    await agent.submit(`/account/webhooks/${id}`, `/account/webhooks/${id}/test`, {});
    assert.ok(
      (await database.db.selectFrom("webhook_deliveries").selectAll().execute()).length >= 1,
    );
    const deleted = await agent.submit("/account", "/account/delete", {
      current_password: STRONG_PASSWORD,
      confirm: "yes",
    });
    assert.equal(deleted.statusCode, 303);
    assert.equal(
      (await database.db.selectFrom("webhook_endpoints").selectAll().execute()).length,
      0,
    );
    assert.equal(
      (await database.db.selectFrom("webhook_deliveries").selectAll().execute()).length,
      0,
    );
    await app.close();
    await database.close();
  });
});
