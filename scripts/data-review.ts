/**
 * `npm run data:review -- --by NAME`: a second maintainer reviews what the
 * next release will publish. Each entry (a new law from `data:change`, a
 * correction from `data:correct`) is shown with what it changes in what is
 * served, then approved: one by one on a terminal, or all with `--yes`.
 * Approving records the reviewer beside the coder (and in the provenance
 * of the values it sets) with a digest of what was approved, so an edit
 * afterwards needs a new review. A reviewer who coded an entry is refused
 * for it: four eyes, never two (docs/MAINTAINING.md).
 * Exit codes: 0 reviewed, 1 an entry was refused or is not reviewable, 2 usage.
 */
import { fileOf, reviewDigest, withValueAtPath } from "../src/dataset/corrections.ts";
import { eventIds } from "../src/dataset/dataset.load.ts";
import type { CorrectionsFile } from "../src/dataset/dataset.schema.ts";
import type { DataSource } from "../src/dataset/dataset.source.ts";
import {
  checkOrRefuse,
  coderOf,
  createPrompter,
  parseFlags,
  readSource,
  refuse,
  today,
  writeSource,
} from "./data-cli.ts";
import { days, loadPlan } from "./release-plan.ts";

const USAGE = `Usage: npm run data:review -- --by NAME [--yes] [--data DIR]

  --by NAME    the reviewer (default: git's user.name); never the entry's coder
  --yes        approve every entry waiting for review (without it, a terminal asks for each)
  --data DIR   the data folder (default data)`;

const { flags } = parseFlags<{ by?: string; yes?: boolean; data?: string }>(
  {
    by: { type: "string" },
    yes: { type: "boolean" },
    data: { type: "string" },
  },
  USAGE,
);
const day = today();
const dir = flags.data ?? "data";
const prompter = createPrompter(USAGE);
if (!prompter.interactive && flags.yes !== true)
  refuse("no terminal to ask on: pass --yes to approve every entry shown by npm run data:diff.", 2);
const reviewer = await coderOf(flags.by, prompter, "by", "Reviewed by");
const { source } = readSource(dir);
const dataset = checkOrRefuse(source, day, "The review");
const { plan, announcements } = loadPlan(dir, source, dataset);

type Entry = Record<string, unknown>;
let after: DataSource = source;
let refused = 0;
let approved = 0;
let waiting = 0;

/** Asks (or, with --yes, approves); false means leave it for later. */
async function approve(shown: string): Promise<boolean> {
  process.stdout.write(`${shown}\n`);
  if (flags.yes === true) return true;
  const answer =
    (await prompter.ask("yes", "Approve? (y = approve, n = leave it)", { fallback: "n" })) ?? "n";
  return /^y(es)?$/i.test(answer);
}

function needsReview(entry: Entry): boolean {
  return entry.reviewed_by === undefined || entry.reviewed_digest !== reviewDigest(entry);
}

function checkCoder(id: string, entry: Entry): boolean {
  if (typeof entry.coded_by !== "string") {
    process.stdout.write(
      `✗ ${id} records no coder: add "coded_by" to it (who coded it), then review it.\n`,
    );
    refused += 1;
    return false;
  }
  if (entry.coded_by === reviewer) {
    process.stdout.write(`✗ ${id} was coded by ${reviewer}: another maintainer must review it.\n`);
    refused += 1;
    return false;
  }
  return true;
}

const reviewed = (entry: Entry): Entry => {
  const { reviewed_by: _by, reviewed_digest: _digest, ...content } = entry;
  return { ...content, reviewed_by: reviewer, reviewed_digest: reviewDigest(content) };
};

// New laws and other new events, in their files.
for (const law of plan.newEvents) {
  const file = fileOf(law.jurisdiction);
  const record = (file === "federal.json" ? after.federal : after.jurisdictions[file]) as {
    history: Entry[];
  };
  const ids = eventIds(law.jurisdiction, record.history as { date: string; kind: string }[]);
  const index = ids.indexOf(law.id);
  const entry = record.history[index];
  if (entry === undefined || !needsReview(entry)) continue;
  if (!checkCoder(law.id, entry)) continue;
  const changes = announcements.law_enacted.find((item) => item.event.id === law.id)?.changes ?? [];
  const shown = [
    `${law.id}  "${law.title}"  enacted ${law.date}, effective ${law.effective ?? "—"}; coded by ${String(entry.coded_by)}`,
    ...changes.map(
      (change) =>
        `  ${change.field} from ${law.effective}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    ),
    `  cites ${law.authority?.citation ?? "nothing"}; confidence ${law.confidence ?? "—"}; sources ${law.sources.map((item) => item.url).join(" ")}`,
  ].join("\n");
  if (!(await approve(shown))) {
    waiting += 1;
    continue;
  }
  const history = [...record.history];
  history[index] = reviewed(entry);
  const changed = { ...record, history };
  after =
    file === "federal.json"
      ? { ...after, federal: changed }
      : { ...after, jurisdictions: { ...after.jurisdictions, [file]: changed } };
  approved += 1;
}

// Corrections, in the log (and the reviewer in the provenance they coded).
const log = after.corrections as CorrectionsFile;
const entries = [...log.corrections] as Entry[];
for (const planned of plan.corrections) {
  const index = entries.findIndex((entry) => entry.id === planned.entry.id);
  const entry = entries[index];
  if (entry === undefined || !needsReview(entry)) continue;
  if (!checkCoder(planned.entry.id, entry)) continue;
  const shown = [
    `${planned.entry.id}  ${planned.entry.jurisdiction}; coded by ${planned.entry.coded_by}`,
    `  reason: ${planned.entry.reason}`,
    ...planned.records.map(
      (change) =>
        `  ${change.field} ${days(change.from, change.until)}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    ),
    ...planned.events.flatMap((change) =>
      change.fields.map(
        (field) =>
          `  history.${change.id}.${field.field}: ${JSON.stringify(field.before)} → ${JSON.stringify(field.after)}`,
      ),
    ),
    `  cites ${planned.entry.authority?.citation ?? "—"}; confidence ${planned.entry.confidence}; sources ${planned.entry.sources.map((item) => item.url).join(" ")}`,
  ].join("\n");
  if (!(await approve(shown))) {
    waiting += 1;
    continue;
  }
  entries[index] = reviewed(entry);
  const file = fileOf(planned.entry.jurisdiction);
  let record = (file === "federal.json" ? after.federal : after.jurisdictions[file]) as Entry;
  for (const change of planned.entry.changes) {
    if (!change.path.endsWith(".coded_by")) continue;
    record = withValueAtPath(
      planned.entry.jurisdiction,
      record,
      change.path.replace(/\.coded_by$/, ".reviewed_by"),
      reviewer,
    );
  }
  after =
    file === "federal.json"
      ? { ...after, federal: record }
      : { ...after, jurisdictions: { ...after.jurisdictions, [file]: record } };
  approved += 1;
}
prompter.close();
after = { ...after, corrections: { corrections: entries } };
if (approved > 0) {
  checkOrRefuse(after, day, "The review");
  writeSource(dir, source, after);
}
const parts = [
  ...(waiting > 0 ? [`${waiting} left for later`] : []),
  ...(refused > 0 ? [`${refused} refused`] : []),
];
process.stdout.write(
  approved + waiting + refused === 0
    ? "Nothing is waiting for a review.\n"
    : `${approved > 0 ? `✓ ${approved} approved by ${reviewer}` : "✗ nothing approved"}${parts.length > 0 ? `; ${parts.join("; ")}` : ""}.\n`,
);
process.exit(refused > 0 ? 1 : 0);
