/**
 * The MCP server's configuration, as an assistant's host starts it: a
 * CLS_BASE_URL carrying a user name or password is refused at start, and
 * the value is never printed (what the server prints reaches the
 * assistant's logs; the key belongs in CLS_API_KEY).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";

const MCP_DIR = join(import.meta.dirname, "..");

function start(baseUrl: string) {
  return spawnSync(process.execPath, ["--conditions=cls-source", "src/cli.ts"], {
    cwd: MCP_DIR,
    env: { PATH: process.env.PATH ?? "", CLS_BASE_URL: baseUrl, CLS_API_KEY: "cls_example" },
    input: "",
    encoding: "utf8",
    timeout: 30_000,
  });
}

test("credentials in CLS_BASE_URL are refused at start and never printed", () => {
  for (const baseUrl of [
    "https://someone:hunter2@api.example.org",
    "http://hunter2@127.0.0.1:3000",
  ]) {
    const run = start(baseUrl);
    assert.equal(run.status, 1, `${run.stdout}${run.stderr}`);
    assert.match(run.stderr, /CLS_BASE_URL must not contain a user name or password/);
    assert.doesNotMatch(`${run.stdout}${run.stderr}`, /hunter2/);
  }
  const malformed = start("https://hunter2@exa mple.org");
  assert.equal(malformed.status, 1);
  assert.match(malformed.stderr, /CLS_BASE_URL is not a URL/);
  assert.doesNotMatch(malformed.stderr, /hunter2/);
});
