/**
 * The plan of the next release, for `data:diff`, `data:review` and
 * `release`: today's data compared, as served, with the last release (or
 * `--from VERSION`), in words a reviewer reads (docs/MAINTAINING.md).
 */
import { join } from "node:path";
import type { Dataset } from "../src/dataset/dataset.schema.ts";
import {
  type DataSource,
  readReleaseSource,
  releasedVersions,
} from "../src/dataset/dataset.source.ts";
import type { ServedChange } from "../src/dataset/law.diff.ts";
import { createLawModel, type LawModel } from "../src/dataset/law.ts";
import { planRelease, type ReleasePlan } from "../src/dataset/release.plan.ts";
import { announcementsOf, type ReleaseAnnouncements } from "../src/webhooks/law-events.ts";
import { refuse } from "./data-cli.ts";

export type LoadedPlan = {
  from: string | null;
  plan: ReleasePlan;
  model: LawModel;
  announcements: ReleaseAnnouncements;
};

/** The plan of `current` against release `from` (default: the newest release in the folder). */
export function loadPlan(
  dir: string,
  current: DataSource,
  dataset: Dataset,
  from?: string,
): LoadedPlan {
  const releasesDir = join(dir, "releases");
  const versions = releasedVersions(releasesDir);
  const version = from ?? versions.at(-1) ?? null;
  if (from !== undefined && !versions.includes(from))
    refuse(
      `--from: there is no release ${from} in ${releasesDir} (${versions.join(", ") || "none"}).`,
      2,
    );
  let previous: DataSource | null = null;
  if (version !== null) {
    previous = readReleaseSource(releasesDir, version);
    if (previous === null)
      refuse(
        `release ${version} kept no source.json, so what it served cannot be compared; compare with a later release (--from).`,
      );
  }
  const plan = planRelease(previous, current);
  const model = createLawModel(dataset);
  return { from: version, plan, model, announcements: announcementsOf(plan, model, version) };
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

export function days(from: string | null, until: string | null): string {
  if (from === null && until === null) return "on every day";
  if (from === null) return `on every day to ${until}`;
  if (until === null) return `from ${from} on`;
  return from === until ? `on ${from}` : `from ${from} to ${until}`;
}

function changeLine(
  change: Pick<ServedChange, "field" | "from" | "until" | "before" | "after">,
): string {
  return `${change.field}  ${days(change.from, change.until)}: ${show(change.before)} → ${show(change.after)}`;
}

/** The plan in words, for a reviewer. */
export function formatPlan(loaded: LoadedPlan): string {
  const { plan, announcements, from } = loaded;
  const out: string[] = [];
  out.push(
    from === null
      ? "No earlier release: a first release announces nothing."
      : `Compared with release ${from}, as served on every day either version names.`,
  );
  out.push("");
  out.push(`New laws (${announcements.law_enacted.length}), each announced as law.enacted:`);
  for (const { event, changes } of announcements.law_enacted) {
    const raw = event as typeof event & { coded_by?: string; reviewed_by?: string };
    out.push(
      `  ${event.id}  "${event.title}"  enacted ${event.date}, effective ${event.effective ?? "—"}`,
    );
    for (const change of changes)
      out.push(
        `    ${event.jurisdiction} ${changeLine({ ...change, from: event.effective, until: null })}`,
      );
    out.push(
      `    cites ${event.authority?.citation ?? "nothing"}${event.authority?.url ? ` (${event.authority.url})` : ""}; confidence ${event.confidence ?? "—"}; coded by ${raw.coded_by ?? "—"}; reviewed by ${raw.reviewed_by ?? "nobody yet"}`,
    );
  }
  const others = plan.newEvents.filter((event) => event.effective === null);
  if (others.length > 0) {
    out.push(`Other new events (${others.length}), in the history, not announced:`);
    for (const event of others) out.push(`  ${event.id}  "${event.title}"  ${event.date}`);
  }
  out.push("");
  out.push(`Corrections (${plan.corrections.length}), each announced once as record.corrected:`);
  for (const { entry, records, events } of plan.corrections) {
    out.push(
      `  ${entry.id}  ${entry.jurisdiction}  recorded ${entry.recorded}; coded by ${entry.coded_by}; reviewed by ${entry.reviewed_by ?? "nobody yet"}`,
    );
    out.push(`    reason: ${entry.reason}`);
    for (const change of records) out.push(`    ${change.code} ${changeLine(change)}`);
    for (const change of events)
      for (const field of change.fields)
        out.push(
          `    ${change.code} history.${change.id}.${field.field}: ${show(field.before)} → ${show(field.after)}`,
        );
    if (records.length === 0 && events.length === 0) out.push("    changes nothing served");
    out.push(
      `    cites ${entry.authority?.citation ?? "—"}; confidence ${entry.confidence}; verified ${entry.verified}; sources ${entry.sources.map((source) => source.url).join(" ")}`,
    );
  }
  if (plan.editorial.length > 0) {
    out.push("");
    out.push(`Explanatory text edited (${plan.editorial.length}), not announced:`);
    for (const change of plan.editorial.slice(0, 20))
      out.push(`  ${change.code} ${changeLine(change)}`);
    if (plan.editorial.length > 20) out.push(`  … and ${plan.editorial.length - 20} more`);
  }
  const { records, events } = plan.unrecorded;
  if (records.length + events.length > 0) {
    out.push("");
    out.push(
      `✗ Changed without a record (${records.length + events.length}): the release refuses these until they are recorded with npm run data:change or npm run data:correct:`,
    );
    for (const change of records.slice(0, 40)) out.push(`  ${change.code} ${changeLine(change)}`);
    for (const change of events.slice(0, 40))
      out.push(
        `  ${change.code} history.${change.id} ${change.change}${change.fields.map((field) => ` ${field.field}: ${show(field.before)} → ${show(field.after)}`).join(";")}`,
      );
  }
  if (plan.review.length > 0) {
    out.push("");
    out.push(`Not ready to release (${plan.review.length}):`);
    for (const problem of plan.review) out.push(`  ${problem.id} ${problem.problem}`);
  }
  out.push("");
  const enacted = announcements.law_enacted.length;
  const corrected = announcements.corrections.length;
  out.push(
    from === null
      ? "The release will announce: dataset.released."
      : `The release will announce: ${enacted} law.enacted, ${corrected} record.corrected, and dataset.released.`,
  );
  return out.join("\n");
}

/** The CHANGELOG entry the release drafts, for the maintainer to edit before committing. */
export function changelogDraft(
  loaded: LoadedPlan,
  version: string,
  released: string,
  singleMaintainer: boolean,
): string {
  const { plan, announcements, from } = loaded;
  const lines = [`## ${version} (${released})`, ""];
  if (from !== null) lines.push(`Compared with ${from}.`, "");
  if (announcements.law_enacted.length > 0) {
    lines.push("Laws recorded:", "");
    for (const { event } of announcements.law_enacted)
      lines.push(
        `- ${event.jurisdiction}: ${event.title} (enacted ${event.date}, effective ${event.effective}; ${event.authority?.citation ?? "no citation"}).`,
      );
    lines.push("");
  }
  if (plan.corrections.length > 0) {
    lines.push("Corrections:", "");
    for (const { entry, records, events } of plan.corrections) {
      const fields = [
        ...new Set([
          ...records.map((change) => change.field),
          ...events.flatMap((change) =>
            change.fields.map((field) => `history.${change.id}.${field.field}`),
          ),
        ]),
      ];
      lines.push(`- ${entry.jurisdiction} (${entry.id}): ${fields.join(", ")}. ${entry.reason}`);
    }
    lines.push("");
  }
  if (announcements.law_enacted.length === 0 && plan.corrections.length === 0)
    lines.push("No law recorded and no value corrected.", "");
  if (singleMaintainer)
    lines.push(
      "Released by a single maintainer (`--single-maintainer`): entries without a second reviewer are included.",
      "",
    );
  return lines.join("\n");
}
