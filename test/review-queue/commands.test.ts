/**
 * The operator's and maintainer's commands of the review queue, run as the
 * docs write them (`npm run data:watch`, `npm run maintainers -- …`), with
 * the database in a temporary SQLite file and the official sources served
 * from recorded fixtures on loopback (source-fixtures.ts).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { ENVIRONMENT_VARIABLES } from "../../src/config.ts";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import {
  listReviewItems,
  readWatchStates,
} from "../../src/review-queue/review-queue.repository.ts";
import { buildTestApp } from "../helpers.ts";
import { freePort } from "../support/ports.ts";
import { signedUpAgent } from "../web/agent.ts";
import {
  OPENSTATES_TEST_KEY,
  type SourceFixtures,
  startSourceFixtures,
} from "./source-fixtures.ts";

const dirs: string[] = [];
const servers: SourceFixtures[] = [];
after(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function databaseUrl(): string {
  const dir = mkdtempSync(join(tmpdir(), "cls-watch-"));
  dirs.push(dir);
  return `sqlite:${join(dir, "cls.db")}`;
}

type Run = { status: number; stdout: string; stderr: string };

/** A command line as the docs write it, with `env` added (the event loop stays free for the fixtures). */
function run(command: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "sh",
      ["-c", command],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ status: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });
}

async function items(url: string) {
  const database = createDatabase(url);
  try {
    return (await listReviewItems(database.db, {}, { offset: 0, limit: 100 })).items;
  } finally {
    await database.close();
  }
}

describe("npm run data:watch", () => {
  test("against the fixtures twice: the second run adds nothing; one failing source does not stop the other", async () => {
    const sources = await startSourceFixtures();
    servers.push(sources);
    const env = {
      DATABASE_URL: databaseUrl(),
      FEDERAL_REGISTER_API_URL: sources.federalRegisterUrl,
      OPENSTATES_API_URL: sources.openStatesUrl,
      OPENSTATES_API_KEY: OPENSTATES_TEST_KEY,
    };
    // The fixtures are dated from 2026-08; the first run asks from the day before them
    // (a source never watched otherwise starts at the dataset's sources_current_to: below).
    const first = await run("npm run --silent data:watch -- --since 2026-07-02", env);
    assert.equal(first.status, 0, first.stderr);
    process.stdout.write(`# first run\n${first.stdout}`);
    assert.match(
      first.stdout,
      /^Federal Register: asked for documents of DEA, HHS, FDA and USDA naming marijuana, cannabis, hemp or tetrahydrocannabinol since 2026-07-02: 2 new, 0 already known; next watch from 2026-11-20\.$/m,
    );
    assert.match(
      first.stdout,
      /^Open States: asked for state bills naming cannabis, marijuana or hemp, acted on since 2026-07-02: 2 new, 0 already known; next watch from 2026-11-21\.$/m,
    );
    assert.match(first.stdout, /^Summary: 2 sources asked, 4 items new, 0 already known\.$/m);

    // What was asked: the documented parameters, the key in its header only.
    const federal = sources.requests.filter((r) => r.url.pathname === "/api/v1/documents.json");
    assert.equal(federal.length, 2, "both pages of the Federal Register");
    const params = federal[0]?.url.searchParams;
    assert.equal(params?.get("conditions[publication_date][gte]"), "2026-07-02");
    assert.equal(
      params?.get("conditions[term]"),
      "marijuana | cannabis | hemp | tetrahydrocannabinol",
    );
    assert.deepEqual(params?.getAll("conditions[agencies][]"), [
      "drug-enforcement-administration",
      "health-and-human-services-department",
      "food-and-drug-administration",
      "agriculture-department",
      "agricultural-marketing-service",
    ]);
    const bills = sources.requests.find((r) => r.url.pathname === "/bills");
    assert.equal(bills?.url.searchParams.get("action_since"), "2026-07-02");
    assert.equal(bills?.headers["x-api-key"], OPENSTATES_TEST_KEY);
    assert.ok(
      !sources.requests.some((r) => r.url.search.includes(OPENSTATES_TEST_KEY)),
      "never in a URL",
    );
    assert.ok(
      !first.stdout.includes(OPENSTATES_TEST_KEY) && !first.stderr.includes(OPENSTATES_TEST_KEY),
    );

    const stored = await items(env.DATABASE_URL);
    assert.deepEqual(
      stored.map((item) => [item.source, item.jurisdiction, item.title]).sort(),
      [
        [
          "federal_register",
          "US",
          "Domestic Hemp Production Program: Total Tetrahydrocannabinol Testing (example)",
        ],
        [
          "federal_register",
          "US",
          "Schedules of Controlled Substances: Placement of Marijuana in Schedule III (example)",
        ],
        ["openstates", "OH", "HB 999: Modify the adult-use cannabis law (example)"],
        [
          "openstates",
          "PA",
          "SB 120: An Act amending Title 35 (Health and Safety), providing for the regulation of adult-use marijuana (example)",
        ],
      ],
      "the notice naming none of the terms and the bill about crop insurance are left out",
    );
    const rule = stored.find((item) => item.sourceId === "federal_register:2026-90101");
    assert.deepEqual(
      [rule?.url, rule?.itemDate, rule?.effectiveDate, rule?.citation],
      [
        "https://www.federalregister.gov/documents/2026/08/14/2026-90101/schedules-of-controlled-substances-placement-of-marijuana-in-schedule-iii",
        "2026-08-10",
        "2026-09-14",
        "91 FR 51234; Pub. L. 115-334",
      ],
    );
    const signed = stored.find((item) => item.jurisdiction === "PA");
    assert.match(signed?.body ?? "", /^Latest action \(2026-11-21\): Approved by the Governor\./);

    const second = await run("npm run --silent data:watch", env);
    assert.equal(second.status, 0, second.stderr);
    process.stdout.write(`# second run\n${second.stdout}`);
    assert.match(
      second.stdout,
      /^Federal Register: .* since 2026-11-20: 0 new, 1 already known; next watch from 2026-11-20\.$/m,
    );
    assert.match(
      second.stdout,
      /^Open States: .* since 2026-11-21: 0 new, 1 already known; next watch from 2026-11-21\.$/m,
    );
    assert.match(second.stdout, /^Summary: 2 sources asked, 0 items new, 2 already known\.$/m);
    assert.equal((await items(env.DATABASE_URL)).length, 4, "the second run adds nothing");

    sources.behaviour.federal = "fail";
    const failing = await run("npm run --silent data:watch", env);
    process.stdout.write(`# a run with the Federal Register failing\n${failing.stdout}`);
    assert.equal(failing.status, 1, "a failed source makes the run fail, for the scheduler");
    assert.match(
      failing.stdout,
      /^Federal Register: FAILED: 127\.0\.0\.1:\d+ answered HTTP 503\. 0 new, 0 already known before it failed; asked again from 2026-11-20 next time\.$/m,
    );
    assert.match(
      failing.stdout,
      /^Open States: asked .* 0 new, 1 already known/m,
      "the other source is asked all the same",
    );
    assert.match(
      failing.stdout,
      /^Summary: 2 sources asked \(1 failed\), 0 items new, 1 already known\.$/m,
    );

    sources.behaviour.federal = "garbage";
    sources.behaviour.openstates = "wrong-shape";
    const garbled = await run("npm run --silent data:watch", env);
    assert.equal(garbled.status, 1);
    assert.match(
      garbled.stdout,
      /^Federal Register: FAILED: 127\.0\.0\.1:\d+ answered something that is not JSON\./m,
    );
    assert.match(
      garbled.stdout,
      /^Open States: FAILED: 127\.0\.0\.1:\d+ answered unexpectedly: its results are not a list\./m,
    );

    const database = createDatabase(env.DATABASE_URL);
    const states = await readWatchStates(database.db);
    await database.close();
    assert.deepEqual(
      states.map((state) => [state.source, state.cursor, state.lastError !== null]),
      [
        ["federal_register", "2026-11-20", true],
        ["openstates", "2026-11-21", true],
      ],
      "failed runs leave the cursors where the last good run put them",
    );

    sources.behaviour.federal = "ok";
    sources.behaviour.openstates = "ok";
    const recovered = await run("npm run --silent data:watch", env);
    assert.equal(recovered.status, 0);
    assert.match(recovered.stdout, /^Summary: 2 sources asked, 0 items new, 2 already known\.$/m);
  });

  test("without OPENSTATES_API_KEY it says so and skips Open States; an unreachable source is reported", async () => {
    const closed = await freePort();
    const env = {
      DATABASE_URL: databaseUrl(),
      FEDERAL_REGISTER_API_URL: `http://127.0.0.1:${closed}/api/v1`,
    };
    const result = await run("npm run --silent data:watch", env);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      new RegExp(
        `^Federal Register: FAILED: could not reach 127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\)`,
        "m",
      ),
    );
    assert.match(
      result.stdout,
      /^Open States: skipped: OPENSTATES_API_KEY is not set, so state bills were not asked for/m,
    );
    assert.match(
      result.stdout,
      /^Summary: 1 source asked \(1 failed\), 0 items new, 0 already known\.$/m,
    );
    const { sources_current_to: start } = JSON.parse(readFileSync("data/dataset.json", "utf8"));
    assert.match(
      result.stdout,
      new RegExp(`asked again from ${start} next time`),
      "a source never watched starts at the day the dataset's sources run to",
    );
    const usage = await run("npm run --silent data:watch -- --since yesterday", env);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--since: yesterday is not a date/);
  });
});

describe("npm run maintainers", () => {
  test("the role given and taken away, as the operator runs it; refused for an address without an account", async () => {
    const url = databaseUrl();
    const database = createDatabase(url);
    await migrateToLatest(database.db);
    const app = await buildTestApp({ database });
    const { agent, email } = await signedUpAgent(app);
    assert.equal((await agent.get("/maintain")).statusCode, 404);

    const added = await run(`npm run --silent maintainers -- add ${email}`, { DATABASE_URL: url });
    assert.equal(added.status, 0, added.stderr);
    assert.equal(
      added.stdout,
      `✓ ${email} is now a maintainer: the review queue is at /maintain.\n`,
    );
    assert.equal((await agent.get("/maintain")).statusCode, 200, "on the next request");
    const listed = await run("npm run --silent maintainers -- list", { DATABASE_URL: url });
    assert.match(
      listed.stdout,
      new RegExp(`^${email.replace(".", "\\.")}  \\(since \\d{4}-\\d{2}-\\d{2}\\)$`, "m"),
    );

    const removed = await run(`npm run --silent maintainers -- remove ${email}`, {
      DATABASE_URL: url,
    });
    assert.equal(removed.status, 0, removed.stderr);
    assert.equal(removed.stdout, `✓ ${email} is no longer a maintainer.\n`);
    assert.equal((await agent.get("/maintain")).statusCode, 404, "closed at once");
    const again = await run(`npm run --silent maintainers -- remove ${email}`, {
      DATABASE_URL: url,
    });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /is not a maintainer/);

    const nobody = await run("npm run --silent maintainers -- add nobody@example.org", {
      DATABASE_URL: url,
    });
    assert.equal(nobody.status, 1);
    assert.match(
      nobody.stderr,
      /No account has the address nobody@example\.org: the person signs up on the website first\./,
    );
    const usage = await run("npm run --silent maintainers -- promote x@example.org", {
      DATABASE_URL: url,
    });
    assert.equal(usage.status, 2);
    await app.close();
  });
});

describe("docs/DEPLOY.md and deploy/: the watch's schedule and the maintainers' commands", () => {
  const deploy = readFileSync("docs/DEPLOY.md", "utf8");
  const section = deploy.slice(
    deploy.indexOf("## Watching for new law"),
    deploy.indexOf("## Containers"),
  );

  test("the cron line runs the command the fixture test runs, on a valid schedule", () => {
    const line =
      /^(\S+ \S+ \S+ \S+ \S+) cd (\S+) && (npm run --silent data:watch) >> (\S+) 2>&1$/m.exec(
        section,
      );
    assert.ok(line, "a crontab line");
    const [minute, hour, dom, month, dow] = (line[1] as string).split(" ");
    assert.ok(Number(minute) >= 0 && Number(minute) < 60);
    assert.match(hour ?? "", /^\*\/([1-9]|1[0-9]|2[0-3])$/);
    assert.deepEqual([dom, month, dow], ["*", "*", "*"]);
    assert.equal(
      line[3],
      "npm run --silent data:watch",
      "the command run against the fixtures above",
    );
  });

  test("the Kubernetes CronJob runs the watch script with the settings it reads", async () => {
    const { parse } = await import("yaml");
    const job = parse(readFileSync("deploy/kubernetes/data-watch.cronjob.yaml", "utf8"));
    assert.equal(job.kind, "CronJob");
    assert.equal(job.apiVersion, "batch/v1");
    assert.equal(job.spec.concurrencyPolicy, "Forbid");
    assert.equal(job.spec.schedule.split(" ").length, 5);
    const container = job.spec.jobTemplate.spec.template.spec.containers[0];
    assert.deepEqual(container.command, ["node", "scripts/data-watch.ts"]);
    assert.ok(existsSync(container.command[1]));
    const names = container.env.map((entry: { name: string }) => entry.name);
    for (const name of names)
      assert.ok(ENVIRONMENT_VARIABLES.includes(name), `${name} is a setting`);
    assert.ok(names.includes("DATABASE_URL"));
    const key = container.env.find(
      (entry: { name: string }) => entry.name === "OPENSTATES_API_KEY",
    );
    assert.ok(key.valueFrom.secretKeyRef, "the key comes from a Secret, never inline");
  });

  test("the maintainers' commands, as written", async () => {
    const url = databaseUrl();
    const database = createDatabase(url);
    await migrateToLatest(database.db);
    const app = await buildTestApp({ database });
    await signedUpAgent(app, "ann@example.org");
    await app.close();
    const block = /```sh\n(npm run maintainers[^`]+)```/.exec(section)?.[1];
    assert.ok(block);
    const outputs: string[] = [];
    for (const command of block.trim().split("\n")) {
      const result = await run(command, { DATABASE_URL: url });
      assert.equal(result.status, 0, `${command}\n${result.stderr}`);
      outputs.push(result.stdout);
    }
    assert.match(
      outputs.join(""),
      /ann@example\.org is now a maintainer[\s\S]*ann@example\.org {2}\(since[\s\S]*ann@example\.org is no longer a maintainer/,
    );
  });
});
