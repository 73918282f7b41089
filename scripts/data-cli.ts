/**
 * What the maintainer's data tools share (`data:change`, `data:correct`,
 * `data:review`, `data:diff`, `release`; docs/MAINTAINING.md): the
 * provenance flags every entry records, questions on a terminal, the check
 * of the whole dataset with an edit in it before anything is written, and
 * the messages. Exit codes: 0 done, 1 refused (the reason names the field),
 * 2 usage.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { readDenylist } from "../src/dataset/dataset.gate.ts";
import { checkRelease, DatasetError, readDataset } from "../src/dataset/dataset.load.ts";
import {
  CONFIDENCE_LEVELS,
  type Dataset,
  SOURCE_KINDS,
  type SourceRef,
} from "../src/dataset/dataset.schema.ts";
import {
  type DataSource,
  type RawDataset,
  rawOf,
  sourceOf,
} from "../src/dataset/dataset.source.ts";
import { isCalendarDate, isoDay } from "../src/lib/dates.ts";

export function refuse(message: string, code = 1): never {
  process.stderr.write(`✗ ${message}\n`);
  process.exit(code);
}

/**
 * The command's flags (`--help` prints the usage and exits 0; an unknown or
 * malformed flag is a usage error, exit 2), and its positional arguments.
 */
export function parseFlags<T>(
  options: ParseArgsOptionsConfig,
  usage: string,
): { flags: T; positionals: string[] } {
  try {
    const parsed = parseArgs({
      options: { ...options, help: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help === true) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    return { flags: parsed.values as T, positionals: parsed.positionals };
  } catch (error) {
    refuse(`${(error as Error).message}\n\n${usage}`, 2);
  }
}

/** The day the tools take as today: the real one, or DATA_TODAY (YYYY-MM-DD) to replay a day. */
export function today(): string {
  const given = process.env.DATA_TODAY;
  if (given === undefined || given === "") return isoDay(new Date());
  if (!isCalendarDate(given)) refuse(`DATA_TODAY: ${given} is not a date (YYYY-MM-DD).`, 2);
  return given;
}

export type Prompter = {
  readonly interactive: boolean;
  /** The answer, or undefined for an optional question left empty. Without a terminal, a required one is a usage error. */
  ask(
    flag: string,
    question: string,
    options?: { optional?: boolean; fallback?: string },
  ): Promise<string | undefined>;
  close(): void;
};

/** Questions on a terminal (stdin a TTY); elsewhere every answer must come as a flag. */
export function createPrompter(usage: string): Prompter {
  const interactive = process.stdin.isTTY === true;
  const reader = interactive ? createInterface({ input: process.stdin, terminal: false }) : null;
  const lines = reader?.[Symbol.asyncIterator]();
  return {
    interactive,
    async ask(flag, question, options = {}) {
      const { optional = false, fallback } = options;
      if (lines === undefined) {
        if (optional || fallback !== undefined) return fallback;
        refuse(`--${flag} is required (no terminal to ask on).\n\n${usage}`, 2);
      }
      for (;;) {
        const hint = fallback !== undefined ? ` [${fallback}]` : optional ? " (optional)" : "";
        process.stdout.write(`${question}${hint}: `);
        const next = await lines.next();
        if (next.done) refuse(`--${flag}: no answer (input ended).`, 2);
        const answer = String(next.value).trim();
        if (answer !== "") return answer;
        if (fallback !== undefined || optional) return fallback;
      }
    },
    close() {
      reader?.close();
    },
  };
}

/** git's user.name, the default coder and reviewer; null where git has none. */
export function gitUserName(): string | null {
  try {
    const name = execFileSync("git", ["config", "user.name"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return name === "" ? null : name;
  } catch {
    return null;
  }
}

export const PROVENANCE_USAGE = `  --citation TEXT         the law, in standard citation form
  --url URL               the law's official text (omit if none is stable)
  --source-title TEXT     a source that reports it (repeat, each with --source-url)
  --source-url URL
  --source-kind KIND      official | reference | news | advocacy (default official; repeat per source)
  --confidence LEVEL      law_text | official_guidance | secondary (secondary needs two sources)
  --verified YYYY-MM-DD   the day the values were checked against their source (default today)
  --by NAME               who coded it (default: git's user.name)`;

export const PROVENANCE_OPTIONS = {
  citation: { type: "string" },
  url: { type: "string" },
  "source-title": { type: "string", multiple: true },
  "source-url": { type: "string", multiple: true },
  "source-kind": { type: "string", multiple: true },
  confidence: { type: "string" },
  verified: { type: "string" },
  by: { type: "string" },
} as const;

export type ProvenanceFlags = {
  citation?: string | undefined;
  url?: string | undefined;
  "source-title"?: string[] | undefined;
  "source-url"?: string[] | undefined;
  "source-kind"?: string[] | undefined;
  confidence?: string | undefined;
  verified?: string | undefined;
  by?: string | undefined;
};

export type Provenance = {
  authority: { citation: string; url: string | null } | null;
  sources: SourceRef[];
  confidence: (typeof CONFIDENCE_LEVELS)[number];
  verified: string;
  by: string;
};

/**
 * The provenance every entry records, from flags or questions: the law
 * (required where `citationRequired`), the sources (at least one; two for
 * `secondary`, checked here as the gate checks it), the confidence, the
 * day verified (not after today) and the coder.
 */
export async function provenanceOf(
  flags: ProvenanceFlags,
  prompter: Prompter,
  options: { citationRequired: boolean; day: string; dir: string },
): Promise<Provenance> {
  const citation =
    flags.citation ??
    (await prompter.ask("citation", "The law, cited", { optional: !options.citationRequired }));
  const url =
    flags.url ??
    (citation !== undefined && flags.citation === undefined
      ? await prompter.ask("url", "Its official URL", { optional: true })
      : undefined);
  const titles = [...(flags["source-title"] ?? [])];
  const urls = [...(flags["source-url"] ?? [])];
  const kinds = [...(flags["source-kind"] ?? [])];
  if (titles.length === 0 && urls.length === 0 && prompter.interactive) {
    for (;;) {
      const title = await prompter.ask(
        "source-title",
        "A source that reports it (title; empty when done)",
        {
          optional: true,
        },
      );
      if (title === undefined) break;
      titles.push(title);
      urls.push((await prompter.ask("source-url", "Its URL")) ?? "");
      kinds.push(
        (await prompter.ask("source-kind", "Its kind", { fallback: "official" })) ?? "official",
      );
    }
  }
  if (titles.length !== urls.length)
    refuse("--source-title and --source-url: give them in pairs, one title for each URL.", 2);
  if (kinds.length > 1 && kinds.length !== titles.length)
    refuse("--source-kind: give one for all sources, or one for each.", 2);
  const sources: SourceRef[] = titles.map((title, index) => {
    const kind = kinds.length === 1 ? kinds[0] : (kinds[index] ?? "official");
    if (!(SOURCE_KINDS as readonly string[]).includes(kind ?? ""))
      refuse(`--source-kind: ${kind} is not one of ${SOURCE_KINDS.join(", ")}.`, 2);
    return { title, url: urls[index] ?? "", kind: kind as SourceRef["kind"] };
  });
  if (sources.length === 0 && citation !== undefined && url !== undefined)
    sources.push({ title: citation, url, kind: "official" });
  if (sources.length === 0) refuse("--source-url: name a source (or the law's --url).");
  for (const source of sources)
    if (!/^https?:\/\//.test(source.url))
      refuse(`--source-url: ${source.url} is not an http(s) URL.`);
  if (url !== undefined && !/^https?:\/\//.test(url))
    refuse(`--url: ${url} is not an http(s) URL.`);
  const denylist = readDenylist(options.dir);
  for (const address of [
    ...sources.map((source) => source.url),
    ...(url === undefined ? [] : [url]),
  ]) {
    const denied = denylist.reasonDenied(address);
    if (denied !== null) refuse(`--source-url: ${address} is deny-listed (${denied}).`);
  }

  const confidence =
    flags.confidence ??
    (await prompter.ask("confidence", `How sure (${CONFIDENCE_LEVELS.join(" | ")})`));
  if (!(CONFIDENCE_LEVELS as readonly string[]).includes(confidence ?? ""))
    refuse(`--confidence: ${confidence} is not one of ${CONFIDENCE_LEVELS.join(", ")}.`, 2);
  if (confidence === "secondary" && sources.length < 2)
    refuse(
      `--confidence secondary: a secondary value needs at least two agreeing sources (has ${sources.length}).`,
    );
  const verified =
    flags.verified ??
    (await prompter.ask("verified", "Verified on (YYYY-MM-DD)", { fallback: options.day })) ??
    options.day;
  if (!isCalendarDate(verified)) refuse(`--verified: ${verified} is not a date (YYYY-MM-DD).`, 2);
  if (verified > options.day) refuse(`--verified: ${verified} is after today (${options.day}).`);
  const by = await coderOf(flags.by, prompter, "by", "Coded by");
  return {
    authority: citation === undefined ? null : { citation, url: url ?? null },
    sources,
    confidence: confidence as Provenance["confidence"],
    verified,
    by,
  };
}

/** A person's name from a flag, git's user.name, or a question; required. */
export async function coderOf(
  given: string | undefined,
  prompter: Prompter,
  flag: string,
  question: string,
): Promise<string> {
  const name = (
    given ??
    (await prompter.ask(flag, question, { fallback: gitUserName() ?? undefined })) ??
    ""
  ).trim();
  if (name === "")
    refuse(`--${flag}: say who you are (--${flag} NAME, or set git's user.name).`, 2);
  return name;
}

/** `PATH=VALUE` items: VALUE is JSON where it parses, else text. */
export function parseSets(items: readonly string[], flag = "set"): Record<string, unknown> {
  const sets: Record<string, unknown> = {};
  for (const item of items) {
    const at = item.indexOf("=");
    if (at <= 0)
      refuse(`--${flag}: '${item}' is not path=value (e.g. adult_use.delivery=allowed).`, 2);
    const path = item.slice(0, at).trim();
    const text = item.slice(at + 1).trim();
    if (!/^[a-z_]+(\.[a-z_]+)*$/.test(path))
      refuse(`--${flag}: '${path}' is not a field path (lower-case names joined by dots).`, 2);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Plain text, e.g. allowed.
    }
    sets[path] = value;
  }
  return sets;
}

/** The data folder's files, read as the server reads them. */
export function readSource(dir: string): { source: DataSource; raw: RawDataset } {
  const { raw, errors } = readDataset(dir);
  if (errors.length > 0) {
    process.stderr.write(`✗ The data in ${dir}/ cannot be read:\n`);
    for (const issue of errors)
      process.stderr.write(`  ${issue.file} ${issue.path}: ${issue.message}\n`);
    process.exit(1);
  }
  return { source: sourceOf(raw), raw };
}

/**
 * The whole dataset with an edit in it, through every check start-up and
 * the data gate run; on a problem, the reasons (field and value) and exit 1.
 */
export function checkOrRefuse(source: DataSource, day: string, what: string): Dataset {
  try {
    return checkRelease({ raw: rawOf(source), errors: [] }, day).dataset;
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    process.stderr.write(`✗ ${what} was not written: the dataset would be invalid.\n`);
    for (const issue of error.issues) {
      const where = issue.path.replace(/^\/history\/\d+\/sets\//, "--set ");
      process.stderr.write(`  ${issue.file} ${where}: ${issue.message}\n`);
    }
    process.exit(1);
  }
}

/** Writes the files of `after` that differ from `before` (JSON, two spaces, as kept). */
export function writeSource(dir: string, before: DataSource, after: DataSource): string[] {
  const written: string[] = [];
  const write = (file: string, old: unknown, value: unknown) => {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    if (JSON.stringify(old) === JSON.stringify(value)) return;
    writeFileSync(join(dir, file), text);
    written.push(join(dir, file));
  };
  write("dataset.json", before.dataset, after.dataset);
  for (const [file, value] of Object.entries(after.jurisdictions))
    write(file, before.jurisdictions[file], value);
  write("federal.json", before.federal, after.federal);
  write("corrections.json", before.corrections, after.corrections);
  return written;
}

/** What happens next, truthfully: servers read the data when they start. */
export function nextSteps(version: string): string {
  return [
    "Next:",
    "  npm run data:diff                    what this changes in what is served, and what the release will announce",
    "  npm run data:review -- --by NAME     a second maintainer reviews it (required before a release)",
    "  npm run release                      writes the release; servers announce it when they start on it",
    `Servers read data/ when they start: a running server serves this from its next start, reporting version ${version}+unreleased until the release is written.`,
  ].join("\n");
}
