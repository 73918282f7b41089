/**
 * `npm run data:change`: records a change of law in one command. It asks
 * for what it is not given (on a terminal), or takes everything as flags:
 *
 *   npm run data:change -- --jurisdiction VA --enacted 2026-12-01 \
 *     --effective 2027-01-01 --set adult_use.delivery=allowed \
 *     --citation "Va. Code § 4.1-…" --url https://law.lis.virginia.gov/… \
 *     --source-title "…" --source-url https://… --title "Delivery allowed"
 *
 * The change becomes an event in the jurisdiction's history that carries
 * the values it sets; the server applies them from the start of the
 * effective day in the jurisdiction's zone, without a release
 * (docs/DATA.md, "Recording a change of law"). Before anything is written
 * the whole dataset is checked with the change in it, as at start-up and
 * by the data gate: a bad value is refused with a message naming the field.
 * Exit codes: 0 written (or would be, with --dry-run), 1 refused, 2 usage.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { readDenylist } from "../src/dataset/dataset.gate.ts";
import { checkDataset, DatasetError, readDataset } from "../src/dataset/dataset.load.ts";
import {
  EVENT_KINDS,
  type HistoryEventFile,
  type JurisdictionFile,
  SOURCE_KINDS,
} from "../src/dataset/dataset.schema.ts";
import { JURISDICTIONS } from "../src/dataset/jurisdictions.ts";
import { isCalendarDate, isoDay } from "../src/lib/dates.ts";

const USAGE = `Usage: npm run data:change -- [flags]   (asks for what is missing on a terminal)

  --jurisdiction CODE     USPS code, e.g. VA
  --enacted YYYY-MM-DD    the day it was signed, approved or adopted
  --effective YYYY-MM-DD  the day it takes effect (from midnight in the jurisdiction's zone)
  --set PATH=VALUE        a field it sets and its new value; repeat for each field.
                          VALUE is JSON where it parses (21, true, null, {"allowed":true}),
                          otherwise text (allowed)
  --title TEXT            a short title
  --summary TEXT          one sentence (default: the fields it sets, in words)
  --kind KIND             the event kind (default: from the first field's group)
  --citation TEXT         the law, in standard citation form
  --url URL               the law's official text (omit if none is stable)
  --source-title TEXT     a source that reports it (repeat with --source-url)
  --source-url URL
  --source-kind KIND      official | reference | news | advocacy (default official)
  --data DIR              the data folder (default data)
  --dry-run               check everything, write nothing
  --help`;

type Flags = {
  jurisdiction?: string | undefined;
  enacted?: string | undefined;
  effective?: string | undefined;
  set?: string[] | undefined;
  title?: string | undefined;
  summary?: string | undefined;
  kind?: string | undefined;
  citation?: string | undefined;
  url?: string | undefined;
  "source-title"?: string[] | undefined;
  "source-url"?: string[] | undefined;
  "source-kind"?: string | undefined;
  data?: string | undefined;
  "dry-run"?: boolean | undefined;
  help?: boolean | undefined;
};

function refuse(message: string, code = 1): never {
  process.stderr.write(`✗ ${message}\n`);
  process.exit(code);
}

let flags: Flags;
try {
  flags = parseArgs({
    options: {
      jurisdiction: { type: "string" },
      enacted: { type: "string" },
      effective: { type: "string" },
      set: { type: "string", multiple: true },
      title: { type: "string" },
      summary: { type: "string" },
      kind: { type: "string" },
      citation: { type: "string" },
      url: { type: "string" },
      "source-title": { type: "string", multiple: true },
      "source-url": { type: "string", multiple: true },
      "source-kind": { type: "string" },
      data: { type: "string" },
      "dry-run": { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
  }).values as Flags;
} catch (error) {
  refuse(`${(error as Error).message}\n\n${USAGE}`, 2);
}
if (flags.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

// On a terminal, ask for each missing value; elsewhere, a missing value is an error.
const interactive = process.stdin.isTTY === true;
const prompt = interactive
  ? createInterface({ input: process.stdin, output: process.stdout })
  : null;
async function ask(name: string, question: string, optional = false): Promise<string | undefined> {
  if (prompt === null) {
    if (optional) return undefined;
    refuse(`--${name} is required (no terminal to ask on).\n\n${USAGE}`, 2);
  }
  const answer = (await prompt.question(`${question}${optional ? " (optional)" : ""}: `)).trim();
  if (answer === "" && !optional) return ask(name, question, optional);
  return answer === "" ? undefined : answer;
}

const code = (flags.jurisdiction ?? (await ask("jurisdiction", "Jurisdiction (USPS code)")) ?? "")
  .trim()
  .toUpperCase();
if (!JURISDICTIONS.some(([known]) => known === code)) {
  refuse(`--jurisdiction: ${code} is not one of the 56 jurisdictions (e.g. VA, CA, PR).`);
}
const enacted = flags.enacted ?? (await ask("enacted", "Enacted on (YYYY-MM-DD)")) ?? "";
if (!isCalendarDate(enacted)) refuse(`--enacted: ${enacted} is not a date (YYYY-MM-DD).`);
const effective = flags.effective ?? (await ask("effective", "Takes effect on (YYYY-MM-DD)")) ?? "";
if (!isCalendarDate(effective)) refuse(`--effective: ${effective} is not a date (YYYY-MM-DD).`);
if (effective < enacted) refuse(`--effective: ${effective} is before --enacted ${enacted}.`);

const setFlags = flags.set ?? [];
if (setFlags.length === 0) {
  for (;;) {
    const answer = await ask("set", "A field it sets, as path=value (empty when done)", true);
    if (answer === undefined) break;
    setFlags.push(answer);
  }
}
if (setFlags.length === 0) refuse("--set: name at least one field the change sets (path=value).");
const sets: Record<string, unknown> = {};
for (const item of setFlags) {
  const at = item.indexOf("=");
  if (at <= 0) refuse(`--set: '${item}' is not path=value (e.g. adult_use.delivery=allowed).`);
  const path = item.slice(0, at).trim();
  const text = item.slice(at + 1).trim();
  if (!/^[a-z_]+(\.[a-z_]+)*$/.test(path)) {
    refuse(`--set: '${path}' is not a field path (lower-case names joined by dots).`);
  }
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Plain text, e.g. allowed.
  }
  sets[path] = value;
}

const title = flags.title ?? (await ask("title", "Title (short)")) ?? "";
const citation = flags.citation ?? (await ask("citation", "The law, cited")) ?? "";
const url =
  flags.url ?? (flags.citation === undefined ? await ask("url", "Official URL", true) : undefined);
const sourceTitles = flags["source-title"] ?? [];
const sourceUrls = flags["source-url"] ?? [];
if (sourceTitles.length === 0 && sourceUrls.length === 0 && interactive) {
  const sourceTitle = await ask("source-title", "A source that reports it (title)", true);
  if (sourceTitle !== undefined) {
    sourceTitles.push(sourceTitle);
    sourceUrls.push((await ask("source-url", "Its URL")) ?? "");
  }
}
prompt?.close();
if (sourceTitles.length !== sourceUrls.length) {
  refuse("--source-title and --source-url: give them in pairs, one title for each URL.");
}
const sourceKind = flags["source-kind"] ?? "official";
if (!(SOURCE_KINDS as readonly string[]).includes(sourceKind)) {
  refuse(`--source-kind: must be one of ${SOURCE_KINDS.join(", ")}.`);
}
const sources = sourceTitles.map((sourceTitle, index) => ({
  title: sourceTitle,
  url: sourceUrls[index] ?? "",
  kind: sourceKind as (typeof SOURCE_KINDS)[number],
}));
if (sources.length === 0 && url !== undefined) {
  sources.push({ title: citation, url, kind: "official" });
}
if (sources.length === 0) refuse("--source-url: a change needs a source (or the law's --url).");

const KIND_BY_GROUP: Record<string, string> = {
  adult_use: "adult_use_amended",
  medical: "medical_amended",
  hemp: "hemp_amended",
  decriminalization: "decriminalization_amended",
  decriminalized: "decriminalized",
};
const firstGroup = Object.keys(sets)[0]?.split(".")[0] ?? "";
const kind = flags.kind ?? KIND_BY_GROUP[firstGroup] ?? "other";
if (!(EVENT_KINDS as readonly string[]).includes(kind)) {
  refuse(`--kind: ${kind} is not an event kind (${EVENT_KINDS.join(", ")}).`);
}
const summary =
  flags.summary ??
  `From ${effective}: ${Object.entries(sets)
    .map(([path, value]) => `${path} becomes ${JSON.stringify(value)}`)
    .join("; ")}.`;

const event: HistoryEventFile = {
  date: enacted,
  effective,
  kind: kind as HistoryEventFile["kind"],
  title,
  summary,
  authority: { citation, url: url ?? null },
  sources,
  sets,
};

const dir = flags.data ?? "data";
const denylist = readDenylist(dir);
for (const [index, source] of sources.entries()) {
  const denied = denylist.reasonDenied(source.url);
  if (denied !== null)
    refuse(`--source-url ${index + 1}: ${source.url} is deny-listed (${denied}).`);
}
if (url !== undefined) {
  const denied = denylist.reasonDenied(url);
  if (denied !== null) refuse(`--url: ${url} is deny-listed (${denied}).`);
}

// The whole dataset, with the change in it, through the same checks as start-up.
const file = `jurisdictions/${code}.json`;
const path = join(dir, file);
const record = JSON.parse(readFileSync(path, "utf8")) as JurisdictionFile;
const history = [...record.history, event].sort((a, b) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
);
const changed: JurisdictionFile = { ...record, history };
const { raw, errors } = readDataset(dir);
raw.jurisdictions = raw.jurisdictions.map((parsed) =>
  parsed.file === file ? { file, value: changed } : parsed,
);
try {
  checkDataset(raw, isoDay(new Date()), errors);
} catch (error) {
  if (!(error instanceof DatasetError)) throw error;
  process.stderr.write(`✗ The change was not written: the dataset would be invalid.\n`);
  for (const issue of error.issues) {
    const where = issue.path.replace(/^\/history\/\d+\/sets\//, "--set ");
    process.stderr.write(`  ${issue.file} ${where}: ${issue.message}\n`);
  }
  process.exit(1);
}

const fields = Object.keys(sets).join(", ");
if (flags["dry-run"]) {
  process.stdout.write(
    `✓ valid: ${code} ${title} (${fields}) from ${effective}; nothing written (--dry-run)\n`,
  );
} else {
  writeFileSync(path, `${JSON.stringify(changed, null, 2)}\n`);
  process.stdout.write(
    `✓ ${path}: "${title}" recorded. ${fields} change${Object.keys(sets).length === 1 ? "s" : ""} from ${effective} (midnight in ${code}'s time zone); running servers apply it then, without a restart.\n`,
  );
}
