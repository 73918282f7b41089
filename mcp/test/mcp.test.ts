/**
 * The MCP server as an assistant sees it: the SDK's client spawns it over
 * stdio (as `npm start` runs it, from the sources) and calls every tool
 * against the project's app listening on 127.0.0.1. Results are compared
 * with the API's own answers, so whatever the records hold — citations
 * included — must come through unchanged.
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

const MCP_DIR = join(import.meta.dirname, "..");
const TOOLS = [
  "get_federal",
  "get_jurisdiction",
  "get_jurisdiction_history",
  "list_changes",
  "list_jurisdictions",
];

async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === "object");
  return `http://127.0.0.1:${address.port}`;
}

/** Spawns the server the way its `start` script does and connects the SDK's client. */
async function connect(env: Record<string, string>): Promise<Client> {
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

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

function textOf(result: ToolResult): unknown {
  const content = result.content as { type: string; text?: string }[];
  assert.equal(content[0]?.type, "text");
  return JSON.parse(content[0]?.text ?? "");
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.content)}`);
  const body = textOf(result);
  assert.deepEqual(result.structuredContent, body, "structured content is the same body");
  return body as { data: unknown; meta: Record<string, unknown> };
}

async function problemOf(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true);
  return (textOf(result) as { problem: { code: string; detail: string } }).problem;
}

/** Every object in a JSON value that carries an `authority`. */
function cited(value: unknown): { authority: unknown; sources?: unknown }[] {
  if (Array.isArray(value)) return value.flatMap(cited);
  if (value === null || typeof value !== "object") return [];
  const own = "authority" in value ? [value as { authority: unknown }] : [];
  return [...own, ...Object.values(value).flatMap(cited)];
}

describe("the tools against a real server", () => {
  let app: TestApp;
  let baseUrl: string;
  let client: Client;
  const api = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`);
    assert.equal(response.status, 200, path);
    return response.json();
  };
  before(async () => {
    app = await buildTestApp();
    baseUrl = await listen(app);
    client = await connect({ CLS_BASE_URL: baseUrl });
  });
  after(async () => {
    await client.close();
    await app.close();
  });

  const document = JSON.parse(readFileSync(join(MCP_DIR, "../client/openapi.json"), "utf8"));
  type Parameter = {
    name: string;
    in: string;
    required?: boolean;
    schema: Record<string, unknown>;
  };
  const operations = new Map<string, Parameter[]>();
  for (const path of Object.values(document.paths) as Record<string, unknown>[]) {
    const get = path.get as { operationId: string; parameters?: Parameter[] } | undefined;
    if (get !== undefined) operations.set(get.operationId, get.parameters ?? []);
  }
  const operationOf: Record<string, string> = {
    list_jurisdictions: "listStates",
    get_jurisdiction: "getState",
    get_jurisdiction_history: "getStateHistory",
    get_federal: "getFederal",
    list_changes: "listChanges",
  };
  // `format=geojson` returns map outlines, not facts: no tool offers it.
  const leftOut = new Set(["listStates.format"]);
  const KEYWORDS = ["type", "enum", "pattern", "minimum", "maximum", "minLength", "maxLength"];
  const constraints = (schema: Record<string, unknown>) => {
    const kept = Object.fromEntries(KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]]));
    const values = schema.enum as unknown[] | undefined;
    if (!("type" in kept) && values?.every((v) => typeof v === "string")) kept.type = "string";
    return kept;
  };

  test("the five tools mirror their operations' parameters and say they are not legal advice", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
    for (const tool of tools) {
      const operationId = operationOf[tool.name] ?? "";
      const parameters = operations.get(operationId);
      assert.ok(parameters, `${tool.name}: no GET operation ${operationId}`);
      const expected = parameters.filter((p) => !leftOut.has(`${operationId}.${p.name}`));
      const properties = (tool.inputSchema.properties ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      assert.deepEqual(
        Object.keys(properties).sort(),
        expected.map((p) => p.name).sort(),
        `${tool.name}: parameter names`,
      );
      for (const parameter of expected) {
        assert.deepEqual(
          constraints(properties[parameter.name] ?? {}),
          constraints(parameter.schema),
          `${tool.name}.${parameter.name}`,
        );
        assert.ok(properties[parameter.name]?.description, `${tool.name}.${parameter.name}`);
      }
      assert.deepEqual(
        [...(tool.inputSchema.required ?? [])].sort(),
        expected
          .filter((p) => p.required === true)
          .map((p) => p.name)
          .sort(),
        `${tool.name}: required parameters`,
      );
      assert.match(tool.description ?? "", /not legal advice/);
      assert.match(tool.description ?? "", /authority/);
      assert.equal(tool.annotations?.readOnlyHint, true);
    }
  });

  test("list_jurisdictions: filters, fields and as_of give the API's answer", async () => {
    const adultUse = await call(client, "list_jurisdictions", {
      status: "adult_use",
      decriminalized: "true",
      fields: "code,name,status,decriminalization",
    });
    assert.deepEqual(
      adultUse,
      await api(
        "/v1/states?status=adult_use&decriminalized=true&fields=code,name,status,decriminalization",
      ),
    );
    const records = adultUse.data as { status: string }[];
    assert.ok(records.length > 10 && records.every((record) => record.status === "adult_use"));
    assert.ok(cited(records).length >= records.length, "each decriminalization group is cited");

    const in2012 = await call(client, "list_jurisdictions", {
      include: "territories",
      as_of: "2012-12-09",
      fields: "code,status",
    });
    assert.deepEqual(
      in2012,
      await api("/v1/states?include=territories&as_of=2012-12-09&fields=code,status"),
    );
    assert.equal((in2012.data as unknown[]).length, 56);
  });

  test("get_jurisdiction: one whole record, every fact group with its citation; as_of", async () => {
    const california = await call(client, "get_jurisdiction", { code: "ca" });
    assert.deepEqual(california, await api("/v1/states/CA"));
    const citations = cited(california.data);
    assert.ok(citations.length >= 3, `${citations.length} cited groups`);
    assert.ok(citations.some((group) => Array.isArray(group.sources) && group.sources.length > 0));

    const colorado = await call(client, "get_jurisdiction", {
      code: "CO",
      as_of: "2012-12-09",
      fields: "code,status,adult_use",
    });
    assert.deepEqual(
      colorado,
      await api("/v1/states/CO?as_of=2012-12-09&fields=code,status,adult_use"),
    );
    assert.equal((colorado.data as { status: string }).status, "medical");
  });

  test("get_jurisdiction_history: dated events, each with its authority and sources", async () => {
    const history = await call(client, "get_jurisdiction_history", { code: "CO" });
    assert.deepEqual(history, await api("/v1/states/CO/history"));
    const events = history.data as { authority: unknown; sources: unknown[] }[];
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.authority && event.sources.length > 0));
  });

  test("get_federal: the federal picture with its citations", async () => {
    const federal = await call(client, "get_federal");
    assert.deepEqual(federal, await api("/v1/federal"));
    assert.ok(cited(federal.data).length >= 3);
  });

  test("list_changes: since and limit, then the next page by cursor", async () => {
    const first = await call(client, "list_changes", { since: "2020-01-01", limit: 5 });
    assert.deepEqual(first, await api("/v1/changes?since=2020-01-01&limit=5"));
    const next = first.meta.next;
    assert.equal(typeof next, "string");
    const second = await call(client, "list_changes", {
      since: "2020-01-01",
      limit: 5,
      cursor: next,
    });
    assert.deepEqual(second, await api(`/v1/changes?since=2020-01-01&limit=5&cursor=${next}`));
    const events = [...(first.data as { id: string }[]), ...(second.data as { id: string }[])];
    assert.equal(new Set(events.map((event) => event.id)).size, 10);
  });

  test("list_changes: by the day changes take effect, for some jurisdictions", async () => {
    const query = {
      basis: "effective",
      since: "2026-11-01",
      until: "2026-11-30",
      jurisdiction: "OH,US",
    };
    const answer = await call(client, "list_changes", query);
    assert.deepEqual(answer, await api(`/v1/changes?${new URLSearchParams(query)}`));
    assert.ok(
      (answer.data as { jurisdiction: string }[]).some((event) => event.jurisdiction === "US"),
    );
  });

  test("the API's problems come back as tool errors the assistant can read", async () => {
    const missing = await problemOf(client, "get_jurisdiction", { code: "ZZ" });
    assert.equal(missing.code, "jurisdiction_not_found");
    const unknownField = await problemOf(client, "list_jurisdictions", { fields: "code,colour" });
    assert.equal(unknownField.code, "unknown_field");
  });

  test("arguments the API would refuse are refused against the schema", async () => {
    const result = await client.callTool({
      name: "get_jurisdiction",
      arguments: { code: "CO", as_of: "last year" },
    });
    assert.equal(result.isError, true);
    assert.match(JSON.stringify(result.content), /as_of/);
  });
});

describe("configuration", () => {
  let app: TestApp;
  let baseUrl: string;
  const statuses: number[] = [];
  before(async () => {
    app = await buildTestApp(
      {},
      { PUBLIC_RATE_LIMIT: "1", PUBLIC_RATE_WINDOW_SECONDS: "2" },
      (instance) => {
        instance.addHook("onResponse", async (_request, reply) => {
          statuses.push(reply.statusCode);
        });
      },
    );
    baseUrl = await listen(app);
  });
  after(() => app.close());

  test("a 429 is waited out through the client", async () => {
    const client = await connect({ CLS_BASE_URL: baseUrl });
    try {
      statuses.length = 0;
      // One request a window: of two at once, one is refused and retried after Retry-After.
      const [washington, oregon] = await Promise.all([
        call(client, "get_jurisdiction", { code: "WA", fields: "code,status" }),
        call(client, "get_jurisdiction", { code: "OR", fields: "code,status" }),
      ]);
      assert.deepEqual(washington.data, { code: "WA", status: "adult_use" });
      assert.deepEqual(oregon.data, { code: "OR", status: "adult_use" });
      assert.ok(statuses.includes(429), `the server answered ${statuses.join(", ")}`);
    } finally {
      await client.close();
    }
  });

  test("CLS_API_KEY is sent as the API key", async () => {
    const client = await connect({ CLS_BASE_URL: baseUrl, CLS_API_KEY: "cls_not-a-real-key" });
    try {
      const problem = await problemOf(client, "get_federal", {});
      assert.equal(problem.code, "invalid_api_key");
    } finally {
      await client.close();
    }
  });
});
