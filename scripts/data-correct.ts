/**
 * `npm run data:correct`: corrects the data where it was wrong or
 * incomplete: a value, a date or a citation. Not a change in the law (that
 * is `data:change`). Each correction is kept for good in
 * data/corrections.json with what it changed (before and after), its
 * reason, its provenance and its coder; the release that publishes it lists
 * it on /changes and in the feeds and announces it once as
 * `record.corrected` (docs/MAINTAINING.md).
 *
 *   npm run data:correct -- --jurisdiction VA --set adult_use.minimum_age=21 \
 *     --reason "The age was mistyped; Va. Code § 4.1-1100 says 21" \
 *     --citation "Va. Code § 4.1-1100" --url https://law.lis.virginia.gov/… --confidence law_text
 *
 *   npm run data:correct -- --jurisdiction NM --event NM-2021-04-12-adult_use_amended \
 *     --enacted 2021-04-13 --reason "Signed on April 13, not 12" --source-title … --source-url … --confidence law_text
 *
 * It refuses a correction that changes nothing, one of an event the last
 * release does not have (edit that before its review instead), and
 * anything the checks of start-up and the gate refuse.
 * Exit codes: 0 written (or would be, with --dry-run), 1 refused, 2 usage.
 */
import { join } from "node:path";
import { fileOf, valueAtPath, withValueAtPath } from "../src/dataset/corrections.ts";
import { eventIds } from "../src/dataset/dataset.load.ts";
import {
  ADULT_USE_VARIABLES,
  type CorrectionsFile,
  HEMP_VARIABLES,
  MEDICAL_VARIABLES,
} from "../src/dataset/dataset.schema.ts";
import {
  type DataSource,
  readReleaseSource,
  releasedVersions,
} from "../src/dataset/dataset.source.ts";
import { JURISDICTIONS } from "../src/dataset/jurisdictions.ts";
import { isCalendarDate } from "../src/lib/dates.ts";
import {
  checkOrRefuse,
  createPrompter,
  nextSteps,
  PROVENANCE_OPTIONS,
  PROVENANCE_USAGE,
  type ProvenanceFlags,
  parseFlags,
  parseSets,
  provenanceOf,
  readSource,
  refuse,
  today,
  writeSource,
} from "./data-cli.ts";

const USAGE = `Usage: npm run data:correct -- [flags]   (asks for what is missing on a terminal)

  --jurisdiction CODE     USPS code (e.g. VA), or US for the federal record
  --set PATH=VALUE        the corrected value of a field; repeat for each. VALUE is JSON where it
                          parses (21, true, null, {"citation":"…","url":null}), otherwise text.
                          With --event, PATH is a field the event sets
  --event ID              correct an event of the history (its id, as in /v1/states/{code}/history)
  --enacted YYYY-MM-DD    with --event: its corrected enactment day
  --effective YYYY-MM-DD  with --event: its corrected effective day
  --title TEXT            with --event: its corrected title
  --summary TEXT          with --event: its corrected summary
  --reason TEXT           why the data was wrong, and what shows the right value (required; public)
${PROVENANCE_USAGE}
  --data DIR              the data folder (default data)
  --dry-run               check everything, write nothing
  --help`;

type Flags = ProvenanceFlags & {
  jurisdiction?: string | undefined;
  set?: string[] | undefined;
  event?: string | undefined;
  enacted?: string | undefined;
  effective?: string | undefined;
  title?: string | undefined;
  summary?: string | undefined;
  reason?: string | undefined;
  data?: string | undefined;
  "dry-run"?: boolean | undefined;
  help?: boolean | undefined;
};

const { flags } = parseFlags<Flags>(
  {
    jurisdiction: { type: "string" },
    set: { type: "string", multiple: true },
    event: { type: "string" },
    enacted: { type: "string" },
    effective: { type: "string" },
    title: { type: "string" },
    summary: { type: "string" },
    reason: { type: "string" },
    ...PROVENANCE_OPTIONS,
    data: { type: "string" },
    "dry-run": { type: "boolean" },
  },
  USAGE,
);

const day = today();
const dir = flags.data ?? "data";
const prompter = createPrompter(USAGE);
const { ask } = prompter;
const { source } = readSource(dir);

const code = (
  flags.jurisdiction ??
  (await ask("jurisdiction", "Jurisdiction (USPS code, or US)")) ??
  ""
)
  .trim()
  .toUpperCase();
if (code !== "US" && !JURISDICTIONS.some(([known]) => known === code))
  refuse(`--jurisdiction: ${code} is not one of the 56 jurisdictions or US.`);
const file = fileOf(code);
const record = (code === "US" ? source.federal : source.jurisdictions[file]) as Record<
  string,
  unknown
>;

/** The last release's data: only what it published can be corrected. */
function lastRelease(): DataSource | null {
  const newest = releasedVersions(join(dir, "releases")).at(-1);
  return newest === undefined ? null : readReleaseSource(join(dir, "releases"), newest);
}

const DATED = new Map<string, readonly string[]>([
  ["adult_use", ADULT_USE_VARIABLES],
  ["medical", MEDICAL_VARIABLES],
  ["hemp", HEMP_VARIABLES],
]);
const FIXED = new Set(["code", "name", "fips", "type", "history", "known_from", "last_reviewed"]);

// What is corrected: paths in the file and their new values.
const wanted: [string, unknown][] = [];
const eventId = flags.event;
if (eventId !== undefined) {
  const history = (record.history ?? []) as { id?: string; date: string; kind: string }[];
  if (!eventIds(code, history).includes(eventId))
    refuse(`--event: ${code} has no event ${eventId} (see /v1/states/${code}/history).`);
  const released = lastRelease();
  const releasedRecord = (code === "US" ? released?.federal : released?.jurisdictions[file]) as
    | { history?: { id?: string; date: string; kind: string }[] }
    | undefined;
  if (released !== null && !eventIds(code, releasedRecord?.history ?? []).includes(eventId))
    refuse(
      `--event: ${eventId} is not in the last release; it is not published yet, so edit it in ${file} before its review instead of correcting it.`,
    );
  for (const [flag, field] of [
    ["enacted", "date"],
    ["effective", "effective"],
  ] as const) {
    const value = flags[flag];
    if (value === undefined) continue;
    if (!isCalendarDate(value)) refuse(`--${flag}: ${value} is not a date (YYYY-MM-DD).`, 2);
    wanted.push([`history.${eventId}.${field}`, value]);
  }
  if (flags.title !== undefined) wanted.push([`history.${eventId}.title`, flags.title]);
  if (flags.summary !== undefined) wanted.push([`history.${eventId}.summary`, flags.summary]);
  for (const [path, value] of Object.entries(parseSets(flags.set ?? [])))
    wanted.push([`history.${eventId}.sets.${path}`, value]);
  if (flags.citation !== undefined)
    wanted.push([
      `history.${eventId}.authority`,
      { citation: flags.citation, url: flags.url ?? null },
    ]);
} else {
  const items = [...(flags.set ?? [])];
  if (items.length === 0)
    for (;;) {
      const answer = await ask("set", "A corrected value, as path=value (empty when done)", {
        optional: items.length > 0 || !prompter.interactive,
      });
      if (answer === undefined) break;
      items.push(answer);
    }
  for (const [path, value] of Object.entries(parseSets(items))) {
    if (FIXED.has(path.split(".")[0] ?? ""))
      refuse(
        `--set: ${path} cannot be corrected (identity, history and review dates; for an event use --event).`,
      );
    if (valueAtPath(code, record, path) === undefined)
      refuse(`--set: ${path} is not a field of ${file}.`);
    wanted.push([path, value]);
  }
}
if (wanted.length === 0)
  refuse("name what is corrected: --set PATH=VALUE, or --event with the fields to correct.", 2);

// A correction that changes nothing is refused before anything else is asked.
const changing = wanted.filter(
  ([path, value]) =>
    JSON.stringify(valueAtPath(code, record, path) ?? null) !== JSON.stringify(value),
);
if (changing.length === 0)
  refuse(
    `nothing to correct: ${wanted.map(([path, value]) => `${path} is already ${JSON.stringify(value)}`).join("; ")}.`,
  );

const reason =
  flags.reason ?? (await ask("reason", "Why was it wrong, and what shows the right value"));
if (reason === undefined || reason.trim() === "")
  refuse("--reason: say why the data was wrong.", 2);
const provenance = await provenanceOf(flags, prompter, { citationRequired: false, day, dir });
prompter.close();

// Each corrected dated value takes the correction's provenance; an event its sources.
const paths: [string, unknown][] = [...changing];
for (const [path, value] of changing) {
  const [group, variable, ...rest] = path.split(".");
  if (eventId !== undefined || group === undefined || variable === undefined || rest.length > 0)
    continue;
  if (!(DATED.get(group) ?? []).includes(variable)) continue;
  const at = `${group}.provenance.${variable}`;
  if (valueAtPath(code, record, at) === undefined) continue;
  if (provenance.authority !== null) paths.push([`${at}.authority`, provenance.authority]);
  paths.push([`${at}.sources`, provenance.sources]);
  paths.push([`${at}.confidence`, provenance.confidence]);
  paths.push([`${at}.verified`, provenance.verified]);
  if (value !== null) paths.push([`${at}.null_reason`, null], [`${at}.unknown`, null]);
  paths.push([`${at}.coded_by`, provenance.by]);
}
if (eventId !== undefined && (flags["source-title"] ?? []).length > 0)
  paths.push([`history.${eventId}.sources`, provenance.sources]);
if (eventId !== undefined && valueAtPath(code, record, `history.${eventId}.sets`) !== undefined) {
  paths.push([`history.${eventId}.confidence`, provenance.confidence]);
  paths.push([`history.${eventId}.verified`, provenance.verified]);
}

const changes: { path: string; before: unknown; after: unknown }[] = [];
let corrected = record;
for (const [path, value] of paths) {
  const before = valueAtPath(code, corrected, path) ?? null;
  if (JSON.stringify(before) === JSON.stringify(value)) continue;
  // Provenance the record has no key for yet is written, never invented elsewhere.
  changes.push({ path, before, after: value });
  corrected = withValueAtPath(code, corrected, path, value);
}
corrected = { ...corrected, last_reviewed: day };

const log = source.corrections as CorrectionsFile;
const prefix = `${code}-${day}-c`;
const n = log.corrections.filter((entry) => entry.id.startsWith(prefix)).length + 1;
const entry = {
  id: `${prefix}${n}`,
  jurisdiction: code,
  recorded: day,
  reason: reason.trim(),
  changes,
  authority: provenance.authority,
  sources: provenance.sources,
  confidence: provenance.confidence,
  verified: provenance.verified,
  coded_by: provenance.by,
};
const after: DataSource = {
  ...(code === "US"
    ? { ...source, federal: corrected }
    : { ...source, jurisdictions: { ...source.jurisdictions, [file]: corrected } }),
  corrections: { corrections: [...log.corrections, entry] },
};
checkOrRefuse(after, day, "The correction");

const listed = changes
  .map(
    (change) =>
      `  ${change.path}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
  )
  .join("\n");
if (flags["dry-run"]) {
  process.stdout.write(
    `✓ valid: correction ${entry.id} of ${code}; nothing written (--dry-run)\n${listed}\n`,
  );
} else {
  writeSource(dir, source, after);
  const version = (source.dataset as { version: string }).version;
  process.stdout.write(
    `✓ correction ${entry.id} recorded in ${join(dir, "corrections.json")} and ${join(dir, file)}, coded by ${provenance.by}:\n${listed}\n${nextSteps(version)}\n`,
  );
}
