/**
 * Failures of the shared stores, under load, with three instances behind
 * nginx. Redis is a private redis-server killed (SIGKILL) and hung
 * (SIGSTOP), then brought back; PostgreSQL is the shared server reached
 * through a TCP proxy of the test's own that is cut and restored (the
 * shared server itself is never stopped). Prints 5xx and p99 during each
 * outage and the recovery time.
 */
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import { createDatabase, type DatabaseHandle } from "../../src/db/database.ts";
import { insertUserWithKey } from "../fixtures.ts";
import {
  createTestSchema,
  POSTGRES_URL,
  REDIS_URL,
  skipUnlessReachable,
} from "../support/backends.ts";
import { createVisitor, signUp } from "./browser.ts";
import {
  type Cluster,
  metricSample,
  outputLog,
  p99,
  printDiagnosticsOnFailure,
  type RedisProcess,
  send,
  startCluster,
  startRedis,
  startTcpProxy,
  type TcpProxy,
  until,
} from "./harness.ts";

const skip =
  (await skipUnlessReachable("PostgreSQL", POSTGRES_URL)) ||
  (await skipUnlessReachable("Redis", REDIS_URL));
const report = (line: string) => process.stdout.write(`# [failures] ${line}\n`);

type Sample = { at: number; status: number; ms: number };

/** Loads still running: stopped after every test, so a failed assertion never leaves one running. */
const running = new Set<{ stop: () => Promise<void> }>();
/** A test that has not finished by then fails, instead of holding the run. */
const TEST_TIMEOUT_MS = 180_000;

let loads = 0;

/** Steady public load through nginx from many clients until stopped; its errors are kept for the diagnostics. */
function startLoad(port: number, concurrency = 12) {
  const samples: Sample[] = [];
  const output = outputLog(`load generator #${++loads} on ${port}`);
  const failures = new Map<string, number>();
  let flowing = true;
  let client = 0;
  const worker = async () => {
    while (flowing) {
      const from = `127.0.${20 + Math.floor((client % 2000) / 250)}.${(client % 250) + 1}`;
      client++;
      const at = performance.now();
      try {
        const answer = await send(port, "/v1/states/TX", { from });
        samples.push({ at, status: answer.status, ms: answer.ms });
      } catch (error) {
        samples.push({ at, status: 0, ms: performance.now() - at });
        const what = error instanceof Error ? error.message : String(error);
        const seen = (failures.get(what) ?? 0) + 1;
        failures.set(what, seen);
        // The first of each kind, with when it happened, then a count at the end.
        if (seen === 1) output.add(`${new Date().toISOString().slice(11, 23)} ${what}`);
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  const load = {
    samples,
    stop: async () => {
      flowing = false;
      await Promise.all(workers);
      running.delete(load);
      const statuses = new Map<number, number>();
      for (const sample of samples)
        statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
      output.add(
        `stopped: ${samples.length} requests; statuses ${[...statuses].map(([status, n]) => `${status}×${n}`).join(", ")}; errors ${[...failures].map(([what, n]) => `${what}×${n}`).join(", ") || "none"}`,
      );
    },
  };
  running.add(load);
  return load;
}

function summarize(samples: Sample[], from: number, to: number) {
  const during = samples.filter((s) => s.at >= from && s.at <= to);
  return {
    requests: during.length,
    errors: during.filter((s) => s.status >= 500 || s.status === 0).length,
    p99: p99(during.map((s) => s.ms)),
  };
}

describe("store failures under load", { skip }, () => {
  let cluster: Cluster;
  let redis: RedisProcess;
  let pgProxy: TcpProxy;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: DatabaseHandle;
  let fresh = 0;
  /** A client address no earlier request used. */
  const freshClient = () => `127.0.30.${++fresh}`;

  before(
    printDiagnosticsOnFailure(async () => {
      schema = await createTestSchema();
      const target = new URL(schema.url);
      pgProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(schema.url);
      proxied.port = String(pgProxy.port);
      redis = await startRedis();
      cluster = await startCluster({ databaseUrl: proxied.toString(), redisUrl: redis.url });
      database = createDatabase(schema.url);
    }),
  );

  afterEach(async () => {
    await Promise.all([...running].map((load) => load.stop()));
    await pgProxy?.restore();
    await redis?.heal();
  });

  after(async () => {
    await cluster?.stop();
    await database?.close();
    await pgProxy?.close();
    await redis?.stop();
    await schema?.drop();
  });

  const backends = async () =>
    Promise.all(
      cluster.instances.map(async (instance) => {
        const text = (await send(instance.metricsPort, "/metrics")).body;
        return metricSample(text, 'cls_rate_limit_backend{backend="degraded"}') === 1
          ? "degraded"
          : "redis";
      }),
    );
  const unreachableLogs = () =>
    cluster.instances.map(
      (i) => i.logs.filter((l) => String(l.msg).startsWith("Redis unreachable")).length,
    );

  async function redisOutage(
    name: string,
    breakRedis: () => Promise<void> | void,
    repair: () => Promise<void> | void,
  ) {
    const limit = Number(cluster.env.PUBLIC_RATE_LIMIT ?? 60);
    const count = Number(cluster.env.INSTANCE_COUNT);
    const logsBefore = unreachableLogs();
    const load = startLoad(cluster.lb.port);
    await until("baseline load", () => load.samples.length >= 200);
    const brokenAt = performance.now();
    await breakRedis();
    const detectMs = await until(
      "every instance to degrade",
      async () => (await backends()).every((b) => b === "degraded"),
      10_000,
      50,
    );

    for (const instance of cluster.instances) {
      const ready = await send(instance.port, "/readyz");
      assert.equal(ready.status, 200, "still serving");
      assert.deepEqual(
        { status: JSON.parse(ready.body).status, redis: JSON.parse(ready.body).checks.redis },
        { status: "degraded", redis: "unreachable" },
      );
    }
    const [a] = cluster.instances;
    assert.ok(a);
    const client = freshClient();
    let shareAdmitted = 0;
    for (let i = 0; i < 40; i++) {
      const answer = await send(a.port, "/v1/states/TX", {
        headers: { "x-forwarded-for": client },
      });
      if (answer.status === 200) shareAdmitted++;
    }
    const share = Math.floor(limit / count);
    assert.equal(shareAdmitted, share, `one instance admits limit / INSTANCE_COUNT = ${share}`);
    const viaNginx = freshClient();
    let totalAdmitted = 0;
    for (let i = 0; i < limit * 2; i++) {
      if ((await send(cluster.lb.port, "/v1/states/TX", { from: viaNginx })).status === 200)
        totalAdmitted++;
    }
    assert.ok(
      totalAdmitted <= limit,
      `never fail-open: ${totalAdmitted} ≤ ${limit} across instances`,
    );
    await until(
      "enough load during the outage",
      () => load.samples.filter((s) => s.at > brokenAt).length >= 300,
    );

    const repairedAt = performance.now();
    await repair();
    const recoveryMs = await until(
      "every instance back on Redis",
      async () => (await backends()).every((b) => b === "redis"),
      10_000,
      50,
    );
    const recoveredAt = performance.now();
    await load.stop();

    const recovered = freshClient();
    let admittedAfter = 0;
    for (let i = 0; i < limit + 10; i++) {
      if ((await send(cluster.lb.port, "/v1/states/TX", { from: recovered })).status === 200)
        admittedAfter++;
    }
    const outage = summarize(load.samples, brokenAt, recoveredAt);
    const logged = unreachableLogs().map((n, i) => n - (logsBefore[i] ?? 0));
    report(
      `${name}: detected by all instances in ${detectMs.toFixed(0)} ms; during the outage ${outage.requests} requests, ${outage.errors} 5xx, p99 ${outage.p99.toFixed(1)} ms; ` +
        `one instance admitted ${shareAdmitted} (limit ${limit} / ${count}), all together ${totalAdmitted} / ${limit}; ` +
        `logged ${logged.join("/")} time(s) per instance; back on shared limits ${recoveryMs.toFixed(0)} ms after Redis returned; then admitted ${admittedAfter} / ${limit}`,
    );
    assert.equal(outage.errors, 0, "no 5xx");
    assert.ok(outage.p99 < 1_000, `p99 ${outage.p99} ms < 1 s`);
    assert.deepEqual(
      logged,
      cluster.instances.map(() => 1),
      "logged once per instance",
    );
    assert.ok(recoveryMs < 10_000);
    assert.equal(admittedAfter, limit, "shared limits again");
    assert.ok(repairedAt > brokenAt);
  }

  test(
    "Redis killed mid-load: per-instance shares, no 5xx, back by itself",
    {
      timeout: TEST_TIMEOUT_MS,
    },
    printDiagnosticsOnFailure(async () => {
      await redisOutage(
        "Redis killed (SIGKILL)",
        () => redis.kill(),
        () => redis.start(),
      );
    }),
  );

  test(
    "Redis hung mid-load: per-instance shares, no 5xx, back by itself",
    {
      timeout: TEST_TIMEOUT_MS,
    },
    printDiagnosticsOnFailure(async () => {
      await redisOutage(
        "Redis hung (SIGSTOP)",
        () => redis.pause(),
        () => redis.resume(),
      );
    }),
  );

  test(
    "PostgreSQL cut: cached keys keep working, the rest answers 503, recovery by itself",
    {
      timeout: TEST_TIMEOUT_MS,
    },
    printDiagnosticsOnFailure(async () => {
      const cached = await insertUserWithKey(database.db);
      const uncached = await insertUserWithKey(database.db);
      const visitor = createVisitor(cluster.origin);
      const [a] = cluster.instances;
      assert.ok(a);
      await signUp(visitor, a.port);
      for (const instance of cluster.instances) {
        assert.equal(
          (await send(instance.port, "/v1/federal", { headers: { "x-api-key": cached } })).status,
          200,
        );
      }
      const load = startLoad(cluster.lb.port);
      await until("baseline load", () => load.samples.length >= 200);
      const keyed: Sample[] = [];

      const cutAt = performance.now();
      await pgProxy.cut();
      // Well over a second of outage: the instances serve the key from their caches throughout.
      await until(
        "the cached entries to go stale",
        async () => {
          for (const instance of cluster.instances) {
            const at = performance.now();
            const answer = await send(instance.port, "/v1/federal", {
              headers: { "x-api-key": cached },
            });
            keyed.push({ at, status: answer.status, ms: answer.ms });
          }
          return performance.now() - cutAt > 1_500;
        },
        10_000,
        20,
      );
      assert.ok(
        keyed.every((s) => s.status === 200),
        `cached key: ${keyed.filter((s) => s.status !== 200).length} failures`,
      );

      for (const instance of cluster.instances) {
        const api = await send(instance.port, "/v1/federal", {
          headers: { "x-api-key": uncached },
        });
        assert.equal(api.status, 503);
        assert.match(String(api.headers["content-type"]), /^application\/problem\+json/);
        assert.equal(JSON.parse(api.body).code, "service_unavailable");
        const ready = await send(instance.port, "/readyz");
        assert.equal(ready.status, 503);
        assert.equal(JSON.parse(ready.body).checks.database, "unreachable");
      }
      const page = await visitor.get(a.port, "/account/keys");
      assert.equal(page.status, 503);
      assert.match(String(page.headers["content-type"]), /^text\/html/);
      assert.ok(
        !/ECONNREFUSED|postgres|127\.0\.0\.1:\d+/i.test(page.body),
        "nothing internal in the page",
      );
      await until(
        "enough load during the outage",
        () => load.samples.filter((s) => s.at > cutAt).length >= 300,
      );

      const restoredAt = performance.now();
      await pgProxy.restore();
      const recoveryMs = await until(
        "every instance to use the database again",
        async () => {
          const answers = await Promise.all(
            cluster.instances.map((instance) =>
              send(instance.port, "/v1/federal", { headers: { "x-api-key": uncached } }),
            ),
          );
          return answers.every((answer) => answer.status === 200);
        },
        10_000,
        50,
      );
      await load.stop();
      assert.equal((await visitor.get(a.port, "/account/keys")).status, 200, "the website is back");
      for (const instance of cluster.instances)
        assert.equal(instance.process.exitCode, null, `${instance.name} still running`);

      const outage = summarize(load.samples, cutAt, restoredAt);
      const keyedSummary = summarize(keyed, cutAt, restoredAt);
      report(
        `PostgreSQL cut: public load ${outage.requests} requests, ${outage.errors} 5xx, p99 ${outage.p99.toFixed(1)} ms; ` +
          `cached key ${keyedSummary.requests} requests, ${keyedSummary.errors} 5xx, p99 ${keyedSummary.p99.toFixed(1)} ms; ` +
          `uncached key and website answered 503; recovered ${recoveryMs.toFixed(0)} ms after the database returned`,
      );
      assert.equal(outage.errors, 0);
      assert.equal(keyedSummary.errors, 0);
    }),
  );
});
