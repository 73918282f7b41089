/**
 * `npm run data:check [dir]`: validates the dataset (schema + invariants),
 * prints warnings and a coverage table (field × jurisdictions filled), and
 * exits non-zero on any error or when coverage falls below the gate. Data
 * that passes is stamped as checked (src/dataset/dataset.stamp.ts), so the
 * server starts without checking it again.
 */
import { join } from "node:path";
import { DATED_COLUMNS } from "../src/dataset/dataset.columns.ts";
import { measureCoverage, measureDepthCoverage } from "../src/dataset/dataset.coverage.ts";
import {
  formatGateReport,
  gateFailures,
  measureGate,
  readDenylist,
} from "../src/dataset/dataset.gate.ts";
import {
  buildDataset,
  checkDataset,
  DatasetError,
  readDataset,
} from "../src/dataset/dataset.load.ts";
import {
  isPublished,
  servedVersion,
  sourceDigest,
  sourceOf,
} from "../src/dataset/dataset.source.ts";
import { writeDatasetStamp } from "../src/dataset/dataset.stamp.ts";
import { checkServedLaw, formatServedFinding } from "../src/dataset/law.gate.ts";
import { createLawModel } from "../src/dataset/law.ts";
import { isoDay } from "../src/lib/dates.ts";
import { INDICATORS, PANEL_COLUMNS, PANEL_FIRST_YEAR, panelRows } from "../src/releases/panels.ts";
import { releaseYear } from "../src/releases/release.files.ts";

/** Share of applicable fields that must be filled for the check to pass. */
const COVERAGE_GATE = 0.95;

const dir = process.argv[2] ?? "data";
const today = isoDay(new Date());
const { raw, errors } = readDataset(dir);
process.stdout.write(
  `Checking ${dir}/ (${raw.jurisdictions.length} jurisdiction files + federal.json) as of ${today}\n\n`,
);

let checked: ReturnType<typeof checkDataset>;
try {
  checked = checkDataset(raw, today, errors);
} catch (error) {
  if (!(error instanceof DatasetError)) throw error;
  process.stdout.write(`✗ ${error.issues.length} error(s):\n`);
  for (const issue of error.issues)
    process.stdout.write(`  ${issue.file} ${issue.path}: ${issue.message}\n`);
  process.exit(1);
}

for (const warning of checked.warnings) {
  process.stdout.write(`! ${warning.file} ${warning.path}: ${warning.message}\n`);
}

const records = checked.jurisdictions.map((file) => file.value);
const coverage = measureCoverage(records);
const width = Math.max(...coverage.fields.map((f) => f.field.length));
process.stdout.write(
  `\n${"field".padEnd(width)}  filled / applies        unknown, explained in notes | missing\n`,
);
for (const field of coverage.fields) {
  const pct = field.applicable === 0 ? 100 : (100 * field.filled) / field.applicable;
  const marker = field.statusLevel ? "*" : " ";
  const gaps = [
    field.explained.join(" "),
    field.missing.length > 0 ? `| missing: ${field.missing.join(" ")}` : "",
  ];
  process.stdout.write(
    `${field.field.padEnd(width)}${marker} ${String(field.filled).padStart(3)} / ${String(field.applicable).padEnd(3)} ${pct.toFixed(0).padStart(4)}%   ${gaps.join(" ").trim()}\n`,
  );
}
process.stdout.write("(* status level)\n\n");

const byStatus = new Map<string, number>();
for (const record of records) byStatus.set(record.status, (byStatus.get(record.status) ?? 0) + 1);
const events = records.reduce((sum, r) => sum + r.history.length, 0);
const share = coverage.applicable === 0 ? 1 : coverage.filled / coverage.applicable;
process.stdout.write(
  `${records.length} jurisdictions: ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(", ")}; ${events} state events, ${checked.federal.history.length} federal events\n`,
);
process.stdout.write(
  `status level complete: ${records.length - coverage.statusLevelGaps.size}/${records.length}${
    coverage.statusLevelGaps.size > 0
      ? ` (incomplete: ${[...coverage.statusLevelGaps].map(([c, f]) => `${c} ${f.join(",")}`).join("; ")})`
      : ""
  }\n`,
);
process.stdout.write(
  `coverage: ${coverage.filled}/${coverage.applicable} applicable fields filled (${(100 * share).toFixed(1)}%; gate ${100 * COVERAGE_GATE}%)\n`,
);

// The dated variables: where each applies, how many have a value, a null
// with its reason, or no such rule in law; every value must cite its law.
const depth = measureDepthCoverage(records);
const depthWidth = Math.max(...depth.map((row) => row.variable.length));
process.stdout.write(
  `\n${"dated variable".padEnd(depthWidth)}  value / applies   (none/n.a.)  law / official / secondary   since known   unknown, with the reason in the record\n`,
);
for (const row of depth) {
  const applies = row.group - row.notApplicable;
  const pct = applies === 0 ? 100 : (100 * row.filled) / applies;
  const { law_text, official_guidance, secondary } = row.byConfidence;
  const since = row.filled === 0 ? 100 : (100 * row.withSince) / row.filled;
  process.stdout.write(
    `${row.variable.padEnd(depthWidth)}  ${String(row.filled).padStart(3)} / ${String(applies).padEnd(3)} ${pct.toFixed(0).padStart(4)}%   (${String(row.notApplicable).padStart(2)})        ${String(law_text).padStart(3)} / ${String(official_guidance).padStart(3)} / ${String(secondary).padStart(3)}           ${String(row.withSince).padStart(3)} ${since.toFixed(0).padStart(3)}%   ${row.unknown.join(" ")}\n`,
  );
}
const totals = depth.reduce(
  (sum, row) => ({
    filled: sum.filled + row.filled,
    withSince: sum.withSince + row.withSince,
    law: sum.law + row.byConfidence.law_text,
    official: sum.official + row.byConfidence.official_guidance,
    secondary: sum.secondary + row.byConfidence.secondary,
  }),
  { filled: 0, withSince: 0, law: 0, official: 0, secondary: 0 },
);
process.stdout.write(
  `values: ${totals.filled}; by confidence law_text ${totals.law}, official_guidance ${totals.official}, secondary ${totals.secondary}; with a known since ${totals.withSince}/${totals.filled} (${((100 * totals.withSince) / Math.max(1, totals.filled)).toFixed(0)}%, target ≥ 90%)\n`,
);
const adultRows = depth.filter((row) => row.variable.startsWith("adult_use."));
const adultShares = adultRows.map((row) => row.filled / Math.max(1, row.group - row.notApplicable));
const hempRow = depth.find((row) => row.variable === "hemp.intoxicating_products");
const uncited = depth.flatMap((row) =>
  row.withoutAuthority.map((code) => `${code} ${row.variable}`),
);
process.stdout.write(
  `dated variables: adult use, lowest share ${(100 * Math.min(...adultShares)).toFixed(0)}% (target ≥ 95% each); hemp.intoxicating_products ${hempRow?.filled ?? 0}/${hempRow?.group ?? 0} (target ≥ 90%); values without an authority: ${uncited.length === 0 ? "none" : uncited.join(", ")}\n\n`,
);

const gate = measureGate(
  checked.jurisdictions,
  { file: "federal.json", value: checked.federal },
  readDenylist(dir),
);
const listed = (findings: { file: string; path: string; message: string }[], max: number) => {
  for (const f of findings.slice(0, max))
    process.stdout.write(`  ${f.file} ${f.path}: ${f.message}\n`);
  if (findings.length > max) process.stdout.write(`  … and ${findings.length - max} more\n`);
};
if (gate.denied.length > 0) {
  process.stdout.write(`${gate.denied.length} deny-listed source URL(s):\n`);
  listed(gate.denied, 40);
}
if (gate.missingAuthority.length > 0) {
  process.stdout.write(
    `${gate.missingAuthority.length} fact group(s) or event(s) without authority:\n`,
  );
  listed(gate.missingAuthority, 10);
}
process.stdout.write(`gate: ${formatGateReport(gate)}\n`);

// What is served: the records lawOn returns, today and on every turning day.
const dataset = buildDataset(checked);
const model = createLawModel(dataset);
const served = checkServedLaw(dataset, today, model);
const cited = (s: { served: number; cited: number }) =>
  `${s.cited}/${s.served} (${((100 * s.cited) / Math.max(1, s.served)).toFixed(1)}%)`;
process.stdout.write(
  `served records: fact groups cited ${cited(served.today)} today; ${cited(served.allDays)} over ${served.days} jurisdiction-days (today and every turning day); events cited ${served.events.cited}/${served.events.total}\n`,
);
for (const finding of served.findings.slice(0, 40))
  process.stdout.write(`  ${formatServedFinding(finding)}\n`);
if (served.findings.length > 40)
  process.stdout.write(`  … and ${served.findings.length - 40} more\n`);

// Blank cells of the yearly panel (effective basis), by variable and decade.
const rows = panelRows(dataset, "yearly", "effective", releaseYear(dataset), model);
const startColumn = PANEL_COLUMNS.indexOf("period_start");
const counted = [...INDICATORS, ...DATED_COLUMNS.map((column) => column.name)];
const decades: number[] = [];
for (let decade = PANEL_FIRST_YEAR; decade <= releaseYear(dataset); decade += 10)
  decades.push(decade);
process.stdout.write(
  `\nunknown cells of the yearly panel (effective basis: blank, and for a dated variable with null reason "unknown"; where the variable does not apply or the law sets none is not counted)\n${"variable".padEnd(36)}${decades.map((d) => `${d}s`.padStart(7)).join("")}   total\n`,
);
const columns: readonly string[] = PANEL_COLUMNS;
for (const column of counted) {
  const index = columns.indexOf(column);
  const reason = columns.indexOf(`${column}_null_reason`);
  const byDecade = decades.map(
    (decade) =>
      rows.filter((row) => {
        const year = Number(String(row[startColumn]).slice(0, 4));
        const unknown = row[index] === null && (reason === -1 || row[reason] === "unknown");
        return year >= decade && year < decade + 10 && unknown;
      }).length,
  );
  process.stdout.write(
    `${column.padEnd(36)}${byDecade.map((n) => String(n).padStart(7)).join("")}   ${String(byDecade.reduce((a, b) => a + b, 0)).padStart(5)}\n`,
  );
}
process.stdout.write("\n");

const failures: string[] = [...gateFailures(gate)];
if (served.findings.length > 0)
  failures.push(`${served.findings.length} served record(s) break a rule`);
if (uncited.length > 0) failures.push("dated values without an authority");
if (coverage.statusLevelGaps.size > 0)
  failures.push("some records are incomplete at the status level");
if (share < COVERAGE_GATE) failures.push(`coverage below ${100 * COVERAGE_GATE}%`);
if (failures.length > 0) {
  process.stdout.write(`✗ ${failures.join("; ")}\n`);
  process.exit(1);
}
const servedAs = servedVersion(
  join(dir, "releases"),
  checked.manifest.version,
  sourceDigest(sourceOf(raw)),
);
process.stdout.write(
  `✓ dataset ${checked.manifest.version} is valid${isPublished(servedAs) ? "" : ` (it differs from published release ${checked.manifest.version}: servers report ${servedAs} until it is released; see npm run data:diff)`}\n`,
);
process.stdout.write(`stamped as checked: ${writeDatasetStamp(dir, "npm run data:check").file}\n`);
