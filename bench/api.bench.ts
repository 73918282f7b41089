/**
 * `npm run bench`: the service against a bare node:http server sending the
 * same bytes, measured in the same run on the same machine, reported as
 * ratios (absolute numbers on a shared machine mean little). Each server
 * runs in its own process; the load generator (autocannon) runs here.
 * Then the per-request cost of API-key verification + rate limiting,
 * measured in-process on the admitted path.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import autocannon from "autocannon";
import { createApiKeyVerifier } from "../src/api-keys/api-key.verifier.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { createMemoryLimiter } from "../src/rate-limit/rate-limit.memory.ts";
import { clientCounterKey } from "../src/rate-limit/rate-limit.policy.ts";
import { insertUserWithKey } from "../test/fixtures.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Started = { child: ChildProcess; port: number; key?: string };

async function startServer(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ["bench/bench-server.ts", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let buffer = "";
  for await (const chunk of child.stdout ?? []) {
    buffer += chunk;
    if (buffer.includes("\n")) break;
  }
  const info = JSON.parse(buffer.split("\n")[0] ?? "{}") as { port: number; key?: string };
  return { child, ...info };
}

async function stop(started: Started): Promise<void> {
  started.child.kill("SIGKILL");
  await once(started.child, "exit");
}

type Result = { rps: number; mean: number; p99: number; errors: number; non2xx: number };

async function load(port: number, path: string, headers: Record<string, string>): Promise<Result> {
  // Warm-up (JIT, caches, connections) is not measured.
  await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: 1,
    headers,
  });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const scenarios: {
  name: string;
  path: string;
  headers: (key: string) => Record<string, string>;
}[] = [
  { name: "GET /v1/states/CA (public)", path: "/v1/states/CA", headers: () => ({}) },
  {
    name: "GET /v1/states/CA (X-API-Key)",
    path: "/v1/states/CA",
    headers: (key) => ({ "x-api-key": key }),
  },
  {
    name: "GET /v1/states/CA (br)",
    path: "/v1/states/CA",
    headers: () => ({ "accept-encoding": "br" }),
  },
  { name: "GET /v1/federal (public)", path: "/v1/federal", headers: () => ({}) },
];

process.stdout.write(
  `bench: ${ROUNDS} round(s) × ${DURATION_S}s × ${CONNECTIONS} connections per measurement\n\n`,
);
const rows: string[] = [];
for (const scenario of scenarios) {
  const bareRuns: Result[] = [];
  const serviceRuns: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await startServer(["bare", scenario.path, JSON.stringify(scenario.headers(""))]);
    bareRuns.push(await load(bare.port, scenario.path, {}));
    await stop(bare);
    const service = await startServer(["service"]);
    serviceRuns.push(await load(service.port, scenario.path, scenario.headers(service.key ?? "")));
    await stop(service);
  }
  const mean = (runs: Result[], pick: (r: Result) => number) =>
    runs.reduce((s, r) => s + pick(r), 0) / runs.length;
  const bareRps = mean(bareRuns, (r) => r.rps);
  const serviceRps = mean(serviceRuns, (r) => r.rps);
  const bad = serviceRuns.reduce((s, r) => s + r.errors + r.non2xx, 0);
  rows.push(
    `${scenario.name.padEnd(34)} service/bare: throughput ${(serviceRps / bareRps).toFixed(2)}   mean latency ${(
      mean(serviceRuns, (r) => r.mean) /
        Math.max(
          mean(bareRuns, (r) => r.mean),
          0.001,
        )
    ).toFixed(2)}×   p99 latency ${(
      mean(serviceRuns, (r) => r.p99) /
        Math.max(
          mean(bareRuns, (r) => r.p99),
          1,
        )
    ).toFixed(2)}×${bad > 0 ? `   (${bad} errors/non-2xx!)` : ""}`,
  );
  process.stdout.write(`${rows.at(-1)}\n`);
}

// In-process cost of the guard's work on the admitted path.
const database = createDatabase("sqlite::memory:");
await migrateToLatest(database.db as never);
const secret = await insertUserWithKey(database.db);
const verifier = createApiKeyVerifier(database.db);
const limiter = createMemoryLimiter();
const keyPolicy = { name: "key", limit: 1_000_000_000, windowMs: 3_600_000 } as const;
const publicPolicy = { name: "public", limit: 1_000_000_000, windowMs: 900_000 } as const;
const N = 200_000;
await verifier.verify(secret, Date.now());
let t = process.hrtime.bigint();
for (let i = 0; i < N; i++) {
  const now = Date.now();
  const check = await verifier.verify(secret, now);
  if (check.ok) limiter.hit(`key:${check.key.id}`, keyPolicy, now);
}
const keyed = Number(process.hrtime.bigint() - t) / N;
t = process.hrtime.bigint();
for (let i = 0; i < N; i++)
  limiter.hit(clientCounterKey(`203.0.113.${i % 250}`), publicPolicy, Date.now());
const publicCost = Number(process.hrtime.bigint() - t) / N;
process.stdout.write(
  `\nguard cost per request (in-process, ${N} iterations): keyed (verify cached key + limiter) ${(keyed / 1000).toFixed(2)} µs; public (IP key + limiter) ${(publicCost / 1000).toFixed(2)} µs\n`,
);
await database.close();
