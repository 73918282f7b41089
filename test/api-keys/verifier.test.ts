import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createApiKeyVerifier } from "../../src/api-keys/api-key.verifier.ts";
import { generateApiKey } from "../../src/api-keys/api-keys.format.ts";
import { insertUserWithKey } from "../fixtures.ts";
import { createTestDatabase } from "../helpers.ts";

const NOW = Date.parse("2026-03-01T00:00:00Z");

async function setup(options: { expiresAt?: string | null } = {}) {
  const queries: string[] = [];
  const database = await createTestDatabase((sql) => queries.push(sql));
  const secret = await insertUserWithKey(database.db, {
    nowIso: "2026-01-01T00:00:00.000Z",
    ...options,
  });
  const row = await database.db
    .selectFrom("api_keys")
    .select(["id", "user_id"])
    .executeTakeFirstOrThrow();
  queries.length = 0;
  const verifier = createApiKeyVerifier(database.db);
  const lookups = () => queries.filter((q) => q.includes("api_keys")).length;
  return { database, secret, keyId: row.id, userId: row.user_id, verifier, lookups };
}

describe("API key cache (happy)", () => {
  test("a key is looked up once, then answered from the cache by its exact header value", async () => {
    const { database, secret, verifier, lookups } = await setup();
    assert.equal(verifier.checkCached(secret, NOW), null, "unknown before the first look-up");
    assert.equal((await verifier.verify(secret, NOW)).ok, true);
    assert.equal(lookups(), 1);
    for (let day = 0; day < 30; day++) {
      const check = verifier.checkCached(secret, NOW + day * 86_400_000);
      assert.equal(check?.ok, true);
    }
    assert.equal((await verifier.verify(secret, NOW + 1e9)).ok, true);
    assert.equal(lookups(), 1, "no expiry by age");
    assert.deepEqual(verifier.stats().positive, 1);
    await database.close();
  });
});

describe("API key cache (revocation)", () => {
  test("recheckUser and recheckAll make the next request look the key up again", async () => {
    const { database, secret, userId, verifier, lookups } = await setup();
    await verifier.verify(secret, NOW);
    verifier.recheckUser(userId);
    assert.equal(verifier.checkCached(secret, NOW), null);
    assert.equal((await verifier.verify(secret, NOW)).ok, true, "still valid");
    verifier.recheckAll();
    assert.equal(verifier.checkCached(secret, NOW), null);
    assert.equal((await verifier.verify(secret, NOW)).ok, true);
    assert.equal(lookups(), 3);
    verifier.recheckUser("no-such-user");
    verifier.revokeKey("no-such-key", NOW);
    verifier.revokeUser("no-such-user", NOW);
    await database.close();
  });

  for (const revoke of ["key", "user"] as const) {
    test(`a deleted ${revoke === "key" ? "key" : "account's key"} is remembered as invalid: refused from the cache, with no look-up`, async () => {
      const { database, secret, keyId, userId, verifier, lookups } = await setup();
      assert.equal((await verifier.verify(secret, NOW)).ok, true);
      if (revoke === "key") await database.db.deleteFrom("api_keys").execute();
      else await database.db.deleteFrom("users").execute();
      const before = lookups();
      if (revoke === "key") verifier.revokeKey(keyId, NOW);
      else verifier.revokeUser(userId, NOW);
      const check = verifier.checkCached(secret, NOW);
      assert.equal(check?.ok === false && check.code, "invalid_api_key");
      assert.equal((await verifier.verify(secret, NOW + 60_000)).ok, false);
      assert.equal(lookups(), before, "no look-up after the deletion");
      assert.deepEqual(
        { positive: verifier.stats().positive, negative: verifier.stats().negative },
        { positive: 0, negative: 1 },
      );
      verifier.recheckAll();
      assert.equal(verifier.checkCached(secret, NOW)?.ok, false, "known-bad keys stay known");
      await database.close();
    });
  }

  test("a look-up in flight when the key is deleted is answered but not cached", async () => {
    const { database, secret, keyId, verifier } = await setup();
    const inFlight = verifier.verify(secret, NOW);
    verifier.revokeKey(keyId, NOW);
    await inFlight;
    assert.equal(verifier.stats().positive, 0, "not cached as valid");
    await database.close();
  });
});

describe("API key cache (database unreachable)", () => {
  test("after recheckAll, a key is looked up again, and its last answer stands while the database cannot answer", async () => {
    const { database, secret, verifier } = await setup();
    assert.equal((await verifier.verify(secret, NOW)).ok, true);
    verifier.recheckAll();
    assert.equal(verifier.checkCached(secret, NOW), null, "marked for re-checking");
    await database.close();
    const during = await verifier.verify(secret, NOW);
    assert.equal(during.ok, true, "a key valid a moment ago keeps working through the outage");
    assert.equal(verifier.stats().lookups, 2, "the re-check was tried");
    assert.equal(verifier.checkCached(secret, NOW), null, "still to be re-checked once it can be");
  });

  test("an expired key's last answer is still judged against the clock", async () => {
    const { database, secret, verifier } = await setup({ expiresAt: "2026-03-02T00:00:00.000Z" });
    await verifier.verify(secret, NOW);
    verifier.recheckAll();
    await database.close();
    const later = Date.parse("2026-03-03T00:00:00Z");
    const check = await verifier.verify(secret, later);
    assert.equal(check.ok === false && check.code, "expired_api_key");
  });

  test("a deleted key is refused, not served from an old answer, while the database cannot answer", async () => {
    for (const revoke of ["key", "user"] as const) {
      const { database, secret, keyId, userId, verifier } = await setup();
      await verifier.verify(secret, NOW);
      if (revoke === "key") verifier.revokeKey(keyId, NOW);
      else verifier.revokeUser(userId, NOW);
      await database.close();
      const check = await verifier.verify(secret, NOW);
      assert.equal(check.ok === false && check.code, "invalid_api_key", revoke);
    }
  });

  test("a key to be re-checked after a password change is not served from an old answer while the database cannot answer", async () => {
    const { database, secret, userId, verifier } = await setup();
    await verifier.verify(secret, NOW);
    verifier.recheckUser(userId);
    await database.close();
    await assert.rejects(verifier.verify(secret, NOW), { code: "service_unavailable" });
  });

  test("a re-check that finds the key deleted drops the old answer for good", async () => {
    const { database, secret, keyId, verifier } = await setup();
    await verifier.verify(secret, NOW);
    verifier.recheckAll();
    await database.db.deleteFrom("api_keys").where("id", "=", keyId).execute();
    assert.equal((await verifier.verify(secret, NOW)).ok, false);
    await database.close();
    assert.equal(verifier.checkCached(secret, NOW)?.ok, false, "negative entry");
    assert.equal(verifier.stats().positive, 0);
  });
});

describe("API key cache (errors)", () => {
  test("expiry is judged on every request, cached or not", async () => {
    const { database, secret, verifier } = await setup({ expiresAt: "2026-03-02T00:00:00.000Z" });
    assert.equal((await verifier.verify(secret, NOW)).ok, true);
    const later = Date.parse("2026-03-02T00:00:00Z");
    const check = verifier.checkCached(secret, later);
    assert.equal(check?.ok, false);
    assert.equal(check?.ok === false && check.code, "expired_api_key");
    await database.close();
  });

  test("malformed keys cost no look-up; unknown well-formed keys one, then the negative cache", async () => {
    const { database, verifier, lookups } = await setup();
    const malformed = verifier.checkCached("cls_not-a-key", NOW);
    assert.equal(malformed?.ok === false && malformed.code, "invalid_api_key");
    const unknown = generateApiKey();
    assert.equal((await verifier.verify(unknown, NOW)).ok, false);
    assert.equal((await verifier.verify(unknown, NOW)).ok, false);
    assert.equal(verifier.checkCached(unknown, NOW)?.ok, false);
    assert.equal(lookups(), 1);
    await database.close();
  });
});
