/**
 * Loads `data/` into memory once, at start-up: parses every file, validates
 * it against the schema and the invariants (failing fast with the file and
 * field), and shapes the records the API serves.
 */
import { createHash, type Hash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Compile } from "typebox/compile";
import { once } from "../lib/once.ts";
import { inFeedOrder } from "./change-feed.ts";
import {
  type Correction,
  type CorrectionsFile,
  type Dataset,
  type DatasetIssue,
  type DatasetManifest,
  DatasetManifest as DatasetManifestSchema,
  type Federal,
  type FederalFile,
  type Jurisdiction,
  type JurisdictionFile,
  type LegalEvent,
  type SourceRef,
} from "./dataset.schema.ts";
import { type RawDataset, servedVersion, sourceDigest, sourceOf } from "./dataset.source.ts";
import {
  correctionsIssues,
  coverageIssues,
  federalIssues,
  jurisdictionIssues,
  type ParsedFile,
  schemaIssues,
} from "./dataset.validate.ts";
import { checkServedLaw, type ServedReport } from "./law.gate.ts";
import { createLawModel, type LawModel } from "./law.ts";

export type { Dataset } from "./dataset.schema.ts";

export class DatasetError extends Error {
  override name = "DatasetError";
  readonly issues: readonly DatasetIssue[];
  constructor(issues: readonly DatasetIssue[]) {
    const shown = issues.slice(0, 20).map((i) => `  ${i.file} ${i.path}: ${i.message}`);
    const more = issues.length > 20 ? [`  … and ${issues.length - 20} more`] : [];
    super(
      `The dataset is invalid (${issues.length} problem(s)):\n${[...shown, ...more].join("\n")}`,
    );
    this.issues = issues;
  }
}

export type CheckedDataset = {
  manifest: DatasetManifest;
  jurisdictions: ParsedFile<JurisdictionFile>[];
  federal: FederalFile;
  corrections: CorrectionsFile;
  warnings: DatasetIssue[];
};

const checkManifest = once(() => Compile(DatasetManifestSchema));

function readJson(
  dir: string,
  file: string,
  errors: DatasetIssue[],
  files: Hash,
): ParsedFile<unknown> {
  try {
    const text = readFileSync(join(dir, file), "utf8");
    files.update(`${file}\0${text.length}\0`).update(text);
    return { file, value: JSON.parse(text) };
  } catch (cause) {
    const message =
      cause instanceof SyntaxError
        ? `invalid JSON: ${cause.message}`
        : `cannot read: ${(cause as Error).message}`;
    errors.push({ file, path: "/", message });
    return { file, value: undefined };
  }
}

/**
 * Reads the files of a data folder without judging their contents.
 * `digest` is the SHA-256 of its source (src/dataset/dataset.source.ts),
 * what names a release's bytes; it is computed when first asked for (it
 * serializes every record). `files` is the SHA-256 of the files exactly as
 * read, names and bytes, made while reading: what a stamp vouches for
 * (src/dataset/dataset.stamp.ts).
 */
export function readDataset(dir: string): {
  raw: RawDataset;
  errors: DatasetIssue[];
  readonly digest: string;
  files: string;
} {
  const errors: DatasetIssue[] = [];
  const files = createHash("sha256");
  let names: string[] = [];
  try {
    names = readdirSync(join(dir, "jurisdictions"))
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch (cause) {
    errors.push({
      file: "jurisdictions/",
      path: "/",
      message: `cannot read: ${(cause as Error).message}`,
    });
  }
  const hasCorrections = existsSync(join(dir, "corrections.json"));
  const raw: RawDataset = {
    manifest: readJson(dir, "dataset.json", errors, files),
    jurisdictions: names.map((name) => readJson(dir, `jurisdictions/${name}`, errors, files)),
    federal: readJson(dir, "federal.json", errors, files),
    corrections: hasCorrections
      ? readJson(dir, "corrections.json", errors, files)
      : { file: "corrections.json", value: { corrections: [] } },
  };
  let digest: string | undefined;
  return {
    raw,
    errors,
    get digest() {
      digest ??= sourceDigest(sourceOf(raw));
      return digest;
    },
    files: files.update(hasCorrections ? "" : "no corrections.json").digest("hex"),
  };
}

/** Validates raw files; returns the typed files or throws a DatasetError naming every problem. */
export function checkDataset(
  raw: RawDataset,
  today: string,
  readErrors: DatasetIssue[] = [],
): CheckedDataset {
  const errors = [...readErrors];
  const warnings: DatasetIssue[] = [];
  if (raw.manifest.value !== undefined && !checkManifest().Check(raw.manifest.value)) {
    errors.push({
      file: raw.manifest.file,
      path: "/",
      message: 'must be {"version": "YYYY.MM.DD", "released": "YYYY-MM-DD"}',
    });
  }
  const jurisdictions: ParsedFile<JurisdictionFile>[] = [];
  for (const parsed of raw.jurisdictions) {
    if (parsed.value === undefined) continue;
    const issues = schemaIssues(parsed.file, parsed.value, "jurisdiction");
    if (issues.length > 0) {
      errors.push(...issues);
      continue;
    }
    const typed = { file: parsed.file, value: parsed.value as JurisdictionFile };
    const result = jurisdictionIssues(typed.file, typed.value, today);
    errors.push(...result.errors);
    warnings.push(...result.warnings);
    jurisdictions.push(typed);
  }
  errors.push(...coverageIssues(raw.jurisdictions.map((parsed) => parsed.file)));
  const seen = new Set<string>();
  for (const { file, value } of jurisdictions) {
    if (seen.has(value.code))
      errors.push({ file, path: "/code", message: `duplicate code ${value.code}` });
    seen.add(value.code);
    const kept = new Set<string>();
    value.history.forEach((event, index) => {
      if (event.id === undefined) return;
      if (kept.has(event.id))
        errors.push({ file, path: `/history/${index}/id`, message: `duplicate id ${event.id}` });
      kept.add(event.id);
    });
  }
  if (raw.federal.value !== undefined) {
    const issues = schemaIssues(raw.federal.file, raw.federal.value, "federal");
    errors.push(...issues);
    if (issues.length === 0) {
      errors.push(
        ...federalIssues(raw.federal.file, raw.federal.value as FederalFile, today).errors,
      );
    }
  }
  if (raw.corrections.value !== undefined) {
    const issues = schemaIssues(raw.corrections.file, raw.corrections.value, "corrections");
    errors.push(...issues);
    if (issues.length === 0)
      errors.push(
        ...correctionsIssues(raw.corrections.file, raw.corrections.value as CorrectionsFile, today),
      );
  }
  if (errors.length > 0) throw new DatasetError(errors);
  return {
    manifest: raw.manifest.value as DatasetManifest,
    jurisdictions,
    federal: raw.federal.value as FederalFile,
    corrections: (raw.corrections.value ?? { corrections: [] }) as CorrectionsFile,
    warnings,
  };
}

type EventFile = JurisdictionFile["history"][number] | FederalFile["history"][number];

/**
 * Each event's id: the one its file keeps (a correction moved its date or
 * kind), else `CODE-date-kind`, with `-2`, `-3`… for a second and third
 * event of a kind on one day. Derived ids never take a kept one.
 */
export function eventIds(
  code: string,
  history: readonly { id?: string | undefined; date: string; kind: string }[],
): string[] {
  const kept = new Set(history.flatMap((event) => (event.id === undefined ? [] : [event.id])));
  const used = new Map<string, number>();
  return history.map((event) => {
    if (event.id !== undefined) return event.id;
    const base = `${code}-${event.date}-${event.kind}`;
    let n = used.get(base) ?? 0;
    let id: string;
    do {
      n += 1;
      id = n === 1 ? base : `${base}-${n}`;
    } while (kept.has(id));
    used.set(base, n);
    return id;
  });
}

function eventsOf(code: string, history: readonly EventFile[]): LegalEvent[] {
  const ids = eventIds(code, history);
  return history.map((event, index) => {
    const id = ids[index] ?? `${code}-${event.date}-${event.kind}`;
    return {
      id,
      jurisdiction: code,
      date: event.date,
      effective: event.effective,
      kind: event.kind,
      title: event.title,
      summary: event.summary,
      authority: event.authority,
      sources: event.sources,
      ...(event.sets === undefined ? {} : { sets: event.sets }),
      ...(event.confidence === undefined ? {} : { confidence: event.confidence }),
      ...(event.verified === undefined ? {} : { verified: event.verified }),
      ...(event.retroactive === undefined ? {} : { retroactive: event.retroactive }),
      ...(event.coded_by === undefined ? {} : { coded_by: event.coded_by }),
      ...(event.reviewed_by === undefined ? {} : { reviewed_by: event.reviewed_by }),
    };
  });
}

function gatherSources(record: JurisdictionFile): SourceRef[] {
  const byUrl = new Map<string, SourceRef>();
  const groups = [
    record.decriminalization.sources,
    record.adult_use.sources,
    record.medical.sources,
    record.hemp.sources,
    ...record.history.map((event) => event.sources),
  ];
  for (const source of groups.flat()) if (!byUrl.has(source.url)) byUrl.set(source.url, source);
  return [...byUrl.values()];
}

/** Shapes checked files into the records the API serves. */
export function buildDataset(checked: CheckedDataset): Dataset {
  const jurisdictions: Jurisdiction[] = [];
  const histories = new Map<string, LegalEvent[]>();
  for (const { value } of checked.jurisdictions) {
    const { history, ...current } = value;
    jurisdictions.push({
      ...current,
      hemp: { ...current.hemp, federal: null },
      upcoming: [],
      sources: gatherSources(value),
      sources_current_to: checked.manifest.sources_current_to,
    });
    histories.set(value.code, eventsOf(value.code, history));
  }
  jurisdictions.sort((a, b) => a.name.localeCompare(b.name, "en"));
  const { history: federalHistory, ...federalCurrent } = checked.federal;
  const federalEvents = eventsOf("US", federalHistory);
  const federal: Federal = { ...federalCurrent, history: federalEvents };
  const changes = inFeedOrder([...[...histories.values()].flat(), ...federalEvents], "enacted");
  const corrections: Correction[] = checked.corrections.corrections.map(
    ({ reviewed_digest: _digest, ...entry }) => entry,
  );
  return Object.freeze({
    manifest: checked.manifest,
    jurisdictions,
    byCode: new Map(jurisdictions.map((j) => [j.code, j])),
    histories,
    federal,
    changes,
    corrections,
  });
}

/**
 * The full checks on a data folder's files: the schema and invariants
 * (`checkDataset`), then the rules on every record it will serve, today and
 * on every turning day (src/dataset/law.gate.ts). Returns the dataset with
 * the law model the served records were checked from; throws a DatasetError
 * naming every problem.
 */
export function checkRelease(
  read: { raw: RawDataset; errors: DatasetIssue[] },
  today: string,
  options: { version?: string } = {},
): { dataset: Dataset; model: LawModel; served: ServedReport } {
  const checked = checkDataset(read.raw, today, read.errors);
  const version = options.version ?? checked.manifest.version;
  const dataset = buildDataset({ ...checked, manifest: { ...checked.manifest, version } });
  const model = createLawModel(dataset);
  const served = checkServedLaw(dataset, today, model);
  if (served.findings.length > 0) {
    throw new DatasetError(
      served.findings.map((finding) => ({
        file: `jurisdictions/${finding.code}.json`,
        path: `served on ${finding.day}: ${finding.field}`,
        message: finding.message,
      })),
    );
  }
  return { dataset, model, served };
}

/**
 * Reads, validates and shapes a data folder, then checks the records it
 * will serve (`checkRelease`); throws a DatasetError naming every problem.
 * The server reads through its stamp instead (src/dataset/dataset.stamp.ts),
 * which runs these same checks unless a stamp vouches for them.
 */
export function loadDataset(dir: string, today: string): Dataset {
  const read = readDataset(dir);
  return checkRelease(read, today, { version: versionOf(dir, read) }).dataset;
}

/**
 * The version data are served as: their manifest's where they are the
 * published bytes of that release, else marked `+unreleased`
 * (docs/DATA.md, "Versioning").
 */
export function versionOf(
  dir: string,
  read: { raw: RawDataset; digest: string },
): string | undefined {
  const manifest = read.raw.manifest.value as { version?: unknown } | undefined;
  if (typeof manifest?.version !== "string") return undefined;
  return servedVersion(join(dir, "releases"), manifest.version, read.digest);
}
