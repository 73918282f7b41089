import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createKeyUsage, WRITE_CHUNK } from "../../src/api-keys/api-key.usage.ts";
import { createTestDatabase } from "../helpers.ts";

async function databaseWithKeys(count: number) {
  const database = await createTestDatabase();
  const nowIso = "2026-01-01T00:00:00.000Z";
  await database.db
    .insertInto("users")
    .values({
      id: "u1",
      email: "u1@example.org",
      password_hash: "$argon2id$unused",
      created_at: nowIso,
      password_changed_at: nowIso,
    })
    .execute();
  const ids = Array.from({ length: count }, (_, i) => `key-${i}`);
  for (let start = 0; start < count; start += 200) {
    await database.db
      .insertInto("api_keys")
      .values(
        ids.slice(start, start + 200).map((id) => ({
          id,
          user_id: "u1",
          name: "k",
          prefix: "cls_abcd",
          key_hash: `hash-${id}`,
          created_at: nowIso,
          expires_at: null,
          last_used_at: null,
          create_nonce: null,
        })),
      )
      .execute();
  }
  return { database, ids };
}

const unwritten = async (database: Awaited<ReturnType<typeof databaseWithKeys>>["database"]) =>
  (
    await database.db
      .selectFrom("api_keys")
      .select("id")
      .where("last_used_at", "is", null)
      .execute()
  ).length;

describe("last-used writes", () => {
  test("first uses of many keys are all written (in chunks)", async () => {
    const count = WRITE_CHUNK * 2 + 7;
    const { database, ids } = await databaseWithKeys(count);
    const usage = createKeyUsage(database.db, { error: () => {} });
    for (const id of ids) usage.touch(id, Date.parse("2026-02-01T00:00:00Z"), false);
    await usage.settled();
    assert.equal(await unwritten(database), 0);
    assert.equal(usage.pending(), 0);
    await database.close();
  });

  test("later uses wait for flush(), which writes every pending key", async () => {
    const count = WRITE_CHUNK + 3;
    const { database, ids } = await databaseWithKeys(count);
    const usage = createKeyUsage(database.db, { error: () => {} });
    for (const id of ids) usage.touch(id, Date.parse("2026-02-01T00:00:00Z"), true);
    assert.equal(usage.pending(), count);
    assert.equal(await unwritten(database), count, "nothing written per request");
    await usage.flush();
    assert.equal(usage.pending(), 0);
    assert.equal(await unwritten(database), 0);
    await database.close();
  });
});
