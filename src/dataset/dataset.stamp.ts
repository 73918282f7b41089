/**
 * Checked once: the checks a release passes are run where it is built —
 * `npm run build` (and so `npm start` and the container's build),
 * `npm run release`, `npm run data:check` — and recorded in a stamp named
 * by the data's hash. At start the server hashes the files it reads (which
 * it does while reading them) and, when a stamp vouches for exactly those
 * bytes, skips what the stamp vouches for; otherwise it runs every check,
 * as it always did, and says why (docs/PERFORMANCE.md, "Start-up").
 *
 * A stamp vouches for:
 * - the schema and the invariants of every file (`checkDataset`);
 * - the rules on every served record, each jurisdiction on every turning
 *   day (src/dataset/law.gate.ts). A record changes only on a turning day
 *   (src/dataset/law.ts), so these cover every later day too;
 * - each jurisdiction's change days: the turning days on which its record
 *   really differs from the day before, which the law in force otherwise
 *   finds by computing and comparing the records (`nextChangeDay`).
 *
 * It holds only while all of these are true, else nothing is skipped:
 * - `data`: the SHA-256 of the data's source (every file of data/, the
 *   corrections log included; src/dataset/dataset.source.ts) is the one the
 *   server just read (an edited file is a different hash);
 * - `checks`: the checking code is the same — the SHA-256 of src/dataset/
 *   and every module it imports, and typebox's version. The bundle carries
 *   the value of the sources it was built from (scripts/build.ts); run from
 *   the sources, it is computed from them (a few files, ~1 ms);
 * - `checkedOn` is not after today: every check that depends on the day
 *   (a review date "in the future", today's record) passes on every later
 *   day once it passes, not on an earlier one.
 *
 * Stamps live in dist/dataset-stamps/, one file per data hash: built, not
 * committed (a stamp is a product of the code and the data, like the
 * bundle). Whoever can write there can also replace the bundle, so a stamp
 * adds no way in.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { PROJECT_ROOT } from "../paths.ts";
import {
  buildDataset,
  checkRelease,
  type Dataset,
  readDataset,
  versionOf,
} from "./dataset.load.ts";
import type {
  CorrectionsFile,
  DatasetManifest,
  FederalFile,
  JurisdictionFile,
} from "./dataset.schema.ts";
import type { RawDataset } from "./dataset.source.ts";
import { createLawModel, type LawModel, lawOn } from "./law.ts";

/** Where stamps are written and read: one JSON file per data hash. */
export const STAMP_DIR = join(PROJECT_ROOT, "dist", "dataset-stamps");

export type DatasetStamp = Readonly<{
  /** SHA-256 of the data's source (`readDataset`'s digest, src/dataset/dataset.source.ts). */
  data: string;
  /**
   * SHA-256 of the data files exactly as read (`readDataset`'s `files`):
   * what a start compares, cheaply, and what names the stamp's file.
   */
  files: string;
  /** SHA-256 of the checking code (`checksIdentity`). */
  checks: string;
  /** The UTC day the checks ran on. */
  checkedOn: string;
  /** What wrote it: "npm run build", "npm run release", "npm run data:check". */
  by: string;
  writtenAt: string;
  version: string;
  /** Jurisdiction-days whose served record passed the rules. */
  days: number;
  /** Each jurisdiction's days on which its record differs from the day before, ascending. */
  changeDays: Readonly<Record<string, readonly string[]>>;
}>;

// The bundle's build defines this as the checking code's identity when it
// was built (scripts/build.ts); from the sources it is undefined.
declare const DATASET_CHECKS_IDENTITY: string | undefined;

const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.ts)"/g;

/**
 * SHA-256 of the checking code as it is in `root`'s sources: every module
 * of src/dataset/ and every module they import (transitively), by path and
 * bytes, and the version of typebox, whose compiled schemas do the checks.
 */
export function checksIdentityOf(root: string): string {
  const folder = join(root, "src", "dataset");
  const pending = readdirSync(folder)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(folder, name));
  const seen = new Map<string, Buffer>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    const bytes = readFileSync(file);
    seen.set(file, bytes);
    for (const match of bytes.toString("utf8").matchAll(IMPORT))
      pending.push(join(dirname(file), match[1] as string));
  }
  const hash = createHash("sha256");
  for (const [file, bytes] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${relative(root, file)}\0${bytes.length}\0`).update(bytes);
  const typebox = JSON.parse(
    readFileSync(join(root, "node_modules", "typebox", "package.json"), "utf8"),
  ) as { version: string };
  return hash.update(`typebox@${typebox.version}`).digest("hex");
}

let identity: string | undefined;
/** The identity of the checking code this process runs (see `checksIdentityOf`). */
export function checksIdentity(): string {
  identity ??=
    typeof DATASET_CHECKS_IDENTITY === "string"
      ? DATASET_CHECKS_IDENTITY
      : checksIdentityOf(PROJECT_ROOT);
  return identity;
}

/** Each jurisdiction's turning days on which its record differs from the one before. */
function changeDaysOf(model: LawModel): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [code, turning] of model.turningDays) {
    const days: string[] = [];
    let previous: string | undefined;
    for (const day of turning) {
      const record = JSON.stringify(lawOn(model, code, day));
      if (previous !== undefined && record !== previous) days.push(day);
      previous = record;
    }
    result[code] = days;
  }
  return result;
}

/**
 * Runs every check of the data folder `dir` on `today` and, if they pass,
 * writes its stamp; throws the checks' DatasetError otherwise.
 */
export function writeDatasetStamp(
  dir: string,
  by: string,
  options: { stampDir?: string; today?: string; now?: Date } = {},
): { stamp: DatasetStamp; file: string } {
  const now = options.now ?? new Date();
  const today = options.today ?? now.toISOString().slice(0, 10);
  const read = readDataset(dir);
  const { dataset, model, served } = checkRelease(read, today);
  const stamp: DatasetStamp = {
    data: read.digest,
    files: read.files,
    checks: checksIdentity(),
    checkedOn: today,
    by,
    writtenAt: now.toISOString(),
    version: dataset.manifest.version,
    days: served.days,
    changeDays: changeDaysOf(model),
  };
  const stampDir = options.stampDir ?? STAMP_DIR;
  mkdirSync(stampDir, { recursive: true });
  const file = join(stampDir, `${read.files}.json`);
  writeFileSync(file, `${JSON.stringify(stamp, null, 1)}\n`);
  return { stamp, file };
}

/** The stamp that vouches for data files with this digest (`files`) today, or why there is none. */
export function findStamp(
  stampDir: string,
  digest: string,
  today: string,
): { stamp: DatasetStamp } | { stamp: null; reason: string } {
  let text: string;
  try {
    text = readFileSync(join(stampDir, `${digest}.json`), "utf8");
  } catch {
    return { stamp: null, reason: `${noStampFor(digest)}${newestOther(stampDir)}` };
  }
  let stamp: DatasetStamp;
  try {
    stamp = JSON.parse(text) as DatasetStamp;
  } catch (error) {
    return { stamp: null, reason: `its stamp cannot be read (${(error as Error).message})` };
  }
  if (stamp.files !== digest)
    return {
      stamp: null,
      reason: `its stamp names other data files (sha256 ${short(String(stamp.files))})`,
    };
  if (typeof stamp.changeDays !== "object" || stamp.changeDays === null)
    return { stamp: null, reason: "its stamp has no change days" };
  const checks = checksIdentity();
  if (stamp.checks !== checks) {
    return {
      stamp: null,
      reason: `its stamp was made by other checking code (${short(stamp.checks)}, this server's is ${short(checks)}): the checks changed since ${stamp.by}`,
    };
  }
  if (stamp.checkedOn > today) {
    return {
      stamp: null,
      reason: `its stamp was made on ${stamp.checkedOn}, after today (${today})`,
    };
  }
  return { stamp };
}

const short = (hash: string) => hash.slice(0, 12);

function noStampFor(digest: string): string {
  return `no stamp vouches for these data files (sha256 ${short(digest)}): they were edited, or not checked, since the last npm run build, npm run release or npm run data:check`;
}

function newestOther(stampDir: string): string {
  let newest: DatasetStamp | undefined;
  try {
    for (const name of readdirSync(stampDir)) {
      if (!name.endsWith(".json")) continue;
      const stamp = JSON.parse(readFileSync(join(stampDir, name), "utf8")) as DatasetStamp;
      if (newest === undefined || stamp.writtenAt > newest.writtenAt) newest = stamp;
    }
  } catch {
    return "";
  }
  return newest === undefined
    ? ""
    : ` (the newest stamp, by ${newest.by} at ${newest.writtenAt}, is for sha256 ${short(String(newest.files))}, version ${newest.version})`;
}

/** The files as typed records, without checking them: only for data a stamp vouches for. */
function vouchedFiles(raw: RawDataset) {
  return {
    manifest: raw.manifest.value as DatasetManifest,
    jurisdictions: raw.jurisdictions as { file: string; value: JurisdictionFile }[],
    federal: raw.federal.value as FederalFile,
    corrections: raw.corrections.value as CorrectionsFile,
    warnings: [],
  };
}

export type LoadedDataset = Readonly<{
  dataset: Dataset;
  /** The law model, with the stamp's change days when a stamp vouched. */
  model: LawModel;
  /** The stamp that vouched for the data, or null when every check ran. */
  stamp: DatasetStamp | null;
  /** Why every check ran (null when a stamp vouched). */
  reason: string | null;
}>;

/**
 * What the server loads at start: the data folder `dir`, checked by its
 * stamp when one vouches for these very bytes on `today`, else by every
 * check (`checkRelease`), which throws a DatasetError naming every problem.
 */
export function loadStampedDataset(
  dir: string,
  today: string,
  stampDir: string = STAMP_DIR,
): LoadedDataset {
  const read = readDataset(dir);
  const found =
    read.errors.length > 0
      ? { stamp: null, reason: "some data files could not be read" }
      : findStamp(stampDir, read.files, today);
  // The stamp vouches that these files' source digest is the one it names,
  // so a stamped start does not serialize every record to compute it.
  const version = versionOf(dir, {
    raw: read.raw,
    digest: found.stamp !== null ? found.stamp.data : read.digest,
  });
  if (found.stamp !== null) {
    const files = vouchedFiles(read.raw);
    const dataset = buildDataset({
      ...files,
      manifest: { ...files.manifest, version: version ?? files.manifest.version },
    });
    const changeDays = new Map(Object.entries(found.stamp.changeDays));
    return {
      dataset,
      model: createLawModel(dataset, changeDays),
      stamp: found.stamp,
      reason: null,
    };
  }
  const { dataset, model } = checkRelease(read, today, version === undefined ? {} : { version });
  return { dataset, model, stamp: null, reason: found.reason };
}
