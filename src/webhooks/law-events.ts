/**
 * The law's webhook events, produced from the dated model
 * (src/dataset/law.live.ts) and from releases:
 * - `law.took_effect`: when a change's effective day begins in its
 *   jurisdiction's zone (Eastern time for federal law), with the record's
 *   fields before and after — for a federal event, the federal rule every
 *   record carries (`hemp.federal`);
 * - `law.enacted`: a release records a change (enacted, effective later)
 *   the previous release did not have, federal ones included;
 * - `record.corrected`: a release changes a record's facts on a day with no
 *   change of law between the two releases (a correction, or facts newly
 *   researched), with each field before and after.
 * Ids are derived from the event and the release, so every instance that
 * produces one produces the same id and it is enqueued once per endpoint.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Federal, Jurisdiction, LegalEvent } from "../dataset/dataset.schema.ts";
import { FEDERAL_CODE, timeZoneOf } from "../dataset/jurisdictions.ts";
import type { LawChange } from "../dataset/law.live.ts";
import { federalHempOn, type LawModel, type LawRecord, lawOn } from "../dataset/law.ts";
import { dayIn, startOfDayIn } from "../lib/zoned-time.ts";
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

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** What federal law changes in every record on `day`: the federal rule each carries. */
function federalChanges(federal: Federal, day: string): LawEventData["changes"] {
  return fieldChanges(
    { hemp: { federal: federalHempOn(federal, dayBefore(day)) } },
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
      const yesterday = dayBefore(today);
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

type ReleasedRecord = Jurisdiction & { history?: LegalEvent[] };
type ReleasedDataset = {
  dataset_version: string;
  released: string;
  jurisdictions: ReleasedRecord[];
  federal?: { history?: LegalEvent[] };
};

/** The newest release in `releasesDir` older than `version`, or null. */
export function previousRelease(releasesDir: string, version: string): ReleasedDataset | null {
  let names: string[];
  try {
    names = readdirSync(releasesDir).filter((name) => name < version);
  } catch {
    return null;
  }
  const newest = names.sort().at(-1);
  if (newest === undefined) return null;
  try {
    return JSON.parse(readFileSync(join(releasesDir, newest, "dataset.json"), "utf8"));
  } catch {
    return null;
  }
}

/**
 * `law.enacted` for the changes this release records that the previous one
 * did not and that are not yet in force; `record.corrected` for each record
 * whose facts on the previous release's day differ between the two releases.
 */
export function releaseEvents(
  model: LawModel,
  previous: ReleasedDataset | null,
  nowMs: number,
  origin: string,
): WebhookEvent[] {
  if (previous === null) return [];
  const version = model.base.manifest.version;
  const events: WebhookEvent[] = [];
  const known = new Set(
    [...previous.jurisdictions, previous.federal ?? {}].flatMap((record) =>
      (record.history ?? []).map((event) => event.id),
    ),
  );
  for (const [code, history] of historiesOf(model.base)) {
    const today = dayIn(timeZoneOf(code), nowMs);
    for (const event of history) {
      if (known.has(event.id) || event.effective === null || event.effective <= today) continue;
      events.push(
        lawWebhookEvent({
          type: "law.enacted",
          timestamp: `${event.date}T00:00:00.000Z`,
          jurisdiction: jurisdictionOf(model.base, code),
          event: lawEvent(event),
          changes:
            code === FEDERAL_CODE
              ? federalChanges(model.base.federal, event.effective)
              : Object.entries(event.sets ?? {}).map(([field, after]) => ({
                  field,
                  before: null,
                  after,
                })),
          origin,
          discriminator: version,
        }),
      );
    }
  }
  for (const before of previous.jurisdictions) {
    const { history: _history, ...record } = before;
    const after = lawOn(model, before.code, previous.released);
    const changes = fieldChanges(record, after);
    if (changes.length === 0) continue;
    events.push(
      lawWebhookEvent({
        type: "record.corrected",
        timestamp: new Date(nowMs).toISOString(),
        jurisdiction: jurisdictionOf(model.base, before.code),
        event: {
          id: `${before.code}-release-${version}`,
          title: `${model.base.byCode.get(before.code)?.name ?? before.code}: record corrected in release ${version}`,
          summary: `Facts changed without a change of law, compared with release ${previous.dataset_version}.`,
          enacted: null,
          effective: null,
          authority: null,
        },
        changes,
        origin,
        discriminator: version,
      }),
    );
  }
  return events;
}
