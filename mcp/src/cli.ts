#!/usr/bin/env node
/**
 * The MCP server over stdio. Configuration comes from the environment, read
 * here only:
 * - CLS_BASE_URL: the API's origin (default http://127.0.0.1:3000, a local `npm start`),
 *   without credentials (refused, never printed);
 * - CLS_API_KEY: optional; sent as X-API-Key for the keyed rate limit.
 * stdout carries the protocol alone; diagnostics go to stderr.
 */
import { createClient } from "@cannabis-legal-status/client";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "./tools.ts";

const NAME = "cannabis-legal-status";
const VERSION = "1.0.0";

/**
 * The API's origin from CLS_BASE_URL. A user name or password in it is
 * refused, and the value itself is never printed: an error message reaches
 * the assistant's log, and the key belongs in CLS_API_KEY.
 */
function readBaseUrl(value: string | undefined): string {
  const raw = value === undefined || value === "" ? "http://127.0.0.1:3000" : value;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("CLS_BASE_URL is not a URL (e.g. https://api.example.org)");
  }
  if (url.username !== "" || url.password !== "") {
    throw new Error(
      "CLS_BASE_URL must not contain a user name or password; put the API key in CLS_API_KEY",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`CLS_BASE_URL must be http: or https:, not ${url.protocol}`);
  }
  return raw;
}

try {
  const apiKey = process.env.CLS_API_KEY;
  const api = createClient({
    baseUrl: readBaseUrl(process.env.CLS_BASE_URL),
    ...(apiKey !== undefined && apiKey !== "" ? { apiKey } : {}),
  });
  const server = createMcpServer(api, { name: NAME, version: VERSION });
  await server.connect(new StdioServerTransport());
} catch (error) {
  process.stderr.write(`${NAME} MCP server: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
