/**
 * The README's configurations for assistants, used as an assistant uses
 * them: each one (Claude Desktop's `mcpServers`, Claude Code's command line,
 * VS Code's `servers`) is read from the README, the repository's path put in
 * place of its placeholder, and the server it describes spawned by the SDK's
 * client over stdio, pointed at the app on 127.0.0.1, and asked a question.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";
import { listen, MCP_DIR, textOf } from "./support.ts";

const REPOSITORY = join(MCP_DIR, "..");
const PLACEHOLDER = "/path/to/this/repository";

type Launch = { command: string; args: string[]; env: Record<string, string> };

function mcpSection(): string {
  const readme = readFileSync(join(REPOSITORY, "README.md"), "utf8");
  const start = readme.indexOf("## Asking an AI assistant (MCP)");
  assert.ok(start >= 0, "the README has a section on assistants");
  return readme.slice(start, readme.indexOf("\n## ", start + 1));
}

/** Each assistant's configuration in the README, as the command it launches. */
function launches(): Map<string, Launch> {
  const section = mcpSection();
  const found = new Map<string, Launch>();
  for (const match of section.matchAll(/^\*\*([^*]+)\*\* —[\s\S]*?```(json|sh)\n([\s\S]*?)```/gm)) {
    const [, assistant = "", language, block = ""] = match;
    if (language === "json") {
      const parsed = JSON.parse(block) as Record<string, Record<string, Launch>>;
      const servers = parsed.mcpServers ?? parsed.servers ?? {};
      const server = servers["cannabis-legal-status"];
      assert.ok(server, `${assistant}: an entry named cannabis-legal-status`);
      found.set(assistant, { command: server.command, args: server.args, env: server.env ?? {} });
    } else {
      const words = block.trim().split(/\s+/);
      assert.deepEqual(words.slice(0, 4), ["claude", "mcp", "add", "cannabis-legal-status"]);
      const separator = words.indexOf("--");
      const env: Record<string, string> = {};
      for (let i = 4; i < separator; i += 1) {
        if (words[i] === "--env" || words[i] === "-e") {
          const [name = "", ...value] = (words[i + 1] ?? "").split("=");
          env[name] = value.join("=");
        }
      }
      found.set(assistant, {
        command: words[separator + 1] ?? "",
        args: words.slice(separator + 2),
        env,
      });
    }
  }
  return found;
}

describe("the README's assistant configurations", () => {
  let app: TestApp;
  let baseUrl: string;
  before(async () => {
    app = await buildTestApp();
    baseUrl = await listen(app);
  });
  after(() => app.close());

  test("the client table lists mcp/, and at least two assistants are configured exactly", () => {
    const readme = readFileSync(join(REPOSITORY, "README.md"), "utf8");
    assert.match(readme, /^\| \[`mcp\/`\]\(mcp\/README\.md\) +\|/m);
    assert.match(readme, /^\| \[`client\/`\]\(client\/README\.md\) +\|/m);
    const assistants = [...launches().keys()];
    assert.ok(assistants.length >= 2, `configured: ${assistants.join(", ")}`);
  });

  for (const [assistant, launch] of launches()) {
    test(`${assistant}: the configured server starts and answers with a citation`, async () => {
      assert.equal(launch.env.CLS_BASE_URL, "http://127.0.0.1:3000", "the local server by default");
      const transport = new StdioClientTransport({
        command: launch.command,
        args: launch.args.map((arg) => arg.replace(PLACEHOLDER, REPOSITORY)),
        env: { ...getDefaultEnvironment(), ...launch.env, CLS_BASE_URL: baseUrl },
        stderr: "inherit",
      });
      const client = new Client({ name: "readme-config", version: "0.0.0" });
      await client.connect(transport);
      try {
        const result = await client.callTool({
          name: "get_rule",
          arguments: { code: "NJ", rule: "adult_use.delivery" },
        });
        assert.notEqual(result.isError, true, JSON.stringify(result.content));
        const body = textOf(result) as {
          data: { provenance: { authority: { citation: string } } };
        };
        assert.ok(body.data.provenance.authority.citation.length > 0);
      } finally {
        await client.close();
      }
    });
  }
});
