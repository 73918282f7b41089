import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { createDatabase, isDatabaseUnavailable } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../support/backends.ts";
import { until } from "../support/wait.ts";
import { storageContract } from "./storage.contract.ts";

storageContract("PostgreSQL", {
  skip: () => skipUnlessReachable("PostgreSQL", POSTGRES_URL),
  open: async () => {
    const schema = await createTestSchema();
    return { database: createDatabase(schema.url), dispose: schema.drop };
  },
});

test("PostgreSQL: a schema is migrated on its own even when another schema on the server is migrated already", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const first = await createTestSchema();
  const second = await createTestSchema();
  const a = createDatabase(first.url);
  const b = createDatabase(second.url);
  try {
    assert.ok((await migrateToLatest(a.db)).length > 0);
    assert.ok((await migrateToLatest(b.db)).length > 0, "the second schema gets its own tables");
    assert.deepEqual(await migrateToLatest(b.db), []);
  } finally {
    await a.close();
    await b.close();
    await first.drop();
    await second.drop();
  }
});

test("PostgreSQL: a connection lost in the middle of a transaction fails that transaction, not the process", async (t) => {
  const skip = await skipUnlessReachable("PostgreSQL", POSTGRES_URL);
  if (skip !== false) return t.skip(skip);
  const schema = await createTestSchema();
  const lost: Error[] = [];
  const database = createDatabase(schema.url, { onPoolError: (error) => lost.push(error) });
  const admin = createDatabase(POSTGRES_URL);
  try {
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
  } finally {
    await database.close();
    await admin.close();
    await schema.drop();
  }
});
