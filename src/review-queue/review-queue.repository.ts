/**
 * The review queue's storage (SQLite and PostgreSQL alike): maintainers,
 * items with their decisions, and where the watch of each source stopped.
 *
 * Contracts:
 * - an item exists once per `source_id` (the source's own id): adding it
 *   again changes nothing, or — for a watch item still `new` whose source
 *   reports a later date — refreshes its title, text and date;
 * - an item is decided once: the decision is taken only from `new`, by a
 *   conditional update, so two maintainers deciding at once cannot both
 *   win; every decision is logged with who, when and why;
 * - a reader's contact address is handed out once, to the decision that
 *   takes the item from `new`, and erased in the same update.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type Database, supportsSkipLocked, takeWriteLock } from "../db/database.ts";
import type { ReviewItemsTable } from "../db/schema.ts";

export const REVIEW_STATUSES = ["new", "accepted", "declined", "duplicate"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_ORIGINS = ["watch", "reader"] as const;
export type ReviewOrigin = (typeof REVIEW_ORIGINS)[number];
export type DecisionAction = Exclude<ReviewStatus, "new">;

export type ReviewItem = {
  id: string;
  origin: ReviewOrigin;
  source: string;
  sourceId: string;
  jurisdiction: string;
  field: string | null;
  title: string;
  url: string | null;
  itemDate: string | null;
  effectiveDate: string | null;
  citation: string | null;
  body: string;
  proposedValue: string | null;
  /** Whether the reader left an address (the address itself is never read back out). */
  hasContact: boolean;
  status: ReviewStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  duplicateOf: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ReviewDecision = {
  id: string;
  action: DecisionAction;
  decidedBy: string;
  decidedAt: string;
  reason: string | null;
  note: string | null;
};

export type NewReviewItem = {
  origin: ReviewOrigin;
  source: string;
  sourceId: string;
  jurisdiction: string;
  field?: string | null;
  title: string;
  url?: string | null;
  itemDate?: string | null;
  effectiveDate?: string | null;
  citation?: string | null;
  body: string;
  proposedValue?: string | null;
  contactEmail?: string | null;
};

const ITEM_COLUMNS = [
  "id",
  "origin",
  "source",
  "source_id",
  "jurisdiction",
  "field",
  "title",
  "url",
  "item_date",
  "effective_date",
  "citation",
  "body",
  "proposed_value",
  "status",
  "decided_by",
  "decided_at",
  "decision_reason",
  "duplicate_of",
  "created_at",
  "updated_at",
] as const;

type ItemRow = Omit<ReviewItemsTable, "contact_email"> & { has_contact: number | string };

function toItem(row: ItemRow): ReviewItem {
  return {
    id: row.id,
    origin: row.origin,
    source: row.source,
    sourceId: row.source_id,
    jurisdiction: row.jurisdiction,
    field: row.field,
    title: row.title,
    url: row.url,
    itemDate: row.item_date,
    effectiveDate: row.effective_date,
    citation: row.citation,
    body: row.body,
    proposedValue: row.proposed_value,
    hasContact: Number(row.has_contact) === 1,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    duplicateOf: row.duplicate_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const selectItems = (db: Database) =>
  db
    .selectFrom("review_items")
    .select(ITEM_COLUMNS)
    .select(sql<number>`case when contact_email is null then 0 else 1 end`.as("has_contact"));

// ---- Maintainers ----

export type Maintainer = { userId: string; email: string; grantedAt: string };

export async function isMaintainer(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("maintainers")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the role; false when the user already has it. */
export async function grantMaintainer(
  db: Database,
  userId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto("maintainers")
    .values({ user_id: userId, granted_at: nowIso })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the role away; false when the user did not have it. */
export async function revokeMaintainer(db: Database, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("maintainers")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listMaintainers(db: Database): Promise<Maintainer[]> {
  const rows = await db
    .selectFrom("maintainers")
    .innerJoin("users", "users.id", "maintainers.user_id")
    .select(["maintainers.user_id", "users.email", "maintainers.granted_at"])
    .orderBy("users.email")
    .execute();
  return rows.map((row) => ({ userId: row.user_id, email: row.email, grantedAt: row.granted_at }));
}

// ---- Items ----

export type AddResult = "added" | "known" | "refreshed";

/**
 * Adds an item unless one with its source id exists. A watch item still
 * `new` is refreshed when the source now reports a later date (a bill's
 * newer action); a decided one stays as it was decided.
 */
export async function addReviewItem(
  db: Database,
  item: NewReviewItem,
  nowIso: string,
): Promise<{ result: AddResult; id: string }> {
  const id = randomUUID();
  const inserted = await db
    .insertInto("review_items")
    .values({
      id,
      origin: item.origin,
      source: item.source,
      source_id: item.sourceId,
      jurisdiction: item.jurisdiction,
      field: item.field ?? null,
      title: item.title,
      url: item.url ?? null,
      item_date: item.itemDate ?? null,
      effective_date: item.effectiveDate ?? null,
      citation: item.citation ?? null,
      body: item.body,
      proposed_value: item.proposedValue ?? null,
      contact_email: item.contactEmail ?? null,
      status: "new",
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      duplicate_of: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column("source_id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { result: "added", id };
  const existing = await db
    .selectFrom("review_items")
    .select(["id", "item_date", "status"])
    .where("source_id", "=", item.sourceId)
    .executeTakeFirstOrThrow();
  const newer =
    item.origin === "watch" &&
    existing.status === "new" &&
    item.itemDate != null &&
    (existing.item_date === null || item.itemDate > existing.item_date);
  if (!newer) return { result: "known", id: existing.id };
  await db
    .updateTable("review_items")
    .set({
      title: item.title,
      body: item.body,
      item_date: item.itemDate ?? null,
      effective_date: item.effectiveDate ?? null,
      citation: item.citation ?? null,
      url: item.url ?? null,
      updated_at: nowIso,
    })
    .where("id", "=", existing.id)
    .where("status", "=", "new")
    .execute();
  return { result: "refreshed", id: existing.id };
}

export async function findReviewItem(db: Database, id: string): Promise<ReviewItem | null> {
  if (!/^[0-9a-f-]{8,36}$/.test(id)) return null;
  const row = await selectItems(db).where("id", "=", id).executeTakeFirst();
  return row === undefined ? null : toItem(row as ItemRow);
}

/** An item by its id, or by the first 8 characters maintainers see as its number. */
export async function findReviewItemByReference(
  db: Database,
  reference: string,
): Promise<ReviewItem | null> {
  const ref = reference.trim().replace(/^#/, "").toLowerCase();
  if (ref.length === 36) return findReviewItem(db, ref);
  if (!/^[0-9a-f]{8}$/.test(ref)) return null;
  const rows = await selectItems(db).where("id", "like", `${ref}%`).limit(2).execute();
  return rows.length === 1 ? toItem(rows[0] as ItemRow) : null;
}

export type ReviewFilter = {
  status?: ReviewStatus | null;
  origin?: ReviewOrigin | null;
  jurisdiction?: string | null;
};

/** A page of the queue, newest first, and how many items match in all. */
export async function listReviewItems(
  db: Database,
  filter: ReviewFilter,
  page: { offset: number; limit: number },
): Promise<{ items: ReviewItem[]; total: number }> {
  let query = db.selectFrom("review_items");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.origin) query = query.where("origin", "=", filter.origin);
  if (filter.jurisdiction) query = query.where("jurisdiction", "=", filter.jurisdiction);
  const count = await query
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  let rows = selectItems(db);
  if (filter.status) rows = rows.where("status", "=", filter.status);
  if (filter.origin) rows = rows.where("origin", "=", filter.origin);
  if (filter.jurisdiction) rows = rows.where("jurisdiction", "=", filter.jurisdiction);
  const items = await rows
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { items: items.map((row) => toItem(row as ItemRow)), total: Number(count.n) };
}

/** Items waiting (`new`) from one origin. */
export async function countWaiting(db: Database, origin: ReviewOrigin): Promise<number> {
  const row = await db
    .selectFrom("review_items")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("origin", "=", origin)
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DecideInput = {
  itemId: string;
  action: DecisionAction;
  /** The maintainer's address. */
  by: string;
  nowIso: string;
  reason?: string | null;
  note?: string | null;
  duplicateOf?: string | null;
};

/**
 * Decides a `new` item and logs the decision. Returns null when the item
 * does not exist or was decided already; otherwise the reader's address
 * (erased from the item by the same update) for the one decision mail.
 */
export async function decideReviewItem(
  db: Database,
  input: DecideInput,
): Promise<{ contactEmail: string | null } | null> {
  return db.transaction().execute(async (trx) => {
    await takeWriteLock(trx);
    const row = await trx
      .selectFrom("review_items")
      .select(["contact_email"])
      .where("id", "=", input.itemId)
      .where("status", "=", "new")
      .$if(supportsSkipLocked(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (row === undefined) return null;
    const updated = await trx
      .updateTable("review_items")
      .set({
        status: input.action,
        decided_by: input.by,
        decided_at: input.nowIso,
        decision_reason: input.reason ?? null,
        duplicate_of: input.duplicateOf ?? null,
        contact_email: null,
        updated_at: input.nowIso,
      })
      .where("id", "=", input.itemId)
      .where("status", "=", "new")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    await trx
      .insertInto("review_decisions")
      .values({
        id: randomUUID(),
        item_id: input.itemId,
        action: input.action,
        decided_by: input.by,
        decided_at: input.nowIso,
        reason: input.reason ?? null,
        note: input.note ?? null,
      })
      .execute();
    return { contactEmail: row.contact_email };
  });
}

export async function listDecisions(db: Database, itemId: string): Promise<ReviewDecision[]> {
  const rows = await db
    .selectFrom("review_decisions")
    .select(["id", "action", "decided_by", "decided_at", "reason", "note"])
    .where("item_id", "=", itemId)
    .orderBy("decided_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reason: row.reason,
    note: row.note,
  }));
}

// ---- The watch's state ----

export type WatchState = {
  source: string;
  cursor: string | null;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
};

export async function readWatchStates(db: Database): Promise<WatchState[]> {
  const rows = await db.selectFrom("review_watch_state").selectAll().orderBy("source").execute();
  return rows.map((row) => ({
    source: row.source,
    cursor: row.cursor,
    lastRunAt: row.last_run_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
  }));
}

/**
 * Records a run of one source: on success its new cursor (never moved
 * back), on failure only the error — the cursor stays where the last good
 * run left it, so the next run asks again from there.
 */
export async function recordWatchRun(
  db: Database,
  source: string,
  outcome:
    | { ok: true; cursor: string | null; nowIso: string }
    | { ok: false; error: string; nowIso: string },
): Promise<void> {
  const current = await db
    .selectFrom("review_watch_state")
    .selectAll()
    .where("source", "=", source)
    .executeTakeFirst();
  const cursor = outcome.ok
    ? ([current?.cursor ?? null, outcome.cursor]
        .filter((day): day is string => day !== null)
        .sort()
        .at(-1) ?? null)
    : (current?.cursor ?? null);
  const values = {
    cursor,
    last_run_at: outcome.nowIso,
    last_success_at: outcome.ok ? outcome.nowIso : (current?.last_success_at ?? null),
    last_error: outcome.ok ? null : outcome.error.slice(0, 500),
  };
  await db
    .insertInto("review_watch_state")
    .values({ source, ...values })
    .onConflict((oc) => oc.column("source").doUpdateSet(values))
    .execute();
}
