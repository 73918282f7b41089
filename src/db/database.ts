/**
 * Opens the database named by DATABASE_URL, the storage seam's only door:
 *
 * - `sqlite:PATH` (or `sqlite::memory:`): Node's built-in SQLite, the
 *   embedded default with nothing to install;
 * - `postgres://…` / `postgresql://…`: PostgreSQL through `pg`'s pool, for
 *   several instances sharing accounts, sessions and keys.
 *
 * Every repository runs the same Kysely query code on both; the dialect
 * differences (drivers, pool limits, the migration lock, which errors mean
 * "the database is unreachable") stay in this folder.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresAdapter, sql } from "kysely";
import type { Pool } from "pg";
import { CurrentSchemaPostgresDialect } from "./postgres.dialect.ts";
import type { DB } from "./schema.ts";
import { createNodeSqliteDialect, openSqlite } from "./sqlite.dialect.ts";

export type Database = Kysely<DB>;

export type Dialect = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  dialect: Dialect;
  /** Resolves true when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** Called for every query executed (tests count them). */
  onQuery?: (sql: string) => void;
  /** Called when a PostgreSQL connection, idle or in use, is lost (logged by the caller). */
  onPoolError?: (error: Error) => void;
};

/** PostgreSQL pool limits: fail fast when the server is gone instead of queueing requests behind it. */
export const PG_POOL = {
  max: 10,
  connectionTimeoutMillis: 2_000,
  idleTimeoutMillis: 30_000,
  /** Server-side cap on one statement, and the client-side one in case the server hangs. */
  statementTimeoutMs: 5_000,
} as const;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The URL without its password, for logs and messages. */
export function describeDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, "$1:***@");
}

export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const onQuery = options.onQuery;
  const log = onQuery
    ? { log: (event: { query: { sql: string } }) => onQuery(event.query.sql) }
    : {};
  if (isPostgresUrl(url)) {
    // pg is loaded with the first query, so an SQLite installation never loads it.
    const pool = async (): Promise<Pool> => {
      const { default: pg } = await import("pg");
      const created = new pg.Pool({
        connectionString: url,
        max: PG_POOL.max,
        connectionTimeoutMillis: PG_POOL.connectionTimeoutMillis,
        idleTimeoutMillis: PG_POOL.idleTimeoutMillis,
        statement_timeout: PG_POOL.statementTimeoutMs,
        query_timeout: PG_POOL.statementTimeoutMs + 1_000,
      });
      // A connection dropped by the server (restart, network cut) emits
      // "error"; unhandled, that would crash the process. The pool listens
      // to its idle connections (below); a connection in use — between two
      // statements of a transaction, say — gets a listener of its own when
      // it is made. Its next query then fails (an unavailable database:
      // 503) and the pool discards it when it is released.
      created.on("error", (error) => options.onPoolError?.(error));
      created.on("connect", (client) => {
        client.on("error", (error) => options.onPoolError?.(error));
      });
      return created;
    };
    const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }), ...log });
    return {
      db,
      dialect: "postgres",
      ping: async () => {
        await sql`select 1`.execute(db);
        return true;
      },
      close: () => db.destroy(),
    };
  }
  if (!url.startsWith("sqlite:")) {
    throw new Error(
      `Unsupported DATABASE_URL scheme ${url.split(":")[0]}: use sqlite:PATH or postgres://…`,
    );
  }
  const path = url.slice("sqlite:".length);
  if (path !== ":memory:") {
    // Accounts and key hashes: readable by the service's user only. The
    // umask applies to the -wal and -shm files SQLite creates next to it.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    process.umask(0o077);
  }
  const db = new Kysely<DB>({ dialect: createNodeSqliteDialect(openSqlite(path)), ...log });
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

/**
 * True when the database can lock rows and skip locked ones (PostgreSQL's
 * `FOR UPDATE SKIP LOCKED`), so several instances claim different rows of a
 * queue at once. SQLite has one writer at a time and needs no row locks.
 * Works on a transaction too.
 */
export function supportsSkipLocked(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * On SQLite, makes the transaction `trx` the database's writer from now on:
 * call it first in a transaction that reads, then writes. SQLite starts a
 * transaction deferred, and one that has read cannot become the writer if
 * another connection to the file wrote meanwhile (it fails at once with
 * "database is locked": busy_timeout does not apply to a stale snapshot).
 * A write as the first statement — one that changes no row — takes the
 * write lock up front, waiting for it under busy_timeout. PostgreSQL needs
 * nothing (its transactions lock rows, not the database).
 */
export async function takeWriteLock(trx: Kysely<DB>): Promise<void> {
  if (supportsSkipLocked(trx)) return;
  await sql`update users set id = id where 1 = 0`.execute(trx);
}

/**
 * Runs `work` in a transaction that holds the user's row lock, so per-user
 * caps (count, then insert) hold however many requests race: on PostgreSQL
 * `SELECT … FOR UPDATE` of the `users` row makes every other such
 * transaction for that user wait until this one commits, and the count it
 * then makes (a new statement, so a new snapshot under READ COMMITTED) sees
 * every committed row. SQLite needs no row lock: the app's one connection
 * runs one transaction at a time, and the transaction takes the file's one
 * write lock before it counts (`takeWriteLock`). Joins the transaction `db`
 * already is, if it is one.
 */
export function withUserLocked<T>(
  db: Kysely<DB>,
  userId: string,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const locked = async (trx: Kysely<DB>) => {
    if (supportsSkipLocked(trx)) {
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
    } else {
      await takeWriteLock(trx);
    }
    return work(trx);
  };
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}

/** Connection-level failures of PostgreSQL: class 08 (connection), 57P0x (shutdown), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0|53300)/;
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|database is locked/i;

/**
 * True when `error` means the database cannot be reached or is not answering
 * (as opposed to a bug or a constraint violation): such requests get a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))
    )
      return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    e = e.cause;
  }
  return false;
}
