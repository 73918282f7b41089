import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import {
  compileDenylist,
  type Denylist,
  formatGateReport,
  gateFailures,
  measureGate,
  readDenylist,
} from "../../src/dataset/dataset.gate.ts";
import { checkDataset, readDataset } from "../../src/dataset/dataset.load.ts";
import type { FederalFile, JurisdictionFile } from "../../src/dataset/dataset.schema.ts";

const repoFilter = readDenylist("data");

function repoData() {
  const { raw, errors } = readDataset("data");
  // As on the day of the release the files form (nothing reviewed after it).
  const released = (raw.manifest.value as { released: string }).released;
  const checked = checkDataset(raw, released, errors);
  return { jurisdictions: checked.jurisdictions, federal: checked.federal };
}

describe("the source deny-list", () => {
  test("refuses shortlinks, wrapped links, mirrors, document hosts and staging hosts", () => {
    for (const [url, category] of [
      ["https://ift.tt/3abcdef", "shortlink"],
      [
        "https://nam01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.gov",
        "shortlink",
      ],
      ["https://wikimili.com/en/Cannabis_in_Ohio", "wiki_mirror"],
      ["https://en.m.wikipedia.org./wiki/Cannabis_in_Ohio", "wiki_mirror"],
      ["https://en.wikipedia-on-ipfs.org/wiki/Cannabis_in_Ohio", "wiki_mirror"],
      ["https://gateway.example.net/ipfs/bafybeigdyrzt/wiki/X", "wiki_mirror"],
      ["https://ja.scribd.com/document/1/x", "document_host"],
      ["https://devnew.norml.org/laws/item/ohio", "staging_host"],
      ["https://example.com/wp-json/wp/v2/posts/1", "staging_host"],
      ["https://minnesotastatecannabis.org/laws", "commercial"],
      ["https://someone.blogspot.co.uk/2014/07/x.html", "personal_blog"],
    ] as const) {
      assert.equal(repoFilter.reasonDenied(url), category, url);
    }
  });

  test("accepts the law, official pages, Wikipedia itself, reference works and journalism", () => {
    for (const url of [
      "https://www.federalregister.gov/d/2024-11137",
      "https://www.congress.gov/bill/119th-congress/house-bill/6938",
      "https://codes.ohio.gov/ohio-revised-code/chapter-3780",
      "https://en.wikipedia.org/wiki/Cannabis_in_Ohio",
      "https://ballotpedia.org/Ohio_Issue_2,_Marijuana_Legalization_Initiative_(2023)",
      "https://apnews.com/article/marijuana",
      "https://norml.org/laws/ohio-penalties-2/",
      "https://www.devonlive.com/news",
    ]) {
      assert.equal(repoFilter.reasonDenied(url), null, url);
    }
  });

  test("the list file is well formed: lower-case domains, listed once, patterns that compile", () => {
    const list = JSON.parse(readFileSync("data/source-denylist.json", "utf8")) as Denylist;
    const domains = list.categories.flatMap((c) => c.domains);
    assert.equal(new Set(domains).size, domains.length);
    for (const domain of domains) assert.match(domain, /^[a-z0-9.-]+\.[a-z0-9-]+$/);
    for (const c of list.categories)
      for (const p of c.patterns) assert.doesNotThrow(() => new RegExp(p));
  });
});

function record(history: unknown[]): JurisdictionFile {
  const group = (authority: unknown) => ({
    ...(authority === undefined ? {} : { authority }),
    sources: [{ title: "t", url: "https://example.gov/law", kind: "official" }],
    provenance: {},
  });
  const secondary = (url: string) => ({
    authority: { citation: "Ex. Code § 3", url: null },
    sources: [
      { title: "a", url: "https://example.com/a", kind: "news" },
      { title: "b", url, kind: "news" },
    ],
  });
  return {
    decriminalization: group({ citation: "Ex. Code § 1", url: "https://example.gov/1" }),
    adult_use: {
      ...group({ citation: "Ex. Code § 2", url: null }),
      provenance: { delivery: secondary("https://bit.ly/d") },
    },
    medical: group(undefined),
    hemp: { sources: [], provenance: { minimum_age: secondary("https://example.com/c") } },
    history,
    regulator: { name: "r", url: "https://bit.ly/x" },
  } as unknown as JurisdictionFile;
}

const federal = {
  csa_schedule: { authority: { citation: "21 U.S.C. § 812", url: null }, sources: [] },
  rescheduling: { authority: null, sources: [] },
  hemp: { authority: { citation: "7 U.S.C. § 1639o", url: null }, sources: [] },
  appropriations_riders: [],
  history: [],
} as unknown as FederalFile;

describe("measuring the gate", () => {
  const filter = compileDenylist({
    categories: [{ name: "shortlink", why: "", domains: ["bit.ly"], patterns: [] }],
  });
  const history = [
    { authority: { citation: "Act 1", url: null }, sources: [] },
    { authority: null, sources: [{ title: "t", url: "https://bit.ly/y", kind: "news" }] },
    { sources: [] },
  ];
  const report = measureGate(
    [{ file: "jurisdictions/XX.json", value: record(history) }],
    { file: "federal.json", value: federal },
    filter,
  );

  test("counts citations and official URLs; a null authority is present but not cited", () => {
    assert.deepEqual(report.factGroupsCited, { total: 3, count: 2 });
    assert.deepEqual(report.factGroupsWithUrl, { total: 3, count: 1 });
    assert.deepEqual(report.eventsCited, { total: 3, count: 1 });
    assert.deepEqual(report.federalCited, { total: 3, count: 2 });
    assert.deepEqual(report.officialSources, { total: 4, count: 3 });
  });

  test("names each missing authority key and each deny-listed URL, regulator and provenance sources included", () => {
    assert.deepEqual(
      report.missingAuthority.map((f) => f.path),
      ["/medical", "/history/2"],
    );
    assert.deepEqual(
      report.denied.map((f) => f.path),
      [
        "/adult_use/provenance/delivery/sources/1/url",
        "/history/1/sources/0/url",
        "/regulator/url",
      ],
    );
    assert.match(formatGateReport(report), /deny-listed URLs 3 \(3 distinct\)/);
  });

  test("fails on every finding and every share below its target", () => {
    const failures = gateFailures(report).join("\n");
    for (const expected of [
      /deny-listed/,
      /without authority/,
      /factGroupsCited/,
      /eventsCited/,
      /federalCited/,
    ])
      assert.match(failures, expected);
  });
});

describe("the repository's dataset", () => {
  test("passes the data gate: no deny-listed source, authority everywhere, every share at its target", () => {
    const { jurisdictions, federal } = repoData();
    const report = measureGate(jurisdictions, { file: "federal.json", value: federal }, repoFilter);
    assert.deepEqual(gateFailures(report), [], formatGateReport(report));
  });
  test("the federal record is complete: every section, rider and event cites its law; no weak source", () => {
    const { federal } = repoData();
    const report = measureGate([], { file: "federal.json", value: federal }, repoFilter);
    assert.deepEqual(report.missingAuthority, []);
    assert.deepEqual(report.denied, []);
    assert.equal(report.federalCited.count, report.federalCited.total);
  });
});
