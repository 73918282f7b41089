/**
 * The law's webhook events from a running app: `law.took_effect` is
 * delivered, signed, within seconds of the moment a change takes effect in
 * its jurisdiction's zone (the app's clock injected, time moved, not slept),
 * and only to endpoints that follow that jurisdiction.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { timeZoneOf } from "../../src/dataset/jurisdictions.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { startOfDayIn } from "../../src/lib/zoned-time.ts";
import { buildTestApp, createTestDatabase, realDataset, type TestApp } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, type Receiver, startReceiver } from "./receiver.ts";

const change = [...realDataset().histories.entries()]
  .flatMap(([code, events]) => events.map((event) => ({ code, event })))
  .find(({ event }) => event.sets !== undefined && (event.effective ?? "") > "2026-11-25");
const moment =
  change === undefined ? 0 : startOfDayIn(timeZoneOf(change.code), change.event.effective ?? "");
const clock = createFakeClock(moment - 2_000);
let app: TestApp;
let receiver: Receiver;
let other: Receiver;
let secret = "";
let otherId = "";
let database: Awaited<ReturnType<typeof createTestDatabase>>;

before(async () => {
  receiver = await startReceiver();
  other = await startReceiver();
  database = await createTestDatabase();
  app = await buildTestApp(
    { database, clock, lawClock: clock },
    { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const code = change?.code ?? "NM";
  const followed = await insertEndpoint(database.db, receiver.url, {
    eventTypes: ["law.took_effect"],
    jurisdictions: [code],
  });
  secret = followed.secret;
  const elsewhere = await insertEndpoint(database.db, other.url, {
    eventTypes: ["law.took_effect"],
    jurisdictions: [code === "VA" ? "CA" : "VA"],
  });
  otherId = elsewhere.endpoint.id;
});
after(async () => {
  await app.close();
  await database.close();
  await receiver.close();
  await other.close();
});

test("law.took_effect arrives within 5 s of the moment, signed, with the fields before and after", async (t) => {
  if (change === undefined) {
    t.skip("the dataset records no future change that sets values");
    return;
  }
  clock.set(moment + 1_000);
  const movedAt = Date.now();
  await until("law.took_effect at the receiver", () => receiver.received.length > 0, 5_000);
  const latencyMs = Date.now() - movedAt;
  assert.ok(latencyMs < 5_000, `delivered ${latencyMs} ms after the moment`);

  const [request] = receiver.received;
  assert.ok(request);
  // Signed at the app's (injected) time: the receiver checks it against that time.
  t.mock.timers.enable({ apis: ["Date"], now: clock.now() });
  const payload = new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as {
    type: string;
    data: { jurisdiction: { code: string }; event: { id: string }; changes: { field: string }[] };
  };
  t.mock.timers.reset();
  assert.equal(payload.type, "law.took_effect");
  assert.equal(payload.data.jurisdiction.code, change.code);
  assert.equal(payload.data.event.id, change.event.id);
  for (const field of Object.keys(change.event.sets ?? {})) {
    assert.ok(
      payload.data.changes.some((item) => item.field === field),
      `the change of ${field} is reported`,
    );
  }

  // The endpoint that follows another jurisdiction was given nothing to deliver.
  const queued = await database.db
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("endpoint_id", "=", otherId)
    .execute();
  assert.equal(queued.length, 0);
  assert.equal(other.received.length, 0);
});
