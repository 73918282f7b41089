/**
 * npm run client:generate: writes client/openapi.json (the API's document)
 * and client/src/schema.ts (its TypeScript types) from the server's own
 * route schemas. Needs the client's dependencies (`npm ci --prefix client`).
 */
import { writeFileSync } from "node:fs";
import { generateTypes } from "../client/scripts/generate-types.ts";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { loadDataset } from "../src/dataset/dataset.load.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { isoDay } from "../src/lib/dates.ts";

/** The base URL written into the client's copy of the document (clients pass their own). */
export const CLIENT_DOCUMENT_BASE_URL = "http://127.0.0.1:3000";

export async function renderClientFiles(): Promise<{ openapi: string; schema: string }> {
  const database = createDatabase("sqlite::memory:");
  await migrateToLatest(database.db);
  const app = await buildApp(loadConfig({ PUBLIC_BASE_URL: CLIENT_DOCUMENT_BASE_URL }), {
    dataset: loadDataset("data", isoDay(new Date())),
    database,
    logger: false,
  });
  try {
    const response = await app.inject({ url: "/openapi.json" });
    const document = JSON.parse(response.body) as object;
    return {
      openapi: `${JSON.stringify(document, null, 2)}\n`,
      schema: await generateTypes(document),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.main) {
  const files = await renderClientFiles();
  writeFileSync("client/openapi.json", files.openapi);
  writeFileSync("client/src/schema.ts", files.schema);
  console.log("Wrote client/openapi.json and client/src/schema.ts.");
}
