/**
 * Two instances on one PostgreSQL: each its own connection pool, its own
 * dispatcher, both enqueueing the same events and claiming at once. Every
 * event reaches every subscribed endpoint exactly once, in 20 repeats; a
 * dataset version is announced once however many instances start with it;
 * the fairness limits (attempts in flight per endpoint and per account) hold
 * over both instances, and a claim never leases more than it asked for.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import {
  createAddressPolicy,
  createGuardedAgents,
} from "../../src/webhooks/webhook.address-guard.ts";
import { claimDueDeliveries } from "../../src/webhooks/webhook.claim.ts";
import { createWebhookDispatcher } from "../../src/webhooks/webhook.dispatcher.ts";
import { announceDatasetRelease, enqueueWebhookEvent } from "../../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent } from "../../src/webhooks/webhook.events.ts";
import { purgeSettled, SETTLED_RETENTION_MS } from "../../src/webhooks/webhook.housekeeping.ts";
import { createWebhookSender, type WebhookSender } from "../../src/webhooks/webhook.sender.ts";
import { realDataset } from "../helpers.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../support/backends.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, type Receiver, startReceiver } from "./receiver.ts";

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function twoInstances() {
  const schema = await createTestSchema();
  const handles: DatabaseHandle[] = [createDatabase(schema.url), createDatabase(schema.url)];
  // Both migrate at once, as two starting instances do.
  await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
  cleanups.push(async () => {
    for (const handle of handles) await handle.close();
    await schema.drop();
  });
  return handles;
}

test("PostgreSQL, two instances: exactly one delivery per event per endpoint, in 20 repeats", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const handles = await twoInstances();
  const clock = createFakeClock(Date.now());
  const receivers: Receiver[] = [];
  for (let i = 0; i < 3; i++) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    cleanups.push(() => receiver.close());
  }
  const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
  for (const receiver of receivers) await insertEndpoint(first.db, receiver.url);
  const deliveredBy = [0, 0];
  const instances = handles.map((handle, index) => {
    const agents = createGuardedAgents({ policy: createAddressPolicy(["127.0.0.1"]) });
    cleanups.push(async () => agents.close());
    return createWebhookDispatcher({
      db: handle.db,
      clock,
      send: createWebhookSender(agents),
      concurrency: 4,
      log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
      onOutcome: () => {
        deliveredBy[index] = (deliveredBy[index] ?? 0) + 1;
      },
    });
  });
  for (const instance of instances) {
    instance.start();
    cleanups.push(() => instance.stop());
  }
  const REPEATS = 20;
  const EVENTS_PER_REPEAT = 5;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const events = Array.from({ length: EVENTS_PER_REPEAT }, (_, index) =>
      lawWebhookEvent({
        type: "law.took_effect",
        timestamp: new Date(clock.now()).toISOString(),
        jurisdiction: { code: "CO", name: "Colorado" },
        event: {
          id: `co-${repeat}-${index}`,
          title: "Test",
          summary: null,
          enacted: null,
          effective: "2026-01-01",
          authority: null,
        },
        changes: [],
        origin: "https://api.example.org",
      }),
    );
    // Both instances enqueue every event at the same time, and both wake.
    const added = await Promise.all(
      events.flatMap((event) => [
        enqueueWebhookEvent(first.db, event, clock),
        enqueueWebhookEvent(second.db, event, clock),
      ]),
    );
    assert.equal(
      added.reduce((a, b) => a + b, 0),
      EVENTS_PER_REPEAT * receivers.length,
      `repeat ${repeat}: each (event, endpoint) enqueued once`,
    );
    for (const instance of instances) instance.wake();
    const expected = (repeat + 1) * EVENTS_PER_REPEAT;
    await until(`repeat ${repeat} delivered`, () =>
      receivers.every((receiver) => receiver.received.length >= expected),
    );
  }
  // Let anything still in flight land before counting.
  for (const instance of instances) await instance.stop();
  for (const receiver of receivers) {
    const ids = receiver.received.map((r) => String(r.headers["webhook-id"]));
    assert.equal(ids.length, REPEATS * EVENTS_PER_REPEAT, "no duplicate, none missing");
    assert.equal(new Set(ids).size, ids.length);
  }
  assert.ok(
    deliveredBy.every((count) => count > 0),
    `both instances delivered (${deliveredBy.join(" + ")})`,
  );
  console.log(`two instances shared the deliveries: ${deliveredBy.join(" + ")}`);
  const pending = await first.db
    .selectFrom("webhook_deliveries")
    .select("state")
    .where("state", "!=", "delivered")
    .execute();
  assert.deepEqual(pending, []);
  const attempts = await first.db.selectFrom("webhook_attempts").select("attempt").execute();
  assert.ok(attempts.every((a) => Number(a.attempt) === 1));
  // Past the retention, the settled rows are purged (the same queries as on SQLite).
  clock.advance(SETTLED_RETENTION_MS + 60_000);
  const nowMs = clock.now();
  assert.deepEqual(await purgeSettled(first.db, { nowMs }), {
    deliveries: REPEATS * EVENTS_PER_REPEAT * receivers.length,
    events: REPEATS * EVENTS_PER_REPEAT,
  });
  assert.deepEqual(await purgeSettled(second.db, { nowMs }), { deliveries: 0, events: 0 });
  assert.deepEqual(await first.db.selectFrom("webhook_attempts").select("id").execute(), []);
});

test("PostgreSQL: a dataset version is announced once when instances start together", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const handles = await twoInstances();
  const clock = createFakeClock(Date.now());
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const [first] = handles as [DatabaseHandle];
  await insertEndpoint(first.db, receiver.url, { eventTypes: ["dataset.released"] });
  const manifest = realDataset().manifest;
  const results = await Promise.all(
    [...handles, ...handles].map((handle) =>
      announceDatasetRelease(handle.db, manifest, "https://api.example.org", clock),
    ),
  );
  assert.equal(results.filter(Boolean).length, 1, "one announcer");
  const deliveries = await first.db.selectFrom("webhook_deliveries").selectAll().execute();
  assert.equal(deliveries.length, 1);
  const [event] = await first.db.selectFrom("webhook_events").selectAll().execute();
  assert.equal(event?.id, `dataset.released:${manifest.version}`);
  assert.equal(JSON.parse(event?.payload ?? "{}").data.version, manifest.version);
});

test("PostgreSQL, two instances: at most 2 attempts in flight per endpoint and 4 per account, both instances together; a claim takes no more than its limit", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const handles = await twoInstances();
  const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
  const clock = createFakeClock(Date.now());
  // One account with three endpoints, another with one.
  const busy = await insertEndpoint(first.db, "https://busy.example/0");
  const busyUrls = [busy.endpoint.url];
  for (let i = 1; i < 3; i++) {
    const more = await insertEndpoint(first.db, `https://busy.example/${i}`, {
      userId: busy.userId,
    });
    busyUrls.push(more.endpoint.url);
  }
  const other = await insertEndpoint(first.db, "https://other.example/hook");
  const EVENTS = 40;
  for (let i = 0; i < EVENTS; i++) {
    await enqueueWebhookEvent(
      i % 2 === 0 ? first.db : second.db,
      lawWebhookEvent({
        type: "law.took_effect",
        timestamp: new Date(clock.now()).toISOString(),
        jurisdiction: { code: "CO", name: "Colorado" },
        event: {
          id: `co-fair-${i}`,
          title: "Test",
          summary: null,
          enacted: null,
          effective: "2026-01-01",
          authority: null,
        },
        changes: [],
        origin: "https://api.example.org",
      }),
      clock,
    );
  }
  const total = EVENTS * 4;

  // One claim of 8 out of 160 due rows leases 8, never more.
  const claimed = await claimDueDeliveries(first.db, {
    nowMs: clock.now(),
    leaseMs: 15_000,
    limit: 8,
  });
  assert.ok(claimed.length <= 8, `claimed ${claimed.length} for a limit of 8`);
  const leased = await first.db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("lease_until", "is not", null)
    .executeTakeFirstOrThrow();
  assert.equal(Number(leased.n), claimed.length, "as many leased as returned");
  clock.advance(20_000); // those leases run out: their rows are due again

  const inFlight = new Map<string, number>();
  let busyNow = 0;
  let mostBusy = 0;
  const most = new Map<string, number>();
  let delivered = 0;
  const send: WebhookSender = async (url) => {
    inFlight.set(url, (inFlight.get(url) ?? 0) + 1);
    most.set(url, Math.max(most.get(url) ?? 0, inFlight.get(url) ?? 0));
    if (busyUrls.includes(url)) mostBusy = Math.max(mostBusy, ++busyNow);
    // A receiver that takes a moment, so attempts overlap.
    await new Promise((resolve) => setTimeout(resolve, 15));
    inFlight.set(url, (inFlight.get(url) ?? 1) - 1);
    if (busyUrls.includes(url)) busyNow -= 1;
    delivered += 1;
    return { status: 200, error: null, durationMs: 15 };
  };
  const dispatchers = handles.map((handle) =>
    createWebhookDispatcher({
      db: handle.db,
      clock,
      send,
      concurrency: 8,
      pollIntervalMs: 20,
      log: { warn: () => {}, error: (fields) => assert.fail(JSON.stringify(fields)) },
    }),
  );
  for (const dispatcher of dispatchers) {
    dispatcher.start();
    cleanups.push(() => dispatcher.stop());
  }
  await until("every delivery", () => delivered >= total, 60_000);
  for (const dispatcher of dispatchers) await dispatcher.stop();
  assert.equal(delivered, total, "each once");
  for (const url of [...busyUrls, other.endpoint.url]) {
    assert.ok((most.get(url) ?? 0) <= 2, `${url}: ${most.get(url)} at once`);
  }
  assert.ok(mostBusy <= 4, `the busy account had ${mostBusy} attempts at once`);
  assert.ok(mostBusy >= 2, `its endpoints were served side by side (${mostBusy})`);
  console.log(
    `most at once: per endpoint ${Math.max(...most.values())}, for the three-endpoint account ${mostBusy}`,
  );
});
