/**
 * The MCP server as an assistant sees it: the SDK's client spawns it over
 * stdio (as `npm start` runs it, from the sources) and calls every tool
 * against the project's app listening on 127.0.0.1. Results are compared
 * with the API's own answers, so whatever the records hold — citations
 * included — comes through unchanged, in parts small enough for a model.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";
import { toolOnlyInputs, toolOperations } from "../src/tools.ts";
import { call, connect, listen, MCP_DIR, problemOf, servedTools } from "./support.ts";

const TOOLS = [
  "get_federal",
  "get_jurisdiction",
  "get_jurisdiction_history",
  "get_rule",
  "list_changes",
  "list_jurisdictions",
];

/** Every object in a JSON value that carries an `authority`. */
function cited(value: unknown): { authority: unknown; sources?: unknown }[] {
  if (Array.isArray(value)) return value.flatMap(cited);
  if (value === null || typeof value !== "object") return [];
  const own = "authority" in value ? [value as { authority: unknown }] : [];
  return [...own, ...Object.values(value).flatMap(cited)];
}

type Json = Record<string, unknown>;
const without = (item: Json, name: string) =>
  Object.fromEntries(Object.entries(item).filter(([key]) => key !== name));

describe("the tools against a real server", () => {
  const served = servedTools(() => buildTestApp());
  const api = served.api;
  let client: Client;
  before(() => {
    client = served.client();
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
  const KEYWORDS = ["type", "enum", "pattern", "minimum", "maximum", "minLength", "maxLength"];
  const constraints = (schema: Record<string, unknown>) => {
    const kept = Object.fromEntries(KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]]));
    const values = schema.enum as unknown[] | undefined;
    if (!("type" in kept) && values?.every((v) => typeof v === "string")) kept.type = "string";
    return kept;
  };

  test("the tools mirror their operations' parameters, state their cost and say they are not legal advice", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
    for (const tool of tools) {
      const name = tool.name as keyof typeof toolOperations;
      const operationId = toolOperations[name];
      const parameters = operations.get(operationId);
      assert.ok(parameters, `${tool.name}: no GET operation ${operationId}`);
      // `format=geojson` returns map outlines, not facts: no tool offers it.
      const { added, left_out } = toolOnlyInputs[name] as {
        added: readonly string[];
        left_out: readonly string[];
      };
      const expected = parameters.filter((p) => !left_out.includes(p.name));
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, Json>;
      assert.deepEqual(
        Object.keys(properties).sort(),
        [...expected.map((p) => p.name), ...added].sort(),
        `${tool.name}: parameter names`,
      );
      for (const parameter of expected) {
        assert.deepEqual(
          constraints(properties[parameter.name] ?? {}),
          constraints(parameter.schema),
          `${tool.name}.${parameter.name}`,
        );
      }
      for (const property of Object.keys(properties)) {
        assert.ok(properties[property]?.description, `${tool.name}.${property} is described`);
      }
      assert.deepEqual(
        [...(tool.inputSchema.required ?? [])].sort(),
        [
          ...expected.filter((p) => p.required === true).map((p) => p.name),
          ...(tool.name === "get_rule" ? ["rule"] : []),
        ].sort(),
        `${tool.name}: required parameters`,
      );
      assert.match(tool.description ?? "", /not legal advice/);
      assert.match(tool.description ?? "", /authority/);
      assert.match(tool.description ?? "", /Cost: .*tokens/, `${tool.name} says what it costs`);
      assert.match(tool.description ?? "", /at most about 12,000 tokens/);
      assert.equal(tool.annotations?.readOnlyHint, true);
    }
  });

  test("list_jurisdictions: by default a summary of each, saying how to get more", async () => {
    const summary = await call<Json[]>(client, "list_jurisdictions", { include: "territories" });
    const expected = await api(
      "/v1/states?include=territories&fields=code,name,type,status,decriminalized,summary",
    );
    assert.deepEqual(summary.data, expected.data);
    assert.deepEqual(summary.meta, expected.meta);
    assert.equal(summary.view.returned, 56);
    assert.equal(summary.view.next_cursor, null);
    assert.match(summary.view.more, /get_rule/);
    assert.match(summary.view.more, /fields/);
    assert.match(summary.view.shows, /summary/);
    // The description's stated cost is the cost, give or take half.
    const { tools } = await client.listTools();
    const description = tools.find((tool) => tool.name === "list_jurisdictions")?.description;
    const stated = Number(
      /about ([0-9,]+) tokens for all 56/.exec(description ?? "")?.[1]?.replace(",", ""),
    );
    const tokens = JSON.stringify(summary).length / 4;
    assert.ok(tokens > stated / 2 && tokens < stated * 2, `stated ${stated}, measured ${tokens}`);
  });

  test("list_jurisdictions: filters, fields and as_of give the API's answer", async () => {
    const adultUse = await call<{ status: string }[]>(client, "list_jurisdictions", {
      status: "adult_use",
      decriminalized: "true",
      fields: "code,name,status,decriminalization",
    });
    const expected = await api(
      "/v1/states?status=adult_use&decriminalized=true&fields=code,name,status,decriminalization",
    );
    assert.deepEqual(adultUse.data, expected.data);
    assert.deepEqual(adultUse.meta, expected.meta);
    const records = adultUse.data;
    assert.ok(records.length > 10 && records.every((record) => record.status === "adult_use"));
    assert.ok(cited(records).length >= records.length, "each decriminalization group is cited");

    const in2012 = await call<unknown[]>(client, "list_jurisdictions", {
      include: "territories",
      as_of: "2012-12-09",
      fields: "code,status",
    });
    assert.deepEqual(
      in2012.data,
      (await api("/v1/states?include=territories&as_of=2012-12-09&fields=code,status")).data,
    );
    assert.equal(in2012.data.length, 56);
  });

  test("list_jurisdictions: open markets (sales=) and single values by dotted fields", async () => {
    const open = await call<{ code: string }[]>(client, "list_jurisdictions", {
      include: "territories",
      status: "adult_use",
      sales: "operating",
      fields: "code,adult_use.purchase_limit",
    });
    const expected = await api(
      "/v1/states?include=territories&status=adult_use&sales=operating&fields=code,adult_use.purchase_limit",
    );
    assert.deepEqual(open.data, expected.data);
    const codes = open.data.map((record) => record.code);
    for (const code of ["DC", "VA", "GU", "VI"]) assert.ok(!codes.includes(code), code);
    assert.ok(codes.includes("CA"));
    const ohio = await call<Record<string, Record<string, unknown>>>(client, "get_jurisdiction", {
      code: "OH",
      fields: "adult_use.purchase_limit,hemp.intoxicating_products",
    });
    assert.deepEqual(Object.keys(ohio.data), ["adult_use", "hemp"]);
    assert.deepEqual(Object.keys(ohio.data.adult_use ?? {}), ["purchase_limit", "provenance"]);
  });

  test("list_jurisdictions: whole groups for every place come in parts that add up to the API's list", async () => {
    const expected = (await api("/v1/states?include=territories&fields=code,adult_use,medical"))
      .data as Json[];
    const parts: Json[] = [];
    let cursor: string | null | undefined;
    let calls = 0;
    do {
      const part = await call<Json[]>(client, "list_jurisdictions", {
        include: "territories",
        fields: "code,adult_use,medical",
        ...(cursor ? { cursor } : {}),
      });
      parts.push(...part.data);
      cursor = part.view.next_cursor;
      calls += 1;
      if (cursor !== null) assert.match(part.view.more, new RegExp(`cursor=${cursor}`));
    } while (cursor !== null && calls < 100);
    assert.ok(calls > 1, "too large for one answer");
    assert.deepEqual(parts, expected);
  });

  test("get_jurisdiction: one whole record, every fact group with its citation; as_of", async () => {
    const california = await call(client, "get_jurisdiction", { code: "ca" });
    const expected = await api("/v1/states/CA");
    assert.deepEqual(california.data, expected.data);
    assert.deepEqual(california.meta, expected.meta);
    assert.equal(california.view.omitted, undefined);
    const citations = cited(california.data);
    assert.ok(citations.length >= 3, `${citations.length} cited groups`);
    assert.ok(citations.some((group) => Array.isArray(group.sources) && group.sources.length > 0));

    const colorado = await call<{ status: string }>(client, "get_jurisdiction", {
      code: "CO",
      as_of: "2012-12-09",
      fields: "code,status,adult_use",
    });
    assert.deepEqual(
      colorado.data,
      (await api("/v1/states/CO?as_of=2012-12-09&fields=code,status,adult_use")).data,
    );
    assert.equal(colorado.data.status, "medical");
  });

  test("get_rule: can a licensed business deliver in NJ, and under which law? One call, with the citation", async () => {
    const record = (await api("/v1/states/NJ")).data as {
      status: string;
      adult_use: Json & { provenance: Json };
    };
    const rule = await call<Json>(client, "get_rule", { code: "nj", rule: "adult_use.delivery" });
    assert.equal(rule.data.code, "NJ");
    assert.equal(rule.data.status, record.status);
    assert.equal(rule.data.rule, "adult_use.delivery");
    assert.deepEqual(rule.data.value, record.adult_use.delivery);
    assert.deepEqual(rule.data.provenance, record.adult_use.provenance.delivery);
    const provenance = rule.data.provenance as { authority: { citation: string } };
    assert.ok(provenance.authority.citation.length > 0, "the law that sets it");
    assert.deepEqual(rule.data.authority, record.adult_use.authority);
    assert.deepEqual(rule.data.sources, record.adult_use.sources);
    assert.ok(JSON.stringify(rule).length < 8000, "a few hundred tokens, not a whole record");

    const past = await call<Json>(client, "get_rule", {
      code: "CO",
      rule: "status",
      as_of: "2012-12-09",
    });
    assert.equal(past.data.value, "medical");

    const unknown = await problemOf(client, "get_rule", { code: "NJ", rule: "adult_use.drones" });
    assert.equal(unknown.code, "unknown_rule");
    assert.match(unknown.detail, /adult_use\.delivery/, "the refusal lists the rules there are");
  });

  test("get_rule: a state's hemp rule comes with federal law's, and its citation", async () => {
    const rule = await call<Json>(client, "get_rule", {
      code: "IL",
      rule: "hemp.intoxicating_products",
    });
    const record = (await api("/v1/states/IL")).data as { hemp: Json };
    assert.equal(rule.data.value, record.hemp.intoxicating_products);
    assert.deepEqual(rule.data.federal, record.hemp.federal);
    // The suite runs on the real clock, after federal law's rule took effect on 2026-11-12.
    const federal = rule.data.federal as { authority: { citation: string } } | null;
    assert.ok(federal !== null);
    assert.match(federal.authority.citation, /119-37/);
    const past = await call<Json>(client, "get_rule", {
      code: "IL",
      rule: "hemp.intoxicating_products",
      as_of: "2026-11-11",
    });
    assert.equal(past.data.federal, null);
  });

  test("get_rule: a change already enacted for the rule comes with it", async () => {
    const states = (await api("/v1/states?include=territories&fields=code,upcoming")).data as {
      code: string;
      upcoming: { id: string; sets: Json }[];
    }[];
    const pending = states.find((state) => state.upcoming.some((change) => change.sets));
    if (pending === undefined) return; // no change pending in this release
    const change = pending.upcoming.find((candidate) => candidate.sets) as {
      id: string;
      sets: Json;
    };
    const path = Object.keys(change.sets)[0] as string;
    const rule = await call<{ upcoming: { id: string }[] }>(client, "get_rule", {
      code: pending.code,
      rule: path,
    });
    assert.ok(rule.data.upcoming.some((candidate) => candidate.id === change.id));
  });

  test("get_jurisdiction_history: dated events, each with its authority and sources", async () => {
    const history = await call<{ authority: unknown; sources: unknown[] }[]>(
      client,
      "get_jurisdiction_history",
      { code: "CO" },
    );
    const expected = await api("/v1/states/CO/history");
    assert.deepEqual(history.data, expected.data);
    assert.deepEqual(history.meta, expected.meta);
    const events = history.data;
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.authority && event.sources.length > 0));
  });

  test("get_federal: the federal picture with its citations; fields keeps a part", async () => {
    const federal = await call(client, "get_federal");
    const expected = await api("/v1/federal");
    assert.deepEqual(federal.data, expected.data);
    assert.ok(cited(federal.data).length >= 3);
    const part = await call<Json>(client, "get_federal", { fields: "csa_schedule,rescheduling" });
    const whole = expected.data as Json;
    assert.deepEqual(part.data, {
      csa_schedule: whole.csa_schedule,
      rescheduling: whole.rescheduling,
    });
    const unknown = await problemOf(client, "get_federal", { fields: "csa_schedule,colour" });
    assert.equal(unknown.code, "unknown_field");
    assert.match(unknown.detail, /colour/);
  });

  test("list_changes: events without their sources by default; since and limit, then the next page by cursor", async () => {
    const first = await call<Json[]>(client, "list_changes", { since: "2020-01-01", limit: 5 });
    const expected = await api("/v1/changes?since=2020-01-01&limit=5");
    assert.deepEqual(
      first.data,
      (expected.data as Json[]).map((event) => without(event, "sources")),
    );
    assert.deepEqual(first.meta, expected.meta);
    assert.ok(
      first.data.every((event) => event.authority),
      "the law stays with each event",
    );
    const next = first.meta.next;
    assert.equal(typeof next, "string");
    const second = await call<{ id: string }[]>(client, "list_changes", {
      since: "2020-01-01",
      limit: 5,
      cursor: next,
      fields: "id,title,sources",
    });
    const page = await api(`/v1/changes?since=2020-01-01&limit=5&cursor=${next}`);
    assert.deepEqual(
      second.data,
      (page.data as Json[]).map(({ id, title, sources }) => ({ id, title, sources })),
    );
    const events = [...(first.data as { id: string }[]), ...second.data];
    assert.equal(new Set(events.map((event) => event.id)).size, 10);
  });

  test("list_changes: a page too large for one answer is shortened and the next one continues right after it", async () => {
    const all = (await api("/v1/changes?limit=500")).data as Json[];
    const seen: Json[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const page = await call<Json[]>(client, "list_changes", {
        limit: 500,
        fields: "id,jurisdiction,date,effective,kind,title,summary,authority,sources,sets",
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.data);
      cursor = (page.meta.next as string | null) ?? undefined;
      calls += 1;
      if (calls === 1) assert.match(page.view.more, /shortened/);
    } while (cursor !== undefined && seen.length < all.length && calls < 50);
    assert.ok(calls > 1);
    assert.deepEqual(
      seen.slice(0, all.length).map((event) => event.id),
      all.map((event) => event.id),
    );
  });

  test("list_changes: by the day changes take effect, for some jurisdictions", async () => {
    const query = {
      basis: "effective",
      since: "2026-11-01",
      until: "2026-11-30",
      jurisdiction: "OH,US",
    };
    const answer = await call<Json[]>(client, "list_changes", query);
    const direct = (await api(`/v1/changes?${new URLSearchParams(query)}`)).data as Json[];
    assert.deepEqual(
      answer.data.map((event) => event.id),
      direct.map((event) => event.id),
    );
    assert.equal(answer.meta.basis, "effective");
    assert.ok(
      answer.data.some((event) => event.jurisdiction === "US"),
      "the federal hemp redefinition took effect on 2026-11-12",
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

describe("an upstream that is not the API", () => {
  test("a non-JSON answer is a tool error with a fixed text, nothing of the body", async () => {
    const page = "<html><body>GATEWAY-SECRET-7f3a internal-host.corp.example</body></html>";
    const upstream = createServer((request, response) => {
      const ok = (request.url ?? "").startsWith("/v1/federal");
      response.writeHead(ok ? 200 : 502, { "content-type": "text/html" }).end(page);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as AddressInfo;
    const client = await connect({ CLS_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      for (const [name, args] of [
        ["get_federal", {}],
        ["get_jurisdiction", { code: "CA" }],
      ] as const) {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, true, name);
        const text = JSON.stringify(result.content);
        assert.match(text, /bad_upstream_response/, name);
        assert.match(text, /not the API's JSON/, name);
        for (const piece of ["GATEWAY", "SECRET", "html", "<", "internal-host"])
          assert.ok(!text.includes(piece), `${name}: ${piece} echoed in ${text}`);
      }
    } finally {
      await client.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
