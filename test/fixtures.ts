/**
 * Data fixtures shared by tests and benchmarks: a user with one API key,
 * written straight through the repositories (no web flow, no password hash).
 */
import { randomBytes } from "node:crypto";
import { createUser } from "../src/accounts/users.repository.ts";
import { createApiKey } from "../src/api-keys/api-keys.repository.ts";
import type { Database } from "../src/db/database.ts";

/** Creates a user owning one key and returns the key's secret. */
export async function insertUserWithKey(
  db: Database,
  options: { expiresAt?: string | null; nowIso?: string } = {},
): Promise<string> {
  const nowIso = options.nowIso ?? new Date().toISOString();
  const user = await createUser(
    db,
    `${randomBytes(6).toString("hex")}@example.org`,
    "$argon2id$unused",
    nowIso,
  );
  if (user === null) throw new Error("fixture user already exists");
  const created = await createApiKey(db, {
    userId: user.id,
    name: "fixture",
    expiresAt: options.expiresAt ?? null,
    nonce: randomBytes(16).toString("hex"),
    nowIso,
  });
  if (created === null) throw new Error("fixture key not created");
  return created.secret;
}
