/**
 * The typed client as its users get it. `npm ci` at the root builds
 * client/dist (the package's `prepare` script), so the package imports by
 * its name as soon as the repository is installed: the README's example,
 * saved in a project outside client/ that depends on the package the way
 * `npm install /path/to/client` links it, runs against the real server as
 * written. And the package is ready to publish: what `npm pack` would ship.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { buildTestApp, type TestApp } from "../helpers.ts";

const run = promisify(execFile);
const CLIENT_DIR = resolve("client");
const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, "package.json"), "utf8")) as {
  name: string;
  version: string;
  license: string;
  types: string;
  files: string[];
  scripts: Record<string, string>;
  exports: Record<string, Record<string, string> | string>;
};

/** The TypeScript example under the README's "TypeScript, with the typed client". */
function readmeClientExample(): string {
  const readme = readFileSync("README.md", "utf8");
  const example = /TypeScript, with the typed client[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example, "the README has a TypeScript example of the client");
  return example;
}

describe("the client's package", () => {
  test("is built by the install: its exports and types resolve to files that exist", () => {
    assert.equal(manifest.scripts.prepare, "npm run build", "npm ci and npm pack build dist/");
    const main = manifest.exports["."] as Record<string, string>;
    assert.ok(main.types && main.default, "exports name the types and the module");
    for (const file of [main.types, main.default, manifest.types]) {
      assert.ok(existsSync(join(CLIENT_DIR, file)), `${file} exists after npm ci`);
    }
  });

  test("is ready to publish: version, licence, README, and only what a user needs", async () => {
    assert.match(manifest.version, /^[0-9]+\.[0-9]+\.[0-9]+$/);
    assert.equal(manifest.license, "MIT");
    assert.match(readFileSync(join(CLIENT_DIR, "LICENSE"), "utf8"), /^MIT License/);
    const { stdout } = await run(
      "npm",
      ["pack", "--dry-run", "--json", "--ignore-scripts", "--silent", CLIENT_DIR],
      { cwd: tmpdir() },
    );
    const [packed] = JSON.parse(stdout) as { name: string; files: { path: string }[] }[];
    const files = (packed?.files ?? []).map((file) => file.path);
    assert.equal(packed?.name, manifest.name);
    for (const file of [
      "package.json",
      "README.md",
      "LICENSE",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/webhooks.js",
    ]) {
      assert.ok(files.includes(file), `the package ships ${file}`);
    }
    assert.deepEqual(
      files.filter((file) => file.startsWith("src/") || file.startsWith("node_modules/")),
      [],
      "sources and dependencies stay out",
    );
    const readme = readFileSync(join(CLIENT_DIR, "README.md"), "utf8");
    assert.match(readme, /npm install @cannabis-legal-status\/client/);
    assert.match(readme, /before it is published/i);
  });
});

describe("the README's client example, from a project outside client/", () => {
  let app: TestApp;
  let baseUrl: string;
  before(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    assert.ok(address !== null && typeof address === "object");
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  after(() => app.close());

  test("imports the package by name and runs as written", async () => {
    const project = mkdtempSync(join(tmpdir(), "cls-client-user-"));
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "uses-the-client", private: true, type: "module" }),
    );
    // What `npm install /path/to/the/repository/client` makes: a link to the folder.
    mkdirSync(join(project, "node_modules", "@cannabis-legal-status"), { recursive: true });
    symlinkSync(CLIENT_DIR, join(project, "node_modules", "@cannabis-legal-status", "client"));
    const example = readmeClientExample();
    assert.match(example, /from "@cannabis-legal-status\/client"/);
    writeFileSync(
      join(project, "example.ts"),
      example.replaceAll("http://127.0.0.1:3000", baseUrl),
    );

    const env = { ...process.env };
    delete env.CLS_API_KEY;
    const { stdout } = await run(process.execPath, ["example.ts"], { cwd: project, env });

    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? "" : `&cursor=${cursor}`;
      const page = (await (
        await fetch(`${baseUrl}/v1/changes?since=2025-01-01&limit=500${query}`)
      ).json()) as { data: { title: string }[]; meta: { next: string | null } };
      titles.push(...page.data.map((event) => event.title));
      cursor = page.meta.next;
    } while (cursor !== null);
    assert.ok(titles.length > 0);
    assert.deepEqual(stdout.trimEnd().split("\n"), titles, "it printed every change's title");
  });
});
