/**
 * Opens the database named by DATABASE_URL. `sqlite:PATH` (or
 * `sqlite::memory:`) uses Node's built-in SQLite — the embedded default,
 * nothing to install. Dialect differences stay in this folder.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, sql } from "kysely";
import type { DB } from "./schema.ts";
import { createNodeSqliteDialect, openSqlite } from "./sqlite.dialect.ts";

export type Database = Kysely<DB>;

export type DatabaseHandle = {
  db: Database;
  dialect: "sqlite";
  /** Resolves true when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** Called for every query executed (tests count them). */
  onQuery?: (sql: string) => void;
};

export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (!url.startsWith("sqlite:")) {
    throw new Error(`Unsupported DATABASE_URL scheme in ${url.split(":")[0]}: use sqlite:PATH`);
  }
  const path = url.slice("sqlite:".length);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const onQuery = options.onQuery;
  const db = new Kysely<DB>({
    dialect: createNodeSqliteDialect(openSqlite(path)),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
      return true;
    },
    close: () => db.destroy(),
  };
}
