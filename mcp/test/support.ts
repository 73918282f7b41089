/**
 * What the MCP suites share: the app listening on 127.0.0.1, the server
 * spawned the way its `start` script runs it with the SDK's client
 * connected over stdio, and reading a tool's result as an assistant gets it.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import type { TestApp } from "../../test/helpers.ts";

export const MCP_DIR = join(import.meta.dirname, "..");

export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === "object");
  return `http://127.0.0.1:${address.port}`;
}

/** Spawns the server the way its `start` script does and connects the SDK's client. */
export async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--conditions=cls-source", "src/cli.ts"],
    cwd: MCP_DIR,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "inherit",
  });
  const client = new Client({ name: "mcp-test", version: "0.0.0" });
  await client.connect(transport);
  return client;
}

/**
 * For a suite: before it, the app listening on 127.0.0.1 and the MCP
 * server connected to it; after it, both closed. `client()` is the SDK's
 * client, `api(path)` the API's own answer to compare with.
 */
export function servedTools(build: () => Promise<TestApp>) {
  let app: TestApp | undefined;
  let baseUrl = "";
  let connected: Client | undefined;
  before(async () => {
    app = await build();
    baseUrl = await listen(app);
    connected = await connect({ CLS_BASE_URL: baseUrl });
  });
  after(async () => {
    await connected?.close();
    await app?.close();
  });
  return {
    client: (): Client => {
      assert.ok(connected !== undefined, "the suite's server is connected");
      return connected;
    },
    api: async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      assert.equal(response.status, 200, path);
      return (await response.json()) as { data: unknown; meta: Record<string, unknown> };
    },
  };
}

export type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

export type View = {
  shows: string;
  more: string;
  returned?: number;
  total?: number;
  next_cursor?: string | null;
  omitted?: Record<string, number>;
  characters?: number;
  limit_characters?: number;
};

export type Body<Data = unknown> = { data: Data; meta: Record<string, unknown>; view: View };

export function textOf(result: ToolResult): unknown {
  const content = result.content as { type: string; text?: string }[];
  assert.equal(content[0]?.type, "text");
  return JSON.parse(content[0]?.text ?? "");
}

/** Characters of the whole result: its text content and its structured copy. */
export function charactersOf(result: ToolResult): number {
  const content = result.content as { type: string; text?: string }[];
  const text = content.reduce((sum, part) => sum + (part.text ?? "").length, 0);
  return (
    text +
    (result.structuredContent === undefined ? 0 : JSON.stringify(result.structuredContent).length)
  );
}

export async function call<Data = unknown>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Body<Data>> {
  const result = await client.callTool({ name, arguments: args });
  assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.content)}`);
  const body = textOf(result);
  assert.deepEqual(result.structuredContent, body, "structured content is the same body");
  return body as Body<Data>;
}

export async function problemOf(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true);
  return (textOf(result) as { problem: { code: string; detail: string } }).problem;
}
