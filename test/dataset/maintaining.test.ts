/**
 * The maintainer's tools, end to end (docs/MAINTAINING.md): every command
 * the guide and docs/DATA.md give is run as written, with `npm run`, in a
 * workspace that holds a copy of data/ (and links to the code), on a
 * terminal where the guide says it asks. Then a server starts on the
 * release the guide wrote: it serves the change on its day and the
 * correction with its reason, and a loopback receiver gets exactly the
 * true announcements, signed. A rule added to the gate later fails these
 * tests until the tools can satisfy it: every tool runs the whole gate
 * before it writes.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { loadDataset, readDataset } from "../../src/dataset/dataset.load.ts";
import { releasedVersions, sourceOf } from "../../src/dataset/dataset.source.ts";
import { diffServed } from "../../src/dataset/law.diff.ts";
import { modelOfSource } from "../../src/dataset/release.plan.ts";
import { isoDay } from "../../src/lib/dates.ts";
import type { ReleaseAnnouncements } from "../../src/webhooks/law-events.ts";
import { queueStats } from "../../src/webhooks/webhook.housekeeping.ts";
import { buildTestApp, createTestDatabase, json } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, receiversForThisFile } from "../webhooks/receiver.ts";

const REPO = process.cwd();
const TODAY = isoDay(new Date());
const STEM = TODAY.replaceAll("-", ".");
const workspaces: string[] = [];
after(() => {
  for (const dir of workspaces) rmSync(dir, { recursive: true, force: true });
});

/** A workspace: a copy of data/ (with the newest release only), the code linked, CITATION.cff copied. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), "cls-maintain-"));
  workspaces.push(dir);
  const newest = releasedVersions(join(REPO, "data", "releases")).at(-1);
  cpSync(join(REPO, "data"), join(dir, "data"), {
    recursive: true,
    filter: (path) => {
      const inRelease = /\/releases\/([^/]+)/.exec(path.slice(REPO.length));
      return inRelease === null || inRelease[1] === newest;
    },
  });
  for (const name of ["package.json", "node_modules", "scripts", "src"])
    symlinkSync(join(REPO, name), join(dir, name));
  cpSync(join(REPO, "CITATION.cff"), join(dir, "CITATION.cff"));
  return dir;
}

type Run = { status: number | null; stdout: string; stderr: string };

/** A command line, as a maintainer types it, in `cwd`. */
function run(cwd: string, command: string): Run {
  const result = spawnSync("sh", ["-c", command], { cwd, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function ok(cwd: string, command: string): Run {
  const result = run(cwd, command);
  assert.equal(result.status, 0, `${command}\n${result.stdout}\n${result.stderr}`);
  return result;
}

function refused(cwd: string, command: string, reason: RegExp): Run {
  const result = run(cwd, command);
  assert.equal(result.status, 1, `${command} must be refused\n${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout + result.stderr, reason, command);
  return result;
}

/** The `npm run` lines of a document's ```sh blocks, in order (continued lines joined). */
function commandsOf(file: string, section?: string): string[] {
  let text = readFileSync(join(REPO, file), "utf8");
  if (section !== undefined) {
    const start = text.indexOf(`\n## ${section}\n`);
    assert.ok(start >= 0, `${file} has a "${section}" section`);
    const end = text.indexOf("\n## ", start + 1);
    text = text.slice(start, end < 0 ? undefined : end);
  }
  const commands: string[] = [];
  for (const [, block] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const joined = (block ?? "").replace(/\\\n\s*/g, "");
    for (const line of joined.split("\n"))
      if (line.trim().startsWith("npm run ")) commands.push(line.trim());
  }
  return commands;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

describe("the maintainer's guide, run as written", () => {
  const newReceiver = receiversForThisFile();
  let dir = "";
  let version = "";
  const day = commandsOf("docs/MAINTAINING.md", "A day's work, with an example");

  before(() => {
    dir = workspace();
  });

  test("the guide's day: record, correct, check, diff, review, release", () => {
    assert.deepEqual(
      day.map((command) => command.split(" ")[2]),
      ["data:change", "data:correct", "data:check", "data:diff", "data:review", "release"],
      "the guide's commands, in order",
    );
    const outputs = day.map((command) => ok(dir, command));
    const diff = outputs[3]?.stdout ?? "";
    assert.match(diff, /New laws \(1\), each announced as law\.enacted/);
    assert.match(diff, /VA adult_use\.delivery {2}from 2027-01-01 on: "medical_only" → "allowed"/);
    assert.match(diff, /Corrections \(1\), each announced once as record\.corrected/);
    assert.match(diff, /VA adult_use\.authority\.citation {2}from \d{4}-\d{2}-\d{2} on: /);
    assert.match(diff, /reason: Example: the citation named one section/);
    assert.match(diff, /1 law\.enacted, 1 record\.corrected, and dataset\.released/);
    assert.match(outputs[4]?.stdout ?? "", /✓ 2 approved by Bob Reviewer/);

    const versions = releasedVersions(join(dir, "data", "releases"));
    version = versions.at(-1) ?? "";
    assert.match(version, new RegExp(`^${STEM.replaceAll(".", "\\.")}(\\.\\d+)?$`));
    const manifest = readJson<{ dataset_version: string; source_sha256: string }>(
      join(dir, "data", "releases", version, "manifest.json"),
    );
    assert.equal(manifest.dataset_version, version);
    assert.equal(readJson<{ version: string }>(join(dir, "data", "dataset.json")).version, version);
    const changelog = readFileSync(join(dir, "data", "CHANGELOG.md"), "utf8");
    assert.match(
      changelog,
      new RegExp(`^## ${version.replaceAll(".", "\\.")} \\(${TODAY}\\)`, "m"),
    );
    assert.match(
      changelog,
      /- VA: Example: delivery allowed \(enacted 2026-11-26, effective 2027-01-01/,
    );
    assert.match(
      readFileSync(join(dir, "CITATION.cff"), "utf8"),
      new RegExp(`version: "${version}"`),
    );
    const announced = readJson<ReleaseAnnouncements>(
      join(dir, "data", "releases", version, "announcements.json"),
    );
    assert.deepEqual(
      announced.law_enacted.map(({ event }) => event.id),
      ["VA-2026-11-26-adult_use_amended"],
    );
    assert.deepEqual(
      announced.corrections.map(({ correction }) => [
        correction.id,
        correction.coded_by,
        correction.reviewed_by,
      ]),
      [[`VA-${TODAY}-c1`, "Ann Coder", "Bob Reviewer"]],
    );
    // The served data now are the release's bytes.
    assert.equal(loadDataset(join(dir, "data"), TODAY).manifest.version, version);
  });

  test("a server on the release serves the change on its day, the correction with its reason, and sends exactly the true announcements", async (t) => {
    assert.notEqual(version, "", "the guide's release was written");
    const receiver = await newReceiver();
    const database = await createTestDatabase();
    const endpoint = await insertEndpoint(database.db, receiver.url, {
      eventTypes: ["law.enacted", "law.took_effect", "record.corrected", "dataset.released"],
      jurisdictions: null,
    });
    const dataDir = join(dir, "data");
    const app = await buildTestApp(
      { database, dataset: loadDataset(dataDir, TODAY) },
      { DATA_DIR: dataDir, WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
    );
    t.after(async () => {
      await app.close();
    });

    const on = async (asOf: string) =>
      json<{
        data: {
          adult_use: {
            delivery: string;
            provenance: { delivery: { coded_by?: string; reviewed_by?: string } };
          };
        };
        meta: { dataset_version: string };
      }>(await app.inject({ url: `/v1/states/VA?as_of=${asOf}` }));
    const eve = await on("2026-12-31");
    const day = await on("2027-01-01");
    assert.equal(eve.data.adult_use.delivery, "medical_only");
    assert.equal(day.data.adult_use.delivery, "allowed", "the change is served from its day");
    assert.deepEqual(
      [
        day.data.adult_use.provenance.delivery.coded_by,
        day.data.adult_use.provenance.delivery.reviewed_by,
      ],
      ["Ann Coder", "Bob Reviewer"],
      "coder and reviewer are part of the value's provenance",
    );
    assert.equal(day.meta.dataset_version, version);

    const changes = await app.inject({ url: "/changes?state=VA" });
    assert.match(changes.body, /<h2 id="corrections-heading">Corrections for Virginia<\/h2>/);
    assert.match(changes.body, /Why: Example: the citation named one section/);
    assert.match(changes.body, /reviewed by Bob Reviewer/);
    const feed = await app.inject({ url: "/states/VA/changes.atom" });
    assert.match(feed.body, new RegExp(`#correction-VA-${TODAY}-c1`));
    assert.match(feed.body, /<category term="correction" label="Correction"\/>/);

    await until("three deliveries", () => receiver.received.length >= 3, 20_000);
    await until(
      "the queue drained",
      async () => (await queueStats(database.db, Date.now())).depth === 0,
      20_000,
    );
    const verifier = new Webhook(endpoint.secret);
    const payloads = receiver.received.map(
      (request) =>
        verifier.verify(request.body, {
          "webhook-id": String(request.headers["webhook-id"]),
          "webhook-timestamp": String(request.headers["webhook-timestamp"]),
          "webhook-signature": String(request.headers["webhook-signature"]),
        }) as {
          type: string;
          data: {
            version?: string;
            event?: { id: string; reason?: string };
            changes?: { field: string; from?: string | null; until?: string | null }[];
          };
        },
    );
    assert.deepEqual(payloads.map((payload) => payload.type).sort(), [
      "dataset.released",
      "law.enacted",
      "record.corrected",
    ]);
    const released = payloads.find((payload) => payload.type === "dataset.released");
    assert.equal(released?.data.version, version);
    const enacted = payloads.find((payload) => payload.type === "law.enacted");
    assert.equal(enacted?.data.event?.id, "VA-2026-11-26-adult_use_amended");
    const corrected = payloads.find((payload) => payload.type === "record.corrected");
    assert.equal(corrected?.data.event?.id, `VA-${TODAY}-c1`);
    assert.match(corrected?.data.event?.reason ?? "", /^Example: the citation named one section/);
    assert.deepEqual(
      corrected?.data.changes?.map((change) => [change.field, change.until]),
      [["adult_use.authority.citation", null]],
      "exactly the field that changed, on the days it changed",
    );
  });
});

describe("the tools refuse, naming the field and the value", () => {
  let dir = "";
  const change = (extra: string) =>
    `npm run data:change -- --jurisdiction VA --title "Example" --citation "Va. Code (example)" --url https://law.lis.virginia.gov/vacode/ --by "Ann Coder" ${extra}`;
  before(() => {
    dir = workspace();
  });

  test("an age of 12 and a tax of 150 %", () => {
    refused(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2027-01-01 --set adult_use.minimum_age=12 --confidence law_text",
      ),
      /adult_use\.minimum_age 12 is not a minimum age from 18 to 25/,
    );
    refused(
      dir,
      change(
        `--enacted 2026-11-20 --effective 2027-01-01 --set 'adult_use.taxes=[{"kind":"excise_retail_percent","rate":150,"unit":"percent of retail price","description":"Example","since":null}]' --confidence law_text`,
      ),
      /adult_use\.taxes\.0\.rate 150 % is not a percentage from 0 to 100/,
    );
  });

  test("future enactment and verification days, and effective before enacted", () => {
    refused(
      dir,
      change(
        "--enacted 2999-01-01 --effective 2999-02-01 --set adult_use.delivery=allowed --confidence law_text",
      ),
      /--enacted: 2999-01-01 is after today/,
    );
    refused(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2027-01-01 --set adult_use.delivery=allowed --confidence law_text --verified 2999-01-01",
      ),
      /--verified: 2999-01-01 is after today/,
    );
    refused(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2026-11-01 --set adult_use.delivery=allowed --confidence law_text",
      ),
      /--effective: 2026-11-01 is before --enacted 2026-11-20 \(if the law applies retroactively, add --retroactive\)/,
    );
  });

  test("a secondary change with one source", () => {
    refused(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2027-01-01 --set adult_use.delivery=allowed --confidence secondary",
      ),
      /a secondary value needs at least two agreeing sources \(has 1\)/,
    );
  });

  test("a change that sets what is already in force, and a correction that changes nothing", () => {
    refused(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2027-01-01 --set adult_use.delivery=medical_only --confidence law_text",
      ),
      /sets adult_use\.delivery = "medical_only", already in force on 2026-12-31/,
    );
    refused(
      dir,
      `npm run data:correct -- --jurisdiction VA --set adult_use.minimum_age=21 --reason "Example" --source-title "Code of Virginia" --source-url https://law.lis.virginia.gov/vacode/ --confidence law_text --by "Ann Coder"`,
      /nothing to correct: adult_use\.minimum_age is already 21/,
    );
  });

  test("a self-review, and a release of what nobody else reviewed", () => {
    const releasedBefore = releasedVersions(join(dir, "data", "releases"));
    ok(
      dir,
      change(
        "--enacted 2026-11-20 --effective 2027-01-01 --set adult_use.delivery=allowed --confidence law_text",
      ),
    );
    refused(
      dir,
      `npm run data:review -- --by "Ann Coder" --yes`,
      /was coded by Ann Coder: another maintainer must review it/,
    );
    refused(dir, "npm run release", /not reviewed by a second maintainer/);
    assert.deepEqual(
      releasedVersions(join(dir, "data", "releases")),
      releasedBefore,
      "nothing released",
    );
  });

  test("a release of a law fact edited by hand, without a record", () => {
    const other = workspace();
    const path = join(other, "data", "jurisdictions", "CO.json");
    const record = readJson<{ adult_use: { minimum_age: number } }>(path);
    record.adult_use.minimum_age = 19;
    writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
    refused(
      other,
      "npm run release",
      /CO adult_use\.minimum_age .*21 → 19[\s\S]*law fact\(s\) changed without a record/,
    );
  });
});

describe("one maintainer", () => {
  test("the guide's single-maintainer release goes out and says so", () => {
    const dir = workspace();
    ok(
      dir,
      `npm run data:change -- --jurisdiction VA --enacted 2026-11-26 --effective 2027-01-01 --set adult_use.delivery=allowed --title "Example: delivery allowed" --citation "Va. Code (example)" --url https://law.lis.virginia.gov/vacode/ --confidence law_text --by "Ann Coder"`,
    );
    const [command] = commandsOf("docs/MAINTAINING.md", "One maintainer");
    assert.equal(command, "npm run release -- --single-maintainer");
    ok(dir, command ?? "");
    const version = releasedVersions(join(dir, "data", "releases")).at(-1) ?? "";
    const manifest = readJson<{ single_maintainer?: boolean }>(
      join(dir, "data", "releases", version, "manifest.json"),
    );
    assert.equal(manifest.single_maintainer, true);
    assert.match(
      readFileSync(join(dir, "data", "CHANGELOG.md"), "utf8"),
      /Released by a single maintainer/,
    );
  });
});

describe("docs/DATA.md's commands", () => {
  test("run as written", () => {
    const commands = commandsOf("docs/DATA.md");
    assert.ok(commands.length > 0, "DATA.md gives commands");
    const dir = workspace();
    for (const command of commands) ok(dir, command);
  });
});

describe("what is announced comes from what is served", () => {
  test("a new review date and a re-verification change nothing served but those dates, and announce nothing", () => {
    const dir = workspace();
    const before = sourceOf(readDataset(join(dir, "data")).raw);
    const path = join(dir, "data", "jurisdictions", "VA.json");
    const record = readJson<{
      last_reviewed: string;
      adult_use: { provenance: { minimum_age: { verified: string } } };
    }>(path);
    record.last_reviewed = TODAY;
    record.adult_use.provenance.minimum_age.verified = TODAY;
    writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
    const after = sourceOf(readDataset(join(dir, "data")).raw);
    const diff = diffServed(modelOfSource(before), modelOfSource(after));
    assert.deepEqual(
      diff,
      { records: [], events: [] },
      "every day of every record is served as before",
    );
    const shown = ok(dir, "npm run data:diff").stdout;
    assert.match(shown, /0 law\.enacted, 0 record\.corrected, and dataset\.released/);
    assert.doesNotMatch(shown, /without a record/);
  });

  test("correcting an old law's enactment day keeps its id: a record.corrected, never law.enacted", () => {
    const dir = workspace();
    ok(
      dir,
      `npm run data:correct -- --jurisdiction NM --event NM-2021-04-12-adult_use_amended --enacted 2021-04-13 --reason "Example: signed a day later" --source-title "N.M. Stat. § 7-42-3" --source-url https://nmonesource.com/nmos/nmsa/en/item/4417/index.do --confidence law_text --by "Ann Coder"`,
    );
    const announced = JSON.parse(
      ok(dir, "npm run --silent data:diff -- --json").stdout,
    ) as ReleaseAnnouncements;
    assert.deepEqual(announced.law_enacted, []);
    assert.equal(announced.corrections.length, 1);
    assert.ok(
      announced.corrections[0]?.changes.some(
        (change) =>
          change.field === "history.NM-2021-04-12-adult_use_amended.date" &&
          change.before === "2021-04-12" &&
          change.after === "2021-04-13",
      ),
    );
  });

  test("a federal correction is announced, for US", () => {
    const dir = workspace();
    ok(
      dir,
      `npm run data:correct -- --jurisdiction US --set csa_schedule.since=1970-10-28 --reason "Example: a day later" --source-title "Pub. L. 91-513" --source-url https://www.govinfo.gov/app/details/STATUTE-84/STATUTE-84-Pg1236 --confidence law_text --by "Ann Coder"`,
    );
    const announced = JSON.parse(
      ok(dir, "npm run --silent data:diff -- --json").stdout,
    ) as ReleaseAnnouncements;
    assert.deepEqual(
      announced.corrections.map(({ correction, changes }) => [
        correction.jurisdiction,
        changes.map((change) => change.field),
      ]),
      [["US", ["csa_schedule.since"]]],
    );
  });

  test("data that differ from their release are served as +unreleased, and announce nothing", async () => {
    const dir = workspace();
    ok(
      dir,
      `npm run data:change -- --jurisdiction VA --enacted 2026-11-26 --effective 2027-01-01 --set adult_use.delivery=allowed --title "Example" --citation "Va. Code (example)" --url https://law.lis.virginia.gov/vacode/ --confidence law_text --by "Ann Coder"`,
    );
    const dataset = loadDataset(join(dir, "data"), TODAY);
    const base = readJson<{ version: string }>(join(dir, "data", "dataset.json")).version;
    assert.equal(dataset.manifest.version, `${base}+unreleased`);
    const app = await buildTestApp({ dataset }, { DATA_DIR: join(dir, "data") });
    try {
      const response = json<{ meta: { dataset_version: string } }>(
        await app.inject({ url: "/v1/federal" }),
      );
      assert.equal(response.meta.dataset_version, `${base}+unreleased`);
    } finally {
      await app.close();
    }
  });
});

describe("on a terminal", () => {
  test("data:change asks for what is missing, the provenance included", () => {
    const dir = workspace();
    const answers = [
      "VA",
      "2026-11-26",
      "2027-01-01",
      "adult_use.delivery=allowed",
      "",
      "Example: asked on a terminal",
      "Va. Code (example)",
      "https://law.lis.virginia.gov/vacode/",
      "",
      "law_text",
      "",
      "Ann Coder",
      "",
    ].join("\n");
    const script = resolve(dir, "answers.txt");
    writeFileSync(script, answers);
    // `script` gives the tool a pseudo-terminal; the answers are typed into it.
    const result = run(dir, `script -qec "npm run --silent data:change" /dev/null < answers.txt`);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /How sure \(law_text \| official_guidance \| secondary\)/);
    assert.match(result.stdout, /Verified on \(YYYY-MM-DD\) \[\d{4}-\d{2}-\d{2}\]/);
    assert.match(result.stdout, /Coded by/);
    const record = readJson<{
      history: { title: string; confidence?: string; verified?: string; coded_by?: string }[];
    }>(join(dir, "data", "jurisdictions", "VA.json"));
    const event = record.history.find((item) => item.title === "Example: asked on a terminal");
    assert.deepEqual(
      [event?.confidence, event?.verified, event?.coded_by],
      ["law_text", TODAY, "Ann Coder"],
    );
    assert.ok(existsSync(join(dir, "data", "corrections.json")));
  });
});
