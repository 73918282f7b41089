/**
 * A server killed (SIGKILL) in the middle of a delivery: after a restart the
 * delivery's lease expires and it is delivered — with the same webhook-id,
 * so the receiver can tell it is the same message.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { LEASE_MARGIN_MS } from "../../src/webhooks/webhook.dispatcher.ts";
import { enqueueWebhookEvent } from "../../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent } from "../../src/webhooks/webhook.events.ts";
import { DELIVERY_TIMEOUT_MS } from "../../src/webhooks/webhook.sender.ts";
import { listDeliveryAttempts } from "../../src/webhooks/webhooks.repository.ts";
import { spawnServer } from "../support/server-process.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, type Receiver, startReceiver } from "./receiver.ts";

const receivers: Receiver[] = [];
after(async () => {
  for (const receiver of receivers) await receiver.close();
});

async function startServer(databaseUrl: string) {
  const server = spawnServer({
    PORT: "0",
    DATABASE_URL: databaseUrl,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1",
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), "cls-outbox-")),
  });
  await until("the server to start", () => server.output().includes("serving the API"), 90_000);
  return server;
}

test("SIGKILL during a delivery, then a restart: the delivery is made, with the same webhook-id", async () => {
  const databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), "cls-crash-")), "cls.db")}`;
  const setup = createDatabase(databaseUrl);
  await migrateToLatest(setup.db);
  const receiver = await startReceiver();
  receivers.push(receiver);
  receiver.respond = (index) => (index === 0 ? "hang" : 204);
  // Ohio only: the release's own events (law.enacted elsewhere) are not this test's.
  const { endpoint } = await insertEndpoint(setup.db, receiver.url, { jurisdictions: ["OH"] });

  const first = await startServer(databaseUrl);
  await enqueueWebhookEvent(
    setup.db,
    lawWebhookEvent({
      type: "law.took_effect",
      timestamp: new Date().toISOString(),
      jurisdiction: { code: "OH", name: "Ohio" },
      event: {
        id: "oh-crash",
        title: "Adult use takes effect",
        summary: null,
        enacted: "2023-11-07",
        effective: "2023-12-07",
        authority: null,
      },
      changes: [{ field: "status", before: "medical", after: "adult_use" }],
      origin: "http://127.0.0.1",
    }),
    systemClock,
  );
  await until("the first attempt to reach the receiver", () => receiver.received.length === 1);
  const killedAt = Date.now();
  const exited = once(first.child, "exit");
  first.child.kill("SIGKILL");
  await exited;
  const row = await setup.db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
  assert.equal(row.state, "pending", "the killed attempt settled nothing");
  assert.ok(row.lease_until !== null, "it is leased by the dead process");

  await startServer(databaseUrl);
  await until(
    "the delivery after the restart",
    () => receiver.received.length === 2,
    DELIVERY_TIMEOUT_MS + LEASE_MARGIN_MS + 30_000,
  );
  const waitedMs = Date.now() - killedAt;
  assert.equal(
    receiver.received[1]?.headers["webhook-id"],
    receiver.received[0]?.headers["webhook-id"],
  );
  await until("the attempt to be settled", async () => {
    const current = await setup.db
      .selectFrom("webhook_deliveries")
      .select("state")
      .executeTakeFirstOrThrow();
    return current.state === "delivered";
  });
  const log = await listDeliveryAttempts(setup.db, endpoint.id);
  assert.deepEqual(
    log.map((attempt) => [attempt.attempt, attempt.statusCode]),
    [[2, 204]],
    "the killed attempt counted; the second delivered",
  );
  console.log(`delivered ${Math.round(waitedMs / 1000)} s after the SIGKILL (lease expiry)`);
  await setup.close();
});
