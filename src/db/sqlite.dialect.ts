/**
 * Kysely over Node's built-in `node:sqlite` (no native add-on to install):
 * adapts `DatabaseSync` to the interface Kysely's SqliteDialect expects.
 * Booleans become 0/1 (node:sqlite binds only null, numbers, strings, bytes).
 */
import { chmodSync, closeSync, openSync } from "node:fs";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

export function openSqlite(path: string): DatabaseSync {
  if (path !== ":memory:") closeSync(openSync(path, "a", 0o600));
  if (path !== ":memory:") chmodSync(path, 0o600);
  const database = new DatabaseSync(path);
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  if (path !== ":memory:") {
    database.exec("PRAGMA journal_mode = WAL");
    database.exec("PRAGMA synchronous = NORMAL");
  }
  return database;
}

export function createNodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const adapter: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => {
          const result = statement.run(...bind(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
  return new SqliteDialect({ database: adapter });
}
