import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import {
  createDatabase,
  type DatabaseOptions,
  isDatabaseUnavailable,
} from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import {
  createTestSchema,
  POSTGRES_URL,
  randomName,
  skipUnlessReachable,
} from "../support/backends.ts";
import { until } from "../support/wait.ts";
import { storageContract } from "./storage.contract.ts";

storageContract("PostgreSQL", {
  skip: () => skipUnlessReachable("PostgreSQL", POSTGRES_URL),
  open: async () => {
    const schema = await createTestSchema();
    return { database: createDatabase(schema.url), dispose: schema.drop };
  },
});

/** A database on a fresh schema of its own, closed and dropped when the test ends; and its URL. */
async function freshDatabase(t: TestContext, options?: DatabaseOptions) {
  const schema = await createTestSchema();
  const database = createDatabase(schema.url, options);
  t.after(async () => {
    await database.close();
    await schema.drop();
  });
  return { ...database, url: schema.url };
}

test("PostgreSQL: a schema is migrated on its own even when another schema on the server is migrated already", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const a = await freshDatabase(t);
  const b = await freshDatabase(t);
  assert.ok((await migrateToLatest(a.db)).length > 0);
  assert.ok((await migrateToLatest(b.db)).length > 0, "the second schema gets its own tables");
  assert.deepEqual(await migrateToLatest(b.db), []);
});

test("PostgreSQL: introspection sees the current schema alone, and says of it what Kysely's own introspector says", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const database = await freshDatabase(t);
  const otherDatabase = await freshDatabase(t);
  const stock = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }),
  });
  t.after(() => stock.destroy());
  await migrateToLatest(database.db);
  await migrateToLatest(otherDatabase.db);
  // Every kind of column the introspector tells apart: serial, identity,
  // a default, a comment and a view; the other schema has tables of its own.
  await sql`create table shapes (
    id serial primary key,
    n integer generated always as identity,
    label text not null default 'x',
    at timestamptz
  )`.execute(database.db);
  await sql`comment on column shapes.label is 'what it is called'`.execute(database.db);
  await sql`create view shape_labels as select id, label from shapes`.execute(database.db);
  await sql`create table elsewhere (id integer)`.execute(otherDatabase.db);

  const schemaOf = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db))
    .rows[0]?.s;
  assert.deepEqual(await database.db.introspection.getSchemas(), [{ name: schemaOf }]);
  for (const withInternalKyselyTables of [false, true]) {
    const seen = await database.db.introspection.getTables({ withInternalKyselyTables });
    assert.ok(seen.length > 5, "the migrated tables are seen");
    assert.deepEqual(new Set(seen.map((table) => table.schema)), new Set([schemaOf]));
    assert.equal(
      seen.some((table) => table.name === "kysely_migration"),
      withInternalKyselyTables,
    );
    const expected = (await stock.introspection.getTables({ withInternalKyselyTables })).filter(
      (table) => table.schema === schemaOf,
    );
    const plain = (tables: typeof seen) =>
      JSON.parse(JSON.stringify([...tables].sort((a, b) => a.name.localeCompare(b.name))));
    assert.deepEqual(plain(seen), plain(expected));
    const shapes = seen.find((table) => table.name === "shapes");
    assert.deepEqual(
      shapes?.columns.map((c) => [c.name, c.isAutoIncrementing, c.hasDefaultValue, c.comment]),
      [
        ["id", true, true, undefined],
        ["n", true, false, undefined],
        ["label", false, true, "what it is called"],
        ["at", false, false, undefined],
      ],
    );
    assert.equal(seen.find((table) => table.name === "shape_labels")?.isView, true);
  }
});

test("PostgreSQL: migrations succeed while other schemas on the server are created and dropped", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  // Other instances, tenants and test runs drop schemas at any moment. An
  // introspection that resolved every schema by name failed the migration
  // when one went between listing it and reading it (in about half of these
  // runs with Kysely's own introspector).
  let churning = true;
  let churned = 0;
  const churn = async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      while (churning) {
        const name = randomName("cls_churn");
        await client.query(
          `create schema ${name}; create table ${name}.kysely_migration (name text, n serial)`,
        );
        await client.query(`drop schema ${name} cascade`);
        churned++;
      }
    } finally {
      await client.end();
    }
  };
  const churners = [churn(), churn()];
  const failures: string[] = [];
  try {
    for (let i = 0; i < 20; i++) {
      const schema = await createTestSchema();
      const database = createDatabase(schema.url);
      try {
        await migrateToLatest(database.db);
      } catch (error) {
        failures.push((error as Error).message);
      } finally {
        await database.close();
        await schema.drop();
      }
    }
  } finally {
    churning = false;
    await Promise.all(churners);
  }
  assert.ok(churned > 20, `other schemas came and went during the migrations (${churned})`);
  assert.deepEqual(failures, []);
});

test("PostgreSQL: a connection lost in the middle of a transaction fails that transaction, not the process", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const lost: Error[] = [];
  const database = await freshDatabase(t, { onPoolError: (error) => lost.push(error) });
  const admin = createDatabase(POSTGRES_URL);
  t.after(() => admin.close());
  const failed = await database.db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // The server ends this connection while the transaction waits for us.
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(admin.db);
      await until("the connection to report its loss", () => lost.length > 0, 10_000);
      await sql`select 1`.execute(trx);
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  assert.ok(failed instanceof Error, "the transaction failed");
  assert.equal(isDatabaseUnavailable(failed), true, String(failed));
  assert.match(String(lost[0]?.message), /terminat/i);
  // The pool dropped that connection: the next query gets a new one.
  assert.equal(await database.ping(), true);
});
