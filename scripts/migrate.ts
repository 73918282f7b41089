/**
 * `npm run migrate` (alias `db:migrate`): applies pending migrations to DATABASE_URL (the
 * same migrations the server runs at start-up) and reports what it did. Like the server, it
 * reads `.env` in the working directory when there is one; the environment wins over it.
 */
import { existsSync } from "node:fs";
import { loadConfig } from "../src/config.ts";
import { createDatabase, describeDatabaseUrl } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig(process.env);
const database = createDatabase(config.databaseUrl);
const where = describeDatabaseUrl(config.databaseUrl);
try {
  const applied = await migrateToLatest(database.db);
  process.stdout.write(
    applied.length === 0
      ? `${where}: schema already up to date\n`
      : `${where}: applied ${applied.join(", ")}\n`,
  );
} catch (error) {
  process.stderr.write(`${where}: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
