/**
 * No tool can flood an assistant's context: the largest result each tool
 * can give — every jurisdiction, every fact group, every page of every
 * list, with the arguments that make it largest — stays within the bound
 * (100,000 characters for the text and the structured copy together,
 * about 25,000 tokens), through the SDK's client over stdio against the
 * real app. Each tool's largest result is reported as a diagnostic.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { buildTestApp } from "../../test/helpers.ts";
import { MAX_BODY_CHARACTERS, MAX_RESULT_CHARACTERS } from "../src/results.ts";
import { type Body, charactersOf, servedTools, textOf } from "./support.ts";

type Json = Record<string, unknown>;

describe("the largest result of every tool", () => {
  const served = servedTools(() => buildTestApp());
  const api = served.api;
  let client: Client;
  before(() => {
    client = served.client();
  });
  const largest = new Map<string, { characters: number; args: Json }>();

  /** Calls a tool, checks the bound and the body's stated size, keeps the tool's largest. */
  async function measure(name: string, args: Json): Promise<Body> {
    const result = await client.callTool({ name, arguments: args });
    assert.notEqual(
      result.isError,
      true,
      `${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`,
    );
    const characters = charactersOf(result);
    assert.ok(
      characters <= MAX_RESULT_CHARACTERS,
      `${name} ${JSON.stringify(args)}: ${characters} characters`,
    );
    const body = textOf(result) as Body;
    const text = JSON.stringify(body).length;
    assert.ok(text <= MAX_BODY_CHARACTERS, `${name}: ${text} characters of text`);
    assert.equal(body.view.characters, text, "the result states its own size");
    assert.ok(body.view.more.length > 0, "the result says how to get more");
    if (characters > (largest.get(name)?.characters ?? -1)) largest.set(name, { characters, args });
    return body;
  }

  /** Every part of a list answer, following `view.next_cursor`. */
  async function measureParts(name: string, args: Json): Promise<number> {
    let cursor: string | null | undefined;
    let parts = 0;
    do {
      const body = await measure(name, cursor ? { ...args, cursor } : args);
      cursor = body.view.next_cursor;
      parts += 1;
    } while (typeof cursor === "string" && parts < 200);
    return parts;
  }

  test("every tool, with the arguments that make its answer largest, stays within the bound", async (t) => {
    const codes = ((await api("/v1/states?include=territories&fields=code")).data as Json[]).map(
      (state) => state.code as string,
    );
    const sample = (await api("/v1/states/CA")).data as Json;
    const everyField = Object.keys(sample).join(",");
    const groups = Object.keys(sample).filter(
      (name) =>
        sample[name] !== null && typeof sample[name] === "object" && !Array.isArray(sample[name]),
    );

    await measureParts("list_jurisdictions", {});
    await measureParts("list_jurisdictions", { include: "territories" });
    const wholeParts = await measureParts("list_jurisdictions", {
      include: "territories",
      fields: everyField,
    });
    assert.ok(wholeParts > 1, "whole records of every place come in parts");
    await measureParts("list_jurisdictions", {
      include: "territories",
      as_of: "2012-12-09",
      fields: everyField,
    });

    for (const code of codes) {
      await measure("get_jurisdiction", { code });
      await measureParts("get_jurisdiction_history", { code });
      for (const group of groups) await measure("get_rule", { code, rule: group });
    }

    const federal = (await api("/v1/federal")).data as Json;
    await measure("get_federal", {});
    await measure("get_federal", { fields: Object.keys(federal).join(",") });

    const eventFields = new Set<string>();
    for (const event of (await api("/v1/changes?limit=500")).data as Json[]) {
      for (const field of Object.keys(event)) eventFields.add(field);
    }
    for (const args of [{ limit: 500 }, { limit: 500, fields: [...eventFields].join(",") }]) {
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body: Body = await measure("list_changes", cursor ? { ...args, cursor } : args);
        cursor = (body.meta.next as string | null) ?? null;
        pages += 1;
      } while (cursor !== null && pages < 100);
    }

    const { tools } = await client.listTools();
    for (const tool of tools) {
      const found = largest.get(tool.name);
      assert.ok(found, `${tool.name} was measured`);
      t.diagnostic(
        `${tool.name}: largest result ${found.characters} characters (about ${Math.ceil(found.characters / 4)} tokens) for ${JSON.stringify(found.args).slice(0, 120)}`,
      );
    }
  });
});
