import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sql } from "kysely";
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

describe("daily counts", () => {
  test("a key counted across two days and across a failed write loses no request", async () => {
    const { database, ids } = await databaseWithKeys(2);
    const errors: unknown[] = [];
    const usage = createKeyUsage(database.db, { error: (entry: unknown) => errors.push(entry) });
    const day1 = Date.parse("2026-11-23T23:59:59Z");
    const day2 = day1 + 1000;
    const [a = "", b = ""] = ids;
    for (let i = 0; i < 5; i++) usage.count(a, day1, i === 0);
    usage.count(b, day1, false);
    usage.count(a, day2, false);
    // The write fails: every count is kept for the next flush, and counts
    // made after the failure add to the same slots.
    await sql`alter table api_key_usage rename to api_key_usage_away`.execute(database.db);
    await usage.flush();
    assert.equal(errors.length, 1);
    await sql`alter table api_key_usage_away rename to api_key_usage`.execute(database.db);
    usage.count(a, day1, true);
    usage.count(a, day2, false);
    await usage.flush();
    usage.count(a, day2, false);
    await usage.flush();
    const rows = await database.db
      .selectFrom("api_key_usage")
      .select(["key_id", "day", "requests", "limited"])
      .orderBy("key_id")
      .orderBy("day")
      .execute();
    assert.deepEqual(
      rows.map((row) => ({ ...row, requests: Number(row.requests), limited: Number(row.limited) })),
      [
        { key_id: a, day: "2026-11-23", requests: 6, limited: 2 },
        { key_id: a, day: "2026-11-24", requests: 3, limited: 0 },
        { key_id: b, day: "2026-11-23", requests: 1, limited: 0 },
      ],
    );
    assert.equal(errors.length, 1);
    await database.close();
  });
});
