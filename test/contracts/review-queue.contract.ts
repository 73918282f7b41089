/**
 * The review queue's storage contract (src/review-queue/review-queue.repository.ts),
 * run on SQLite and, where reachable, PostgreSQL: one item per source id,
 * decisions taken once and logged, the reader's address handed out once,
 * the watch's cursor never moved back by a failed run, and the role.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createUser } from "../../src/accounts/users.repository.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrations.ts";
import {
  addReviewItem,
  countWaiting,
  decideReviewItem,
  findReviewItem,
  findReviewItemByReference,
  grantMaintainer,
  isMaintainer,
  listDecisions,
  listMaintainers,
  listReviewItems,
  readWatchStates,
  recordWatchRun,
  revokeMaintainer,
} from "../../src/review-queue/review-queue.repository.ts";
import type { StorageBackend } from "./storage.contract.ts";

const T0 = "2026-11-28T09:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export function reviewQueueContract(name: string, backend: StorageBackend) {
  describe(`review queue storage: ${name}`, async () => {
    const skip = (await backend.skip?.()) ?? false;
    let database: DatabaseHandle;
    let dispose: () => Promise<void> = async () => {};
    let serial = 0;
    const sourceId = () => `test:${++serial}:${Math.random()}`;

    before(async () => {
      if (skip !== false) return;
      ({ database, dispose } = await backend.open());
      await migrateToLatest(database.db);
    });
    after(async () => {
      if (skip !== false) return;
      await database.close();
      await dispose();
    });

    test("an item is stored once per source id; a newer action refreshes a new watch item", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const id = sourceId();
      const item = {
        origin: "watch" as const,
        source: "openstates",
        sourceId: id,
        jurisdiction: "OH",
        title: "HB 1 — Cannabis amendments",
        url: "https://openstates.org/oh/bills/136/HB1/",
        itemDate: "2026-10-01",
        body: "Latest action (2026-10-01): Introduced",
      };
      const first = await addReviewItem(db, item, at(0));
      assert.equal(first.result, "added");
      const again = await addReviewItem(db, item, at(1));
      assert.deepEqual(again, { result: "known", id: first.id });
      const newer = await addReviewItem(
        db,
        { ...item, itemDate: "2026-11-20", body: "Latest action (2026-11-20): Signed by Governor" },
        at(2),
      );
      assert.deepEqual(newer, { result: "refreshed", id: first.id });
      const stored = await findReviewItem(db, first.id);
      assert.equal(stored?.itemDate, "2026-11-20");
      assert.match(stored?.body ?? "", /Signed by Governor/);
      assert.equal(stored?.createdAt, at(0), "the item keeps its place in the queue");
    });

    test("a decision is taken once, logged, and hands out the reader's address once", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const { id } = await addReviewItem(
        db,
        {
          origin: "reader",
          source: "reader",
          sourceId: sourceId(),
          jurisdiction: "CA",
          field: "adult_use.minimum_age",
          title: "Buying: minimum age",
          url: "https://leginfo.legislature.ca.gov/",
          body: "The age is 21.",
          proposedValue: "21",
          contactEmail: "reader@example.org",
        },
        at(0),
      );
      const before = await findReviewItem(db, id);
      assert.equal(before?.hasContact, true);
      assert.equal(JSON.stringify(before).includes("reader@example.org"), false, "never read back");
      const decided = await decideReviewItem(db, {
        itemId: id,
        action: "declined",
        by: "maintainer@example.org",
        nowIso: at(5),
        reason: "already_correct",
        note: "Checked the code section.",
      });
      assert.deepEqual(decided, { contactEmail: "reader@example.org" });
      const twice = await decideReviewItem(db, {
        itemId: id,
        action: "accepted",
        by: "other@example.org",
        nowIso: at(6),
      });
      assert.equal(twice, null, "an item is decided once");
      const after = await findReviewItem(db, id);
      assert.equal(after?.status, "declined");
      assert.equal(after?.decidedBy, "maintainer@example.org");
      assert.equal(after?.decisionReason, "already_correct");
      assert.equal(after?.hasContact, false, "the address is erased with the decision");
      const log = await listDecisions(db, id);
      assert.equal(log.length, 1);
      assert.deepEqual(
        {
          action: log[0]?.action,
          by: log[0]?.decidedBy,
          at: log[0]?.decidedAt,
          note: log[0]?.note,
        },
        {
          action: "declined",
          by: "maintainer@example.org",
          at: at(5),
          note: "Checked the code section.",
        },
      );
    });

    test("two maintainers deciding at once: exactly one wins", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const { id } = await addReviewItem(
        db,
        {
          origin: "watch",
          source: "federal_register",
          sourceId: sourceId(),
          jurisdiction: "US",
          title: "A rule",
          body: "",
        },
        at(0),
      );
      const results = await Promise.all(
        ["a@example.org", "b@example.org", "c@example.org"].map((by) =>
          decideReviewItem(db, { itemId: id, action: "accepted", by, nowIso: at(1) }),
        ),
      );
      assert.equal(results.filter((result) => result !== null).length, 1);
      assert.equal((await listDecisions(db, id)).length, 1);
    });

    test("the list: filters, newest first, pages, counts; references by number", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const jurisdiction = "WY";
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await addReviewItem(
          db,
          {
            origin: i % 2 === 0 ? "watch" : "reader",
            source: i % 2 === 0 ? "openstates" : "reader",
            sourceId: sourceId(),
            jurisdiction,
            title: `Item ${i}`,
            body: "",
          },
          at(100 + i),
        );
        ids.push(id);
      }
      const all = await listReviewItems(db, { jurisdiction }, { offset: 0, limit: 2 });
      assert.equal(all.total, 5);
      assert.deepEqual(
        all.items.map((item) => item.title),
        ["Item 4", "Item 3"],
      );
      const next = await listReviewItems(db, { jurisdiction }, { offset: 2, limit: 2 });
      assert.deepEqual(
        next.items.map((item) => item.title),
        ["Item 2", "Item 1"],
      );
      const readers = await listReviewItems(
        db,
        { jurisdiction, origin: "reader" },
        { offset: 0, limit: 10 },
      );
      assert.deepEqual(
        readers.items.map((item) => item.title),
        ["Item 3", "Item 1"],
      );
      await decideReviewItem(db, {
        itemId: ids[0] as string,
        action: "duplicate",
        by: "m@example.org",
        nowIso: at(200),
        duplicateOf: ids[2] as string,
      });
      const waiting = await listReviewItems(
        db,
        { jurisdiction, status: "new" },
        { offset: 0, limit: 10 },
      );
      assert.equal(waiting.total, 4);
      const duplicate = await findReviewItem(db, ids[0] as string);
      assert.equal(duplicate?.duplicateOf, ids[2]);
      const byNumber = await findReviewItemByReference(db, `#${(ids[1] as string).slice(0, 8)}`);
      assert.equal(byNumber?.id, ids[1]);
      assert.equal(await findReviewItemByReference(db, "not-a-ref"), null);
      assert.ok((await countWaiting(db, "watch")) >= 2);
    });

    test("the watch's cursor moves forward on success and stays on failure", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const source = `src-${serial++}`;
      await recordWatchRun(db, source, { ok: true, cursor: "2026-11-20", nowIso: at(0) });
      await recordWatchRun(db, source, { ok: false, error: "HTTP 503", nowIso: at(10) });
      let state = (await readWatchStates(db)).find((row) => row.source === source);
      assert.deepEqual(state, {
        source,
        cursor: "2026-11-20",
        lastRunAt: at(10),
        lastSuccessAt: at(0),
        lastError: "HTTP 503",
      });
      await recordWatchRun(db, source, { ok: true, cursor: "2026-11-01", nowIso: at(20) });
      state = (await readWatchStates(db)).find((row) => row.source === source);
      assert.equal(state?.cursor, "2026-11-20", "never moved back");
      assert.equal(state?.lastError, null);
    });

    test("the maintainer role: given, listed, taken away, and gone with the account", async (t) => {
      if (skip !== false) return t.skip(skip);
      const db = database.db;
      const user = await createUser(db, `maint${serial++}@example.org`, "x", at(0));
      assert.ok(user);
      assert.equal(await isMaintainer(db, user.id), false);
      assert.equal(await grantMaintainer(db, user.id, at(1)), true);
      assert.equal(await grantMaintainer(db, user.id, at(2)), false, "given once");
      assert.equal(await isMaintainer(db, user.id), true);
      assert.ok(
        (await listMaintainers(db)).some((m) => m.email === user.email && m.grantedAt === at(1)),
      );
      assert.equal(await revokeMaintainer(db, user.id), true);
      assert.equal(await revokeMaintainer(db, user.id), false);
      assert.equal(await isMaintainer(db, user.id), false);
      await grantMaintainer(db, user.id, at(3));
      await db.deleteFrom("users").where("id", "=", user.id).execute();
      assert.equal(await isMaintainer(db, user.id), false, "deleting the account removes the role");
    });
  });
}
