/**
 * Fair delivery on SQLite: a receiver that never answers, or answers late,
 * slows only itself; accounts take turns before endpoints do.
 * The sender is a stub that holds the deliveries to a "tarpit" until the test
 * lets them go (as a receiver that accepts and never answers holds a slot for
 * the whole timeout) and answers the others at once; time is a fake clock.
 * The same limits on PostgreSQL with two instances: postgres.test.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createFakeClock } from "../../src/lib/clock.ts";
import {
  createAddressPolicy,
  createGuardedAgents,
} from "../../src/webhooks/webhook.address-guard.ts";
import { claimDueDeliveries, FAIRNESS } from "../../src/webhooks/webhook.claim.ts";
import { createWebhookDispatcher } from "../../src/webhooks/webhook.dispatcher.ts";
import {
  enqueueTestEvent,
  enqueueWebhookEvent,
  resendDelivery,
} from "../../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent, type WebhookEvent } from "../../src/webhooks/webhook.events.ts";
import { BREAKER_POLICY, breakerPauseMs } from "../../src/webhooks/webhook.retry.ts";
import {
  createWebhookSender,
  DELIVERY_TIMEOUT_MS,
  type SendResult,
  TEST_DELIVERY_TIMEOUT_MS,
  type WebhookSender,
} from "../../src/webhooks/webhook.sender.ts";
import { settleDelivery } from "../../src/webhooks/webhook.settle.ts";
import { listDeliveryAttempts } from "../../src/webhooks/webhooks.repository.ts";
import { createTestDatabase } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, startReceiver } from "./receiver.ts";

const TARPIT = "https://tarpit.example/hook";
const FAST = "https://fast.example/hook";

/**
 * A sender whose answer is chosen per URL: "hang" holds the attempt until
 * `release()` (then it times out), a number answers with that status at once.
 * Records what is in flight per URL and the most ever at once.
 */
function stubSender(answer: (url: string) => "hang" | "timeout" | number) {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const sent: string[] = [];
  let releases: (() => void)[] = [];
  const timedOut: SendResult = {
    status: null,
    error: "no response within 10 s",
    durationMs: 10_000,
    timedOut: true,
  };
  const send: WebhookSender = async (url) => {
    sent.push(url);
    inFlight.set(url, (inFlight.get(url) ?? 0) + 1);
    most.set(url, Math.max(most.get(url) ?? 0, inFlight.get(url) ?? 0));
    try {
      const how = answer(url);
      if (how === "hang") {
        await new Promise<void>((resolve) => releases.push(resolve));
        return timedOut;
      }
      if (how === "timeout") return timedOut;
      return { status: how, error: null, durationMs: 1 };
    } finally {
      inFlight.set(url, (inFlight.get(url) ?? 1) - 1);
    }
  };
  return {
    send,
    sent,
    inFlight: (prefix: string) =>
      [...inFlight].filter(([url]) => url.startsWith(prefix)).reduce((n, [, v]) => n + v, 0),
    most: (url: string) => most.get(url) ?? 0,
    release() {
      const waiting = releases;
      releases = [];
      for (const resolve of waiting) resolve();
    },
  };
}

let sequence = 0;
function tookEffect(): WebhookEvent {
  sequence += 1;
  return lawWebhookEvent({
    type: "law.took_effect",
    timestamp: "2026-07-01T00:00:00.000Z",
    jurisdiction: { code: "CA", name: "California" },
    event: {
      id: `ca-fairness-${sequence}`,
      title: "Test",
      summary: null,
      enacted: null,
      effective: "2026-07-01",
      authority: null,
    },
    changes: [],
    origin: "https://api.example.org",
  });
}

async function setup(send: WebhookSender, concurrency = 8) {
  const database = await createTestDatabase();
  const clock = createFakeClock(Date.parse("2026-07-01T12:00:00Z"));
  const dispatcher = createWebhookDispatcher({
    db: database.db,
    clock,
    send,
    concurrency,
    random: () => 0.5,
    log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
  });
  return { database, db: database.db, clock, dispatcher };
}

test("a receiver that never answers holds at most two slots; another account's delivery goes at once", async () => {
  const stub = stubSender((url) => (url.startsWith(TARPIT) ? "hang" : 200));
  const ctx = await setup(stub.send);
  const attacker = await insertEndpoint(ctx.db, TARPIT, { eventTypes: ["dataset.released"] });
  for (let i = 0; i < 40; i++) await enqueueTestEvent(ctx.db, attacker.endpoint.id, ctx.clock);
  await insertEndpoint(ctx.db, FAST, { eventTypes: ["law.took_effect"] });
  await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);

  ctx.dispatcher.start();
  await until("the other account's delivery", () => stub.sent.includes(FAST), 5_000);
  assert.equal(stub.most(TARPIT), FAIRNESS.inFlightPerEndpoint, "two attempts held, no more");
  assert.equal(stub.inFlight(TARPIT), 2);
  stub.release();
  await ctx.dispatcher.stop();
  await ctx.database.close();
});

test("one account's endpoints together hold at most four slots, on however many endpoints", async () => {
  const stub = stubSender((url) => (url.startsWith(TARPIT) ? "hang" : 200));
  const ctx = await setup(stub.send);
  const first = await insertEndpoint(ctx.db, `${TARPIT}/0`, { eventTypes: ["dataset.released"] });
  const endpoints = [first.endpoint.id];
  for (let i = 1; i < 5; i++) {
    const more = await insertEndpoint(ctx.db, `${TARPIT}/${i}`, {
      eventTypes: ["dataset.released"],
      userId: first.userId,
    });
    endpoints.push(more.endpoint.id);
  }
  for (let i = 0; i < 50; i++) {
    await enqueueTestEvent(ctx.db, endpoints[i % endpoints.length] as string, ctx.clock);
  }
  await insertEndpoint(ctx.db, FAST, { eventTypes: ["law.took_effect"] });
  ctx.dispatcher.start();
  await until("the attacker's four slots", () => stub.inFlight(TARPIT) === 4, 5_000);
  await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
  ctx.dispatcher.wake();
  await until("the other account's delivery", () => stub.sent.includes(FAST), 5_000);
  assert.equal(stub.inFlight(TARPIT), FAIRNESS.inFlightPerUser, "four held, never more");
  assert.ok(endpoints.every((_, i) => stub.most(`${TARPIT}/${i}`) <= FAIRNESS.inFlightPerEndpoint));
  stub.release();
  await ctx.dispatcher.stop();
  await ctx.database.close();
});

test("claims go round-robin: a backlog at one endpoint does not go ahead of another's delivery", async () => {
  const stub = stubSender(() => 200);
  const ctx = await setup(stub.send, 1);
  const busy = await insertEndpoint(ctx.db, `${FAST}/busy`, { eventTypes: ["dataset.released"] });
  const quiet = await insertEndpoint(ctx.db, `${FAST}/quiet`, {
    eventTypes: ["dataset.released"],
  });
  for (let i = 0; i < 3; i++) await enqueueTestEvent(ctx.db, busy.endpoint.id, ctx.clock);
  await enqueueTestEvent(ctx.db, quiet.endpoint.id, ctx.clock);
  while ((await ctx.dispatcher.runOnce()) > 0) {}
  assert.equal(stub.sent.length, 4);
  // Whichever goes first, the quiet endpoint's one delivery is not left
  // behind the busy one's backlog: it is sent first or second.
  assert.ok(stub.sent.indexOf(`${FAST}/quiet`) <= 1, stub.sent.join(" "));
  await ctx.database.close();
});

test("the circuit breaker: a timeout pauses the endpoint, then one attempt at a time until it answers", async () => {
  let answer: "timeout" | number = "timeout";
  const stub = stubSender(() => answer);
  const ctx = await setup(stub.send, 4);
  const { endpoint } = await insertEndpoint(ctx.db, TARPIT, { eventTypes: ["law.took_effect"] });
  for (let i = 0; i < 6; i++) await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
  const paused = async () =>
    (
      await ctx.db
        .selectFrom("webhook_endpoints")
        .select(["paused_until", "timeouts_in_a_row"])
        .where("id", "=", endpoint.id)
        .executeTakeFirstOrThrow()
    ).paused_until;

  assert.equal(await ctx.dispatcher.runOnce(), 2, "two in flight at most");
  const start = ctx.clock.now();
  assert.equal(await paused(), new Date(start + breakerPauseMs(2)).toISOString());
  assert.equal(breakerPauseMs(1), BREAKER_POLICY.firstPauseMs);
  assert.equal(await ctx.dispatcher.runOnce(), 0, "paused: nothing claimed though 4 are due");
  ctx.clock.advance(breakerPauseMs(2) - 1_000);
  assert.equal(await ctx.dispatcher.runOnce(), 0, "still paused");
  ctx.clock.advance(1_000);
  assert.equal(await ctx.dispatcher.runOnce(), 1, "half-open: one attempt");
  assert.equal(await paused(), new Date(ctx.clock.now() + breakerPauseMs(3)).toISOString());
  ctx.clock.advance(breakerPauseMs(3));
  answer = 200;
  assert.equal(await ctx.dispatcher.runOnce(), 1, "half-open again: one attempt, answered");
  assert.equal(await paused(), null, "an answer closes the breaker");
  assert.equal(await ctx.dispatcher.runOnce(), 2, "closed: two at a time again");
  await ctx.database.close();
});

test("test events and resends are tried once, never retried for a day", async () => {
  const stub = stubSender(() => 500);
  const ctx = await setup(stub.send);
  const { endpoint, userId } = await insertEndpoint(ctx.db, FAST, {
    eventTypes: ["law.took_effect"],
  });
  assert.equal(await enqueueTestEvent(ctx.db, endpoint.id, ctx.clock), true);
  assert.equal(await ctx.dispatcher.runOnce(), 1);
  const delivery = await ctx.db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .executeTakeFirstOrThrow();
  assert.equal(delivery.state, "failed", "given up after its one attempt");
  ctx.clock.advance(24 * 60 * 60_000);
  assert.equal(await ctx.dispatcher.runOnce(), 0, "no retry");

  assert.equal(
    await resendDelivery(ctx.db, {
      userId,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
      nowMs: ctx.clock.now(),
    }),
    true,
  );
  assert.equal(await ctx.dispatcher.runOnce(), 1, "the resend's attempt");
  ctx.clock.advance(24 * 60 * 60_000);
  assert.equal(await ctx.dispatcher.runOnce(), 0, "and no retry of it");
  assert.equal(stub.sent.length, 2);
  const row = await ctx.db
    .selectFrom("webhook_deliveries")
    .select(["state", "attempts"])
    .executeTakeFirstOrThrow();
  assert.deepEqual([row.state, Number(row.attempts)], ["failed", 2]);
  await ctx.database.close();
});

test(`at most ${FAIRNESS.pendingPerEndpoint} deliveries wait for one endpoint; beyond, the log says what was not sent`, async () => {
  const stub = stubSender(() => 200);
  const ctx = await setup(stub.send);
  const { endpoint } = await insertEndpoint(ctx.db, FAST, { eventTypes: ["law.took_effect"] });
  const other = await insertEndpoint(ctx.db, `${FAST}/other`, { eventTypes: ["law.took_effect"] });
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < FAIRNESS.pendingPerEndpoint; i++) {
      assert.equal(await enqueueTestEvent(trx, endpoint.id, ctx.clock), true);
    }
  });
  assert.equal(await enqueueTestEvent(ctx.db, endpoint.id, ctx.clock), false, "the queue is full");
  const event = tookEffect();
  assert.equal(await enqueueWebhookEvent(ctx.db, event, ctx.clock), 1, "queued for the other only");
  const pending = await ctx.db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("endpoint_id", "=", endpoint.id)
    .where("state", "=", "pending")
    .executeTakeFirstOrThrow();
  assert.equal(Number(pending.n), FAIRNESS.pendingPerEndpoint);
  const [logged] = await listDeliveryAttempts(ctx.db, endpoint.id);
  assert.equal(logged?.eventType, "law.took_effect");
  assert.equal(logged?.attempt, 0);
  assert.match(logged?.error ?? "", /not sent: 1,000 deliveries were already waiting/);
  assert.equal((await listDeliveryAttempts(ctx.db, other.endpoint.id)).length, 0);
  await ctx.database.close();
});

test("claims go round accounts first: other accounts cost a delivery one turn each, whatever their endpoint count", async () => {
  const ctx = await setup(stubSender(() => 200).send, 1);
  const accounts = 3;
  const victim = await insertEndpoint(ctx.db, `${FAST}/victim`, {
    eventTypes: ["law.took_effect"],
  });
  for (let account = 0; account < accounts; account++) {
    let userId: string | undefined;
    for (let i = 0; i < 5; i++) {
      const made = await insertEndpoint(ctx.db, `${TARPIT}/${account}/${i}`, {
        eventTypes: ["law.took_effect"],
        ...(userId === undefined ? {} : { userId }),
      });
      userId = made.userId;
    }
  }
  // Every endpoint has a backlog, so every account always has something due.
  for (let i = 0; i < 12; i++) await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);

  // One slot: claim one delivery, answer it at once, and again.
  const order: string[] = [];
  for (let turn = 0; turn < 40; turn++) {
    ctx.clock.advance(1);
    const [claimed] = await claimDueDeliveries(ctx.db, {
      nowMs: ctx.clock.now(),
      leaseMs: 15_000,
      limit: 1,
    });
    assert.ok(claimed !== undefined, "something is due");
    order.push(claimed.endpointId);
    await settleDelivery(
      ctx.db,
      claimed,
      { status: 200, error: null, durationMs: 1 },
      { kind: "delivered" },
      { nowMs: ctx.clock.now(), disableAfterMs: 3 * 86_400_000 },
    );
  }
  const turnsOfVictim = order.flatMap((id, index) => (id === victim.endpoint.id ? [index] : []));
  const gaps = turnsOfVictim.slice(1).map((turn, i) => turn - (turnsOfVictim[i] as number) - 1);
  assert.ok(turnsOfVictim.length >= 8, `the victim was served ${turnsOfVictim.length} times in 40`);
  assert.ok(
    Math.max(...gaps) <= accounts,
    `at most ${accounts} other deliveries between two of the victim's: ${gaps.join(", ")}`,
  );
  await ctx.database.close();
});

test("a slow answer trips the circuit breaker as a timeout does; a prompt one does not", async () => {
  let durationMs = DELIVERY_TIMEOUT_MS * 0.95;
  const send: WebhookSender = async () => ({ status: 500, error: null, durationMs });
  const ctx = await setup(send, 4);
  const { endpoint } = await insertEndpoint(ctx.db, TARPIT, { eventTypes: ["law.took_effect"] });
  for (let i = 0; i < 6; i++) await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
  const breaker = () =>
    ctx.db
      .selectFrom("webhook_endpoints")
      .select(["paused_until", "timeouts_in_a_row"])
      .where("id", "=", endpoint.id)
      .executeTakeFirstOrThrow();

  assert.equal(await ctx.dispatcher.runOnce(), 2);
  const slow = await breaker();
  assert.equal(Number(slow.timeouts_in_a_row), 2, "a 500 after 9.5 s counts as a timeout");
  assert.equal(slow.paused_until, new Date(ctx.clock.now() + breakerPauseMs(2)).toISOString());
  assert.equal(await ctx.dispatcher.runOnce(), 0, "paused");

  ctx.clock.advance(breakerPauseMs(2));
  durationMs = DELIVERY_TIMEOUT_MS * BREAKER_POLICY.slowFraction - 1;
  assert.equal(await ctx.dispatcher.runOnce(), 1, "half-open: one attempt");
  const prompt = await breaker();
  assert.deepEqual([prompt.paused_until, Number(prompt.timeouts_in_a_row)], [null, 0]);
  await ctx.database.close();
});

test("test events get a short deadline; events the full one", async () => {
  const deadlines = new Map<string, number | undefined>();
  const send: WebhookSender = async (_url, body, _headers, attempt) => {
    deadlines.set((JSON.parse(body) as { type: string }).type, attempt?.timeoutMs);
    return { status: 200, error: null, durationMs: 1 };
  };
  const ctx = await setup(send);
  const { endpoint } = await insertEndpoint(ctx.db, FAST, { eventTypes: ["law.took_effect"] });
  await enqueueTestEvent(ctx.db, endpoint.id, ctx.clock);
  await enqueueWebhookEvent(ctx.db, tookEffect(), ctx.clock);
  while ((await ctx.dispatcher.runOnce()) > 0) {}
  assert.deepEqual(Object.fromEntries(deadlines), {
    "webhook.test": TEST_DELIVERY_TIMEOUT_MS,
    "law.took_effect": DELIVERY_TIMEOUT_MS,
  });
  assert.ok(TEST_DELIVERY_TIMEOUT_MS <= 3_000);
  await ctx.database.close();
});

test("the sender keeps an attempt's own deadline", async () => {
  const receiver = await startReceiver();
  receiver.respond = () => "hang";
  const agents = createGuardedAgents({ policy: createAddressPolicy(["127.0.0.1"]) });
  const send = createWebhookSender(agents);
  const result = await send(receiver.url, "{}", {}, { timeoutMs: 200 });
  assert.deepEqual(
    [result.status, result.timedOut, result.error],
    [null, true, "no response within 0.2 s"],
  );
  assert.ok(result.durationMs < DELIVERY_TIMEOUT_MS / 2, `${result.durationMs} ms`);
  agents.close();
  await receiver.close();
});

test("slow attempts leave their slots: many accounts' slow receivers do not hold up another account", async () => {
  const stub = stubSender((url) => (url.startsWith(TARPIT) ? "hang" : 200));
  const database = await createTestDatabase();
  const clock = createFakeClock(Date.parse("2026-07-01T12:00:00Z"));
  const dispatcher = createWebhookDispatcher({
    db: database.db,
    clock,
    send: stub.send,
    concurrency: 2,
    slowLane: 16,
    slotHoldMs: 20,
    random: () => 0.5,
    log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
  });
  // Three accounts, two endpoints each, every attempt unanswered: 12 in
  // flight at their limits, six times the slots.
  for (let account = 0; account < 3; account++) {
    let userId: string | undefined;
    for (let i = 0; i < 2; i++) {
      const made = await insertEndpoint(database.db, `${TARPIT}/${account}/${i}`, {
        eventTypes: ["dataset.released"],
        ...(userId === undefined ? {} : { userId }),
      });
      userId = made.userId;
      for (let n = 0; n < 3; n++) await enqueueTestEvent(database.db, made.endpoint.id, clock);
    }
  }
  dispatcher.start();
  try {
    await until("every account at its limit", () => stub.inFlight(TARPIT) === 12, 5_000);
    await insertEndpoint(database.db, FAST, { eventTypes: ["law.took_effect"] });
    await enqueueWebhookEvent(database.db, tookEffect(), clock);
    dispatcher.wake();
    await until("the other account's delivery", () => stub.sent.includes(FAST), 5_000);
    assert.equal(stub.inFlight(TARPIT), 12, "the slow attempts are all still waiting");
  } finally {
    stub.release();
    await dispatcher.stop();
    await database.close();
  }
});
