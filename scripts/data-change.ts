/**
 * `npm run data:change`: records a change of law in one command. It asks
 * for what it is not given (on a terminal), or takes everything as flags:
 *
 *   npm run data:change -- --jurisdiction VA --enacted 2026-11-26 \
 *     --effective 2027-01-01 --set adult_use.delivery=allowed \
 *     --citation "Va. Code § 4.1-…" --url https://law.lis.virginia.gov/… \
 *     --source-title "…" --source-url https://… --title "Delivery allowed" \
 *     --confidence law_text --by "A. Maintainer"
 *
 * The change becomes an event in the jurisdiction's history that carries
 * the values it sets, with its provenance and its coder; servers apply it
 * from the start of the effective day in the jurisdiction's zone once they
 * run on data that hold it (docs/MAINTAINING.md). Before anything is
 * written the whole dataset is checked with the change in it, as at
 * start-up and by the data gate (sense checks included): a bad value is
 * refused with a message naming the field and the value.
 * Exit codes: 0 written (or would be, with --dry-run), 1 refused, 2 usage.
 */
import { eventIds } from "../src/dataset/dataset.load.ts";
import {
  EVENT_KINDS,
  type HistoryEventFile,
  type JurisdictionFile,
} from "../src/dataset/dataset.schema.ts";
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

const USAGE = `Usage: npm run data:change -- [flags]   (asks for what is missing on a terminal)

  --jurisdiction CODE     USPS code, e.g. VA
  --enacted YYYY-MM-DD    the day it was signed, approved or adopted (not after today)
  --effective YYYY-MM-DD  the day it takes effect (from midnight in the jurisdiction's zone)
  --retroactive           the law applies from before its enactment (effective may precede enacted)
  --set PATH=VALUE        a field it sets and its new value; repeat for each field.
                          VALUE is JSON where it parses (21, true, null, {"allowed":true}),
                          otherwise text (allowed)
  --title TEXT            a short title
  --summary TEXT          one sentence (default: the fields it sets, in words)
  --kind KIND             the event kind (default: from the first field's group)
${PROVENANCE_USAGE}
  --data DIR              the data folder (default data)
  --dry-run               check everything, write nothing
  --help`;

type Flags = ProvenanceFlags & {
  jurisdiction?: string | undefined;
  enacted?: string | undefined;
  effective?: string | undefined;
  retroactive?: boolean | undefined;
  set?: string[] | undefined;
  title?: string | undefined;
  summary?: string | undefined;
  kind?: string | undefined;
  data?: string | undefined;
  "dry-run"?: boolean | undefined;
  help?: boolean | undefined;
};

const { flags } = parseFlags<Flags>(
  {
    jurisdiction: { type: "string" },
    enacted: { type: "string" },
    effective: { type: "string" },
    retroactive: { type: "boolean" },
    set: { type: "string", multiple: true },
    title: { type: "string" },
    summary: { type: "string" },
    kind: { type: "string" },
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

const code = (flags.jurisdiction ?? (await ask("jurisdiction", "Jurisdiction (USPS code)")) ?? "")
  .trim()
  .toUpperCase();
if (!JURISDICTIONS.some(([known]) => known === code)) {
  refuse(`--jurisdiction: ${code} is not one of the 56 jurisdictions (e.g. VA, CA, PR).`);
}
const enacted = flags.enacted ?? (await ask("enacted", "Enacted on (YYYY-MM-DD)")) ?? "";
if (!isCalendarDate(enacted)) refuse(`--enacted: ${enacted} is not a date (YYYY-MM-DD).`);
if (enacted > day)
  refuse(`--enacted: ${enacted} is after today (${day}); record a law once it is enacted.`);
const effective = flags.effective ?? (await ask("effective", "Takes effect on (YYYY-MM-DD)")) ?? "";
if (!isCalendarDate(effective)) refuse(`--effective: ${effective} is not a date (YYYY-MM-DD).`);
if (effective < enacted && flags.retroactive !== true)
  refuse(
    `--effective: ${effective} is before --enacted ${enacted} (if the law applies retroactively, add --retroactive).`,
  );

const setFlags = [...(flags.set ?? [])];
if (setFlags.length === 0) {
  for (;;) {
    const answer = await ask("set", "A field it sets, as path=value (empty when done)", {
      optional: setFlags.length > 0 || !prompter.interactive,
    });
    if (answer === undefined) break;
    setFlags.push(answer);
  }
}
if (setFlags.length === 0)
  refuse("--set: name at least one field the change sets (path=value).", 2);
const sets = parseSets(setFlags);

const title = flags.title ?? (await ask("title", "Title (short)")) ?? "";
const { source } = readSource(dir);
const provenance = await provenanceOf(flags, prompter, { citationRequired: true, day, dir });
prompter.close();

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
  refuse(`--kind: ${kind} is not an event kind (${EVENT_KINDS.join(", ")}).`, 2);
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
  authority: provenance.authority,
  sources: provenance.sources,
  sets,
  confidence: provenance.confidence,
  verified: provenance.verified,
  ...(flags.retroactive === true ? { retroactive: true as const } : {}),
  coded_by: provenance.by,
};

// The whole dataset, with the change in it, through the same checks as start-up.
const file = `jurisdictions/${code}.json`;
const record = source.jurisdictions[file] as JurisdictionFile;
const history = [...record.history, event].sort((a, b) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
);
const changed: JurisdictionFile = { ...record, history };
const after = { ...source, jurisdictions: { ...source.jurisdictions, [file]: changed } };
checkOrRefuse(after, day, "The change");

const id = eventIds(code, history)[history.indexOf(event)];
const fields = Object.keys(sets).join(", ");
if (flags["dry-run"]) {
  process.stdout.write(
    `✓ valid: ${code} "${title}" (${fields}) from ${effective}; nothing written (--dry-run)\n`,
  );
} else {
  const [path] = writeSource(dir, source, after);
  const version = (source.dataset as { version: string }).version;
  process.stdout.write(
    `✓ ${path}: "${title}" recorded as ${id}, coded by ${provenance.by}. It sets ${fields} from ${effective} (midnight in ${code}'s time zone).\n${nextSteps(version)}\n`,
  );
}
