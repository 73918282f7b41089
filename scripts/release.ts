/**
 * npm run release: writes the current dataset version's files into
 * data/releases/<version>/ (with manifest.json: sizes and SHA-256). A
 * release is written once: if its folder exists, nothing is rewritten —
 * change the data, bump data/dataset.json's version, and release again.
 * CITATION.cff is pointed at the new release. The data is stamped as
 * checked (src/dataset/dataset.stamp.ts), so a server of this build starts
 * without checking it again.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDataset } from "../src/dataset/dataset.load.ts";
import { writeDatasetStamp } from "../src/dataset/dataset.stamp.ts";
import { isoDay } from "../src/lib/dates.ts";
import { type BuildTimings, buildReleaseFiles, manifestOf } from "../src/releases/release.files.ts";

const dataDir = process.argv[2] ?? "data";
const dataset = loadDataset(dataDir, isoDay(new Date()));
const version = dataset.manifest.version;
const folder = join(dataDir, "releases", version);
if (existsSync(folder)) {
  console.error(
    `Release ${version} already exists in ${folder}; releases are never rewritten. Bump the version in ${dataDir}/dataset.json to release changed data.`,
  );
  process.exit(1);
}
const timings: BuildTimings = { panelsMs: {} };
const started = performance.now();
const files = buildReleaseFiles(dataset, timings);
const totalMs = performance.now() - started;
mkdirSync(folder, { recursive: true });
for (const file of files) writeFileSync(join(folder, file.name), file.body);
const manifest = manifestOf(dataset, files);
writeFileSync(join(folder, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
for (const file of manifest.files) {
  const ms = timings.panelsMs[file.name.replace(/^panel-|\.csv$/g, "")];
  console.log(
    `${file.name.padEnd(32)} ${String(file.rows).padStart(6)} rows ${String(file.bytes).padStart(9)} bytes${ms === undefined ? "" : `  built in ${ms.toFixed(0)} ms`}`,
  );
}
const citationFile = "CITATION.cff";
if (dataDir === "data" && existsSync(citationFile)) {
  const citation = readFileSync(citationFile, "utf8")
    .replace(/^version: .*$/m, `version: "${version}"`)
    .replace(/^date-released: .*$/m, `date-released: "${dataset.manifest.released}"`);
  writeFileSync(citationFile, citation);
}
console.log(`Release ${version} written to ${folder} in ${totalMs.toFixed(0)} ms.`);
console.log(`Stamped as checked: ${writeDatasetStamp(dataDir, "npm run release").file}`);
