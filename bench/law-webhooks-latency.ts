/**
 * How soon `law.took_effect` reaches a receiver after a law takes effect:
 * a server (embedded SQLite) whose clock runs at real speed from an offset
 * is placed just before each of the dataset's moments when an enacted event
 * takes effect (midnight in its jurisdiction's zone), and the time from that
 * moment to the signed POST arriving at a receiver on 127.0.0.1 is measured,
 * over EVENTS moments. The server's own timer finds each moment, as in
 * production. A script, not a test: figures depend on the machine.
 *
 *   npm run law:latency
 *   EVENTS=50 npm run law:latency
 */
import { timeZoneOf } from "../src/dataset/jurisdictions.ts";
import { createLiveLaw } from "../src/dataset/law.live.ts";
import { createLawModel } from "../src/dataset/law.ts";
import { startOfDayIn } from "../src/lib/zoned-time.ts";
import { buildTestApp, createTestDatabase, realDataset } from "../test/helpers.ts";
import { until } from "../test/support/wait.ts";
import { insertEndpoint, startReceiver } from "../test/webhooks/receiver.ts";

const EVENTS = Number(process.env.EVENTS ?? 100);
/** How long before each moment the clock is placed. */
const LEAD_MS = 300;

const dataset = realDataset();
/** Each moment with the ids of the events that take effect then. */
const byMoment = new Map<number, string[]>();
for (const [code, events] of dataset.histories) {
  for (const event of events) {
    if (event.effective === null || event.effective <= event.date) continue;
    const moment = startOfDayIn(timeZoneOf(code), event.effective);
    byMoment.set(moment, [...(byMoment.get(moment) ?? []), event.id]);
  }
}
const moments = [...byMoment.keys()].sort((a, b) => a - b).slice(-EVENTS);
if (moments.length < 2) throw new Error("the dataset has too few moments to measure");

let offset = 0;
const clock = { now: () => Date.now() + offset };
const live = createLiveLaw(createLawModel(dataset), clock);
const receiver = await startReceiver();
const database = await createTestDatabase();
const app = await buildTestApp(
  { database, clock, live },
  { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
);
await app.listen({ port: 0, host: "127.0.0.1" });
await insertEndpoint(database.db, receiver.url, { eventTypes: ["law.took_effect"] });

process.stdout.write(`Measuring ${moments.length} moments (${EVENTS} asked)…\n`);
const latencies: number[] = [];
for (const [index, moment] of moments.entries()) {
  const ids = byMoment.get(moment) ?? [];
  const arrived = () =>
    receiver.received.some((request) => ids.some((id) => request.body.includes(`"id":"${id}"`)));
  // The clock jumps ahead (hours or years): the timer is armed again from
  // the new time, as it would have been had that time passed.
  offset = moment - LEAD_MS - Date.now();
  live.stop();
  live.current();
  live.start();
  // Polled every 10 ms: the figure includes at most that much waiting.
  await until(`the event at moment ${index + 1}`, arrived, 15_000, 10);
  latencies.push(clock.now() - moment);
  if ((index + 1) % 20 === 0) process.stdout.write(`  ${index + 1}/${moments.length}\n`);
}
latencies.sort((a, b) => a - b);
const pick = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
process.stdout.write(
  `law.took_effect, moment → receiver (ms) over ${latencies.length} moments (${moments.reduce((sum, m) => sum + (byMoment.get(m)?.length ?? 0), 0)} events): p50 ${pick(0.5)}, p99 ${pick(0.99)}, max ${latencies.at(-1)}\n`,
);
await app.close();
await database.close();
await receiver.close();
