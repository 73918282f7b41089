/**
 * The dataset's source: every file of a data folder as one JSON value, in a
 * fixed order, and its SHA-256. A release keeps it (`source.json`, with its
 * digest in the manifest), so a later release can be compared with it as it
 * was served (`npm run data:diff`), and a server can tell whether the data
 * it reads are the published bytes of their version (docs/DATA.md,
 * "Versions").
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ParsedFile } from "./dataset.validate.ts";

/** Every file of a data folder as read and parsed, before any check. */
export type RawDataset = {
  manifest: ParsedFile<unknown>;
  jurisdictions: ParsedFile<unknown>[];
  federal: ParsedFile<unknown>;
  /** data/corrections.json (an empty log where the file does not exist). */
  corrections: ParsedFile<unknown>;
};

export type DataSource = {
  dataset: unknown;
  /** By file name (`jurisdictions/AK.json`), in name order. */
  jurisdictions: Record<string, unknown>;
  federal: unknown;
  corrections: unknown;
};

/** The marker a version carries when the data differ from its published release. */
export const UNRELEASED = "+unreleased";

export function sourceOf(raw: RawDataset): DataSource {
  const jurisdictions: Record<string, unknown> = {};
  for (const parsed of [...raw.jurisdictions].sort((a, b) => (a.file < b.file ? -1 : 1)))
    jurisdictions[parsed.file] = parsed.value;
  return {
    dataset: raw.manifest.value,
    jurisdictions,
    federal: raw.federal.value,
    corrections: raw.corrections.value,
  };
}

export function rawOf(source: DataSource): RawDataset {
  return {
    manifest: { file: "dataset.json", value: source.dataset },
    jurisdictions: Object.entries(source.jurisdictions).map(([file, value]) => ({ file, value })),
    federal: { file: "federal.json", value: source.federal },
    corrections: { file: "corrections.json", value: source.corrections ?? { corrections: [] } },
  };
}

export function sourceBytes(source: DataSource): string {
  return JSON.stringify(source);
}

export function sourceDigest(source: DataSource): string {
  return createHash("sha256").update(sourceBytes(source)).digest("hex");
}

/**
 * A source kept by an older release, in today's shape: records kept before
 * `known_from` existed knew their facts from their review (`last_reviewed`),
 * which is what `known_from` now holds.
 */
function upgradeSource(source: DataSource): DataSource {
  const jurisdictions: Record<string, unknown> = {};
  for (const [file, value] of Object.entries(source.jurisdictions)) {
    const record = value as Record<string, unknown>;
    if (record === null || typeof record !== "object" || "known_from" in record) {
      jurisdictions[file] = value;
      continue;
    }
    const upgraded: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      upgraded[key] = field;
      if (key === "last_reviewed") upgraded.known_from = field;
    }
    jurisdictions[file] = upgraded;
  }
  return { ...source, jurisdictions, corrections: source.corrections ?? { corrections: [] } };
}

const RELEASE = /^[0-9]{4}\.[0-9]{2}\.[0-9]{2}(\.[0-9]+)?$/;

/** Compares release versions (`2026.11.26` < `2026.11.26.1` < `2026.11.27`). */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The versions released in `releasesDir` (each with its manifest), oldest first. */
export function releasedVersions(releasesDir: string): string[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir)
    .filter((name) => RELEASE.test(name) && existsSync(join(releasesDir, name, "manifest.json")))
    .sort(compareVersions);
}

/** The published release's source, in today's shape, or null where the release kept none. */
export function readReleaseSource(releasesDir: string, version: string): DataSource | null {
  const path = join(releasesDir, version, "source.json");
  if (!existsSync(path)) return null;
  return upgradeSource(JSON.parse(readFileSync(path, "utf8")) as DataSource);
}

/** The digest of a published release's source, or null where there is no such release. */
function publishedDigest(releasesDir: string, version: string): string | null {
  const manifestPath = join(releasesDir, version, "manifest.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { source_sha256?: string };
  if (manifest.source_sha256 !== undefined) return manifest.source_sha256;
  const sourcePath = join(releasesDir, version, "source.json");
  if (!existsSync(sourcePath)) return null;
  return createHash("sha256").update(readFileSync(sourcePath)).digest("hex");
}

/**
 * The version a server reports for data of `version` whose source digest
 * is `digest`: the version itself where those are its published bytes,
 * else the version marked `+unreleased`.
 */
export function servedVersion(releasesDir: string, version: string, digest: string): string {
  return publishedDigest(releasesDir, version) === digest ? version : `${version}${UNRELEASED}`;
}

/** Whether a served version names a published release's bytes. */
export function isPublished(version: string): boolean {
  return !version.endsWith(UNRELEASED);
}

/** The release a served version belongs to (without the unreleased marker). */
export function baseVersion(version: string): string {
  return version.endsWith(UNRELEASED) ? version.slice(0, -UNRELEASED.length) : version;
}
