/**
 * Webhook queue throughput: deliveries per second from the database queue to
 * a local receiver (127.0.0.1, answering 204 at once), on SQLite (a file in
 * WAL mode) and on PostgreSQL (a fresh schema on TEST_POSTGRES_URL, skipped
 * when unreachable), with one dispatcher and with two sharing the queue (on
 * SQLite, the one-instance profile, over the process's one connection). It
 * measures the queue — claim, sign, POST, settle, log — not a receiver. A
 * script, not a test: figures depend on the machine.
 *
 *   npm run webhooks:bench
 *   EVENTS=500 ENDPOINTS=10 CONCURRENCY=16 npm run webhooks:bench
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { systemClock } from "../src/lib/clock.ts";
import { enqueueWebhookEvent } from "../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent } from "../src/webhooks/webhook.events.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../test/support/backends.ts";
import { until } from "../test/support/wait.ts";
import { insertEndpoint, startReceiver } from "../test/webhooks/receiver.ts";
import { loopbackDispatchers } from "./webhook-dispatchers.ts";

const EVENTS = Number(process.env.EVENTS ?? 300);
const ENDPOINTS = Number(process.env.ENDPOINTS ?? 10);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);

async function run(name: string, open: () => DatabaseHandle, instances: number) {
  const handles = Array.from({ length: instances }, open);
  const [first] = handles as [DatabaseHandle];
  await migrateToLatest(first.db);
  const receiver = await startReceiver();
  receiver.respond = () => 204;
  for (let i = 0; i < ENDPOINTS; i++) await insertEndpoint(first.db, `${receiver.url}/${i}`);
  const enqueueStarted = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    await enqueueWebhookEvent(
      first.db,
      lawWebhookEvent({
        type: "law.took_effect",
        timestamp: new Date().toISOString(),
        jurisdiction: { code: "CA", name: "California" },
        event: {
          id: `bench-${i}`,
          title: "Bench",
          summary: null,
          enacted: null,
          effective: "2026-01-01",
          authority: null,
        },
        changes: [{ field: "status", before: "medical", after: "adult_use" }],
        origin: "https://api.example.org",
      }),
      systemClock,
    );
  }
  const enqueueMs = performance.now() - enqueueStarted;
  const total = EVENTS * ENDPOINTS;
  const { dispatchers, close } = loopbackDispatchers(handles, CONCURRENCY);
  const started = performance.now();
  for (const dispatcher of dispatchers) dispatcher.start();
  await until("every delivery", () => receiver.received.length >= total, 600_000);
  const elapsedMs = performance.now() - started;
  await close();
  await receiver.close();
  const delivered = await first.db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("state", "=", "delivered")
    .executeTakeFirstOrThrow();
  for (const handle of new Set(handles)) await handle.close();
  console.log(
    `${name.padEnd(26)} ${String(total).padStart(6)} deliveries in ${(elapsedMs / 1000).toFixed(2)} s: ${Math.round(
      (total / elapsedMs) * 1000,
    )
      .toString()
      .padStart(
        5,
      )}/s (enqueue ${Math.round((EVENTS / enqueueMs) * 1000)} events/s; ${Number(delivered.n)} settled as delivered)`,
  );
}

console.log(
  `${EVENTS} events × ${ENDPOINTS} endpoints; concurrency ${CONCURRENCY} per dispatcher; receiver on 127.0.0.1`,
);
for (const instances of [1, 2]) {
  const dir = mkdtempSync(join(tmpdir(), "cls-webhooks-bench-"));
  // SQLite is the one-instance profile: both dispatchers share the
  // process's connection (two connections in one process would turn
  // node:sqlite's blocking busy wait into lock timeouts).
  const handle = createDatabase(`sqlite:${join(dir, "bench.db")}`);
  await run(
    `SQLite, ${instances} dispatcher${instances === 1 ? "" : "s"}`,
    () => handle,
    instances,
  );
  rmSync(dir, { recursive: true, force: true });
}
const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
if (skip !== false) console.log(skip);
else {
  for (const instances of [1, 2]) {
    const schema = await createTestSchema();
    try {
      await run(
        `PostgreSQL, ${instances} dispatcher${instances === 1 ? "" : "s"}`,
        () => createDatabase(schema.url),
        instances,
      );
    } finally {
      await schema.drop();
    }
  }
}
