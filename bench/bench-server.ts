/**
 * A server process for `npm run bench`. Two modes:
 *
 *   node bench/bench-server.ts service   the real app, built as src/start.ts
 *                                         builds it (default logging, to
 *                                         /dev/null), on a file database
 *   node bench/bench-server.ts bare       a bare node:http server answering
 *                                         one fixed response (status, every
 *                                         header, body) given on stdin, written
 *                                         with a single writeHead + end (at the
 *                                         end of the event-loop turn, as the
 *                                         fast lane writes, with
 *                                         BENCH_BARE_BATCHED=1)
 *
 * Service settings come from the environment (the same variables the
 * service reads), plus BENCH_KEYS (API keys to create; their secrets are
 * written to BENCH_KEYS_FILE) and BENCH_PREFILL_CLIENTS (distinct public
 * clients charged to the limiter before listening, so a run can measure the
 * cost per request with that many clients tracked) and BENCH_FAST_LANE=0
 * (the app without its fast lane: Fastify answers every request).
 *
 * Each process also answers commands, one per line, on fd 3 (a socket pair
 * with the benchmark): `stats` answers its own CPU time (process.cpuUsage),
 * RSS and the heap's parts (after a full garbage collection with
 * `stats gc`), the longest event-loop stall since the last reset
 * (monitorEventLoopDelay) and the database queries run; `reset` clears the
 * stall histogram and the query count. The benchmark reads it before and
 * after each measurement, so CPU per request is the server's own, not the
 * load generator's. Not over HTTP: requests to a second HTTP server in the
 * measured process, with objects of other shapes, made V8 throw away the
 * optimized code of the HTTP path it measures (docs/PERFORMANCE.md, "What
 * the benchmark measures").
 *
 * The service's prebuilt bodies are compressed in the background after it
 * listens (src/http/representation.ts); the benchmark waits for them before
 * measuring, asking over HTTP as the load does (api.bench.ts).
 *
 * Prints one JSON line on fd 3 first: {port, keysFile?, codes?} (the
 * service's keys file and jurisdiction codes).
 */
import { once } from "node:events";
import { fstatSync, mkdtempSync, writeFileSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../src/api-keys/api-keys.format.ts";
import { buildApp, loggerOptions } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { loadDataset } from "../src/dataset/dataset.load.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { isoDay } from "../src/lib/dates.ts";
import { keepTickShapes } from "../src/lib/tick-shapes.ts";
import { createBackends } from "../src/ops/backends.ts";
import { createLogStream } from "../src/ops/log-stream.ts";
import { createMetrics } from "../src/ops/metrics.ts";
import { createMemoryLimiter } from "../src/rate-limit/rate-limit.memory.ts";
import { clientCounterKey } from "../src/rate-limit/rate-limit.policy.ts";

const mode = process.argv[2] ?? "service";
/**
 * fd 3, when the benchmark opened it (a socket pair). Run by hand (`node --cpu-prof
 * bench/bench-server.ts service`, say), there is none: the info line goes
 * to stderr and no commands are taken.
 */
const channel = (() => {
  try {
    if (!fstatSync(3).isSocket()) return null;
  } catch {
    return null;
  }
  return new Socket({ fd: 3, readable: true, writable: true });
})();
const info = (line: string) => (channel ?? process.stderr).write(`${line}\n`);
const stalls = monitorEventLoopDelay({ resolution: 10 });
stalls.enable();
let queries = 0;

function startControl(): void {
  if (channel === null) return;
  createInterface({ input: channel }).on("line", (command) => {
    if (command === "reset") {
      stalls.reset();
      queries = 0;
      channel.write("{}\n");
      return;
    }
    // `stats gc` collects garbage first: the heap then holds only what is live.
    if (command === "stats gc") (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    channel.write(
      `${JSON.stringify({
        cpuMicros: cpu.user + cpu.system,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        externalBytes: memory.external,
        maxStallMs: stalls.max / 1e6,
        queries,
      })}\n`,
    );
  });
}

type FixedResponse = { status: number; headers: IncomingHttpHeaders; body: string };

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

if (mode === "bare") {
  const fixed = JSON.parse(await readStdin()) as FixedResponse;
  const body = Buffer.from(fixed.body, "base64");
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(fixed.headers)) {
    if (value === undefined || name === "connection" || name === "keep-alive" || name === "date")
      continue;
    headers[name] = value;
  }
  const answer = (response: ServerResponse) => {
    response.writeHead(fixed.status, headers);
    response.end(body);
  };
  // BENCH_BARE_BATCHED=1: the bare server writes a turn's answers together at
  // its end, as the API's fast lane does, to show what that alone is worth.
  let turn: ServerResponse[] = [];
  const writeTurn = () => {
    const answers = turn;
    turn = [];
    for (const response of answers) answer(response);
  };
  const batched = process.env.BENCH_BARE_BATCHED === "1";
  const server = createServer((_request, response) => {
    if (!batched) return answer(response);
    if (turn.length === 0) setImmediate(writeTurn);
    turn.push(response);
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  startControl();
  info(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
} else {
  // What the service's entry does first (src/server.ts).
  keepTickShapes();
  const dir = mkdtempSync(join(tmpdir(), "cls-bench-"));
  const config = loadConfig({
    PUBLIC_BASE_URL: "http://127.0.0.1",
    DATABASE_URL: `sqlite:${join(dir, "bench.db")}`,
    ...process.env,
  });
  const database = createDatabase(config.databaseUrl, { onQuery: () => queries++ });
  await migrateToLatest(database.db);

  const keyCount = Number(process.env.BENCH_KEYS ?? 1);
  const secrets: string[] = [];
  const nowIso = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    const keysPerUser = 10;
    for (let user = 0; user * keysPerUser < keyCount; user++) {
      const userId = `bench-user-${user}`;
      await trx
        .insertInto("users")
        .values({
          id: userId,
          email: `bench-${user}@example.org`,
          password_hash: "$argon2id$unused",
          created_at: nowIso,
          password_changed_at: nowIso,
        })
        .execute();
      const rows = [];
      for (let k = 0; k < keysPerUser && user * keysPerUser + k < keyCount; k++) {
        const secret = generateApiKey();
        secrets.push(secret);
        rows.push({
          id: `bench-key-${user}-${k}`,
          user_id: userId,
          name: "bench",
          prefix: apiKeyPrefix(secret),
          key_hash: hashApiKey(secret),
          created_at: nowIso,
          expires_at: null,
          last_used_at: null,
          create_nonce: null,
        });
      }
      await trx.insertInto("api_keys").values(rows).execute();
    }
  });
  const keysFile = process.env.BENCH_KEYS_FILE ?? join(dir, "keys.txt");
  writeFileSync(keysFile, `${secrets.join("\n")}\n`);

  // With REDIS_URL, the limiter and revocations server.ts would use (Redis);
  // otherwise the in-process limiter, which the prefill below charges.
  const metrics = createMetrics();
  const backends =
    config.redisUrl === null
      ? null
      : createBackends(config, metrics, {
          info: () => {},
          warn: (_fields, message) => process.stderr.write(`${message}\n`),
        });
  await backends?.ready();
  const limiter =
    backends?.deps.limiter ?? createMemoryLimiter({ maxCounters: config.rateLimitMaxCounters });
  const prefill = backends === null ? Number(process.env.BENCH_PREFILL_CLIENTS ?? 0) : 0;
  const policy = { name: "public" as const, ...config.publicRateLimit };
  const now = Date.now();
  for (let i = 0; i < prefill; i++) {
    limiter.hit(
      clientCounterKey(`10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`),
      policy,
      now,
    );
  }

  const dataset = loadDataset(config.dataDir, isoDay(new Date()));
  const app = await buildApp(config, {
    dataset,
    database,
    metrics,
    ...backends?.deps,
    limiter,
    logger: loggerOptions(config, createLogStream()),
    fastLane: process.env.BENCH_FAST_LANE !== "0",
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // What creating and hashing the keys left behind is not the service's:
  // collected before the bench reads the service's memory.
  secrets.length = 0;
  (globalThis as { gc?: () => void }).gc?.();
  const address = app.server.address();
  startControl();
  queries = 0;
  info(
    JSON.stringify({
      port: typeof address === "object" && address ? address.port : 0,
      keysFile,
      codes: dataset.jurisdictions.map(({ code }) => code),
    }),
  );
}
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));

export type { FixedResponse };
