import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Dataset } from "../../src/dataset/dataset.load.ts";
import type { Jurisdiction, LegalEvent } from "../../src/dataset/dataset.schema.ts";
import { escapeHtml, html } from "../../src/web/html.ts";
import { formatLongDate } from "../../src/web/site.format.ts";
import { buildTestApp, realDataset, type TestApp } from "../helpers.ts";
import { signedUpAgent } from "./agent.ts";

const dataset = realDataset();

let app: TestApp;
before(async () => {
  app = await buildTestApp();
});
after(() => app.close());

const get = (url: string) => app.inject({ method: "GET", url });

function section(body: string, start: string, end: string): string {
  const from = body.indexOf(start);
  assert.ok(from >= 0, `missing ${start}`);
  const to = body.indexOf(end, from);
  assert.ok(to > from, `missing ${end} after ${start}`);
  return body.slice(from, to + end.length);
}

function countStatuses(records: readonly Jurisdiction[]) {
  const counts = new Map<string, { statesAndDc: number; territories: number }>();
  for (const record of records) {
    const entry = counts.get(record.status) ?? { statesAndDc: 0, territories: 0 };
    if (record.type === "territory") entry.territories += 1;
    else entry.statesAndDc += 1;
    counts.set(record.status, entry);
  }
  return counts;
}

function assertNoInlineScriptOrStyle(url: string, body: string): void {
  for (const tag of body.match(/<script\b[^>]*>/gi) ?? []) {
    assert.match(tag, /\bsrc=/, `${url}: inline <script> ${tag}`);
  }
  assert.doesNotMatch(body, /\sstyle\s*=/i, `${url}: style attribute`);
  assert.doesNotMatch(body, /<style\b/i, `${url}: <style> element`);
  assert.doesNotMatch(body, /\son[a-z]+\s*=/i, `${url}: inline event handler`);
}

/** A copy of the real dataset with one record replaced. */
function datasetWith(record: Jurisdiction, history?: readonly LegalEvent[]): Dataset {
  const jurisdictions = dataset.jurisdictions.map((j) => (j.code === record.code ? record : j));
  const histories = new Map(dataset.histories);
  if (history !== undefined) histories.set(record.code, history);
  return {
    ...dataset,
    jurisdictions,
    byCode: new Map(jurisdictions.map((j) => [j.code, j])),
    histories,
  };
}

describe("GET / (the map)", () => {
  test("is an HTML page with one accessible link per state and DC in the SVG map", async () => {
    const response = await get("/");
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers["content-type"]), /^text\/html; charset=utf-8/);
    const svg = section(response.body, '<svg class="us-map"', "</svg>");
    assert.match(svg, /role="(group|img)"/);
    assert.match(svg, /aria-labelledby="map-title/);
    const links = [...svg.matchAll(/<a href="\/states\/([A-Z]{2})" aria-label="([^"]+)"/g)];
    const codes = links.map((match) => match[1]);
    const expected = dataset.jurisdictions
      .filter((record) => record.type !== "territory")
      .map((record) => record.code);
    assert.equal(links.length, 51);
    assert.deepEqual([...codes].sort(), [...expected].sort());
    assert.equal(svg.match(/<a\b/g)?.length, 51, "no other links in the map");
    const ca = links.find((match) => match[1] === "CA");
    assert.equal(ca?.[2], "California: legal for adults");
    for (const record of dataset.jurisdictions.filter((r) => r.type !== "territory")) {
      assert.match(
        svg,
        new RegExp(`<a href="/states/${record.code}"[^>]*><path class="status-${record.status}"`),
        record.code,
      );
    }
  });

  test("DC has a visible marker and label, and the table version is pointed to", async () => {
    const body = (await get("/")).body;
    const dc = section(body, '<a href="/states/DC"', "</a>");
    assert.match(dc, /<circle class="marker"/);
    assert.match(dc, /<text[^>]*>DC<\/text>/);
    assert.match(body, /class="visually-hidden[^"]*"[^>]*>[^<]*<a href="\/states">/);
  });

  test("the legend names the four categories with counts matching the dataset", async () => {
    const body = (await get("/")).body;
    const legend = section(body, '<table class="legend">', "</table>");
    const counts = countStatuses(dataset.jurisdictions);
    const labels = {
      adult_use: "Legal for adults",
      medical: "Medical only",
      low_thc: "Low-THC / CBD only",
      prohibited: "Prohibited",
    };
    for (const [status, label] of Object.entries(labels)) {
      const row = section(legend, `<tr class="status-${status}"`, "</tr>");
      assert.ok(row.includes(escapeHtml(label)), `${status} has a text label`);
      assert.match(row, /class="swatch status-/);
      const expected = counts.get(status) ?? { statesAndDc: 0, territories: 0 };
      assert.ok(row.includes(`<td class="count-states">${expected.statesAndDc}</td>`), status);
      assert.ok(row.includes(`<td class="count-territories">${expected.territories}</td>`), status);
    }
    assert.match(legend, /<td>51<\/td><td>5<\/td>/);
  });

  test("every territory is a labelled tile linking to its page", async () => {
    const body = (await get("/")).body;
    const tiles = section(body, '<ul class="territories"', "</ul>");
    for (const record of dataset.jurisdictions.filter((r) => r.type === "territory")) {
      assert.ok(tiles.includes(`href="/states/${record.code}"`), record.code);
      assert.ok(tiles.includes(escapeHtml(record.name)), record.name);
    }
  });

  test("shows the dataset version and a copyable example request to the public origin", async () => {
    const body = (await get("/")).body;
    assert.ok(body.includes(dataset.manifest.version));
    assert.match(
      body,
      /<pre><code id="example-request">curl http:\/\/api\.test\/v1\/states\/CA<\/code><\/pre>/,
    );
    assert.match(body, /<button [^>]*data-copy-target="example-request"/);
    assert.match(body, /href="\/docs"/);
  });
});

describe("GET /states", () => {
  test("lists all 56 jurisdictions in a table, each linking to its page", async () => {
    const response = await get("/states");
    assert.equal(response.statusCode, 200);
    const table = section(response.body, '<table class="states-table">', "</table>");
    const rows = section(table, "<tbody>", "</tbody>").match(/<tr[ >]/g) ?? [];
    assert.equal(rows.length, 56);
    assert.match(table, /<caption/);
    assert.match(table, /<th scope="col">Decriminalized<\/th>/);
    for (const record of dataset.jurisdictions) {
      assert.ok(table.includes(`<a href="/states/${record.code}">`), record.code);
    }
    assert.match(response.body, /<table class="legend">/);
  });
});

describe("GET /states/:code", () => {
  test("shows the record: status, sources, history, notes, dates in words and the JSON link", async () => {
    const response = await get("/states/CA");
    assert.equal(response.statusCode, 200);
    const body = response.body;
    const record = dataset.byCode.get("CA");
    assert.ok(record);
    assert.match(body, /<h1>California<\/h1>/);
    assert.ok(body.includes("Legal for adults"));
    for (const source of record.sources) {
      assert.ok(body.includes(`href="${escapeHtml(source.url)}" rel="noopener"`), source.url);
    }
    for (const event of dataset.histories.get("CA") ?? []) {
      assert.ok(body.includes(escapeHtml(event.title)), event.title);
    }
    for (const note of record.notes) assert.ok(body.includes(escapeHtml(note)), note);
    assert.ok(body.includes("November 8, 2016"), "enactment date in words");
    assert.ok(body.includes('href="/v1/states/CA"'));
  });

  test("history is oldest first", async () => {
    const body = (await get("/states/CA")).body;
    const timeline = section(body, '<ol class="timeline">', "</ol>");
    const dates = [...timeline.matchAll(/class="event-date"><time datetime="([0-9-]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    assert.ok(dates.length > 1);
    assert.deepEqual(dates, [...dates].sort());
  });

  test("every jurisdiction has a page, and none shows a raw null", async () => {
    for (const record of dataset.jurisdictions) {
      const response = await get(`/states/${record.code}`);
      assert.equal(response.statusCode, 200, record.code);
      assert.doesNotMatch(response.body, />\s*(null|undefined)\s*</, record.code);
      assert.doesNotMatch(response.body, /="(null|undefined)"/, record.code);
    }
  });

  test("an unknown code's page names it", async () => {
    const response = await app.inject({ url: "/states/ZZ", headers: { accept: "text/html" } });
    assert.ok(response.body.includes("No jurisdiction has the code ZZ."));
  });

  test("a lower-case code redirects to the upper-case page", async () => {
    const response = await get("/states/ca");
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, "/states/CA");
  });

  for (const code of ["ZZ", "zz", "CAL", "%3Cscript%3E"]) {
    test(`an unknown code (${code}) is 404`, async () => {
      const response = await app.inject({
        url: `/states/${code}`,
        headers: { accept: "text/html" },
      });
      assert.equal(response.statusCode, 404);
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.doesNotMatch(response.body, /<script>/);
    });
  }
});

describe("the state page reads summary, the facts at a glance, the facts, their law, then about this record", () => {
  test("summary first, then the facts at a glance, the facts, each fact group's law (linked when its address is known) after them, and the notes after that", async () => {
    const ca = dataset.byCode.get("CA");
    assert.ok(ca);
    const record: Jurisdiction = {
      ...ca,
      summary: "Adults 21 and over may possess and buy cannabis.",
      decriminalization: {
        ...ca.decriminalization,
        authority: { citation: "Decrim Act § 1", url: null },
      },
      adult_use: {
        ...ca.adult_use,
        authority: { citation: "Adult Use Act § 2", url: "https://law.example.gov/aua" },
      },
      medical: { ...ca.medical, authority: null },
      notes: ["A reader note."],
    };
    const [first, ...rest] = dataset.histories.get("CA") ?? [];
    assert.ok(first);
    const history: LegalEvent[] = [
      { ...first, authority: { citation: "Event Law § 3", url: "https://law.example.gov/e" } },
      ...rest,
    ];
    const custom = await buildTestApp({ dataset: datasetWith(record, history) });
    try {
      const body = (await custom.inject({ url: "/states/CA" })).body;
      const at = (needle: string) => {
        const index = body.indexOf(needle);
        assert.ok(index >= 0, `missing ${needle}`);
        return index;
      };
      const order = [
        at("Adults 21 and over may possess and buy cannabis."),
        at('id="glance-heading"'),
        at('id="status-heading"'),
        at('id="adult-heading"'),
        at('id="law-heading"'),
        at('id="about-heading"'),
        at("A reader note."),
        at('id="history-heading"'),
      ];
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
      const law = section(body, '<section class="law"', "</section>");
      assert.match(law, /<dt>Decriminalization<\/dt><dd><cite>Decrim Act § 1<\/cite><\/dd>/);
      assert.match(
        law,
        /<a href="https:\/\/law.example.gov\/aua" rel="noopener"><cite>Adult Use Act § 2<\/cite><\/a>/,
      );
      assert.match(law, /<dt>Medical use<\/dt><dd>No law applies.<\/dd>/);
      assert.match(
        body,
        /class="event-law">Law: <a href="https:\/\/law.example.gov\/e" rel="noopener"><cite>Event Law § 3<\/cite>/,
      );
      const about = section(body, '<section class="about-record"', "</section>");
      assert.ok(about.includes("Last reviewed"));
    } finally {
      await custom.close();
    }
  });

  test("the home page and each state page say how current the sources are", async () => {
    const current = dataset.manifest.sources_current_to;
    assert.ok(current, "the release states sources_current_to");
    const words = formatLongDate(current);
    assert.ok((await get("/")).body.includes(words));
    const about = section(
      (await get("/states/CO")).body,
      '<section class="about-record"',
      "</section>",
    );
    assert.ok(about.includes(words));
    assert.match(about, /later events are not reflected/);
  });
});

describe("escaping and upcoming events", () => {
  test("the html template escapes interpolated values but not nested templates", () => {
    const value = "<script>alert(\"x\")</script> & 'q'";
    assert.equal(
      html`<p title="${value}">${value}</p>`.toString(),
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>',
    );
    assert.equal(html`<b>${html`<i>${"<"}</i>`}</b>`.toString(), "<b><i>&lt;</i></b>");
  });

  test("dataset text reaches pages escaped, and a future event reads 'takes effect'", async () => {
    const ca = dataset.byCode.get("CA");
    assert.ok(ca);
    const hostile = '<script>alert("owned")</script>';
    const record: Jurisdiction = { ...ca, notes: [...ca.notes, hostile] };
    const history: LegalEvent[] = [
      ...(dataset.histories.get("CA") ?? []),
      {
        id: "CA-2099-01-01-other",
        jurisdiction: "CA",
        date: "2098-11-03",
        effective: "2099-01-01",
        kind: "other",
        title: `Future law ${hostile}`,
        summary: "Something that has not happened yet.",
        authority: null,
        sources: [],
      },
    ];
    const custom = await buildTestApp({ dataset: datasetWith(record, history) });
    try {
      for (const url of ["/states/CA", "/", "/states"]) {
        const body = (await custom.inject({ url })).body;
        assert.ok(!body.includes(hostile), `${url} contains raw markup`);
        assertNoInlineScriptOrStyle(url, body);
      }
      const body = (await custom.inject({ url: "/states/CA" })).body;
      assert.ok(body.includes(escapeHtml(hostile)));
      assert.match(body, /Takes effect <time datetime="2099-01-01">January 1, 2099<\/time>/);
      assert.match(body, /<li class="event upcoming">/);
      assert.equal(
        body.match(/class="event upcoming"/g)?.length,
        1,
        "past events are not upcoming",
      );
    } finally {
      await custom.close();
    }
  });

  test("dates read in words", () => {
    assert.equal(formatLongDate("2016-11-08"), "November 8, 2016");
    assert.equal(formatLongDate("1976-01-01"), "January 1, 1976");
  });
});

describe("assets and page hygiene", () => {
  test("the stylesheet and script are served with their types; plain names are cached five minutes", async () => {
    const css = await get("/assets/site.css");
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers["content-type"]), /^text\/css/);
    assert.equal(css.headers["cache-control"], "public, max-age=300");
    assert.match(css.body, /\.status-adult_use/);
    const js = await get("/assets/site.js");
    assert.equal(js.statusCode, 200);
    assert.match(String(js.headers["content-type"]), /^(application|text)\/javascript/);
    assert.equal(js.headers["cache-control"], "public, max-age=300");
    assert.match(js.body, /data-copy-target/);
    assert.equal((await get("/assets/nope.css")).statusCode, 404);
  });

  test("each encoding of an asset has its own strong ETag, and any of them gets a 304", async () => {
    const etags = new Map<string, string | undefined>();
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const response = await app.inject({
        url: "/assets/site.css",
        headers: { "accept-encoding": acceptEncoding },
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers.vary, "accept-encoding");
      etags.set(String(response.headers.etag), response.headers["content-encoding"]);
    }
    assert.deepEqual([...etags.values()], ["br", "gzip", undefined]);
    for (const etag of etags.keys()) {
      const cached = await app.inject({
        url: "/assets/site.css",
        headers: { "accept-encoding": "gzip", "if-none-match": etag },
      });
      assert.equal(cached.statusCode, 304, etag);
    }
  });

  test("no page has inline scripts, style attributes or event handlers", async () => {
    for (const url of ["/", "/states", "/states/CA", "/states/DC", "/states/PR", "/states/ZZ"]) {
      const response = await get(url);
      assertNoInlineScriptOrStyle(url, response.body);
    }
  });

  test("every page links the stylesheet and script and names the site", async () => {
    for (const url of ["/", "/states", "/states/TX"]) {
      const body = (await get(url)).body;
      assert.match(body, /<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{16}\.css">/, url);
      assert.match(body, /<script src="\/assets\/site\.[0-9a-f]{16}\.js" defer><\/script>/, url);
      assert.match(body, /<title>[^<]+ · Cannabis Legal Status<\/title>/, url);
    }
  });

  test("pages are never shared-cached, and a logged-in visitor gets the profile menu", async () => {
    const anonymous = await get("/states/CA");
    assert.equal(anonymous.headers["cache-control"], "private, no-cache");
    assert.doesNotMatch(anonymous.body, /class="profile-menu"/);
    const { agent, email } = await signedUpAgent(app);
    for (const url of ["/", "/states", "/states/CA"]) {
      const page = await agent.get(url);
      assert.equal(page.statusCode, 200, url);
      assert.equal(page.headers["cache-control"], "private, no-cache", url);
      assert.match(page.body, /<details class="profile-menu">/, url);
      assert.ok(page.body.includes(escapeHtml(email)), url);
    }
  });
});
