/**
 * What the README and the pages say cannot drift from what is served: the
 * README's abridged record agrees with the served record wherever both
 * give a value, the sizes it quotes are the served bytes within 10 %, and
 * the webhooks page's advice names only actions the page offers.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { buildTestApp, json, type TestApp } from "../helpers.ts";
import { signedUpAgent } from "../web/agent.ts";

const readme = readFileSync("README.md", "utf8");

let app: TestApp;
before(async () => {
  app = await buildTestApp({}, { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" });
});
after(() => app.close());

/**
 * The README's abridged JSON as a value: `…` stands for what is left out,
 * so `{ … }` and `[ … ]` are empty, `, …` is dropped and `"…"` is a
 * placeholder that is not compared.
 */
function abridged(text: string): unknown {
  const parsable = text
    .replaceAll("{ … }", "{}")
    .replaceAll("[ … ]", "[]")
    .replace(/,\s*…\s*(?=[}\]])/g, "")
    .replace(/,\s*…\s*,/g, ",");
  return JSON.parse(parsable);
}

/** Each leaf the README gives, with its path; placeholders ("…") are left out. */
function leaves(value: unknown, path: string[] = []): [string[], unknown][] {
  if (value === "…") return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaves(item, [...path, String(index)]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [[path, value]];
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

describe("the README", () => {
  test("its abridged record agrees with the served record wherever both give a value", async () => {
    const block = /A record looks like this \(abridged\):\n\n```json\n([\s\S]*?)\n```/.exec(
      readme,
    )?.[1];
    assert.ok(block !== undefined, "the README shows an abridged record");
    const example = abridged(block) as { code: string };
    const served = json<{ data: unknown }>(
      await app.inject({ url: `/v1/states/${example.code}` }),
    ).data;
    const compared = leaves(example);
    assert.ok(compared.length > 20, `${compared.length} values compared`);
    for (const [path, value] of compared) {
      const actual = at(served, path);
      if (actual === undefined && Array.isArray(at(served, path.slice(0, -1)))) continue;
      assert.deepEqual(actual, value, `README's ${path.join(".")}`);
    }
  });

  test("the sizes it quotes are the served bytes, within 10 %", async () => {
    const quotes = [
      ...readme.matchAll(
        /# [^\n]*\(about ([\d,.]+) (KB|MB)\)\ncurl -s '?(http:\/\/127\.0\.0\.1:3000[^'\s]*)/g,
      ),
    ];
    assert.ok(quotes.length > 0, "the README quotes a size");
    for (const [, amount, unit, url] of quotes) {
      const quoted =
        Number((amount ?? "").replaceAll(",", "")) * (unit === "MB" ? 1_000_000 : 1_000);
      const path = (url ?? "").replace("http://127.0.0.1:3000", "");
      const bytes = Buffer.byteLength((await app.inject({ url: path })).body);
      assert.ok(
        Math.abs(bytes - quoted) <= 0.1 * bytes,
        `${path}: the README says about ${amount} ${unit}, served ${bytes} bytes`,
      );
    }
  });
});

describe("the README's example requests", () => {
  test("each one the service answers as written", async () => {
    const start = readme.indexOf("\n## Example requests\n");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const urls = [...section.matchAll(/^curl -s '?(http:\/\/127\.0\.0\.1:3000\/\S+?)'?$/gm)].map(
      (match) => (match[1] ?? "").replace("http://127.0.0.1:3000", ""),
    );
    assert.ok(urls.length > 8, `${urls.length} requests`);
    for (const url of urls) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`);
    }
  });
});

describe("the webhooks page", () => {
  test("its advice names the actions the page offers", async () => {
    const { agent } = await signedUpAgent(app);
    const created = await agent.submit("/account/webhooks", "/account/webhooks", {
      url: "http://127.0.0.1:9/hook",
      event_law_took_effect: "1",
      nonce: `${"0".repeat(31)}7`,
    });
    assert.equal(created.statusCode, 201, created.body.slice(0, 300));
    const advice = /Copy it now\.[\s\S]*?<\/p>/.exec(created.body)?.[0] ?? "";
    assert.match(advice, /If you lose it/);
    const id = /action="\/account\/webhooks\/([0-9a-f-]{36})\/test"/.exec(created.body)?.[1];
    assert.ok(id !== undefined);
    const page = (await agent.get(`/account/webhooks/${id}`)).body;
    const buttons = new Set(
      [...page.matchAll(/<button[^>]*type="submit"[^>]*>([^<]+)<\/button>/g)].map((match) =>
        (match[1] ?? "").trim(),
      ),
    );
    const named = [...advice.matchAll(/<strong>([^<]+)<\/strong>/g)]
      .map((match) => match[1] ?? "")
      .filter((name) => !/Copy it now/.test(name));
    assert.ok(named.length > 0, "the advice names an action");
    for (const action of named) assert.ok(buttons.has(action), `the page offers "${action}"`);
    assert.doesNotMatch(advice, /delete the endpoint and create it again/i);
  });
});
