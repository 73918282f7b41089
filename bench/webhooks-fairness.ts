/**
 * Fair delivery under attack. Another account's `law.took_effect`
 * deliveries go to a receiver that answers at once; the figure is their
 * latency — from enqueueing to the signed POST arriving — before and during
 * the attack: p50, p90, p99, max. Two attacks, each a row:
 *
 * - "dead receiver": one account floods "Send test event" at its 5
 *   endpoints on a receiver that accepts the connection and never answers
 *   (each attempt holds a slot until its deadline);
 * - "K slow accounts": K accounts, 5 endpoints each, on a receiver that
 *   answers `500` at 0.95× the attempt's deadline (9.5 s for an event,
 *   0.95× the test deadline for a test event), so no attempt times out.
 *   Each account sends its 30 test events (the pages' hourly cap per
 *   account) and subscribes to `law.took_effect`, so every event the other
 *   account receives fans out to its 5 endpoints too (and is retried).
 *
 * Runs on SQLite (a file, one instance) and on PostgreSQL with two
 * instances (two pools and two dispatchers on one fresh schema; skipped when
 * unreachable). The flood goes straight into the queue (`enqueueTestEvent`,
 * as the page does, without the page's throttles): it measures the
 * dispatcher's fairness alone. By default the measurement lasts 75 s, past
 * the first pause of the circuit breaker (1 minute), so the attempts that
 * probe the dead receiver again are inside it. Bounded: FLOOD test events
 * over about 0.6 s, SAMPLES victim events one every INTERVAL_MS, each waited
 * for at most BOUND_MS; loopback only. A script, not a test: figures depend
 * on the machine.
 *
 * Rows: the dead receiver, and K = 3 and 8 slow accounts on SQLite; the dead
 * receiver and K = 4 slow accounts on PostgreSQL with two instances.
 *
 *   npm run webhooks:fairness
 *   FLOOD=160 SAMPLES=100 INTERVAL_MS=200 BOUND_MS=240000 npm run webhooks:fairness
 *   ONLY=sqlite npm run webhooks:fairness
 *   ROWS=slow npm run webhooks:fairness      (the slow accounts only; ROWS=dead the other)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { systemClock } from "../src/lib/clock.ts";
import { enqueueTestEvent, enqueueWebhookEvent } from "../src/webhooks/webhook.enqueue.ts";
import { lawWebhookEvent, TEST_EVENT_TYPE } from "../src/webhooks/webhook.events.ts";
import { DELIVERY_TIMEOUT_MS, TEST_DELIVERY_TIMEOUT_MS } from "../src/webhooks/webhook.sender.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../test/support/backends.ts";
import { until } from "../test/support/wait.ts";
import { insertEndpoint, startReceiver } from "../test/webhooks/receiver.ts";
import { loopbackDispatchers } from "./webhook-dispatchers.ts";

const FLOOD = Number(process.env.FLOOD ?? 160);
/** The attacker's endpoints (an account may have 5), all on the receiver that never answers. */
const ATTACKER_ENDPOINTS = Number(process.env.ATTACKER_ENDPOINTS ?? 5);
const SAMPLES = Number(process.env.SAMPLES ?? 300);
const BASELINE = Number(process.env.BASELINE ?? 20);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 250);
const BOUND_MS = Number(process.env.BOUND_MS ?? 60_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const ONLY = process.env.ONLY ?? "";
const ROWS = process.env.ROWS ?? "";
/** Test events each slow account sends: the pages allow 30 an hour per account. */
const TESTS_PER_ACCOUNT = 30;

type Attack = { kind: "dead" } | { kind: "slow"; accounts: number };

/**
 * A receiver that answers `500` at 0.95× the deadline of what it receives
 * (a test event's, or an event's), never timing out; loopback only.
 */
async function startSlowReceiver() {
  const sockets = new Set<Socket>();
  let received = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received += 1;
      const isTest = Buffer.concat(chunks).toString("utf8").includes(`"${TEST_EVENT_TYPE}"`);
      const deadline = isTest ? TEST_DELIVERY_TIMEOUT_MS : DELIVERY_TIMEOUT_MS;
      const timer = setTimeout(() => response.writeHead(500).end("slow"), deadline * 0.95);
      response.on("close", () => clearTimeout(timer));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Summary = { p50: number; p90: number; p99: number; max: number; late: number };

function summarise(latencies: number[], expected: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  // Undelivered samples count as "at least the bound", so they land in the tail.
  while (sorted.length < expected) sorted.push(Number.POSITIVE_INFINITY);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    late: expected - latencies.length,
  };
}

const ms = (value: number) =>
  Number.isFinite(value) ? `${Math.round(value)} ms` : `> ${BOUND_MS / 1000} s`;

function describe(summary: Summary): string {
  return `p50 ${ms(summary.p50)}, p90 ${ms(summary.p90)}, p99 ${ms(summary.p99)}, max ${ms(summary.max)}${summary.late > 0 ? `; ${summary.late} not delivered within ${BOUND_MS / 1000} s` : ""}`;
}

async function run(name: string, open: () => DatabaseHandle, instances: number, attack: Attack) {
  const handles = Array.from({ length: instances }, open);
  const [first] = handles as [DatabaseHandle];
  await migrateToLatest(first.db);
  const tarpit = await startReceiver();
  tarpit.respond = () => "hang";
  const slow = await startSlowReceiver();
  const fast = await startReceiver();
  const arrivedAt = new Map<string, number>();
  fast.respond = (_index, received) => {
    const id = (JSON.parse(received.body) as { data: { event: { id: string } } }).data.event.id;
    arrivedAt.set(id, performance.now());
    return 204;
  };
  await insertEndpoint(first.db, fast.url, { eventTypes: ["law.took_effect"] });

  const { dispatchers, close } = loopbackDispatchers(handles, CONCURRENCY);
  for (const dispatcher of dispatchers) dispatcher.start();

  let sequence = 0;
  /** Enqueues one victim event (every instance enqueues it and wakes, as with a law taking effect). */
  const victimEvent = async (): Promise<{ id: string; startedAt: number }> => {
    sequence += 1;
    const id = `fairness-${sequence}`;
    const event = lawWebhookEvent({
      type: "law.took_effect",
      timestamp: new Date().toISOString(),
      jurisdiction: { code: "CA", name: "California" },
      event: {
        id,
        title: "Bench",
        summary: null,
        enacted: null,
        effective: "2026-01-01",
        authority: null,
      },
      changes: [],
      origin: "https://api.example.org",
    });
    const startedAt = performance.now();
    await Promise.all(
      handles.map((handle, index) =>
        enqueueWebhookEvent(handle.db, event, systemClock).then(() => dispatchers[index]?.wake()),
      ),
    );
    return { id, startedAt };
  };
  const measure = async (count: number, intervalMs: number) => {
    const sent: { id: string; startedAt: number }[] = [];
    for (let i = 0; i < count; i++) {
      sent.push(await victimEvent());
      if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      else
        await until("the baseline delivery", () => arrivedAt.has(sent[i]?.id ?? ""), BOUND_MS, 2);
    }
    const last = sent[sent.length - 1] as { startedAt: number };
    await until(
      "the victim's deliveries",
      () => sent.every((s) => arrivedAt.has(s.id)) || performance.now() - last.startedAt > BOUND_MS,
      BOUND_MS + 5_000,
      5,
    ).catch(() => {});
    const latencies = sent
      .filter(
        (s) => arrivedAt.has(s.id) && (arrivedAt.get(s.id) as number) - s.startedAt <= BOUND_MS,
      )
      .map((s) => (arrivedAt.get(s.id) as number) - s.startedAt);
    return summarise(latencies, count);
  };

  const idle = await measure(BASELINE, 0);

  // The attackers' accounts and endpoints, made after the idle figures.
  const accounts = attack.kind === "dead" ? 1 : attack.accounts;
  const attackerEndpoints: string[] = [];
  for (let account = 0; account < accounts; account++) {
    let userId: string | undefined;
    for (let i = 0; i < ATTACKER_ENDPOINTS; i++) {
      const made = await insertEndpoint(
        first.db,
        attack.kind === "dead" ? `${tarpit.url}/${i}` : `${slow.url}/${account}/${i}`,
        {
          eventTypes: attack.kind === "dead" ? ["dataset.released"] : ["law.took_effect"],
          ...(userId === undefined ? {} : { userId }),
        },
      );
      userId = made.userId;
      attackerEndpoints.push(made.endpoint.id);
    }
  }
  const flood = attack.kind === "dead" ? FLOOD : accounts * TESTS_PER_ACCOUNT;
  // The flood: `flood` test events over about 0.6 s, spread over the attackers' endpoints.
  const floodStarted = performance.now();
  const pause = 600 / flood;
  for (let i = 0; i < flood; i++) {
    await enqueueTestEvent(
      (handles[i % handles.length] as DatabaseHandle).db,
      attackerEndpoints[i % attackerEndpoints.length] as string,
      systemClock,
    );
    dispatchers[i % dispatchers.length]?.wake();
    if (i % 8 === 7) await new Promise((resolve) => setTimeout(resolve, pause * 8));
  }
  const floodMs = performance.now() - floodStarted;
  const flooded = await measure(SAMPLES, INTERVAL_MS);
  const what =
    attack.kind === "dead"
      ? `${ATTACKER_ENDPOINTS} endpoint(s) that never answer`
      : `${accounts} accounts × ${ATTACKER_ENDPOINTS} endpoints answering 500 at 0.95× the deadline, each subscribed to the same events`;
  console.log(`${name}`);
  console.log(`  idle:    ${describe(idle)} (${BASELINE} deliveries, one at a time)`);
  console.log(
    `  during:  ${describe(flooded)} (${SAMPLES} deliveries, one every ${INTERVAL_MS} ms, after ${flood} test events in ${(floodMs / 1000).toFixed(2)} s to ${what})`,
  );
  console.log(
    `  the attackers' receivers saw ${attack.kind === "dead" ? tarpit.received.length : slow.received()} requests`,
  );

  await tarpit.close();
  await slow.close();
  await close();
  await fast.close();
  for (const handle of handles) await handle.close();
  return { idle, flooded };
}

console.log(
  `concurrency ${CONCURRENCY} per instance; receivers on 127.0.0.1; victim p99 target < 1 s during the flood`,
);
const label = (attack: Attack) =>
  attack.kind === "dead" ? "a dead receiver" : `${attack.accounts} slow accounts`;
const wanted = (attack: Attack) => ROWS === "" || ROWS === attack.kind;
if (ONLY === "" || ONLY === "sqlite") {
  for (const attack of [
    { kind: "dead" },
    { kind: "slow", accounts: 3 },
    { kind: "slow", accounts: 8 },
  ] satisfies Attack[]) {
    if (!wanted(attack)) continue;
    const dir = mkdtempSync(join(tmpdir(), "cls-webhooks-fairness-"));
    try {
      await run(
        `SQLite (WAL), one instance, ${label(attack)}`,
        () => createDatabase(`sqlite:${join(dir, "bench.db")}`),
        1,
        attack,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
if (ONLY === "" || ONLY === "postgres") {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) console.log(skip);
  else {
    for (const attack of [{ kind: "dead" }, { kind: "slow", accounts: 4 }] satisfies Attack[]) {
      if (!wanted(attack)) continue;
      const schema = await createTestSchema();
      try {
        await run(
          `PostgreSQL, two instances, ${label(attack)}`,
          () => createDatabase(schema.url),
          2,
          attack,
        );
      } finally {
        await schema.drop();
      }
    }
  }
}
