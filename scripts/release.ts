/**
 * `npm run release`: publishes the data as a new release
 * (docs/MAINTAINING.md, "Releasing").
 *
 * - It takes its own version: today's date (`YYYY.MM.DD`), with `.N` when
 *   a release of that day exists; `data/dataset.json` is updated
 *   (`released` today; `--sources-current-to` moves that date).
 * - It compares the data with the previous release as served
 *   (src/dataset/release.plan.ts) and refuses while a law fact changed
 *   without a record (`data:change`, `data:correct`), or an entry is not
 *   reviewed by a second person (`data:review`). `--single-maintainer`
 *   releases without the second review; the manifest and the CHANGELOG
 *   entry say so.
 * - It writes `data/releases/<version>/`: the files, `source.json` (the
 *   data as kept, to compare the next release with), `announcements.json`
 *   (what servers announce when they first serve it: law.enacted for new
 *   laws, record.corrected once per correction) and `manifest.json`
 *   (sizes, SHA-256, the source's digest). Releases are never rewritten.
 * - It drafts the CHANGELOG entry from the diff, for the maintainer to
 *   edit before committing, and points CITATION.cff at the release.
 * - It stamps the data as checked (src/dataset/dataset.stamp.ts), so a
 *   server of this build starts without checking them again.
 * Exit codes: 0 written, 1 refused, 2 usage.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  compareVersions,
  releasedVersions,
  sourceBytes,
  sourceDigest,
} from "../src/dataset/dataset.source.ts";
import { writeDatasetStamp } from "../src/dataset/dataset.stamp.ts";
import { isCalendarDate } from "../src/lib/dates.ts";
import {
  type BuildTimings,
  buildReleaseFiles,
  manifestOf,
  type ReleaseFile,
} from "../src/releases/release.files.ts";
import { checkOrRefuse, parseFlags, readSource, refuse, today } from "./data-cli.ts";
import { changelogDraft, formatPlan, loadPlan } from "./release-plan.ts";

const USAGE = `Usage: npm run release -- [flags]

  --sources-current-to YYYY-MM-DD   the day of the newest source read for this release (default: unchanged)
  --single-maintainer               release without a second reviewer (a one-person deployment; the manifest says so)
  --data DIR                        the data folder (default data)
  --dry-run                         check and show the plan, write nothing`;

const parsed = parseFlags<{
  "sources-current-to"?: string;
  "single-maintainer"?: boolean;
  data?: string;
  "dry-run"?: boolean;
}>(
  {
    "sources-current-to": { type: "string" },
    "single-maintainer": { type: "boolean" },
    data: { type: "string" },
    "dry-run": { type: "boolean" },
  },
  USAGE,
);
const { flags } = parsed;
// The data folder was once the first argument: `npm run release -- DIR` still works.
if (flags.data === undefined && parsed.positionals[0] !== undefined)
  flags.data = parsed.positionals[0];

const day = today();
const dir = flags.data ?? "data";
const releasesDir = join(dir, "releases");
const { source } = readSource(dir);
const manifest = source.dataset as {
  version: string;
  released: string;
  sources_current_to: string;
};
const currentTo = flags["sources-current-to"] ?? manifest.sources_current_to;
if (!isCalendarDate(currentTo) || currentTo > day)
  refuse(
    `--sources-current-to: ${currentTo} must be a date (YYYY-MM-DD) not after today (${day}).`,
    2,
  );

// The next version: today's, with .N where a release of the day exists; always after the last.
const versions = releasedVersions(releasesDir);
const stem = day.replaceAll("-", ".");
const last = versions.at(-1);
const taken = (candidate: string) =>
  existsSync(join(releasesDir, candidate)) ||
  (last !== undefined && compareVersions(candidate, last) <= 0);
let version = stem;
for (let n = 1; taken(version) && n < 1000; n += 1) version = `${stem}.${n}`;
if (taken(version))
  refuse(
    `no version of today comes after the last release, ${last ?? "none"}; is the clock right?`,
  );

const bumped = {
  ...source,
  dataset: { ...manifest, version, released: day, sources_current_to: currentTo },
};
const dataset = checkOrRefuse(bumped, day, "The release");
if (last !== undefined) {
  const previous = JSON.parse(readFileSync(join(releasesDir, last, "manifest.json"), "utf8")) as {
    source_sha256?: string;
  };
  const unchanged = { ...source, dataset: { ...manifest, version: last } };
  if (previous.source_sha256 !== undefined && previous.source_sha256 === sourceDigest(unchanged))
    refuse(`nothing changed since release ${last}.`);
}
const loaded = loadPlan(dir, bumped, dataset);
const singleMaintainer = flags["single-maintainer"] === true;
process.stdout.write(`${formatPlan(loaded)}\n\n`);
const { plan } = loaded;
const unrecorded = plan.unrecorded.records.length + plan.unrecorded.events.length;
if (unrecorded > 0)
  refuse(
    `release refused: ${unrecorded} law fact(s) changed without a record (listed above). Undo the edit, or record it with npm run data:change or npm run data:correct.`,
  );
if (plan.review.length > 0 && !singleMaintainer)
  refuse(
    `release refused: ${plan.review.length} entr${plan.review.length === 1 ? "y is" : "ies are"} not reviewed by a second maintainer (listed above): npm run data:review -- --by NAME. A one-person deployment may release with --single-maintainer.`,
  );
if (flags["dry-run"]) {
  process.stdout.write(`✓ ${version} can be released; nothing written (--dry-run).\n`);
  process.exit(0);
}

// data/dataset.json names the release; then its files, written once.
writeFileSync(join(dir, "dataset.json"), `${JSON.stringify(bumped.dataset, null, 2)}\n`);
const folder = join(releasesDir, version);
const timings: BuildTimings = { panelsMs: {} };
const started = performance.now();
const json = (name: string, title: string, body: string, rows: number): ReleaseFile => ({
  name,
  title,
  mediaType: "application/json",
  body: Buffer.from(body, "utf8"),
  rows,
});
const files = [
  ...buildReleaseFiles(dataset, timings),
  json(
    "announcements.json",
    "What this release announces: each new law, and each correction with the fields and days it changed and its reason",
    `${JSON.stringify(loaded.announcements, null, 2)}\n`,
    loaded.announcements.law_enacted.length + loaded.announcements.corrections.length,
  ),
  json(
    "source.json",
    "The data as the maintainers keep it (every file of data/, as one JSON document)",
    sourceBytes(bumped),
    Object.keys(bumped.jurisdictions).length,
  ),
];
const totalMs = performance.now() - started;
mkdirSync(folder, { recursive: true });
for (const file of files) writeFileSync(join(folder, file.name), file.body);
const written = {
  ...manifestOf(dataset, files),
  source_sha256: sourceDigest(bumped),
  previous_version: loaded.from,
  ...(singleMaintainer ? { single_maintainer: true } : {}),
};
writeFileSync(join(folder, "manifest.json"), `${JSON.stringify(written, null, 2)}\n`);
for (const file of written.files) {
  const ms = timings.panelsMs[file.name.replace(/^panel-|\.csv$/g, "")];
  process.stdout.write(
    `${file.name.padEnd(32)} ${String(file.rows).padStart(6)} rows ${String(file.bytes).padStart(9)} bytes${ms === undefined ? "" : `  built in ${ms.toFixed(0)} ms`}\n`,
  );
}

const changelogFile = join(dir, "CHANGELOG.md");
if (existsSync(changelogFile)) {
  const changelog = readFileSync(changelogFile, "utf8");
  const draft = changelogDraft(loaded, version, day, singleMaintainer);
  const at = changelog.indexOf("\n## ");
  writeFileSync(
    changelogFile,
    at < 0
      ? `${changelog.trimEnd()}\n\n${draft}`
      : `${changelog.slice(0, at + 1)}${draft}\n${changelog.slice(at + 1)}`,
  );
}
const citationFile = "CITATION.cff";
if (dir === "data" && existsSync(citationFile)) {
  const citation = readFileSync(citationFile, "utf8")
    .replace(/^version: .*$/m, `version: "${version}"`)
    .replace(/^date-released: .*$/m, `date-released: "${day}"`);
  writeFileSync(citationFile, citation);
}
process.stdout.write(
  `✓ Release ${version} written to ${folder} in ${totalMs.toFixed(0)} ms${singleMaintainer ? " (single maintainer: no second review)" : ""}.\nEdit its entry in ${changelogFile}, then commit ${dir}/. Servers serve ${version} from their next start on these data, and announce it once (dataset.released, ${loaded.announcements.law_enacted.length} law.enacted, ${loaded.announcements.corrections.length} record.corrected).\n`,
);
process.stdout.write(`Stamped as checked: ${writeDatasetStamp(dir, "npm run release").file}\n`);
