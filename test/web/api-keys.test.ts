import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  apiKeyPrefix,
  hashApiKey,
  isWellFormedApiKey,
} from "../../src/api-keys/api-keys.format.ts";
import { MAX_KEYS_PER_USER } from "../../src/api-keys/api-keys.pages.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { createAgent, secretOf, signedUpAgent } from "./agent.ts";

const nonce = (n: number) => n.toString(16).padStart(32, "0");

describe("API keys page (happy)", () => {
  test("a new key is shown once, stored only as a hash, and listed by name and prefix", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    const created = await agent.submit("/account/keys", "/account/keys", {
      name: "production app",
      nonce: nonce(1),
    });
    assert.equal(created.statusCode, 201);
    assert.equal(created.headers["cache-control"], "no-store");
    const secret = secretOf(created.body);
    assert.ok(secret !== null && isWellFormedApiKey(secret), String(secret));
    assert.match(created.body, /will not be shown again/);
    assert.match(created.body, /data-copy-target="new-key"/);

    const rows = await database.db.selectFrom("api_keys").selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.key_hash, hashApiKey(secret));
    assert.equal(rows[0]?.prefix, apiKeyPrefix(secret));
    assert.ok(!JSON.stringify(rows).includes(secret), "the full key is never stored");

    const list = await agent.get("/account/keys");
    assert.equal(list.headers["cache-control"], "no-store");
    assert.ok(!list.body.includes(secret), "not shown again on reload");
    assert.match(list.body, /production app/);
    assert.ok(list.body.includes(`${apiKeyPrefix(secret)}…`));
    assert.match(
      list.body,
      /<td data-label="Last used">never<\/td>\s*<td data-label="Expires">never<\/td>/,
      "last used: never; expires: never",
    );
    await app.close();
    await database.close();
  });

  test("resubmitting the same form creates no second key and shows no secret", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    await agent.submit("/account/keys", "/account/keys", { name: "once", nonce: nonce(7) });
    const again = await agent.submit("/account/keys", "/account/keys", {
      name: "once",
      nonce: nonce(7),
    });
    assert.equal(again.statusCode, 409);
    assert.equal(secretOf(again.body), null);
    assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 1);
    await app.close();
    await database.close();
  });

  test("an expiration date is kept, and the key is marked expired once it passes", async () => {
    const clock = createFakeClock(Date.parse("2026-03-01T12:00:00Z"));
    const app = await buildTestApp({ clock });
    const { agent } = await signedUpAgent(app);
    const created = await agent.submit("/account/keys", "/account/keys", {
      name: "short-lived",
      expires: "2026-03-03",
      nonce: nonce(2),
    });
    assert.equal(created.statusCode, 201);
    let list = await agent.get("/account/keys");
    assert.match(list.body, /Mar 3, 2026/);
    assert.doesNotMatch(list.body, /badge-expired/);
    clock.set(Date.parse("2026-03-04T00:00:00Z"));
    list = await agent.get("/account/keys");
    assert.match(list.body, /class="expired"/);
    assert.match(list.body, /badge-expired/);
    await app.close();
  });

  test("delete asks for confirmation, then revokes the key", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    await agent.submit("/account/keys", "/account/keys", { name: "to delete", nonce: nonce(3) });
    const row = await database.db.selectFrom("api_keys").select("id").executeTakeFirstOrThrow();
    const confirm = await agent.get(`/account/keys/${row.id}/delete`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Delete key “to delete”\?/);
    assert.equal(
      (await database.db.selectFrom("api_keys").selectAll().execute()).length,
      1,
      "nothing deleted by GET",
    );
    const deleted = await agent.submit(
      `/account/keys/${row.id}/delete`,
      `/account/keys/${row.id}/delete`,
      {},
    );
    assert.equal(deleted.statusCode, 303);
    assert.equal(deleted.headers.location, "/account/keys?deleted=1");
    assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 0);
    await app.close();
    await database.close();
  });
});

describe("API keys page (expiry horizon)", () => {
  test("a key may expire up to 10 years ahead, stored with a four-digit year; the form says the bound", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({
      database,
      clock: createFakeClock(Date.parse("2028-02-29T09:00:00Z")),
    });
    const { agent } = await signedUpAgent(app);
    const page = await agent.get("/account/keys");
    assert.match(page.body, /max="2038-02-28"/);
    assert.match(page.body, /at most 10 years from today/);
    const response = await agent.submit("/account/keys", "/account/keys", {
      nonce: nonce(5),
      name: "long-lived",
      expires: "2038-02-28",
    });
    assert.equal(response.statusCode, 201);
    const [row] = await database.db.selectFrom("api_keys").select("expires_at").execute();
    assert.equal(row?.expires_at, "2038-03-01T00:00:00.000Z");
    await app.close();
    await database.close();
  });
});

describe("API keys page (errors)", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["an empty name", { name: "   " }, /1 to 100 characters/],
    ["a name over 100 characters", { name: "x".repeat(101) }, /1 to 100 characters/],
    ["an expiration date in the past", { name: "k", expires: "2025-12-31" }, /in the future/],
    ["an expiration date of today", { name: "k", expires: "2026-01-01" }, /in the future/],
    ["a malformed date", { name: "k", expires: "2026-02-30" }, /in the future/],
    [
      "an expiration date past the 10-year horizon",
      { name: "k", expires: "9999-12-31" },
      /at most 10 years away \(2036-01-01 at the latest\)/,
    ],
    [
      "an expiration date a day past the horizon",
      { name: "k", expires: "2036-01-02" },
      /at most 10 years away/,
    ],
  ];
  for (const [name, fields, message] of cases) {
    test(`refuses ${name}`, async () => {
      const database = await createTestDatabase();
      const app = await buildTestApp({
        database,
        clock: createFakeClock(Date.parse("2026-01-01T09:00:00Z")),
      });
      const { agent } = await signedUpAgent(app);
      const response = await agent.submit("/account/keys", "/account/keys", {
        nonce: nonce(4),
        ...fields,
      });
      assert.equal(response.statusCode, 400);
      assert.match(response.body, message);
      assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 0);
      await app.close();
      await database.close();
    });
  }

  test(`a user can hold at most ${MAX_KEYS_PER_USER} keys, and the page says so`, async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    const page = await agent.get("/account/keys");
    assert.match(page.body, new RegExp(`up to ${MAX_KEYS_PER_USER} keys`));
    for (let i = 0; i < MAX_KEYS_PER_USER; i++) {
      assert.equal(
        (
          await agent.submit("/account/keys", "/account/keys", {
            name: `k${i}`,
            nonce: nonce(100 + i),
          })
        ).statusCode,
        201,
      );
    }
    const full = await agent.get("/account/keys");
    assert.doesNotMatch(
      full.body,
      /action="\/account\/keys" class="stack"/,
      "the create form is gone at the cap",
    );
    const over = await agent.submit("/account/keys", "/account/keys", {
      name: "one too many",
      nonce: nonce(999),
    });
    assert.equal(over.statusCode, 409);
    await app.close();
  });
});

describe("API keys page (security)", () => {
  test("logged-out visitors are sent to log in; nobody can delete another user's key", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    const owner = await signedUpAgent(app);
    await owner.agent.submit("/account/keys", "/account/keys", { name: "mine", nonce: nonce(5) });
    const row = await database.db.selectFrom("api_keys").select("id").executeTakeFirstOrThrow();

    const anonymous = createAgent(app);
    assert.equal((await anonymous.get("/account/keys")).statusCode, 303);

    const intruder = await signedUpAgent(app);
    const page = await intruder.agent.get(`/account/keys/${row.id}/delete`);
    assert.equal(page.statusCode, 404, "no confirmation page for someone else's key");
    const forged = await intruder.agent.submit(
      "/account/keys",
      `/account/keys/${row.id}/delete`,
      {},
    );
    assert.equal(forged.statusCode, 404, "someone else's key is not found, never 'deleted'");
    assert.doesNotMatch(forged.body, /deleted/i);
    assert.equal(forged.headers.location, undefined);
    const gone = await owner.agent.submit("/account/keys", "/account/keys/nokey/delete", {});
    assert.equal(gone.statusCode, 404, "a key that does not exist is not found either");
    assert.equal((await database.db.selectFrom("api_keys").selectAll().execute()).length, 1);
    await app.close();
    await database.close();
  });

  test("key values on the page are HTML-escaped", async () => {
    const app = await buildTestApp();
    const { agent } = await signedUpAgent(app);
    await agent.submit("/account/keys", "/account/keys", {
      name: "<script>alert(1)</script>",
      nonce: nonce(6),
    });
    const list = await agent.get("/account/keys");
    assert.ok(!list.body.includes("<script>alert(1)</script>"));
    assert.ok(list.body.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    await app.close();
  });
});

describe("key format", () => {
  test("keys are cls_ + base62 with a checksum; a changed character is refused", async () => {
    const { generateApiKey } = await import("../../src/api-keys/api-keys.format.ts");
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey()));
    assert.equal(keys.size, 200);
    for (const key of keys) {
      assert.match(key, /^cls_[0-9A-Za-z]{28}$/);
      assert.ok(isWellFormedApiKey(key));
      const i = 10;
      const typo = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
      assert.equal(isWellFormedApiKey(typo), false);
    }
    assert.equal(
      new Set([...keys].map(apiKeyPrefix)).size > 190,
      true,
      "prefixes practically never collide",
    );
    assert.equal(isWellFormedApiKey("cls_short"), false);
    assert.equal(isWellFormedApiKey(`xyz_${"a".repeat(28)}`), false);
  });
});
