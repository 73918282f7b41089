/**
 * Deliveries end to end against real HTTP receivers on loopback (allowed by
 * the address policy's allow-list, as WEBHOOK_ALLOWED_PRIVATE_HOSTS would),
 * with an injected clock moving time instead of sleeping.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { verifyWebhook, WebhookVerificationError } from "../../client/src/index.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import {
  createAddressPolicy,
  createGuardedAgents,
} from "../../src/webhooks/webhook.address-guard.ts";
import {
  createWebhookDispatcher,
  type DeliveryOutcome,
} from "../../src/webhooks/webhook.dispatcher.ts";
import { announceDatasetRelease, enqueueWebhookEvent } from "../../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent, type WebhookEvent } from "../../src/webhooks/webhook.events.ts";
import {
  PURGE_BATCH,
  purgeSettled,
  SETTLED_RETENTION_MS,
} from "../../src/webhooks/webhook.housekeeping.ts";
import { DISABLE_AFTER_FAILING_MS, RETRY_POLICY } from "../../src/webhooks/webhook.retry.ts";
import { createWebhookSender } from "../../src/webhooks/webhook.sender.ts";
import {
  findWebhookEndpointForUser,
  listDeliveryAttempts,
} from "../../src/webhooks/webhooks.repository.ts";
import { createTestDatabase, realDataset } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, receiversForThisFile } from "./receiver.ts";

const receiver = receiversForThisFile();

let sequence = 0;
function tookEffect(code = "CA"): WebhookEvent {
  sequence += 1;
  return lawWebhookEvent({
    type: "law.took_effect",
    timestamp: "2026-07-01T00:00:00.000Z",
    jurisdiction: { code, name: code === "CA" ? "California" : code },
    event: {
      id: `${code.toLowerCase()}-test-${sequence}`,
      title: "Home grow limit raised",
      summary: "Adults may grow twelve plants.",
      enacted: "2026-03-01",
      effective: "2026-07-01",
      authority: { citation: "Test Act § 1", url: "https://example.org/act" },
    },
    changes: [{ field: "adult_use.home_grow.plants", before: 6, after: 12 }],
    origin: "https://api.example.org",
  });
}

async function setup(options: { timeoutMs?: number } = {}) {
  const database = await createTestDatabase();
  const clock = createFakeClock(Date.now());
  const agents = createGuardedAgents({ policy: createAddressPolicy(["127.0.0.1"]) });
  const outcomes: DeliveryOutcome[] = [];
  const disabled: { url: string; ownerEmail: string; reason: string }[] = [];
  const dispatcher = createWebhookDispatcher({
    db: database.db,
    clock,
    send: createWebhookSender(agents, options),
    concurrency: 4,
    random: () => 0.5,
    log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
    onOutcome: (outcome) => outcomes.push(outcome),
    onEndpointDisabled: (endpoint) => disabled.push(endpoint),
  });
  return {
    database,
    db: database.db,
    clock,
    dispatcher,
    outcomes,
    disabled,
    close: async () => {
      await dispatcher.stop();
      agents.close();
      await database.close();
    },
  };
}

describe("webhook delivery (happy)", () => {
  test("the body is signed per Standard Webhooks and verifies with the library", async () => {
    const ctx = await setup();
    const hook = await receiver();
    const { secret } = await insertEndpoint(ctx.db, hook.url);
    const event = tookEffect();
    assert.equal(await enqueueWebhookEvent(ctx.db, event, ctx.clock), 1);
    assert.equal(await ctx.dispatcher.runOnce(), 1);
    assert.equal(hook.received.length, 1);
    const [request] = hook.received;
    assert.ok(request);
    const verified = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as Record<string, unknown>;
    assert.equal(verified.type, "law.took_effect");
    assert.equal(verified.timestamp, "2026-07-01T00:00:00.000Z");
    assert.deepEqual((verified.data as { links: unknown }).links, {
      api: "https://api.example.org/v1/states/CA",
      page: "https://api.example.org/states/CA",
    });
    assert.match(String(request.headers["webhook-id"]), /^msg_/);
    // The typed client's verifier: the same check, a typed event back.
    const typed = verifyWebhook(secret, request.body, request.headers as Record<string, string>);
    assert.equal(typed.type, "law.took_effect");
    if (typed.type === "law.took_effect") assert.equal(typed.data.jurisdiction.code, "CA");
    assert.throws(
      () =>
        verifyWebhook(
          `whsec_${Buffer.alloc(32).toString("base64")}`,
          request.body,
          request.headers as Record<string, string>,
        ),
      WebhookVerificationError,
    );
    assert.equal(request.headers["content-type"], "application/json");
    assert.throws(
      () =>
        new Webhook(secret).verify(`${request.body} `, {
          "webhook-id": String(request.headers["webhook-id"]),
          "webhook-timestamp": String(request.headers["webhook-timestamp"]),
          "webhook-signature": String(request.headers["webhook-signature"]),
        }),
      "a changed body does not verify",
    );
    await ctx.close();
  });

  test("500, 500, then 200 under an injected clock: delivered once, three attempts logged, backoff between", async () => {
    const ctx = await setup();
    const hook = await receiver();
    hook.respond = (index) => (index < 2 ? 500 : 200);
    const { endpoint } = await insertEndpoint(ctx.db, hook.url);
    await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);

    assert.equal(await ctx.dispatcher.runOnce(), 1, "first attempt");
    assert.equal(await ctx.dispatcher.runOnce(), 0, "nothing due before the backoff");
    const first = RETRY_POLICY.firstDelayMs;
    ctx.clock.advance(first - 1_000);
    assert.equal(await ctx.dispatcher.runOnce(), 0, "still not due a second early");
    ctx.clock.advance(1_000);
    assert.equal(await ctx.dispatcher.runOnce(), 1, "second attempt after 30 s");
    ctx.clock.advance(first * RETRY_POLICY.factor - 1_000);
    assert.equal(await ctx.dispatcher.runOnce(), 0);
    ctx.clock.advance(1_000);
    assert.equal(await ctx.dispatcher.runOnce(), 1, "third attempt after 90 s more");
    ctx.clock.advance(24 * 60 * 60_000);
    assert.equal(await ctx.dispatcher.runOnce(), 0, "delivered: never sent again");

    assert.equal(hook.received.length, 3);
    const ids = new Set(hook.received.map((r) => r.headers["webhook-id"]));
    assert.equal(ids.size, 1, "every retry carries the same webhook-id");
    const log = await listDeliveryAttempts(ctx.db, endpoint.id);
    assert.deepEqual(
      log.map((a) => [a.attempt, a.statusCode]),
      [
        [3, 200],
        [2, 500],
        [1, 500],
      ],
    );
    assert.deepEqual(ctx.outcomes, ["retry", "retry", "delivered"]);
    const row = await ctx.db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
    assert.equal(row.state, "delivered");
    assert.equal(Number(row.attempts), 3);
    await ctx.close();
  });

  test("an event is enqueued once per endpoint, by type and jurisdiction, however often it is enqueued", async () => {
    const ctx = await setup();
    const hook = await receiver();
    const all = await insertEndpoint(ctx.db, hook.url);
    const onlyNy = await insertEndpoint(ctx.db, hook.url, { jurisdictions: ["NY"] });
    const onlyReleases = await insertEndpoint(ctx.db, hook.url, {
      eventTypes: ["dataset.released"],
    });
    const event = tookEffect("CA");
    const counts = await Promise.all([
      enqueueWebhookEvent(ctx.db, event, ctx.clock),
      enqueueWebhookEvent(ctx.db, event, ctx.clock),
      enqueueWebhookEvent(ctx.db, event, ctx.clock),
    ]);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      1,
    );
    const rows = await ctx.db.selectFrom("webhook_deliveries").select("endpoint_id").execute();
    assert.deepEqual(
      rows.map((r) => r.endpoint_id),
      [all.endpoint.id],
    );
    assert.equal(await enqueueWebhookEvent(ctx.db, tookEffect("NY"), ctx.clock), 2);
    // dataset.released carries no jurisdiction: it goes to every subscriber.
    assert.equal(
      await announceDatasetRelease(
        ctx.db,
        realDataset().manifest,
        "https://api.example.org",
        ctx.clock,
      ),
      true,
    );
    assert.equal(
      await announceDatasetRelease(
        ctx.db,
        realDataset().manifest,
        "https://api.example.org",
        ctx.clock,
      ),
      false,
      "the same version is announced once",
    );
    const releases = await ctx.db
      .selectFrom("webhook_deliveries")
      .select("endpoint_id")
      .where("event_id", "like", "dataset.released:%")
      .execute();
    assert.deepEqual(
      releases.map((r) => r.endpoint_id),
      [onlyReleases.endpoint.id],
    );
    void onlyNy;
    await ctx.close();
  });
});

describe("webhook delivery (failures)", () => {
  test("410 Gone disables the endpoint at once, cancels its queue and tells the owner", async () => {
    const ctx = await setup();
    const hook = await receiver();
    hook.respond = () => 410;
    const { endpoint, userId } = await insertEndpoint(ctx.db, hook.url);
    await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
    await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
    const ran = await ctx.dispatcher.runOnce();
    assert.ok(ran >= 1);
    const after410 = await findWebhookEndpointForUser(ctx.db, userId, endpoint.id);
    assert.ok(after410?.disabledAt !== null, "disabled");
    assert.match(after410?.disabledReason ?? "", /410/);
    assert.equal(ctx.disabled.length, 1, "the owner is told once");
    assert.equal(ctx.disabled[0]?.url, hook.url);
    ctx.clock.advance(60 * 60_000);
    assert.equal(await ctx.dispatcher.runOnce(), 0, "nothing more is sent");
    assert.equal(
      await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock),
      0,
      "nothing more is queued",
    );
    const states = await ctx.db.selectFrom("webhook_deliveries").select("state").execute();
    assert.ok(states.every((s) => s.state === "failed" || s.state === "cancelled"));
    await ctx.close();
  });

  test("a delivery is given up after about a day; an endpoint failing for 3 days is disabled", async () => {
    const ctx = await setup();
    const hook = await receiver();
    hook.respond = () => 503;
    const { endpoint, userId } = await insertEndpoint(ctx.db, hook.url);
    const started = ctx.clock.now();
    let attempts = 0;
    while (ctx.clock.now() - started < 4 * 24 * 60 * 60_000) {
      if (ctx.clock.now() - started < 3 * 24 * 60 * 60_000 && attempts % 5 === 0) {
        await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
      }
      attempts += await ctx.dispatcher.runOnce();
      ctx.clock.advance(30 * 60_000);
      const current = await findWebhookEndpointForUser(ctx.db, userId, endpoint.id);
      if (current?.disabledAt) break;
    }
    const disabledAt = (await findWebhookEndpointForUser(ctx.db, userId, endpoint.id))?.disabledAt;
    assert.ok(disabledAt, "disabled");
    const failingFor = Date.parse(disabledAt) - started;
    assert.ok(
      failingFor >= DISABLE_AFTER_FAILING_MS &&
        failingFor < DISABLE_AFTER_FAILING_MS + 7 * 3600_000,
      `disabled after ${failingFor / 3600_000} h`,
    );
    const first = await ctx.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    assert.equal(first.state, "failed", "the first event was given up");
    const lastTry = Date.parse(first.last_attempt_at ?? "") - Date.parse(first.created_at);
    assert.ok(
      lastTry > 18 * 3600_000 && lastTry <= RETRY_POLICY.giveUpAfterMs,
      `last attempt ${lastTry / 3600_000} h after enqueueing`,
    );
    assert.ok(Number(first.attempts) >= 9 && Number(first.attempts) <= 12, String(first.attempts));
    assert.equal(ctx.disabled.length, 1);
    assert.match(ctx.disabled[0]?.reason ?? "", /3 days/);
    await ctx.close();
  });

  test("a receiver that does not answer in time fails the attempt; a large body is not read", async () => {
    const ctx = await setup({ timeoutMs: 300 });
    const slow = await receiver();
    slow.respond = () => "hang";
    const { endpoint } = await insertEndpoint(ctx.db, slow.url);
    await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
    await ctx.dispatcher.runOnce();
    const [attempt] = await listDeliveryAttempts(ctx.db, endpoint.id);
    assert.equal(attempt?.statusCode, null);
    assert.match(attempt?.error ?? "", /no response within 0.3 s/);
    await ctx.close();
  });
});

describe("webhook retention", () => {
  const count = async (
    db: Awaited<ReturnType<typeof setup>>["db"],
    table: "webhook_deliveries" | "webhook_events" | "webhook_attempts",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test("settled deliveries older than the retention go with their attempts and events; pending and recent ones stay", async () => {
    const ctx = await setup();
    const up = await receiver();
    const down = await receiver();
    down.respond = () => 500;
    const { endpoint } = await insertEndpoint(ctx.db, up.url);
    const old = tookEffect();
    await enqueueWebhookEvent(ctx.db, old, ctx.clock);
    assert.equal(await ctx.dispatcher.runOnce(), 1, "the old event is delivered");
    // A delivery still pending (its endpoint was never tried) is never purged, however old.
    await insertEndpoint(ctx.db, down.url, { eventTypes: ["dataset.released"] });
    await announceDatasetRelease(
      ctx.db,
      { version: "2026.01.01", released: "2026-01-01", sources_current_to: "2025-12-31" },
      "https://api.example.org",
      ctx.clock,
    );
    assert.equal(await listDeliveryAttempts(ctx.db, endpoint.id).then((a) => a.length), 1);

    ctx.clock.advance(SETTLED_RETENTION_MS - 60_000);
    assert.deepEqual(
      await purgeSettled(ctx.db, { nowMs: ctx.clock.now() }),
      { deliveries: 0, events: 0 },
      "not yet past the retention",
    );

    ctx.clock.advance(2 * 60_000);
    const recent = tookEffect();
    await enqueueWebhookEvent(ctx.db, recent, ctx.clock);
    const pendingBefore = await ctx.db
      .selectFrom("webhook_deliveries")
      .select(["id", "state"])
      .where("state", "=", "pending")
      .execute();
    const purged = await purgeSettled(ctx.db, { nowMs: ctx.clock.now() });
    assert.deepEqual(purged, { deliveries: 1, events: 1 });
    const left = await ctx.db
      .selectFrom("webhook_deliveries")
      .select(["event_id", "state"])
      .orderBy("created_at")
      .execute();
    assert.deepEqual(
      left.map((row) => row.state),
      pendingBefore.map((row) => row.state),
      "only pending deliveries are left: the old pending one and the new one",
    );
    assert.ok(left.some((row) => row.event_id === recent.id));
    assert.ok(!left.some((row) => row.event_id === old.id));
    assert.equal(
      await listDeliveryAttempts(ctx.db, endpoint.id).then((a) => a.length),
      0,
      "the attempt went with its delivery",
    );
    const events = await ctx.db.selectFrom("webhook_events").select("id").execute();
    assert.ok(
      !events.some((event) => event.id === old.id),
      "the old event, with no delivery left, is gone",
    );
    assert.equal(events.length, 2, "the release event (still pending) and the recent one stay");
    await ctx.close();
  });

  test("one purge removes at most a batch; the running dispatcher purges on start and again after its interval", async () => {
    const ctx = await setup();
    const up = await receiver();
    await insertEndpoint(ctx.db, up.url);
    const total = 5;
    for (let i = 0; i < total; i++) await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
    while ((await ctx.dispatcher.runOnce()) > 0) {}
    assert.equal(up.received.length, total);
    ctx.clock.advance(SETTLED_RETENTION_MS + 60_000);
    assert.deepEqual(await purgeSettled(ctx.db, { nowMs: ctx.clock.now(), limit: 2 }), {
      deliveries: 2,
      events: 2,
    });
    assert.equal(await count(ctx.db, "webhook_deliveries"), total - 2);
    assert.ok(PURGE_BATCH >= 100, "the default batch is not tiny");

    const dispatcher = createWebhookDispatcher({
      db: ctx.db,
      clock: ctx.clock,
      send: async () => ({ status: 200, error: null, durationMs: 1 }),
      concurrency: 1,
      pollIntervalMs: 5,
      purgeIntervalMs: 60 * 60_000,
      // Smaller than what is waiting: full batches are followed by another
      // purge on the next tick, not an hour later (the clock does not move).
      purgeBatch: 1,
      log: {
        warn: (fields) => assert.fail(JSON.stringify(fields)),
        error: (fields) => assert.fail(JSON.stringify(fields)),
      },
    });
    dispatcher.start();
    await until(
      "the purge on start",
      async () => (await count(ctx.db, "webhook_deliveries")) === 0,
    );
    assert.equal(await count(ctx.db, "webhook_events"), 0);
    assert.equal(await count(ctx.db, "webhook_attempts"), 0);
    // Delivered now, purged only once it is past the retention and the interval has come round.
    await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
    dispatcher.wake();
    await until("the new delivery", async () => (await count(ctx.db, "webhook_attempts")) === 1);
    ctx.clock.advance(SETTLED_RETENTION_MS + 60_000);
    await until(
      "the purge after the interval",
      async () => (await count(ctx.db, "webhook_deliveries")) === 0,
    );
    await dispatcher.stop();
    await ctx.close();
  });
});
