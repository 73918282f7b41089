/**
 * The codebook (docs/DATA.md) as a page of the site, one click from /data,
 * from each CSV's description and from /docs. The page follows whatever the
 * file says: the tests read the file's headings rather than naming them.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { renderCodebook } from "../../src/web/codebook.page.ts";
import { buildTestApp, type TestApp } from "../helpers.ts";

const DATA_MD = readFileSync("docs/DATA.md", "utf8");

/** The text of every heading of a Markdown file (outside code blocks). */
function markdownHeadings(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const match = fenced ? null : /^#{1,6}\s+(.+)$/.exec(line);
    if (match) headings.push((match[1] as string).replace(/`/g, "").trim());
  }
  return headings;
}

const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

describe("/data/codebook", () => {
  test("serves docs/DATA.md in the site's layout: every heading, with an anchor", async () => {
    const response = await app.inject({ url: "/data/codebook" });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^text\/html/);
    const page = response.body;
    assert.match(page, /<header class="site-header">/);
    assert.match(page, /<footer class="site-footer">/);
    assert.equal((page.match(/<h1[ >]/g) ?? []).length, 1, "one h1");
    const rendered = [...page.matchAll(/<h([1-6]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)].map((match) =>
      textOf(match[3] as string),
    );
    for (const heading of markdownHeadings(DATA_MD)) {
      assert.ok(rendered.includes(heading), `the heading "${heading}" is on the page`);
    }
    for (const stable of ["Fields", "Event kinds", "Downloads and research panels"]) {
      assert.ok(rendered.includes(stable), stable);
    }
  });

  test("every in-page link lands on an anchor; every table is a labelled, focusable scroll region", async () => {
    const page = (await app.inject({ url: "/data/codebook" })).body;
    const ids = new Set([...page.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const targets = [...page.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
    assert.ok(targets.length > 5, "the contents and the file's own links");
    for (const target of targets) assert.ok(ids.has(target), `#${target} exists`);
    const tables = (page.match(/<table>/g) ?? []).length;
    const regions = [
      ...page.matchAll(
        /<div class="table-scroll[^"]*" role="region" aria-label="([^"]+)" tabindex="0">\s*<table>/g,
      ),
    ];
    assert.ok(tables > 0);
    assert.equal(regions.length, tables, "each table in its own region");
    for (const region of regions) assert.ok((region[1] ?? "").length > 8, region[1]);
  });

  test("is linked from /data, from each CSV's description, and from /docs", async () => {
    const data = (await app.inject({ url: "/data" })).body;
    assert.match(data, /<a href="\/data\/codebook">the codebook<\/a>/);
    const codebook = (await app.inject({ url: "/data/codebook" })).body;
    const csvRows = [
      ...data.matchAll(
        /<tr>\s*<th scope="row"><a href="[^"]+\.csv" download>([^<]+)<\/a><\/th>\s*<td>([\s\S]*?)<\/td>/g,
      ),
    ];
    assert.ok(csvRows.length >= 3, "the current release's CSV files");
    for (const [, file, description] of csvRows) {
      const anchor = /href="\/data\/codebook#([^"]+)"/.exec(description ?? "")?.[1];
      assert.ok(anchor, `${file}: its description links to the codebook`);
      assert.match(codebook, new RegExp(`<h[2-6] id="${anchor}">`), `${file}: #${anchor}`);
    }
    const docs = (await app.inject({ url: "/docs" })).body;
    assert.match(docs, /<a href="\/data\/codebook">/);
  });
});

describe("rendering the Markdown", () => {
  test("raw HTML is shown as text; links into the repository become text; anchors stay unique", () => {
    const { title, body } = renderCodebook(
      [
        "# A title",
        "",
        'Intro <script>alert("x")</script> and [the README](../data/README.md), [a section](#notes), [a site](https://example.org).',
        "",
        "## Notes",
        "",
        "| a | b |",
        "| - | - |",
        "| `x` | y |",
        "",
        "## Notes",
        "",
      ].join("\n"),
    );
    const page = body.toString();
    assert.equal(title, "A title");
    assert.doesNotMatch(page, /<script>/);
    assert.match(page, /&lt;script&gt;/);
    assert.doesNotMatch(page, /href="\.\.\/data\/README\.md"/);
    assert.match(page, /the README/);
    assert.match(page, /<a href="#notes">a section<\/a>/);
    assert.match(page, /<a href="https:\/\/example\.org">a site<\/a>/);
    assert.match(page, /<h2 id="notes">Notes<\/h2>[\s\S]*<h2 id="notes-1">Notes<\/h2>/);
    assert.match(page, /aria-label="Notes: table" tabindex="0">/);
  });
});
