/**
 * Memory of the API-key cache when full of valid keys:
 * `node --expose-gc bench/key-cache-memory.ts [keys]` (default 100,000).
 * Creates the keys in an in-memory database, verifies each once (filling
 * the cache), and prints the heap growth per cached key.
 */
import { createApiKeyVerifier } from "../src/api-keys/api-key.verifier.ts";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "../src/api-keys/api-keys.format.ts";
import { createDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";

const count = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

const database = createDatabase("sqlite::memory:");
await migrateToLatest(database.db);
const nowIso = new Date().toISOString();
const secrets: string[] = [];
await database.db.transaction().execute(async (trx) => {
  for (let user = 0; user * 10 < count; user++) {
    await trx
      .insertInto("users")
      .values({
        id: `user-${user}-${"x".repeat(28)}`,
        email: `u${user}@example.org`,
        password_hash: "$argon2id$unused",
        created_at: nowIso,
        password_changed_at: nowIso,
      })
      .execute();
    const rows = [];
    for (let k = 0; k < 10 && user * 10 + k < count; k++) {
      const secret = generateApiKey();
      secrets.push(secret);
      rows.push({
        id: `key-${user}-${k}-${"x".repeat(28)}`,
        user_id: `user-${user}-${"x".repeat(28)}`,
        name: "a key name of typical length",
        prefix: apiKeyPrefix(secret),
        key_hash: hashApiKey(secret),
        created_at: nowIso,
        expires_at: null,
        last_used_at: nowIso,
        create_nonce: null,
      });
    }
    await trx.insertInto("api_keys").values(rows).execute();
  }
});
const verifier = createApiKeyVerifier(database.db);
gc();
const before = process.memoryUsage().heapUsed;
const now = Date.now();
for (const secret of secrets) await verifier.verify(secret, now);
gc();
const after = process.memoryUsage().heapUsed;
const perKey = (after - before) / count;
process.stdout.write(
  `${count.toLocaleString("en")} keys cached: heap +${((after - before) / 1048576).toFixed(1)} MB, ${perKey.toFixed(0)} B per key (${verifier.stats().positive} entries)\n`,
);
await database.close();
