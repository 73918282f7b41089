/**
 * The data gate: what the dataset must satisfy before it ships, beyond the
 * schema. It refuses sources on the deny-list (data/source-denylist.json:
 * domains and URL shapes such as shortlinks, wiki mirrors, document hosts),
 * fact groups and events without an `authority` key, and coverage of official
 * citations below the targets. `npm run data:check` prints its report; a test
 * in `npm test` fails on the same failures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FederalFile, JurisdictionFile, SourceRef } from "./dataset.schema.ts";

/** Minimum shares (0–1) of official citations and URLs. */
export const TARGETS = {
  factGroupsCited: 0.95,
  factGroupsWithUrl: 0.7,
  eventsCited: 0.8,
  federalCited: 1,
} as const;

export type DenylistCategory = {
  name: string;
  why: string;
  domains: string[];
  patterns: string[];
};
export type Denylist = { categories: DenylistCategory[] };

type CompiledCategory = { name: string; domains: string[]; patterns: RegExp[] };

/** A compiled deny-list: `reasonDenied(url)` names the category that refuses it, or null. */
export type SourceFilter = { reasonDenied: (url: string) => string | null };

export function compileDenylist(list: Denylist): SourceFilter {
  const categories: CompiledCategory[] = list.categories.map((c) => ({
    name: c.name,
    domains: c.domains.map((d) => d.toLowerCase()),
    patterns: c.patterns.map((p) => new RegExp(p)),
  }));
  return {
    reasonDenied(url) {
      const lower = url.toLowerCase();
      let host: string;
      try {
        host = new URL(lower).hostname.replace(/\.$/, "");
      } catch {
        return "unparseable URL";
      }
      for (const category of categories) {
        if (category.domains.some((d) => host === d || host.endsWith(`.${d}`)))
          return category.name;
        if (category.patterns.some((p) => p.test(lower))) return category.name;
      }
      return null;
    },
  };
}

export function readDenylist(dir: string): SourceFilter {
  return compileDenylist(
    JSON.parse(readFileSync(join(dir, "source-denylist.json"), "utf8")) as Denylist,
  );
}

type Group = {
  authority?: { citation: string; url: string | null } | null;
  sources: readonly SourceRef[];
};
export type Finding = { file: string; path: string; message: string };

type Share = { total: number; count: number };
export type GateReport = {
  /** decriminalization, adult_use and medical of every jurisdiction. */
  factGroupsCited: Share;
  factGroupsWithUrl: Share;
  /** Every jurisdiction's history events. */
  eventsCited: Share;
  /** Every federal section, rider and event. */
  federalCited: Share;
  /** Source citations whose kind is `official`, of all source citations. */
  officialSources: Share;
  denied: (Finding & { url: string })[];
  missingAuthority: Finding[];
};

const isCited = (group: Group) =>
  group.authority !== undefined &&
  group.authority !== null &&
  group.authority.citation.trim() !== "";

export function measureGate(
  jurisdictions: readonly { file: string; value: JurisdictionFile }[],
  federal: { file: string; value: FederalFile },
  filter: SourceFilter,
): GateReport {
  const report: GateReport = {
    factGroupsCited: { total: 0, count: 0 },
    factGroupsWithUrl: { total: 0, count: 0 },
    eventsCited: { total: 0, count: 0 },
    federalCited: { total: 0, count: 0 },
    officialSources: { total: 0, count: 0 },
    denied: [],
    missingAuthority: [],
  };
  const checkUrl = (file: string, path: string, url: string) => {
    const reason = filter.reasonDenied(url);
    if (reason !== null)
      report.denied.push({ file, path, url, message: `deny-listed source (${reason}): ${url}` });
  };
  const visit = (file: string, path: string, group: Group, shares: Share[]) => {
    if (!("authority" in group) || group.authority === undefined)
      report.missingAuthority.push({ file, path, message: "no `authority` (the law behind it)" });
    for (const share of shares) share.total++;
    if (isCited(group)) for (const share of shares) share.count++;
    if (group.authority?.url) checkUrl(file, `${path}/authority/url`, group.authority.url);
    group.sources.forEach((source, i) => {
      report.officialSources.total++;
      if (source.kind === "official") report.officialSources.count++;
      checkUrl(file, `${path}/sources/${i}/url`, source.url);
    });
  };

  for (const { file, value } of jurisdictions) {
    for (const key of ["decriminalization", "adult_use", "medical"] as const) {
      const group = value[key];
      visit(file, `/${key}`, group, [report.factGroupsCited]);
      report.factGroupsWithUrl.total++;
      if (isCited(group) && group.authority?.url) report.factGroupsWithUrl.count++;
    }
    value.hemp.sources.forEach((source, i) => {
      checkUrl(file, `/hemp/sources/${i}/url`, source.url);
    });
    for (const key of ["adult_use", "medical", "hemp"] as const) {
      for (const [name, provenance] of Object.entries(value[key].provenance)) {
        if (provenance?.authority?.url)
          checkUrl(file, `/${key}/provenance/${name}/authority/url`, provenance.authority.url);
        provenance?.sources.forEach((source, i) => {
          checkUrl(file, `/${key}/provenance/${name}/sources/${i}/url`, source.url);
        });
      }
    }
    value.history.forEach((event, i) => {
      visit(file, `/history/${i}`, event, [report.eventsCited]);
    });
    if (value.regulator) checkUrl(file, "/regulator/url", value.regulator.url);
  }

  const f = federal.value;
  const federalGroups: [string, Group][] = [
    ["/csa_schedule", f.csa_schedule],
    ["/rescheduling", f.rescheduling],
    ["/hemp", f.hemp],
    ...f.appropriations_riders.map((r, i): [string, Group] => [`/appropriations_riders/${i}`, r]),
    ...f.history.map((e, i): [string, Group] => [`/history/${i}`, e]),
  ];
  for (const [path, group] of federalGroups)
    visit(federal.file, path, group, [report.federalCited]);
  return report;
}

const ratio = (s: Share) => (s.total === 0 ? 1 : s.count / s.total);
const pct = (s: Share) => `${(100 * ratio(s)).toFixed(1)}%`;

/** One line: each measured share against its target, deny-listed and primary counts. */
export function formatGateReport(report: GateReport): string {
  const distinct = new Set(report.denied.map((d) => d.url)).size;
  return [
    `fact groups with an official citation ${report.factGroupsCited.count}/${report.factGroupsCited.total} ${pct(report.factGroupsCited)} (target ≥ ${100 * TARGETS.factGroupsCited}%)`,
    `with an official URL ${report.factGroupsWithUrl.count}/${report.factGroupsWithUrl.total} ${pct(report.factGroupsWithUrl)} (≥ ${100 * TARGETS.factGroupsWithUrl}%)`,
    `events with an official citation ${report.eventsCited.count}/${report.eventsCited.total} ${pct(report.eventsCited)} (≥ ${100 * TARGETS.eventsCited}%)`,
    `federal record ${report.federalCited.count}/${report.federalCited.total} ${pct(report.federalCited)} (${100 * TARGETS.federalCited}%)`,
    `deny-listed URLs ${report.denied.length} (${distinct} distinct)`,
    `primary (official) sources ${report.officialSources.count}/${report.officialSources.total} ${pct(report.officialSources)}`,
  ].join("; ");
}

/** Why the gate fails, or an empty list. */
export function gateFailures(report: GateReport): string[] {
  const failures: string[] = [];
  const denied = report.denied;
  if (denied.length > 0)
    failures.push(
      `${denied.length} deny-listed source URL(s): ${[...new Set(denied.map((d) => d.file))].join(", ")}`,
    );
  if (report.missingAuthority.length > 0)
    failures.push(`${report.missingAuthority.length} fact group(s) or event(s) without authority`);
  for (const key of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    if (ratio(report[key]) < TARGETS[key])
      failures.push(`${key} ${pct(report[key])} below ${100 * TARGETS[key]}%`);
  }
  return failures;
}
