/**
 * The law's webhook events, produced from the dated model
 * (src/dataset/law.live.ts) and from releases:
 * - `law.took_effect`: when a change's effective day begins in its
 *   jurisdiction's zone (Eastern time for federal law), with the record's
 *   fields before and after — for a federal event, the federal rule every
 *   record carries (`hemp.federal`);
 * - `law.enacted`: a release records a law the previous release did not
 *   have (with an effective day), federal ones included;
 * - `record.corrected`: once for each correction a release publishes
 *   (`npm run data:correct`), naming the served fields it changed, the
 *   days, before and after, and its reason. Both come from the release's
 *   `announcements.json`, computed from what is served (never from file
 *   edits), so a new review date announces nothing.
 * Ids are derived from the event and the release, so every instance that
 * produces one produces the same id and it is enqueued once per endpoint.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Correction, Federal, LegalEvent } from "../dataset/dataset.schema.ts";
import { FEDERAL_CODE, timeZoneOf } from "../dataset/jurisdictions.ts";
import type { LawChange } from "../dataset/law.live.ts";
import { federalHempOn, type LawModel, type LawRecord, lawOn } from "../dataset/law.ts";
import type { ReleasePlan } from "../dataset/release.plan.ts";
import { dayIn, previousDay, startOfDayIn } from "../lib/zoned-time.ts";
import { type LawEventData, lawWebhookEvent, type WebhookEvent } from "./webhook.events.ts";

/** Fields that describe the record rather than the law: never reported as changed. */
const IGNORED = new Set(["upcoming", "sources", "last_reviewed", "summary", "notes"]);

/** The fields (`status`, `adult_use.delivery`, …) whose values differ, with both values. */
export function fieldChanges(
  before: object | undefined,
  after: object | undefined,
): LawEventData["changes"] {
  const changes: LawEventData["changes"] = [];
  const a: Record<string, unknown> = { ...before };
  const b: Record<string, unknown> = { ...after };
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (IGNORED.has(key)) continue;
    const left = a[key];
    const right = b[key];
    const isGroup = (value: unknown) =>
      value !== null && typeof value === "object" && !Array.isArray(value);
    if (isGroup(left) || isGroup(right)) {
      const l = (isGroup(left) ? left : {}) as Record<string, unknown>;
      const r = (isGroup(right) ? right : {}) as Record<string, unknown>;
      for (const inner of new Set([...Object.keys(l), ...Object.keys(r)])) {
        if (inner === "sources" || inner === "provenance") continue;
        if (JSON.stringify(l[inner] ?? null) !== JSON.stringify(r[inner] ?? null)) {
          changes.push({
            field: `${key}.${inner}`,
            before: l[inner] ?? null,
            after: r[inner] ?? null,
          });
        }
      }
    } else if (JSON.stringify(left ?? null) !== JSON.stringify(right ?? null)) {
      changes.push({ field: key, before: left ?? null, after: right ?? null });
    }
  }
  return changes;
}

function lawEvent(event: LegalEvent): LawEventData["event"] {
  return {
    id: event.id,
    title: event.title,
    summary: event.summary,
    enacted: event.date,
    effective: event.effective,
    authority: event.authority,
  };
}

function jurisdictionOf(dataset: Dataset<LawRecord>, code: string): LawEventData["jurisdiction"] {
  if (code === FEDERAL_CODE) return { code, name: "United States (federal)" };
  return { code, name: dataset.byCode.get(code)?.name ?? code };
}

/** What federal law changes in every record on `day`: the federal rule each carries. */
function federalChanges(federal: Federal, day: string): LawEventData["changes"] {
  return fieldChanges(
    { hemp: { federal: federalHempOn(federal, previousDay(day)) } },
    { hemp: { federal: federalHempOn(federal, day) } },
  );
}

/** The histories whose events take effect: each jurisdiction's, and federal law's. */
function historiesOf(base: Dataset): [string, readonly LegalEvent[]][] {
  return [...base.histories, [FEDERAL_CODE, base.federal.history]];
}

/** `law.took_effect` for each event that took effect in a change of the law in force. */
export function tookEffectEvents(change: LawChange, origin: string): WebhookEvent[] {
  return change.tookEffect.map((event) => {
    const code = event.jurisdiction;
    const effective = event.effective ?? event.date;
    return lawWebhookEvent({
      type: "law.took_effect",
      timestamp: new Date(startOfDayIn(timeZoneOf(code), effective)).toISOString(),
      jurisdiction: jurisdictionOf(change.after.dataset, code),
      event: lawEvent(event),
      changes:
        code === FEDERAL_CODE
          ? federalChanges(change.after.dataset.federal, effective)
          : fieldChanges(
              change.before.dataset.byCode.get(code),
              change.after.dataset.byCode.get(code),
            ),
      origin,
    });
  });
}

/**
 * `law.took_effect` for the events whose effective day is today in their
 * jurisdiction, federal ones included (a server that starts, or restarts,
 * after midnight still announces them; the ids make a repeat a no-op).
 */
export function tookEffectToday(model: LawModel, nowMs: number, origin: string): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const [code, history] of historiesOf(model.base)) {
    const today = dayIn(timeZoneOf(code), nowMs);
    for (const event of history) {
      if (event.effective !== today || event.date >= today) continue;
      const yesterday = previousDay(today);
      events.push(
        lawWebhookEvent({
          type: "law.took_effect",
          timestamp: new Date(startOfDayIn(timeZoneOf(code), today)).toISOString(),
          jurisdiction: jurisdictionOf(model.base, code),
          event: lawEvent(event),
          changes:
            code === FEDERAL_CODE
              ? federalChanges(model.base.federal, today)
              : fieldChanges(lawOn(model, code, yesterday), lawOn(model, code, today)),
          origin,
        }),
      );
    }
  }
  return events;
}

/**
 * What a release announces (its `announcements.json`, written by `npm run
 * release` from the plan of what is served: src/dataset/release.plan.ts):
 * the laws it newly records, and each correction with the served fields
 * it changed and on which days. Servers send exactly this, once, when
 * they first serve the release.
 */
export type ReleaseAnnouncements = {
  dataset_version: string;
  /** The release compared with; null for a first release (nothing is announced). */
  previous_version: string | null;
  released: string;
  law_enacted: { jurisdiction: string; event: LegalEvent; changes: LawEventData["changes"] }[];
  corrections: {
    correction: Correction;
    changes: LawEventData["changes"];
  }[];
};

const describeDays = (from: string | null, until: string | null) =>
  from === null && until === null
    ? "on every day"
    : from === null
      ? `until ${until}`
      : until === null
        ? `from ${from}`
        : `from ${from} to ${until}`;

/** The announcements of a release plan, against the release's model. */
export function announcementsOf(
  plan: ReleasePlan,
  model: LawModel,
  previousVersion: string | null,
): ReleaseAnnouncements {
  const enacted = plan.newEvents
    .filter((event) => event.effective !== null)
    .map((event) => ({
      jurisdiction: event.jurisdiction,
      event,
      changes:
        event.jurisdiction === FEDERAL_CODE
          ? federalChanges(model.base.federal, event.effective ?? event.date)
          : Object.entries(event.sets ?? {}).map(([field, after]) => ({
              field,
              before: fieldOn(model, event, field),
              after,
            })),
    }));
  const corrections = plan.corrections.map(({ entry, records, events }) => ({
    correction: entry,
    changes: [
      ...records.map((change) => ({
        field: change.field,
        before: change.before,
        after: change.after,
        from: change.from,
        until: change.until,
      })),
      ...events.flatMap((change) =>
        change.fields.map((field) => ({
          field: `history.${change.id}.${field.field}`,
          before: field.before,
          after: field.after,
          from: null,
          until: null,
        })),
      ),
    ],
  }));
  return {
    dataset_version: model.base.manifest.version,
    previous_version: previousVersion,
    released: model.base.manifest.released,
    law_enacted: enacted,
    corrections,
  };
}

/** A field's value on the eve of an event's effective day (what the change replaces). */
function fieldOn(model: LawModel, event: LegalEvent, field: string): unknown {
  const eve = previousDay(event.effective ?? event.date);
  let node: unknown = lawOn(model, event.jurisdiction, eve);
  for (const part of field.split(".")) {
    if (node === null || typeof node !== "object") return null;
    node = (node as Record<string, unknown>)[part];
  }
  return node ?? null;
}

/** The corrections' title: the fields, in words. */
function correctionTitle(name: string, changes: LawEventData["changes"]): string {
  const fields = [...new Set(changes.map((change) => change.field))];
  const shown = fields.slice(0, 3).join(", ");
  return `${name}: ${shown}${fields.length > 3 ? ` and ${fields.length - 3} more` : ""} corrected`;
}

/**
 * The webhook events of a release: `law.enacted` for each law it newly
 * records, `record.corrected` once for each correction, with the fields
 * and days it changed and its reason. Ids are derived from the events and
 * corrections, so a release announced twice sends each once.
 */
export function releaseEvents(
  model: LawModel,
  announcements: ReleaseAnnouncements | null,
  origin: string,
): WebhookEvent[] {
  if (announcements === null || announcements.previous_version === null) return [];
  const version = announcements.dataset_version;
  const events: WebhookEvent[] = announcements.law_enacted.map(({ jurisdiction, event, changes }) =>
    lawWebhookEvent({
      type: "law.enacted",
      timestamp: `${event.date}T00:00:00.000Z`,
      jurisdiction: jurisdictionOf(model.base, jurisdiction),
      event: lawEvent(event),
      changes,
      origin,
      discriminator: version,
    }),
  );
  for (const { correction, changes } of announcements.corrections) {
    const jurisdiction = jurisdictionOf(model.base, correction.jurisdiction);
    const described = changes
      .map((change) => `${change.field} ${describeDays(change.from ?? null, change.until ?? null)}`)
      .join("; ");
    events.push(
      lawWebhookEvent({
        type: "record.corrected",
        timestamp: `${correction.recorded}T00:00:00.000Z`,
        jurisdiction,
        event: {
          id: correction.id,
          title: correctionTitle(jurisdiction.name, changes),
          summary: `Corrected (${described}): ${correction.reason}`,
          enacted: null,
          effective: null,
          authority: correction.authority,
          reason: correction.reason,
          coded_by: correction.coded_by,
          reviewed_by: correction.reviewed_by ?? null,
        },
        changes,
        origin,
        discriminator: version,
      }),
    );
  }
  return events;
}

/** A release's announcements, or null where it has none (releases before they were written). */
export function readAnnouncements(
  releasesDir: string,
  version: string,
): ReleaseAnnouncements | null {
  try {
    return JSON.parse(readFileSync(join(releasesDir, version, "announcements.json"), "utf8"));
  } catch {
    return null;
  }
}
