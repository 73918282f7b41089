import assert from "node:assert/strict";
import { test } from "node:test";
import { createDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../support/backends.ts";
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
    assert.ok((await migrateToLatest(a.db as never)).length > 0);
    assert.ok(
      (await migrateToLatest(b.db as never)).length > 0,
      "the second schema gets its own tables",
    );
    assert.deepEqual(await migrateToLatest(b.db as never), []);
  } finally {
    await a.close();
    await b.close();
    await first.drop();
    await second.drop();
  }
});
