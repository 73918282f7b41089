/**
 * A server process for `npm run bench`:
 *   node bench/bench-server.ts bare PATH HEADERS_JSON — bare node:http
 *     answering the exact bytes (and content headers) the service sends for
 *     PATH with those request headers
 *   node bench/bench-server.ts service       — the real app (limits raised so
 *     the admitted path is measured), with one API key created
 * Prints one JSON line {port, key?} when listening.
 */
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { loadDataset } from "../src/dataset/dataset.load.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { isoDay } from "../src/lib/dates.ts";
import { insertUserWithKey } from "../test/fixtures.ts";

const [mode = "service", path = "/v1/states/CA", headersJson = "{}"] = process.argv.slice(2);
const config = loadConfig({
  PUBLIC_BASE_URL: "http://127.0.0.1",
  PUBLIC_RATE_LIMIT: "100000000",
  KEY_RATE_LIMIT: "100000000",
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "cls-bench-")), "bench.db")}`,
});
const database = createDatabase(config.databaseUrl);
await migrateToLatest(database.db as never);
const dataset = loadDataset("data", isoDay(new Date()));
const app = await buildApp(config, {
  dataset,
  database,
  logger: false,
});
await app.ready();

if (mode === "bare") {
  const sample = await app.inject({
    url: path,
    headers: JSON.parse(headersJson) as Record<string, string>,
  });
  const body = sample.rawPayload;
  const headers: Record<string, string | number> = { "content-length": body.length };
  for (const name of ["content-type", "content-encoding", "etag", "vary", "cache-control"]) {
    const value = sample.headers[name];
    if (value !== undefined) headers[name] = String(value);
  }
  await app.close();
  const server = createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(
      `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0, bytes: body.length })}\n`,
    );
  });
} else {
  const key = await insertUserWithKey(database.db);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0, key })}\n`,
  );
}
process.on("SIGINT", () => process.exit(0));
