/**
 * The review queue on the website, through app.inject(): a reader's
 * suggestion from a state page to a decided item and its one mail; the
 * abuse bounds of the form; the maintainer's area (404 for everyone else,
 * CSRF, no-store, filters, paging, decisions logged, the ready command);
 * and the currency notes on / and /changes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { findUserByEmail } from "../../src/accounts/users.repository.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { createMemoryMailer, type MemoryMailer } from "../../src/mail/mailer.ts";
import {
  addReviewItem,
  grantMaintainer,
  recordWatchRun,
  revokeMaintainer,
} from "../../src/review-queue/review-queue.repository.ts";
import {
  MAX_WAITING_SUGGESTIONS,
  SUGGESTION_POLICY,
} from "../../src/review-queue/suggestions.routes.ts";
import { buildTestApp, createTestDatabase, type TestApp } from "../helpers.ts";
import { type Agent, createAgent, signedUpAgent } from "../web/agent.ts";

const GOOD = {
  field: "adult_use.minimum_age",
  value: "21",
  link: "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?sectionNum=26030",
  note: "Section 26030 sets 21.",
  contact: "reader@example.org",
};

async function setUp(): Promise<{
  app: TestApp;
  database: DatabaseHandle;
  mailer: MemoryMailer;
}> {
  const database = await createTestDatabase();
  const mailer = createMemoryMailer();
  const app = await buildTestApp({ database, mailer });
  return { app, database, mailer };
}

async function maintainer(
  app: TestApp,
  database: DatabaseHandle,
): Promise<{ agent: Agent; email: string }> {
  const signed = await signedUpAgent(app);
  const user = await findUserByEmail(database.db, signed.email);
  assert.ok(user);
  await grantMaintainer(database.db, user.id, new Date().toISOString());
  return signed;
}

const itemIdOf = (body: string) => {
  const id = /href="\/maintain\/items\/([0-9a-f-]{36})"/.exec(body)?.[1];
  if (id === undefined) throw new Error("no item on the page");
  return id;
};

describe("a reader's suggestion (happy)", () => {
  test("from the state page to a declined item, with one mail carrying no text anyone typed", async () => {
    const { app, database, mailer } = await setUp();
    const page = await app.inject({ url: "/states/CA", headers: { accept: "text/html" } });
    assert.equal(page.statusCode, 200);
    const links = [...page.body.matchAll(/<dd class="suggest-correction"><a href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    assert.ok(links.length >= 10, `a link beside each value (${links.length})`);
    assert.ok(links.includes("/states/CA/suggest?field=adult_use.minimum_age"));
    assert.ok(links.includes("/states/CA/suggest?field=adult_use.effective"));

    const reader = createAgent(app, { remoteAddress: "203.0.113.7" });
    const form = await reader.get("/states/CA/suggest?field=adult_use.minimum_age");
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /<option value="adult_use.minimum_age" selected>/);
    const sent = await reader.submit("/states/CA/suggest", "/states/CA/suggest", {
      ...GOOD,
      value: "21 <script>alert(1)</script>",
    });
    assert.equal(sent.statusCode, 303, sent.body.slice(0, 400));
    assert.equal(sent.headers.location, "/states/CA/suggest/sent");
    const thanks = await reader.get("/states/CA/suggest/sent");
    assert.match(thanks.body, /in the maintainers' queue/);

    const { agent } = await maintainer(app, database);
    const list = await agent.get("/maintain");
    assert.equal(list.statusCode, 200);
    assert.equal(list.headers["cache-control"], "no-store");
    const id = itemIdOf(list.body);
    const item = await agent.get(`/maintain/items/${id}`);
    assert.equal(item.statusCode, 200);
    assert.ok(item.body.includes("21 &lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text");
    assert.ok(!item.body.includes("<script>alert(1)"), "never as HTML");
    assert.ok(!item.body.includes("reader@example.org"), "the address is not shown, even here");
    assert.match(item.body, /An address was left/);

    const declined = await agent.submit(`/maintain/items/${id}`, `/maintain/items/${id}/decline`, {
      reason: "already_correct",
      note: "The code says 21 already; nothing to change.",
    });
    assert.equal(declined.statusCode, 303);
    const after = await agent.get(`/maintain/items/${id}`);
    assert.match(after.body, /Declined: The data already say this/);
    assert.match(after.body, /The code says 21 already/);
    assert.ok(!after.body.includes('action="/maintain/items/'), "no more decisions to take");

    await new Promise((resolve) => setImmediate(resolve));
    const toReader = () => mailer.sent.filter((mail) => mail.to === "reader@example.org");
    assert.equal(toReader().length, 1, "one mail");
    const mail = toReader()[0];
    assert.ok(mail);
    assert.equal(mail.to, "reader@example.org");
    assert.match(mail.text, /California, buying: minimum age/);
    assert.match(mail.text, /A maintainer declined it\. The reason: The data already say this/);
    for (const typed of ["script", "leginfo", "Section 26030", "nothing to change", "21 <"])
      assert.ok(!mail.text.includes(typed), `no typed text in the mail: ${typed}`);

    const again = await agent.submit(`/maintain/items/${id}`, `/maintain/items/${id}/accept`, {});
    assert.equal(again.statusCode, 400, "an item is decided once");
    assert.match(again.body, /decided already/);
    assert.equal(toReader().length, 1, "still one mail");
    await app.close();
  });
});

describe("a reader's suggestion (abuse)", () => {
  test("a per-client throttle with Retry-After; another network is not affected", async () => {
    const { app } = await setUp();
    const reader = createAgent(app, { remoteAddress: "198.51.100.9" });
    for (let i = 0; i < SUGGESTION_POLICY.limit; i++) {
      const ok = await reader.submit("/states/NY/suggest", "/states/NY/suggest", {
        ...GOOD,
        contact: "",
      });
      assert.equal(ok.statusCode, 303);
    }
    const refused = await reader.submit("/states/NY/suggest", "/states/NY/suggest", GOOD);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assert.match(refused.body, /the most we take from one network/);
    const other = createAgent(app, { remoteAddress: "198.51.100.10" });
    const fine = await other.submit("/states/NY/suggest", "/states/NY/suggest", GOOD);
    assert.equal(fine.statusCode, 303);
    await app.close();
  });

  test("sizes over the limits are refused; nothing is stored", async () => {
    const { app, database } = await setUp();
    const reader = createAgent(app);
    for (const [name, size] of [
      ["value", 501],
      ["link", 2001],
      ["note", 2001],
    ] as const) {
      const big = await reader.submit("/states/NY/suggest", "/states/NY/suggest", {
        ...GOOD,
        [name]: name === "link" ? `https://example.org/${"a".repeat(size)}` : "x".repeat(size),
      });
      assert.equal(big.statusCode, 400, name);
    }
    const huge = await reader.submit("/states/NY/suggest", "/states/NY/suggest", {
      ...GOOD,
      note: "y".repeat(20_000),
    });
    assert.ok([400, 413].includes(huge.statusCode), `a body over 16 KiB: ${huge.statusCode}`);
    const rows = await database.db.selectFrom("review_items").selectAll().execute();
    assert.equal(rows.length, 0);
    await app.close();
  });

  test("the honeypot: answered as a success, stored nowhere", async () => {
    const { app, database } = await setUp();
    const bot = createAgent(app);
    const response = await bot.submit("/states/TX/suggest", "/states/TX/suggest", {
      ...GOOD,
      website: "https://spam.example/",
    });
    assert.equal(response.statusCode, 303);
    assert.equal((await database.db.selectFrom("review_items").selectAll().execute()).length, 0);
    await app.close();
  });

  test("the link must be http(s); required fields; header injection in the contact address", async () => {
    const { app, database } = await setUp();
    const reader = createAgent(app);
    const cases: [Record<string, string>, RegExp][] = [
      [{ link: "javascript:alert(1)" }, /must be a web address starting with https:\/\//],
      [{ link: "ftp://example.org/law" }, /must be a web address starting with https:\/\//],
      [{ link: "" }, /Give a link to the law/],
      [{ link: "https://user:pw@example.org/" }, /user name or password/],
      [{ value: "   " }, /Say what the value should be/],
      [{ field: "password" }, /Choose the value you are correcting/],
      [{ contact: "reader@example.org\r\nBcc: victim@example.org" }, /Enter a valid email address/],
      [{ contact: "reader@example.org\nSubject: hi" }, /Enter a valid email address/],
      [{ contact: "not an address" }, /Enter a valid email address/],
    ];
    for (const [fields, message] of cases) {
      const response = await reader.submit("/states/OR/suggest", "/states/OR/suggest", {
        ...GOOD,
        ...fields,
      });
      assert.equal(response.statusCode, 400, JSON.stringify(fields));
      assert.match(response.body, message);
      assert.match(response.body, /aria-invalid="true"/);
    }
    assert.equal((await database.db.selectFrom("review_items").selectAll().execute()).length, 0);
    await app.close();
  });

  test("without the CSRF token or from another origin, nothing is taken", async () => {
    const { app, database } = await setUp();
    const reader = createAgent(app);
    await reader.get("/states/OR/suggest");
    const noToken = await reader.post("/states/OR/suggest", GOOD);
    assert.equal(noToken.statusCode, 403);
    const foreign = createAgent(app, { origin: "https://evil.example" });
    const cross = await foreign.submit("/states/OR/suggest", "/states/OR/suggest", GOOD);
    assert.equal(cross.statusCode, 403);
    assert.equal((await database.db.selectFrom("review_items").selectAll().execute()).length, 0);
    await app.close();
  });

  test("at most MAX_WAITING_SUGGESTIONS readers' items wait: beyond, the form asks to come back and stores nothing", async () => {
    const { app, database } = await setUp();
    const nowIso = new Date().toISOString();
    for (let i = 0; i < MAX_WAITING_SUGGESTIONS; i++)
      await addReviewItem(
        database.db,
        {
          origin: "reader",
          source: "reader",
          sourceId: `reader:fill-${i}`,
          jurisdiction: "NV",
          title: "x",
          body: "",
        },
        nowIso,
      );
    const reader = createAgent(app, { remoteAddress: "192.0.2.44" });
    const refused = await reader.submit("/states/NV/suggest", "/states/NV/suggest", GOOD);
    assert.equal(refused.statusCode, 503);
    assert.match(refused.body, /Too many suggestions are waiting for review/);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    const rows = await database.db.selectFrom("review_items").select("id").execute();
    assert.equal(rows.length, MAX_WAITING_SUGGESTIONS);
    await app.close();
  });

  test("an unknown jurisdiction is the site's 404", async () => {
    const { app } = await setUp();
    const response = await app.inject({
      url: "/states/ZZ/suggest",
      headers: { accept: "text/html" },
    });
    assert.equal(response.statusCode, 404);
    await app.close();
  });
});

describe("/maintain (security)", () => {
  test("404 for the logged out and for accounts without the role, whatever the method; the role taken away closes it", async () => {
    const { app, database } = await setUp();
    const { id } = await addReviewItem(
      database.db,
      {
        origin: "watch",
        source: "federal_register",
        sourceId: "federal_register:2026-1",
        jurisdiction: "US",
        title: "A rule",
        body: "",
      },
      new Date().toISOString(),
    );
    const anonymous = createAgent(app);
    const notFound = await app.inject({ url: "/nothing-here", headers: { accept: "text/html" } });
    for (const url of ["/maintain", `/maintain/items/${id}`]) {
      const response = await anonymous.get(url);
      assert.equal(response.statusCode, 404, url);
      const plain = (body: string) => body.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "ID");
      assert.equal(plain(response.body), plain(notFound.body), "the site's own 404");
    }
    const post = await anonymous.post(`/maintain/items/${id}/accept`, { kind: "x".repeat(50) });
    assert.equal(post.statusCode, 404, "not even a refused form says it exists");

    const { agent: user } = await signedUpAgent(app);
    assert.equal((await user.get("/maintain")).statusCode, 404);
    assert.equal(
      (await user.post(`/maintain/items/${id}/decline`, { reason: "other" })).statusCode,
      404,
    );

    const { agent, email } = await maintainer(app, database);
    assert.equal((await agent.get("/maintain")).statusCode, 200);
    const noCsrf = await agent.post(`/maintain/items/${id}/decline`, { reason: "other" });
    assert.equal(noCsrf.statusCode, 403, "CSRF for maintainers' posts");
    const userRow = await findUserByEmail(database.db, email);
    assert.ok(userRow);
    await revokeMaintainer(database.db, userRow.id);
    assert.equal(
      (await agent.get("/maintain")).statusCode,
      404,
      "the role taken away: closed at once",
    );
    await app.close();
  });
});

describe("/maintain (decisions)", () => {
  test("filters, newest first, paging; accept shows the ready command; duplicate names the other item", async () => {
    const { app, database } = await setUp();
    const db = database.db;
    const t0 = Date.parse("2026-11-01T00:00:00Z");
    for (let i = 0; i < 30; i++) {
      await addReviewItem(
        db,
        {
          origin: i % 3 === 0 ? "reader" : "watch",
          source: i % 3 === 0 ? "reader" : "openstates",
          sourceId: `t:${i}`,
          jurisdiction: i % 2 === 0 ? "OH" : "PA",
          title: `Item number ${i}`,
          url: "https://openstates.org/oh/bills/136/HB1/",
          itemDate: "2026-11-20",
          citation: i === 29 ? "Ohio HB 1 (136th GA)" : null,
          body: "Latest action (2026-11-20): Signed by the Governor",
        },
        new Date(t0 + i * 60_000).toISOString(),
      );
    }
    const { agent } = await maintainer(app, database);
    const first = await agent.get("/maintain");
    const titles = [...first.body.matchAll(/class="review-title"><a [^>]+>([^<]+)</g)].map(
      (m) => m[1],
    );
    assert.equal(titles.length, 25);
    assert.equal(titles[0], "Item number 29", "newest first");
    assert.match(first.body, /30 items, newest first; page 1 of 2/);
    const second = await agent.get("/maintain?status=new&page=2");
    assert.equal([...second.body.matchAll(/class="review-title"><a /g)].length, 5);
    const ohio = await agent.get("/maintain?status=new&origin=reader&jurisdiction=oh");
    assert.match(ohio.body, /5 items, newest first/);

    const id = itemIdOf(first.body);
    const accepted = await agent.submit(`/maintain/items/${id}`, `/maintain/items/${id}/accept`, {
      kind: "change",
      note: "Signed; record it.",
    });
    assert.equal(accepted.statusCode, 303);
    const page = await agent.get(accepted.headers.location as string);
    const command = /<code id="accept-command">([^<]+)<\/code>/.exec(page.body)?.[1];
    assert.ok(command, "the ready command is shown");
    assert.equal(
      command.replaceAll("&#39;", "'"),
      "npm run data:change -- --jurisdiction PA --enacted 2026-11-20 --title 'Item number 29' --citation 'Ohio HB 1 (136th GA)' --url https://openstates.org/oh/bills/136/HB1/ --source-title 'Item number 29' --source-url https://openstates.org/oh/bills/136/HB1/",
    );
    assert.match(page.body, /Accepted/);
    assert.match(page.body, /Signed; record it\./);

    const list = await agent.get("/maintain?status=new");
    const other = itemIdOf(list.body);
    const dup = await agent.submit(
      `/maintain/items/${other}`,
      `/maintain/items/${other}/duplicate`,
      {
        of: `#${id.slice(0, 8)}`,
      },
    );
    assert.equal(dup.statusCode, 303);
    const dupPage = await agent.get(`/maintain/items/${other}`);
    assert.match(
      dupPage.body,
      new RegExp(`Marked as a duplicate of <a href="/maintain/items/${id}">`),
    );
    const bad = await agent.submit(`/maintain/items/${id}`, `/maintain/items/${id}/decline`, {
      reason: "because I said so",
    });
    assert.equal(bad.statusCode, 400);
    await app.close();
  });
});

describe("currency from the queue", () => {
  test("/, /changes and /maintain say what waits and when the sources were last watched", async () => {
    const database = await createTestDatabase();
    await recordWatchRun(database.db, "federal_register", {
      ok: true,
      cursor: "2026-11-20",
      nowIso: "2026-11-28T06:00:00.000Z",
    });
    for (const n of [1, 2, 3])
      await addReviewItem(
        database.db,
        {
          origin: "watch",
          source: "federal_register",
          sourceId: `fr:${n}`,
          jurisdiction: "US",
          title: `Doc ${n}`,
          body: "",
        },
        "2026-11-28T06:00:00.000Z",
      );
    const app = await buildTestApp({ database });
    for (const url of ["/", "/changes"]) {
      const page = await app.inject({ url, headers: { accept: "text/html" } });
      assert.match(page.body, /Watching for new law/, url);
      assert.match(
        page.body,
        /the Federal Register on <time datetime="2026-11-28T06:00:00.000Z">2026-11-28 06:00 UTC<\/time>/,
        url,
      );
      assert.match(
        page.body,
        /3 items they reported are waiting for a maintainer&#39;s review/,
        url,
      );
    }
    const { agent } = await maintainer(app, database);
    const queue = await agent.get("/maintain");
    assert.match(queue.body, /3 items from official sources and 0 reader suggestions are waiting/);
    assert.match(queue.body, /last watched 2026-11-28 06:00 UTC, asking from 2026-11-20 next/);
    await app.close();
  });
});
