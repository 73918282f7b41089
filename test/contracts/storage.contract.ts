/**
 * The storage contract: what the repositories (users, sessions, API keys)
 * promise, whatever the database behind DATABASE_URL. Run against SQLite
 * here and PostgreSQL where reachable, on the same query code.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createSession, deleteUserSessions, validateSession } from "../../src/accounts/sessions.ts";
import {
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  updatePasswordHash,
} from "../../src/accounts/users.repository.ts";
import { hashApiKey } from "../../src/api-keys/api-keys.format.ts";
import {
  countApiKeys,
  createApiKey,
  deleteApiKey,
  findApiKeyByHash,
  findApiKeyForUser,
  hasKeyFromNonce,
  listApiKeys,
} from "../../src/api-keys/api-keys.repository.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import type { Clock } from "../../src/lib/clock.ts";

export type StorageBackend = {
  /** A fresh, empty database (not yet migrated) and how to dispose of it. */
  open: () => Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }>;
  /** Why the suite is skipped, or false to run it. */
  skip?: () => Promise<false | string>;
};

const T0 = Date.parse("2026-11-01T00:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

export function storageContract(name: string, backend: StorageBackend) {
  describe(`storage contract: ${name}`, async () => {
    const skip = (await backend.skip?.()) ?? false;
    let database: DatabaseHandle;
    let dispose: () => Promise<void> = async () => {};
    let now = T0;
    const clock: Clock = { now: () => now };
    let serial = 0;
    const email = () => `user${++serial}-${T0}@example.org`;

    before(async () => {
      if (skip !== false) return;
      ({ database, dispose } = await backend.open());
      const applied = await migrateToLatest(database.db);
      assert.ok(applied.length > 0, "a fresh database gets every migration");
    });
    after(async () => {
      if (skip !== false) return;
      await database.close();
      await dispose();
    });

    test("migrations are idempotent: a second run applies nothing", { skip }, async () => {
      assert.deepEqual(await migrateToLatest(database.db), []);
    });

    test("concurrent migration runs apply each migration once", { skip }, async () => {
      const runs = await Promise.all([1, 2, 3].map(() => migrateToLatest(database.db)));
      assert.deepEqual(runs, [[], [], []]);
    });

    test("users: created once per email, found case-insensitively, password changes stored", {
      skip,
    }, async () => {
      const address = email();
      const user = await createUser(database.db, `  ${address.toUpperCase()} `, "hash-1", iso(now));
      assert.ok(user);
      assert.equal(user.email, address);
      assert.equal(await createUser(database.db, address, "hash-2", iso(now)), null, "email taken");
      assert.deepEqual(await findUserByEmail(database.db, address.toUpperCase()), user);
      assert.deepEqual(await findUserById(database.db, user.id), user);
      await updatePasswordHash(database.db, user.id, "hash-3", iso(now + 1));
      assert.equal((await findUserById(database.db, user.id))?.passwordHash, "hash-3");
      assert.equal(await findUserByEmail(database.db, "nobody@example.org"), null);
    });

    test("sessions: valid until idle or absolute expiry; only the hash is stored", {
      skip,
    }, async () => {
      const user = await createUser(database.db, email(), "h", iso(now));
      assert.ok(user);
      const { token } = await createSession(database.db, user.id, clock);
      const session = await validateSession(database.db, token, clock);
      assert.equal(session?.userId, user.id);
      assert.equal(session?.email, user.email);
      const stored = await database.db
        .selectFrom("sessions")
        .select("id_hash")
        .where("user_id", "=", user.id)
        .execute();
      assert.equal(stored.length, 1);
      assert.notEqual(stored[0]?.id_hash, token);
      now += 8 * 24 * 3600_000;
      assert.equal(await validateSession(database.db, token, clock), null, "idle expiry");
      assert.equal(
        await validateSession(database.db, "x".repeat(43), clock),
        null,
        "unknown token",
      );
    });

    test("sessions: ending all of a user's sessions but one", { skip }, async () => {
      const user = await createUser(database.db, email(), "h", iso(now));
      assert.ok(user);
      const a = await createSession(database.db, user.id, clock);
      const b = await createSession(database.db, user.id, clock);
      const kept = await validateSession(database.db, a.token, clock);
      assert.ok(kept);
      await deleteUserSessions(database.db, user.id, kept.idHash);
      assert.ok(await validateSession(database.db, a.token, clock));
      assert.equal(await validateSession(database.db, b.token, clock), null);
    });

    test("API keys: created with a hash, deduplicated by form nonce, listed newest first", {
      skip,
    }, async () => {
      const user = await createUser(database.db, email(), "h", iso(now));
      assert.ok(user);
      const first = await createApiKey(database.db, {
        userId: user.id,
        name: "one",
        expiresAt: null,
        nonce: "n1",
        nowIso: iso(now),
      });
      assert.ok(first);
      assert.equal(
        await createApiKey(database.db, {
          userId: user.id,
          name: "again",
          expiresAt: null,
          nonce: "n1",
          nowIso: iso(now),
        }),
        null,
        "a resubmitted form creates no second key",
      );
      assert.equal(await hasKeyFromNonce(database.db, user.id, "n1"), true);
      assert.equal(await hasKeyFromNonce(database.db, user.id, "n2"), false);
      const second = await createApiKey(database.db, {
        userId: user.id,
        name: "two",
        expiresAt: iso(now + 3600_000),
        nonce: "n2",
        nowIso: iso(now + 1000),
      });
      assert.ok(second);
      assert.deepEqual(
        (await listApiKeys(database.db, user.id)).map((k) => k.name),
        ["two", "one"],
      );
      assert.equal(await countApiKeys(database.db, user.id), 2);
      assert.deepEqual(await findApiKeyByHash(database.db, hashApiKey(first.secret)), first.key);
      assert.equal(
        (await findApiKeyByHash(database.db, hashApiKey(second.secret)))?.expiresAt,
        iso(now + 3600_000),
      );
      const columns = await database.db
        .selectFrom("api_keys")
        .selectAll()
        .where("id", "=", first.key.id)
        .executeTakeFirstOrThrow();
      assert.ok(!Object.values(columns).includes(first.secret), "the full key is never stored");
    });

    test("API keys: deleted only by their owner; deleting the account deletes its keys and sessions", {
      skip,
    }, async () => {
      const owner = await createUser(database.db, email(), "h", iso(now));
      const other = await createUser(database.db, email(), "h", iso(now));
      assert.ok(owner && other);
      const created = await createApiKey(database.db, {
        userId: owner.id,
        name: "k",
        expiresAt: null,
        nonce: "n",
        nowIso: iso(now),
      });
      assert.ok(created);
      assert.equal(await deleteApiKey(database.db, other.id, created.key.id), false);
      assert.equal(await findApiKeyForUser(database.db, other.id, created.key.id), null);
      assert.ok(await findApiKeyForUser(database.db, owner.id, created.key.id));
      const kept = await createApiKey(database.db, {
        userId: owner.id,
        name: "k2",
        expiresAt: null,
        nonce: "m",
        nowIso: iso(now),
      });
      assert.ok(kept);
      assert.equal(await deleteApiKey(database.db, owner.id, created.key.id), true);
      assert.equal(
        await deleteApiKey(database.db, owner.id, created.key.id),
        false,
        "already gone",
      );
      assert.equal(await findApiKeyByHash(database.db, hashApiKey(created.secret)), null);
      const { token } = await createSession(database.db, owner.id, clock);
      await deleteUser(database.db, owner.id);
      assert.equal(
        await findApiKeyByHash(database.db, hashApiKey(kept.secret)),
        null,
        "keys cascade",
      );
      assert.equal(await validateSession(database.db, token, clock), null, "sessions cascade");
      assert.equal(await countApiKeys(database.db, owner.id), 0);
    });
  });
}
