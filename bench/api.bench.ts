/**
 * `npm run bench`: the service against a bare node:http server that writes
 * the very same status, headers and bytes, measured in interleaved rounds in
 * one run, reported as ratios (absolute numbers on a shared machine mean
 * little; ratios from the same round mostly cancel the noise).
 *
 * Where the machine has two cores or more, every server process is pinned
 * to CPU 0 and this process (the load generator, autocannon), every thread
 * of it, to CPU 1, so the load generator never steals the server's core.
 *
 * Per scenario it prints req/s, p50 and p99 latency, the server's own CPU
 * time per request (read from the server process, see bench-server.ts), the
 * ratio of each to bare, and the spread of the ratios over the rounds. It
 * also prints, for the service, the database queries per request, the
 * longest event-loop stall and RSS, and for both sides how busy each
 * server's core and the load generator's core were (CPU time over wall
 * time); it names the rows where the load generator was the busier side,
 * whose req/s ratio then compares the generator in two periods more than
 * the servers. Then:
 * - what the fast lane saves: the keyed rows again on the same server with
 *   the lane off (Fastify's own route), each against bare;
 * - memory (`memory`): RSS and the live heap after BENCH_MEMORY_REQUESTS
 *   keyed requests, with one key and with BENCH_KEYS keys, against the
 *   bounds docs/PERFORMANCE.md states;
 * - start-up (`startup`): `dist/server.mjs`, built first, against a bare
 *   node:http server reading the release's dataset.json, 5 starts each,
 *   alternated (process start to first 200; the project's first start
 *   after its build counts), medians and their ratio;
 * - instructions per request (`instructions`, only when BENCH_ONLY names
 *   it): the keyed rows with each server under valgrind's callgrind
 *   (bench/callgrind.ts), a count that does not depend on the host.
 *
 * Settings (environment): BENCH_SECONDS (per measurement, default 5),
 * BENCH_ROUNDS (default 3), BENCH_WARMUP (seconds of load on each server
 * before a scenario's rounds, default 3, or BENCH_SECONDS if less),
 * BENCH_CONNECTIONS (default 50), BENCH_KEYS (keys in the rotation
 * scenario, default 100000), BENCH_CLIENTS (tracked
 * clients in the many-clients scenario, default 1000000), BENCH_ONLY (a
 * comma list of scenario ids), REDIS_URL (when set, the keyed scenarios run
 * a second time against the service with that Redis), BENCH_MEMORY_REQUESTS
 * (default 300,000, or 60,000 per second of BENCH_SECONDS × BENCH_ROUNDS if
 * fewer), BENCH_BARE_BATCHED=1
 * (the bare server writes each event-loop turn's answers together at its
 * end, as the fast lane does: a check that the lane's ratio is not that
 * batching alone), BENCH_KEEP_BODIES=1 (autocannon keeps every response
 * body as it does by default; see below), BENCH_COUNT_WARMUP and
 * BENCH_COUNTED_REQUESTS (requests before and under the instruction count,
 * default 40,000 and 10,000).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { createRequire } from "node:module";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Duplex } from "node:stream";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { generateApiKey } from "../src/api-keys/api-keys.format.ts";
import {
  type Counted,
  callgrindAvailable,
  callgrindPrefix,
  countFrom,
  countUntil,
  SEEDED,
} from "./callgrind.ts";
import { freePort, profileStart } from "./startup-profile.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Seconds of load on each server before a scenario's rounds: V8 compiles the
 * service's request path for several seconds (docs/PERFORMANCE.md, "What the
 * benchmark measures"), and the rounds measure the steady state.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? Math.min(3, SECONDS));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * What loads the scenarios whose requests all carry the same headers:
 * autocannon (the default) or wrk (BENCH_LOADER=wrk; Debian's package),
 * which spends far less of its core per response, so the servers, not the
 * load generator, set the pace ("The load generator" in
 * docs/PERFORMANCE.md). Scenarios that build each request's headers
 * (rotating keys, random keys, many clients) always use autocannon.
 */
const LOADER = process.env.BENCH_LOADER ?? "autocannon";
if (LOADER !== "autocannon" && LOADER !== "wrk")
  throw new Error(`BENCH_LOADER=${LOADER}: use autocannon or wrk`);
const KEYS = Number(process.env.BENCH_KEYS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000_000);
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean) ?? null;
/** Starts of each server in the start-up scenario. */
const STARTS = 5;
const CORES = availableParallelism();
const PIN = CORES >= 2;
const RAISED = "100000000";

// autocannon keeps each response's body for its body checks, appending
// every chunk to a string: a UTF-8 decode of every byte received. The bench
// checks no body, and on the 50 KB list that decode made autocannon the
// bottleneck (~600 µs per response, ~1,500 requests a second, the server
// idle ~85% of the time), so the list's CPU per request measured wake-ups
// rather than work (docs/PERFORMANCE.md, "The load generator").
// BENCH_KEEP_BODIES=1 keeps autocannon's own behaviour.
if (process.env.BENCH_KEEP_BODIES !== "1") {
  const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
    prototype: { addBody?: unknown };
  };
  if (typeof queue.prototype.addBody !== "function")
    throw new Error("autocannon no longer has PipelinedRequestsQueue#addBody: update the bench");
  queue.prototype.addBody = () => {};
}

// Every thread of this process (`-a`): V8's helper threads, which collect
// autocannon's garbage, took about a quarter of its CPU time, and pinning
// only the main thread left them free to run on the servers' core.
if (PIN) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });

type Server = {
  child: ChildProcess;
  port: number;
  keys: string[];
  /** Sends a command on the server's fd 3 and resolves its one-line answer (bench-server.ts). */
  ask: (command: string) => Promise<string>;
};

/** The lines a server writes on fd 3, in order: its info first, then one answer per command. */
function lineChannel(child: ChildProcess) {
  const socket = child.stdio[3] as Duplex;
  const lines: string[] = [];
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  createInterface({ input: socket }).on("line", (line) => {
    const next = waiting.shift();
    if (next === undefined) lines.push(line);
    else next.resolve(line);
  });
  child.once("exit", (code, signal) => {
    for (const next of waiting.splice(0))
      next.reject(new Error(`the server exited (${signal ?? code}) before answering`));
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const line = lines.shift();
      if (line === undefined) waiting.push({ resolve, reject });
      else resolve(line);
    });
  return {
    next,
    ask: (command: string) => {
      socket.write(`${command}\n`);
      return next();
    },
  };
}

async function readInfo(
  child: ChildProcess,
): Promise<{ info: Record<string, unknown>; ask: Server["ask"] }> {
  const channel = lineChannel(child);
  const info = JSON.parse(await channel.next()) as Record<string, unknown>;
  return { info, ask: channel.ask };
}

// REDIS_URL selects the extra suite; the embedded default never sees it.
const REDIS_URL = process.env.REDIS_URL || undefined;
delete process.env.REDIS_URL;

/** A server run under another program (`prefix`, callgrind) with more options for Node (`node`). */
type Wrap = { prefix: string[]; node: string[] };
const UNWRAPPED: Wrap = { prefix: [], node: [] };

/** A server process on CPU 0; `wrap` runs it under another program (callgrind). */
function spawnPinned(
  args: string[],
  env: Record<string, string>,
  wrap: string[] = [],
): ChildProcess {
  const full = [...wrap, process.execPath, ...args];
  const [command, ...argv] = PIN ? ["taskset", "-c", "0", ...full] : full;
  return spawn(command as string, argv, {
    stdio: ["pipe", "ignore", "inherit", "pipe"],
    env: { ...process.env, ...env },
  });
}

async function startService(env: Record<string, string>, wrap: Wrap = UNWRAPPED): Promise<Server> {
  const child = spawnPinned(
    [...wrap.node, "--expose-gc", "bench/bench-server.ts", "service"],
    env,
    wrap.prefix,
  );
  child.stdin?.end();
  const { info, ask } = await readInfo(child);
  const keys = readFileSync(String(info.keysFile), "utf8").split("\n").filter(Boolean);
  const server = { child, port: Number(info.port), keys, ask };
  await bodiesCompressed(server, info.codes as string[]);
  return server;
}

/**
 * The service compresses its prebuilt bodies in the background after it
 * listens: no measurement should pay for that or see a body not compressed
 * yet. The histories come last; each is asked for, brotli, until it comes
 * compressed. Over HTTP, as the load asks: requests of other kinds (Fastify's
 * `inject`) would show the measured path objects it never sees under load.
 */
async function bodiesCompressed(server: Server, codes: string[]): Promise<void> {
  const headers = { "accept-encoding": "br", "x-api-key": server.keys[0] ?? "" };
  for (const code of codes) {
    for (;;) {
      const answer = await sample(server.port, `/v1/states/${code}/history`, headers);
      if (answer.status !== 200) throw new Error(`history of ${code}: ${answer.status}`);
      if (answer.headers["content-encoding"] === "br") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

type Sample = { status: number; headers: Record<string, unknown>; body: string };

/** The service's raw response (still compressed) to one request. */
function sample(port: number, path: string, headers: Record<string, string>): Promise<Sample> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: { ...response.headers },
          body: Buffer.concat(chunks).toString("base64"),
        }),
      );
    }).on("error", reject);
  });
}

async function startBare(fixed: Sample, wrap: Wrap = UNWRAPPED): Promise<Server> {
  const child = spawnPinned([...wrap.node, "bench/bench-server.ts", "bare"], {}, wrap.prefix);
  child.stdin?.end(JSON.stringify(fixed));
  const { info, ask } = await readInfo(child);
  return { child, port: Number(info.port), keys: [], ask };
}

async function stop(server: Server): Promise<void> {
  server.child.kill("SIGKILL");
  await once(server.child, "exit");
}

type Stats = {
  cpuMicros: number;
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  maxStallMs: number;
  queries: number;
};
async function stats(server: Server, gc = false): Promise<Stats> {
  return JSON.parse(await server.ask(gc ? "stats gc" : "stats")) as Stats;
}
async function resetStats(server: Server): Promise<void> {
  await server.ask("reset");
}

type Measure = {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequestUs: number;
  requests: number;
  unexpected: number;
  maxStallMs: number;
  queriesPerRequest: number;
  rssMb: number;
  /** Share of its one core the server's process was busy during the load (CPU time / wall time). */
  serverBusy: number;
  /** The same for this process, the load generator. */
  generatorBusy: number;
};

type Scenario = {
  id: string;
  name: string;
  service: "default" | "keys" | "clients" | "strict" | "no-lane";
  path: string;
  /** Headers of every request (the key is filled in per request where `key` is set). */
  headers: Record<string, string>;
  key?: "one" | "rotate" | "random";
  forwardedFor?: boolean;
  expectStatus: number;
};

function requestHeaders(scenario: Scenario, server: Server, counter: { n: number }) {
  const headers = { ...scenario.headers };
  if (scenario.key === "one") headers["x-api-key"] = server.keys[0] ?? "";
  if (scenario.key === "rotate")
    headers["x-api-key"] = server.keys[counter.n % server.keys.length] ?? "";
  if (scenario.key === "random") headers["x-api-key"] = generateApiKey();
  if (scenario.forwardedFor) {
    const i = CLIENTS + counter.n;
    headers["x-forwarded-for"] = `11.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
  }
  counter.n++;
  return headers;
}

/** What a load generator reports of one load, and the CPU time it spent on it. */
type Loaded = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers without the scenario's status, and connection errors. */
  unexpected: number;
  generatorMicros: number;
  wallMicros: number;
};

/** Milliseconds from wrk's time text (`812.00us`, `1.04ms`, `5.00s`, `1.50m`). */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (match === null) throw new Error(`wrk's time not understood: ${text}`);
  const perUnit = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
  return Number(match[1]) * perUnit[match[2] as keyof typeof perUnit];
}

/**
 * One wrk run: one thread (this process's core: wrk inherits its pinning),
 * CONNECTIONS connections, the same headers on every request. Its CPU time
 * is read from the shell that waited for it (/proc/<shell>/stat, its
 * children's user and system ticks).
 */
async function wrkLoad(
  scenario: Scenario,
  port: number,
  headers: Record<string, string>,
  seconds: number,
): Promise<Loaded> {
  const args = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    `http://127.0.0.1:${port}${scenario.path}`,
  ];
  const started = performance.now();
  const { stdout } = await execFileAsync(
    "sh",
    ["-c", 'wrk "$@" && cat /proc/$$/stat', "sh", ...args],
    {
      encoding: "utf8",
    },
  );
  const wallMicros = (performance.now() - started) * 1000;
  const done = /(\d+) requests in ([\d.]+)(us|ms|s|m),/.exec(stdout);
  const p50 = /^\s+50%\s+(\S+)$/m.exec(stdout);
  const p99 = /^\s+99%\s+(\S+)$/m.exec(stdout);
  const stat = /\) (.*)$/m.exec(stdout.trim().split("\n").at(-1) ?? "");
  if (done === null || p50 === null || p99 === null || stat === null)
    throw new Error(`wrk's output not understood:\n${stdout}`);
  const fields = (stat[1] as string).split(" ");
  // After the command name: cutime and cstime are fields 16 and 17 of stat, in clock ticks.
  const ticks = Number(fields[13]) + Number(fields[14]);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  const requests = Number(done[1]);
  // wrk counts the answers with a status of 400 or more ("Non-2xx or 3xx").
  const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socketErrors =
    sockets === null ? 0 : sockets.slice(1).reduce((sum, count) => sum + Number(count), 0);
  return {
    requests,
    rps: requests / (wrkMs(`${done[2]}${done[3]}`) / 1000),
    p50: wrkMs(p50[1] as string),
    p99: wrkMs(p99[1] as string),
    unexpected: (scenario.expectStatus >= 400 ? requests - refused : refused) + socketErrors,
    generatorMicros: ticks * (1_000_000 / CLOCK_TICKS),
    wallMicros,
  };
}

/** One autocannon run: the scenario's headers, built per request where they change. */
async function autocannonLoad(
  scenario: Scenario,
  server: Server,
  seconds: number,
  counter: { n: number },
  perRequest: boolean,
): Promise<Loaded> {
  const generatorBefore = process.cpuUsage();
  const startedMs = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${scenario.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: perRequest ? {} : requestHeaders(scenario, server, counter),
    ...(perRequest
      ? {
          requests: [
            {
              setupRequest: (request: { headers?: Record<string, string> }) => {
                request.headers = requestHeaders(scenario, server, counter);
                return request;
              },
            },
          ],
        }
      : {}),
    expectBody: undefined,
  } as autocannon.Options);
  const generatorCpu = process.cpuUsage(generatorBefore);
  const wallMicros = (performance.now() - startedMs) * 1000;
  const statusCount = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  const expected = statusCount?.[String(scenario.expectStatus)]?.count ?? 0;
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // No answer at all counts as one unexpected.
    unexpected: (result.requests.total || 1) - expected + result.errors,
    generatorMicros: generatorCpu.user + generatorCpu.system,
    wallMicros,
  };
}

async function load(scenario: Scenario, server: Server, seconds: number, measured: boolean) {
  const counter = { n: randomInt(1_000_000) };
  // Headers that change per request: a key in rotation or at random, a client address.
  const perRequest =
    (scenario.key !== undefined && scenario.key !== "one") || scenario.forwardedFor === true;
  const before = measured ? await stats(server) : null;
  if (measured) await resetStats(server);
  const loaded =
    LOADER === "wrk" && !perRequest
      ? await wrkLoad(scenario, server.port, requestHeaders(scenario, server, counter), seconds)
      : await autocannonLoad(scenario, server, seconds, counter, perRequest);
  if (before === null) return null;
  const after = await stats(server);
  const total = loaded.requests || 1;
  const serverMicros = after.cpuMicros - before.cpuMicros;
  return {
    rps: loaded.rps,
    p50: loaded.p50,
    p99: loaded.p99,
    cpuPerRequestUs: serverMicros / total,
    requests: total,
    unexpected: loaded.unexpected,
    maxStallMs: after.maxStallMs,
    queriesPerRequest: after.queries / total,
    rssMb: after.rssBytes / 1048576,
    serverBusy: serverMicros / loaded.wallMicros,
    generatorBusy: loaded.generatorMicros / loaded.wallMicros,
  } satisfies Measure;
}

const ALL_SCENARIOS: Scenario[] = [
  {
    id: "anon-list",
    name: "anonymous GET /v1/states (br)",
    service: "default",
    path: "/v1/states",
    headers: { "accept-encoding": "br" },
    expectStatus: 200,
  },
  {
    id: "keyed-list",
    name: "keyed GET /v1/states (br)",
    service: "default",
    path: "/v1/states",
    headers: { "accept-encoding": "br" },
    key: "one",
    expectStatus: 200,
  },
  {
    id: "keyed-one",
    name: "keyed GET /v1/states/CA",
    service: "default",
    path: "/v1/states/CA",
    headers: {},
    key: "one",
    expectStatus: 200,
  },
  {
    id: "keyed-list-no-lane",
    name: "keyed GET /v1/states (br), lane off",
    service: "no-lane",
    path: "/v1/states",
    headers: { "accept-encoding": "br" },
    key: "one",
    expectStatus: 200,
  },
  {
    id: "keyed-one-no-lane",
    name: "keyed GET /v1/states/CA, lane off",
    service: "no-lane",
    path: "/v1/states/CA",
    headers: {},
    key: "one",
    expectStatus: 200,
  },
  {
    id: "revalidate",
    name: "keyed If-None-Match → 304",
    service: "default",
    path: "/v1/states/CA",
    headers: {},
    key: "one",
    expectStatus: 304,
  },
  {
    id: "refused",
    name: "over the limit → 429",
    service: "strict",
    path: "/v1/states/CA",
    headers: {},
    expectStatus: 429,
  },
  {
    id: "bad-keys",
    name: "random invalid keys → 401/429",
    service: "strict",
    path: "/v1/states/CA",
    headers: {},
    key: "random",
    expectStatus: 429,
  },
  {
    id: "many-keys",
    name: `keyed /v1/states/CA, ${KEYS.toLocaleString("en")} keys in rotation`,
    service: "keys",
    path: "/v1/states/CA",
    headers: {},
    key: "rotate",
    expectStatus: 200,
  },
  {
    id: "many-clients",
    name: `public /v1/states/CA, ${CLIENTS.toLocaleString("en")} clients tracked`,
    service: "clients",
    path: "/v1/states/CA",
    headers: {},
    forwardedFor: true,
    expectStatus: 200,
  },
] as Scenario[];
const SCENARIOS = ALL_SCENARIOS.filter((s) => ONLY === null || ONLY.includes(s.id));

const SERVICE_ENV: Record<Scenario["service"], Record<string, string>> = {
  default: { PUBLIC_RATE_LIMIT: RAISED, KEY_RATE_LIMIT: RAISED },
  "no-lane": { PUBLIC_RATE_LIMIT: RAISED, KEY_RATE_LIMIT: RAISED, BENCH_FAST_LANE: "0" },
  strict: { PUBLIC_RATE_LIMIT: "1", KEY_RATE_LIMIT: RAISED },
  keys: { PUBLIC_RATE_LIMIT: RAISED, KEY_RATE_LIMIT: RAISED, BENCH_KEYS: String(KEYS) },
  clients: {
    PUBLIC_RATE_LIMIT: RAISED,
    KEY_RATE_LIMIT: RAISED,
    TRUST_PROXY: "1",
    BENCH_PREFILL_CLIENTS: String(CLIENTS),
    RATE_LIMIT_MAX_COUNTERS: String(CLIENTS * 2),
  },
};

const execFileAsync = promisify(execFile);
/** Clock ticks a second, the unit of /proc's CPU times (`getconf CLK_TCK`). */
const CLOCK_TICKS =
  Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
const log = (line: string) => process.stdout.write(`${line}\n`);
/** A share of one core, as a whole percentage. */
const percent = (share: number) => (100 * share).toFixed(0);
/**
 * Busier than this, the load generator (one core, this process) is the
 * side that sets the pace (docs/PERFORMANCE.md, "The load generator").
 */
const GENERATOR_LIMIT = 0.9;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const spread = (values: number[]) =>
  values.length < 2 ? "" : ` (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

/** A scenario's medians over its rounds: the service's CPU per request, and its ratios to bare. */
type Outcome = { cpuUs: number; cpuRatio: number; rpsRatio: number };

async function runSuite(
  label: string,
  extraEnv: Record<string, string>,
  scenarios: Scenario[],
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  log(`\n## ${label}\n`);
  const services = new Map<Scenario["service"], Server>();
  for (const kind of new Set(scenarios.map((s) => s.service))) {
    const started = Date.now();
    process.stdout.write(`starting the service (${kind})… `);
    services.set(kind, await startService({ ...SERVICE_ENV[kind], ...extraEnv }));
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const rows: string[] = [];
  const limited: string[] = [];
  for (const scenario of scenarios) {
    const service = services.get(scenario.service) as Server;
    // What the bare server answers: the service's own response to this request.
    const counter = { n: 0 };
    const headers = requestHeaders(scenario, service, counter);
    if (scenario.expectStatus === 304) {
      const first = await sample(service.port, scenario.path, headers);
      headers["if-none-match"] = String(first.headers.etag);
      scenario.headers["if-none-match"] = String(first.headers.etag);
    }
    if (scenario.expectStatus === 429) await sample(service.port, scenario.path, {});
    const fixed = await sample(service.port, scenario.path, headers);
    const bare = await startBare(fixed);
    if (scenario.key === "rotate") {
      process.stdout.write(
        `  ${scenario.id}: warming the key cache (${service.keys.length} keys)… `,
      );
      await autocannon({
        url: `http://127.0.0.1:${service.port}${scenario.path}`,
        connections: CONNECTIONS,
        amount: service.keys.length,
        requests: [
          {
            setupRequest: (request: { headers?: Record<string, string> }) => {
              request.headers = requestHeaders(scenario, service, counter);
              return request;
            },
          },
        ],
      } as autocannon.Options);
      log("done");
    }
    await load(scenario, bare, WARMUP, false);
    await load(scenario, service, WARMUP, false);
    const pairs: { s: Measure; b: Measure }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first so drift on a shared machine hits both.
      const order = round % 2 === 0 ? [bare, service] : [service, bare];
      const results = new Map<Server, Measure>();
      for (const server of order)
        results.set(server, (await load(scenario, server, SECONDS, true)) as Measure);
      pairs.push({ s: results.get(service) as Measure, b: results.get(bare) as Measure });
      process.stdout.write(".");
    }
    await stop(bare);
    const ratio = (pick: (m: Measure) => number) =>
      pairs.map(({ s, b }) => pick(s) / Math.max(pick(b), 1e-9));
    const cpu = ratio((m) => m.cpuPerRequestUs);
    const rps = ratio((m) => m.rps);
    const p99 = ratio((m) => Math.max(m.p99, 1));
    const s = (pick: (m: Measure) => number) => median(pairs.map(({ s }) => pick(s)));
    const b = (pick: (m: Measure) => number) => median(pairs.map(({ b }) => pick(b)));
    const unexpected = pairs.reduce((sum, { s }) => sum + s.unexpected, 0);
    outcomes.set(scenario.id, {
      cpuUs: s((m) => m.cpuPerRequestUs),
      cpuRatio: median(cpu),
      rpsRatio: median(rps),
    });
    rows.push(
      `| ${scenario.name} | ${s((m) => m.rps).toFixed(0)} / ${b((m) => m.rps).toFixed(0)} | **${median(rps).toFixed(2)}**${spread(rps)} | ${s((m) => m.p50)} / ${b((m) => m.p50)} | ${s((m) => m.p99)} / ${b((m) => m.p99)} | ${median(p99).toFixed(2)}${spread(p99)} | ${s((m) => m.cpuPerRequestUs).toFixed(1)} / ${b((m) => m.cpuPerRequestUs).toFixed(1)} | **${median(cpu).toFixed(2)}**${spread(cpu)} | ${s((m) => m.queriesPerRequest).toFixed(3)} | ${s((m) => m.maxStallMs).toFixed(0)} | ${s((m) => m.rssMb).toFixed(0)} | ${percent(s((m) => m.serverBusy))} / ${percent(b((m) => m.serverBusy))} | ${percent(s((m) => m.generatorBusy))} / ${percent(b((m) => m.generatorBusy))} |${unexpected > 0 ? ` ⚠ ${unexpected} responses not ${scenario.expectStatus}` : ""}`,
    );
    // Per side: was the load generator the busier of the two while it loaded
    // that server? On one core (not pinned) they share it, and neither share
    // says who waited.
    const paced = (of: (pick: (m: Measure) => number) => number, side: string) => {
      const generator = of((m) => m.generatorBusy);
      const server = of((m) => m.serverBusy);
      return PIN && generator >= GENERATOR_LIMIT && generator > server
        ? `${side} (generator ${percent(generator)}%, server ${percent(server)}%)`
        : null;
    };
    const pacedBy = [paced(s, "the service"), paced(b, "bare")].filter((p) => p !== null);
    if (pacedBy.length > 0)
      limited.push(
        `- ${scenario.name}: while it loaded ${pacedBy.join(" and ")}. There its req/s compares the load generator's speed more than the server's, and a server that waits between requests counts its waking up in its CPU per request.`,
      );
    log(` ${scenario.id} done`);
  }
  for (const service of services.values()) await stop(service);
  log(
    "\n| scenario | req/s service / bare | req/s ratio | p50 ms s / b | p99 ms s / b | p99 ratio | CPU µs/req s / b | CPU ratio | DB queries/req | max stall ms | RSS MB | server busy % s / b | load generator busy % s / b |",
  );
  log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) log(row);
  if (limited.length > 0) {
    log(
      `\nRows where the load generator set the pace (busy ≥ ${percent(GENERATOR_LIMIT)}% of its core, and busier than the server it loaded):`,
    );
    for (const line of limited) log(line);
  }
  return outcomes;
}

/**
 * What the fast lane buys: the same server with and without it, each
 * against bare in its own rounds; the saving is on the CPU ratios, so the
 * machine's drift between the two measurements mostly cancels.
 */
function reportLane(outcomes: Map<string, Outcome>): void {
  const pairs = [
    ["keyed list", "keyed-list", "keyed-list-no-lane"],
    ["keyed one record", "keyed-one", "keyed-one-no-lane"],
  ] as const;
  for (const [name, on, off] of pairs) {
    const withLane = outcomes.get(on);
    const without = outcomes.get(off);
    if (withLane === undefined || without === undefined) continue;
    const saving = 1 - withLane.cpuRatio / without.cpuRatio;
    log(
      `fast lane, ${name}: CPU ratio to bare ${withLane.cpuRatio.toFixed(2)}× with it, ${without.cpuRatio.toFixed(2)}× without (${withLane.cpuUs.toFixed(1)} / ${without.cpuUs.toFixed(1)} µs per request); req/s ratio ${withLane.rpsRatio.toFixed(2)}× / ${without.rpsRatio.toFixed(2)}×: **the lane saves ${(100 * saving).toFixed(0)}% of the CPU per request**`,
    );
  }
}

/**
 * Keyed requests of the memory scenario: 300,000 (fewer in a short run:
 * 60,000 per second of BENCH_SECONDS × BENCH_ROUNDS), with one key and with
 * BENCH_KEYS keys in rotation.
 */
const MEMORY_REQUESTS = Number(
  process.env.BENCH_MEMORY_REQUESTS ?? Math.min(300_000, 60_000 * SECONDS * ROUNDS),
);
/** The RSS bounds docs/PERFORMANCE.md states for the service after MEMORY_REQUESTS, in MB. */
const RSS_BOUND_MB = { one: 350, many: (keys: number) => 350 + (keys / 100_000) * 150 };

async function reportMemory(): Promise<void> {
  log(`\n## memory after ${MEMORY_REQUESTS.toLocaleString("en")} keyed requests\n`);
  log(
    "| keys | RSS after start MB | RSS after the requests MB | live heap after start → after MB | external MB | bound MB | held |",
  );
  log("|---|---|---|---|---|---|---|");
  for (const keys of [1, KEYS]) {
    const kind = keys === 1 ? "default" : "keys";
    const service = await startService({ ...SERVICE_ENV[kind], BENCH_KEYS: String(keys) });
    const scenario: Scenario = {
      id: "memory",
      name: "memory",
      service: kind,
      path: "/v1/states/CA",
      headers: {},
      key: keys === 1 ? "one" : "rotate",
      expectStatus: 200,
    };
    const before = await stats(service, true);
    const counter = { n: 0 };
    const result = await autocannon({
      url: `http://127.0.0.1:${service.port}${scenario.path}`,
      connections: CONNECTIONS,
      amount: MEMORY_REQUESTS,
      requests: [
        {
          setupRequest: (request: { headers?: Record<string, string> }) => {
            request.headers = requestHeaders(scenario, service, counter);
            return request;
          },
        },
      ],
    } as autocannon.Options);
    const loaded = await stats(service);
    const after = await stats(service, true);
    await stop(service);
    const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
    const bound = keys === 1 ? RSS_BOUND_MB.one : RSS_BOUND_MB.many(keys);
    const ok = result.non2xx === 0 && result.errors === 0;
    const rss = Math.max(loaded.rssBytes, after.rssBytes);
    log(
      `| ${keys.toLocaleString("en")} | ${mb(before.rssBytes)} | **${mb(rss)}** | ${mb(before.heapUsedBytes)} → ${mb(after.heapUsedBytes)} | ${mb(after.externalBytes)} | ${bound.toFixed(0)} | ${rss / 1048576 <= bound ? "yes" : "**no**"} |${ok ? "" : ` ⚠ ${result.non2xx} non-2xx, ${result.errors} errors`}`,
    );
  }
}

/** CPU time (user + system, ms) the process has used so far, where /proc tells; else NaN. */
function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

class PortTaken extends Error {}

/**
 * The bare start-up baseline: a node:http server that reads the release's
 * dataset.json (data/releases/<version>/dataset.json, every record),
 * parses it and answers /v1/states and /v1/states/{code} from it. Plain
 * JavaScript given to `node --eval`: a TypeScript entry would make Node load
 * its type stripper (~0.1 s), which the bundle does not.
 */
const BARE_START = `
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
const { version } = JSON.parse(readFileSync("data/dataset.json", "utf8"));
const release = JSON.parse(readFileSync("data/releases/" + version + "/dataset.json", "utf8"));
const byCode = new Map(release.jurisdictions.map((record) => ["/v1/states/" + record.code, record]));
createServer((request, response) => {
  const data = request.url === "/v1/states" ? release.jurisdictions : byCode.get(request.url);
  if (data === undefined) return response.writeHead(404).end();
  const body = JSON.stringify({ data, meta: { dataset_version: release.dataset_version } });
  response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

type StartKind = "project" | "bare";

/** Start-up time; a port taken between choosing it and listening is chosen again. */
async function startupTime(kind: StartKind): Promise<{ wallMs: number; cpuMs: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startupOnce(kind, await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 3) throw error;
    }
  }
}

async function startupOnce(
  kind: StartKind,
  port: number,
): Promise<{ wallMs: number; cpuMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), "cls-startup-"));
  const started = performance.now();
  let errors = "";
  // What `npm start` runs (the bundle), or the bare baseline, on the
  // servers' core; this process asks from the other.
  const args =
    kind === "project" ? ["dist/server.mjs"] : ["--input-type=module", "--eval", BARE_START];
  const child = spawn(
    PIN ? "taskset" : process.execPath,
    PIN ? ["-c", "0", process.execPath, ...args] : args,
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${join(dir, "s.db")}`,
        SHUTDOWN_GRACE_MS: "0",
      },
    },
  );
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v1/states/CA`);
        if (response.status === 200)
          return { wallMs: performance.now() - started, cpuMs: cpuTimeMs(child.pid) };
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) {
        if (errors.includes("EADDRINUSE")) throw new PortTaken(`port ${port} was taken`);
        throw new Error(`the ${kind} server exited during start-up: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    // SIGTERM, as a platform stops an instance: the server exits cleanly and
    // Node writes its compile cache (the build filled it already).
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }
}

/** Requests counted under callgrind per server and row, and the warm-up before them. */
const COUNTED = Number(process.env.BENCH_COUNTED_REQUESTS ?? 10_000);
const COUNT_WARMUP = Number(process.env.BENCH_COUNT_WARMUP ?? 40_000);

/** Sends exactly `amount` requests (10 connections) and checks every one was answered 200. */
async function sendExactly(
  port: number,
  path: string,
  headers: Record<string, string>,
  amount: number,
) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: 10,
    amount,
    headers,
  });
  if (result["2xx"] !== amount || result.errors > 0)
    throw new Error(`${path}: ${result["2xx"]} of ${amount} answered 200, ${result.errors} errors`);
}

/** The longest wait for a server under callgrind to go idle. */
const IDLE_WITHIN_MS = 15 * 60_000;

/**
 * Resolves once the server, sent nothing, spends under a tenth of a core
 * for a whole second (its timers alone take a few percent under callgrind;
 * background work takes all of it); fails past IDLE_WITHIN_MS.
 */
async function idle(server: Server): Promise<void> {
  const deadline = Date.now() + IDLE_WITHIN_MS;
  let before = await stats(server);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await stats(server);
    if (after.cpuMicros - before.cpuMicros < 100_000) return;
    if (Date.now() > deadline)
      throw new Error(
        `the server was still busy ${IDLE_WITHIN_MS / 60_000} min after its warm-up (${((after.cpuMicros - before.cpuMicros) / 10_000).toFixed(0)}% of a core in the last second)`,
      );
    before = after;
  }
}

/**
 * `instructions` (only when named in BENCH_ONLY): the keyed rows, each
 * server under callgrind (bench/callgrind.ts), warmed by BENCH_COUNT_WARMUP
 * requests, then BENCH_COUNTED_REQUESTS requests counted.
 */
async function reportInstructions(): Promise<void> {
  log("\n## instructions per request (callgrind)\n");
  if (!callgrindAvailable()) {
    log("valgrind's callgrind is not installed (Debian: apt-get install valgrind): skipped");
    return;
  }
  log(
    `each server under valgrind --tool=callgrind, V8 seeded (${SEEDED.join(" ")}); ${COUNT_WARMUP.toLocaleString("en")} requests of warm-up, then ${COUNTED.toLocaleString("en")} counted; user space, every thread:\n`,
  );
  const dir = mkdtempSync(join(tmpdir(), "cls-callgrind-"));
  const lines: string[] = [];
  try {
    for (const id of ["keyed-list", "keyed-one"]) {
      const scenario = ALL_SCENARIOS.find((s) => s.id === id) as Scenario;
      const counted = new Map<"service" | "bare", Counted>();
      let headers: Record<string, string> = {};
      let fixed: Sample | undefined;
      for (const kind of ["service", "bare"] as const) {
        const outFile = join(dir, `${id}.${kind}.out`);
        const wrap: Wrap = { prefix: callgrindPrefix(outFile), node: SEEDED };
        const started = Date.now();
        process.stdout.write(`  ${id}, ${kind}: starting under callgrind… `);
        const server =
          kind === "service"
            ? await startService(SERVICE_ENV.default, wrap)
            : await startBare(fixed as Sample, wrap);
        try {
          if (kind === "service") headers = requestHeaders(scenario, server, { n: 0 });
          // In three loads, each on new connections: V8 compiles parts of
          // Node's HTTP code again after the first turnovers of connections
          // (docs/PERFORMANCE.md, "Where the keyed rows' extra CPU goes"),
          // which the count must not catch.
          process.stdout.write("warming up… ");
          for (let load = 0; load < 3; load++)
            await sendExactly(server.port, scenario.path, headers, Math.ceil(COUNT_WARMUP / 3));
          if (kind === "service") fixed = await sample(server.port, scenario.path, headers);
          // What the server does in the background after it starts (compiling
          // the validators, compressing bodies) is not a request's work.
          process.stdout.write("waiting for it to go idle… ");
          await idle(server);
          const pid = server.child.pid as number;
          countFrom(pid);
          await sendExactly(server.port, scenario.path, headers, COUNTED);
          counted.set(kind, countUntil(pid, outFile));
        } finally {
          await stop(server);
        }
        log(`counted in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
      const s = counted.get("service") as Counted;
      const b = counted.get("bare") as Counted;
      const per = (n: number) => Math.round(n / COUNTED).toLocaleString("en");
      const steady = (c: Counted) => c.total - c.compiling - c.collecting;
      lines.push(
        `${scenario.name}: service ${per(s.total)}, bare ${per(b.total)} instructions a request: **${(s.total / b.total).toFixed(3)}×**; compiling ${per(s.compiling)} / ${per(b.compiling)}, collecting garbage ${per(s.collecting)} / ${per(b.collecting)}; the rest ${per(steady(s))} / ${per(steady(b))}: ${(steady(s) / steady(b)).toFixed(3)}×`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log("");
  for (const line of lines) log(line);
}

log(
  `bench: ${ROUNDS} round(s) × ${SECONDS} s × ${CONNECTIONS} connections; ${cpus()[0]?.model ?? "unknown CPU"}, ${CORES} cores; ${PIN ? "servers on CPU 0, load generator on CPU 1" : "not pinned (one core)"}; load generator ${LOADER}; Node ${process.version}${process.env.BENCH_BARE_BATCHED === "1" ? "; bare writes per turn (BENCH_BARE_BATCHED=1)" : ""}`,
);
if (SCENARIOS.length > 0) {
  reportLane(await runSuite("embedded default (SQLite, in-process limiter)", {}, SCENARIOS));
}
if (REDIS_URL !== undefined) {
  await runSuite(
    `with REDIS_URL=${REDIS_URL}`,
    { REDIS_URL },
    SCENARIOS.filter((s) => (s.key === "one" && s.service === "default") || s.id === "refused"),
  );
}
if (ONLY === null || ONLY.includes("memory")) await reportMemory();
if (ONLY?.includes("instructions")) await reportInstructions();
if (ONLY === null || ONLY.includes("startup")) {
  log(`\n## start-up\n`);
  log(execFileSync(process.execPath, ["scripts/build.ts"], { encoding: "utf8" }).trim());
  // One start of the bare server first, not counted (it reads the release
  // into the page cache); the project's first start is counted: the build
  // filled Node's compile cache with its own warm-up start.
  await startupTime("bare");
  const runs: Record<StartKind, { wallMs: number; cpuMs: number }[]> = { project: [], bare: [] };
  for (let i = 0; i < STARTS; i++) {
    const order: StartKind[] = i % 2 === 0 ? ["bare", "project"] : ["project", "bare"];
    for (const kind of order) runs[kind].push(await startupTime(kind));
  }
  const line = (kind: StartKind) => {
    const wall = runs[kind].map((r) => r.wallMs);
    const cpu = runs[kind].map((r) => r.cpuMs);
    return `median ${median(wall).toFixed(0)} ms wall (${wall.map((t) => t.toFixed(0)).join(", ")}); CPU median ${median(cpu).toFixed(0)} ms (${cpu.map((t) => t.toFixed(0)).join(", ")})`;
  };
  const ratio = median(runs.project.map((r) => r.wallMs)) / median(runs.bare.map((r) => r.wallMs));
  log(
    `start-up, process start → first 200 on /v1/states/CA, fresh SQLite database, ${STARTS} starts each, alternated:`,
  );
  log(`  dist/server.mjs: ${line("project")}`);
  log(`  bare node:http reading the release's dataset.json: ${line("bare")}`);
  log(
    `  ratio of the medians: **${ratio.toFixed(2)}×** (target ≤ 2.0×) ${ratio <= 2 ? "held" : "NOT held"}`,
  );
  // Where one start's time goes (bench/startup-profile.ts).
  for (const line of await profileStart(1)) log(line);
}
