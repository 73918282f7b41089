/**
 * What the README and .env.example tell a newcomer is what the service
 * does: every setting is listed in both, with the defaults the service
 * really has; the Quick start says how to run with larger limits (and the
 * setting it names is one that works); the first example is a narrowed one.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { parseEnv } from "node:util";
import { ENVIRONMENT_VARIABLES, loadConfig } from "../../src/config.ts";

const readme = readFileSync("README.md", "utf8");
const envExample = readFileSync(".env.example", "utf8");

function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "${heading}" section`);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The README's configuration table: variable → its Default cell. */
function readmeDefaults(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of section("Configuration").split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const name = /^`([A-Z_]+)`$/.exec(cells[1] ?? "")?.[1];
    if (name !== undefined) rows.set(name, cells[2] ?? "");
  }
  return rows;
}

/** .env.example's settings: those set (the defaults) and those shown commented out. */
function envExampleSettings() {
  const set = parseEnv(envExample) as Record<string, string>;
  const commented = new Set(
    [...envExample.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] as string),
  );
  return { set, commented };
}

describe(".env.example and the README's configuration table", () => {
  test("list every variable the service reads, and no other", () => {
    const { set, commented } = envExampleSettings();
    const inExample = new Set([...Object.keys(set), ...commented]);
    assert.deepEqual([...inExample].sort(), [...ENVIRONMENT_VARIABLES].sort(), ".env.example");
    assert.deepEqual(
      [...readmeDefaults().keys()].sort(),
      [...ENVIRONMENT_VARIABLES].sort(),
      "the README's table",
    );
  });

  test("the values .env.example sets are the defaults, as the README's table states them", () => {
    const { set } = envExampleSettings();
    assert.deepEqual(loadConfig(set), loadConfig({}), "copying .env.example changes nothing");
    const defaults = readmeDefaults();
    for (const [name, value] of Object.entries(set)) {
      assert.ok(
        (defaults.get(name) ?? "").startsWith(`\`${value}\``),
        `${name}: .env.example says ${value}, the README ${defaults.get(name)}`,
      );
    }
  });
});

describe("the Quick start", () => {
  test("says npm start serves the production limits and how to raise them, with a setting that works", () => {
    const quickStart = section("Quick start");
    assert.match(quickStart, /production limits/);
    const command = /^([A-Z_]+=\S+(?: [A-Z_]+=\S+)*) npm start$/m.exec(quickStart)?.[1];
    assert.ok(command, "a command that starts the server with larger limits");
    const env = Object.fromEntries(command.split(" ").map((pair) => pair.split("=")));
    const raised = loadConfig(env).publicRateLimit;
    const production = loadConfig({}).publicRateLimit;
    assert.ok(
      raised.limit / raised.windowMs > (10 * production.limit) / production.windowMs,
      `${command} raises the public limit`,
    );
    assert.match(quickStart, /\.env/);
    assert.match(quickStart, /key/);
  });
});

describe("the example requests", () => {
  test("the first one narrows the answer with fields=; the full list comes second", () => {
    const examples = section("Example requests");
    const requests = [...examples.matchAll(/^curl -s '?(\S+?)'?$/gm)].map((m) => m[1] as string);
    const first = new URL(requests[0] ?? "");
    assert.equal(first.pathname, "/v1/states");
    assert.ok(first.searchParams.has("fields"), `the first example is ${requests[0]}`);
    const second = new URL(requests[1] ?? "");
    assert.equal(second.pathname, "/v1/states");
    assert.ok(!second.searchParams.has("fields"), `the second example is ${requests[1]}`);
  });
});
