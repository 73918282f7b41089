import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createKeyUsage, readKeyUsage } from "../../src/api-keys/api-key.usage.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { buildTestApp, createTestDatabase } from "../helpers.ts";
import { createKeyThroughWebsite, signedUpAgent } from "./agent.ts";

describe("key usage", () => {
  test("the keys page shows each key's requests and 429s for the day, as a chart and as text", async () => {
    const clock = createFakeClock(Date.parse("2026-11-23T10:00:00Z"));
    const app = await buildTestApp({ clock }, { KEY_RATE_LIMIT: "3" });
    const { agent } = await signedUpAgent(app);
    const busy = await createKeyThroughWebsite(agent, "busy key");
    await createKeyThroughWebsite(agent, "idle key");
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({ url: "/v1/states/CA", headers: { "x-api-key": busy } });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const page = await agent.get("/account/keys");
    assert.match(
      page.body,
      /<strong>busy key:<\/strong> 5 requests in the last 30 days, 2 refused with 429/,
    );
    assert.match(
      page.body,
      /<strong>idle key:<\/strong> 0 requests in the last 30 days, 0 refused/,
    );
    assert.match(
      page.body,
      /<time datetime="2026-11-23">Nov 23<\/time><\/td><td>5<\/td><td>2<\/td>/,
    );
    assert.match(page.body, /<svg class="usage-chart"[^>]*role="img"/);
    assert.match(page.body, /class="bar-limited"/);
    await app.close();
  });

  test("counts are written in one batch per flush, added to the day's row, and survive across flushes", async () => {
    const queries: string[] = [];
    const database = await createTestDatabase((sql) => queries.push(sql));
    const app = await buildTestApp({ database });
    const { agent } = await signedUpAgent(app);
    await createKeyThroughWebsite(agent, "k");
    const key = await database.db
      .selectFrom("api_keys")
      .select(["id", "user_id"])
      .executeTakeFirstOrThrow();
    const errors: unknown[] = [];
    const usage = createKeyUsage(database.db, { error: (entry: unknown) => errors.push(entry) });
    const now = Date.parse("2026-11-23T12:00:00Z");
    for (let i = 0; i < 1000; i++) usage.count(key.id, now, i % 10 === 0);
    usage.count("deleted-key", now, false);
    queries.length = 0;
    await usage.flush();
    assert.deepEqual(errors, []);
    assert.equal(queries.filter((sql) => sql.startsWith('insert into "api_key_usage"')).length, 1);
    usage.count(key.id, now + 60_000, false);
    await usage.flush();
    const byKey = await readKeyUsage(database.db, key.user_id, now, 30);
    assert.deepEqual(byKey.get(key.id), [{ day: "2026-11-23", requests: 1001, limited: 100 }]);
    assert.equal(byKey.size, 1);
    await app.close();
    await database.close();
  });
});
