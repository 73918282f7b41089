/**
 * Atom feeds (RFC 4287) of legal events, for feed readers and chat
 * integrations: `/changes.atom` (every jurisdiction and federal law, the
 * newest events), `/states/{code}/changes.atom` (one jurisdiction, all its
 * events) and `/federal/changes.atom` (federal law, all its events). Entries
 * come from the same events as `/v1/changes`, one per event, with its
 * effective date and a link to the law, and one more entry when an event
 * takes effect on a day after its enactment (at the start of that day in
 * the jurisdiction's zone, Eastern time for federal law), as the
 * `law.took_effect` webhook is sent. Each feed is built on first use and
 * rebuilt when the law in force changes (src/dataset/law.live.ts); requests
 * revalidate with `ETag` / `If-None-Match` or `Last-Modified` /
 * `If-Modified-Since`. Feeds are website resources: they are not counted
 * against the API's rate limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tookEffectWithin } from "../dataset/change-feed.ts";
import { correctedValues } from "../dataset/corrections.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { Correction, LegalEvent } from "../dataset/dataset.schema.ts";
import { FEDERAL_CODE, timeZoneOf } from "../dataset/jurisdictions.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import type { LawRecord } from "../dataset/law.ts";
import { AppError } from "../errors.ts";
import {
  buildRepresentation,
  type Representation,
  sendRepresentation,
} from "../http/representation.ts";
import { horizonSentence } from "../lib/dates.ts";
import { startOfDayIn } from "../lib/zoned-time.ts";

export const ATOM_MEDIA_TYPE = "application/atom+xml";
/** The all-jurisdictions feed carries this many of the newest events. */
export const FEED_MAX_ENTRIES = 100;
const FEED_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=60";

/** The law in force now: the dataset and each jurisdiction's day (and federal law's, `US`). */
export type FeedState = Readonly<{
  dataset: Dataset<LawRecord>;
  days: ReadonlyMap<string, string>;
}>;

export type FeedOptions = {
  /** The law in force now (src/dataset/law.live.ts): the feeds are rebuilt when it changes. */
  law: Pick<LiveLaw, "derive">;
  publicBaseUrl: string;
};

/** A feed entry: an event, as enacted or as it takes effect. */
type Entry = Readonly<{ event: LegalEvent; tookEffect: boolean; day: string; at: number }>;

const FEDERAL_NAME = "United States (federal)";

function xml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

const instant = (day: string) => `${day}T00:00:00Z`;

function kindLabel(kind: string): string {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function entry(item: Entry, base: string, names: ReadonlyMap<string, string>): string {
  const { event } = item;
  const page =
    event.jurisdiction === FEDERAL_CODE
      ? `${base}/federal`
      : `${base}/states/${event.jurisdiction}`;
  const where = names.get(event.jurisdiction) ?? FEDERAL_NAME;
  const effective =
    event.effective === null
      ? "Effective date: not stated."
      : `Effective ${event.effective}${event.effective > event.date ? " (enacted, not yet in force on the event date)" : ""}.`;
  const law = event.sources[0];
  const links = [
    law === undefined
      ? ""
      : `<link rel="alternate" type="text/html" href="${xml(law.url)}" title="${xml(law.title)}"/>`,
    `<link rel="related" type="text/html" href="${xml(page)}" title="${xml(where)}"/>`,
  ].join("");
  if (item.tookEffect) {
    const at = new Date(item.at).toISOString();
    return `<entry>
<id>${xml(`${base}/changes.atom#${event.id}-took-effect`)}</id>
<title>${xml(`${where}: in force from today: ${event.title}`)}</title>
<published>${at}</published>
<updated>${at}</updated>
${links}
<category term="took_effect" label="Took effect"/>
<summary type="text">${xml(`In force from ${item.day} (enacted ${event.date}): ${event.summary}`)}</summary>
</entry>`;
  }
  return `<entry>
<id>${xml(`${base}/changes.atom#${event.id}`)}</id>
<title>${xml(`${where}: ${event.title}`)}</title>
<published>${instant(event.date)}</published>
<updated>${instant(event.date)}</updated>
${links}
<category term="${xml(event.kind)}" label="${xml(kindLabel(event.kind))}"/>
<summary type="text">${xml(`${event.summary} ${effective}`)}</summary>
</entry>`;
}

/** A correction's entry: what it changed, and why (the reasons are public; docs/DATA.md). */
function correctionEntry(
  correction: Correction,
  base: string,
  names: ReadonlyMap<string, string>,
): { at: number; xml: string } {
  const where = names.get(correction.jurisdiction) ?? FEDERAL_NAME;
  const page =
    correction.jurisdiction === FEDERAL_CODE
      ? `${base}/federal`
      : `${base}/states/${correction.jurisdiction}`;
  const values = correctedValues(correction);
  const changed = values
    .map(
      (change) =>
        `${change.path}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    )
    .join("; ");
  const at = Date.parse(instant(correction.recorded));
  return {
    at,
    xml: `<entry>
<id>${xml(`${base}/changes.atom#correction-${correction.id}`)}</id>
<title>${xml(`${where}: record corrected (${[...new Set(values.map((change) => change.path))].join(", ")})`)}</title>
<published>${instant(correction.recorded)}</published>
<updated>${instant(correction.recorded)}</updated>
<link rel="alternate" type="text/html" href="${xml(`${base}/changes#correction-${correction.id}`)}" title="Corrections"/>
<link rel="related" type="text/html" href="${xml(page)}" title="${xml(where)}"/>
<category term="correction" label="Correction"/>
<summary type="text">${xml(`Correction, not a change in the law. ${changed}. Why: ${correction.reason}${correction.authority === null ? "" : ` Law: ${correction.authority.citation}.`}`)}</summary>
</entry>`,
  };
}

function feed(options: {
  id: string;
  title: string;
  self: string;
  alternate: string;
  updated: string;
  events: readonly Entry[];
  corrections?: readonly Correction[];
  /** The most entries the feed carries (newest first). */
  max?: number;
  base: string;
  names: ReadonlyMap<string, string>;
  /** How far the sources reach (horizonSentence). */
  horizon: string;
}): string {
  const items = [
    ...options.events.map((item) => ({
      at: item.at,
      xml: entry(item, options.base, options.names),
    })),
    ...(options.corrections ?? []).map((correction) =>
      correctionEntry(correction, options.base, options.names),
    ),
  ]
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .slice(0, options.max ?? Number.POSITIVE_INFINITY);
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xml(options.id)}</id>
<title>${xml(options.title)}</title>
<subtitle>${xml(`Dated changes to cannabis law, with the date each takes effect and a link to the law. ${options.horizon}`)}</subtitle>
<updated>${instant(options.updated)}</updated>
<author><name>Cannabis Legal Status</name><uri>${xml(options.base)}/</uri></author>
<link rel="self" type="${ATOM_MEDIA_TYPE}" href="${xml(options.self)}"/>
<link rel="alternate" type="text/html" href="${xml(options.alternate)}"/>
<rights>Data: CC BY 4.0</rights>
${items.map((item) => item.xml).join("\n")}
</feed>
`;
}

type BuiltFeed = { representation: Representation; lastModified: string };

/** The newest day a feed describes: its newest entry, or the release if newer. */
function newestDay(entries: readonly Entry[], released: string): string {
  const days = [released, ...entries.map((item) => item.day)].sort();
  return days[days.length - 1] ?? released;
}

/**
 * An entry per event (on its date) and one per event that has taken effect
 * on a later day (on that day), newest first. `dayOf` is a jurisdiction's
 * day now.
 */
function entriesOf(events: readonly LegalEvent[], dayOf: (code: string) => string): Entry[] {
  const entries: Entry[] = [];
  for (const event of events) {
    entries.push({
      event,
      tookEffect: false,
      day: event.date,
      at: Date.parse(instant(event.date)),
    });
    // Taken effect by today, on a later day than its enactment (else the entry above says it).
    if (
      event.effective !== null &&
      tookEffectWithin(event, event.date, dayOf(event.jurisdiction))
    ) {
      const at = startOfDayIn(timeZoneOf(event.jurisdiction), event.effective);
      entries.push({ event, tookEffect: true, day: event.effective, at });
    }
  }
  return entries.sort(
    (a, b) =>
      b.at - a.at ||
      a.event.jurisdiction.localeCompare(b.event.jurisdiction) ||
      Number(b.tookEffect) - Number(a.tookEffect) ||
      a.event.id.localeCompare(b.event.id),
  );
}

/**
 * The feeds, built on the first request for any of them and kept: `all()`,
 * `federal()` and `byCode(code)` (undefined for an unknown code). Built at
 * start-up (one per jurisdiction, one for federal law and one for all), they
 * would cost it ~10 ms for feeds that are rarely asked for.
 */
function lazyFeeds(options: FeedOptions): {
  all: () => BuiltFeed;
  federal: () => BuiltFeed;
  byCode: (code: string) => BuiltFeed | undefined;
} {
  const feeds = options.law.derive((state) => buildFeeds(state, options.publicBaseUrl));
  return {
    all: () => feeds().all,
    federal: () => feeds().federal,
    byCode: (code) => feeds().byCode.get(code),
  };
}

export function buildFeeds(
  state: FeedState,
  base: string,
): {
  all: BuiltFeed;
  federal: BuiltFeed;
  byCode: ReadonlyMap<string, BuiltFeed>;
} {
  const { dataset, days } = state;
  const dayOf = (code: string) => days.get(code) ?? dataset.manifest.released;
  const names = new Map(dataset.jurisdictions.map((j) => [j.code, j.name]));
  const released = dataset.manifest.released;
  const horizon = horizonSentence(dataset.manifest.sources_current_to ?? null);
  const build = (body: string, day: string): BuiltFeed => ({
    representation: buildRepresentation(body),
    lastModified: new Date(Date.parse(instant(day))).toUTCString(),
  });
  const newest = entriesOf(dataset.changes, dayOf).slice(0, FEED_MAX_ENTRIES);
  const allDay = [newestDay(newest, released), ...dataset.corrections.map((item) => item.recorded)]
    .sort()
    .at(-1) as string;
  const all = build(
    feed({
      id: `${base}/changes.atom`,
      title: "Cannabis law changes in the United States",
      self: `${base}/changes.atom`,
      alternate: `${base}/changes`,
      updated: allDay,
      events: newest,
      corrections: dataset.corrections,
      max: FEED_MAX_ENTRIES,
      base,
      names,
      horizon,
    }),
    allDay,
  );
  const byCode = new Map<string, BuiltFeed>();
  const one = (
    code: string,
    history: readonly LegalEvent[],
    title: string,
    path: string,
    page: string,
  ): BuiltFeed => {
    const events = entriesOf(history, dayOf);
    const corrections = dataset.corrections.filter((item) => item.jurisdiction === code);
    const day = [newestDay(events, released), ...corrections.map((item) => item.recorded)]
      .sort()
      .at(-1) as string;
    return build(
      feed({
        id: `${base}${path}`,
        title,
        self: `${base}${path}`,
        alternate: `${base}${page}`,
        updated: day,
        events,
        corrections,
        base,
        names,
        horizon,
      }),
      day,
    );
  };
  for (const record of dataset.jurisdictions) {
    byCode.set(
      record.code,
      one(
        record.code,
        dataset.histories.get(record.code) ?? [],
        `Cannabis law changes in ${record.name}`,
        `/states/${record.code}/changes.atom`,
        `/states/${record.code}`,
      ),
    );
  }
  const federal = one(
    FEDERAL_CODE,
    dataset.federal.history,
    "Federal cannabis law changes in the United States",
    "/federal/changes.atom",
    "/federal",
  );
  return { all, federal, byCode };
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, built: BuiltFeed) {
  reply.header("last-modified", built.lastModified);
  const since = request.headers["if-modified-since"];
  if (
    request.headers["if-none-match"] === undefined &&
    since !== undefined &&
    Date.parse(since) >= Date.parse(built.lastModified)
  ) {
    reply.header("etag", built.representation.etags.identity);
    reply.header("cache-control", FEED_CACHE_CONTROL);
    return reply.code(304).send();
  }
  return sendRepresentation(request, reply, built.representation, {
    cacheControl: FEED_CACHE_CONTROL,
    contentType: `${ATOM_MEDIA_TYPE}; charset=utf-8`,
    vary: "Accept-Encoding",
  });
}

export async function feedRoutes(app: FastifyInstance, options: FeedOptions): Promise<void> {
  const feeds = lazyFeeds(options);
  app.get("/changes.atom", { schema: { hide: true }, compress: false }, (request, reply) =>
    sendFeed(request, reply, feeds.all()),
  );
  app.get("/federal/changes.atom", { schema: { hide: true }, compress: false }, (request, reply) =>
    sendFeed(request, reply, feeds.federal()),
  );
  app.get<{ Params: { code: string } }>(
    "/states/:code/changes.atom",
    { schema: { hide: true }, compress: false },
    (request, reply) => {
      const code = request.params.code.slice(0, 20).toUpperCase();
      const built = feeds.byCode(code);
      if (built === undefined) {
        throw new AppError("not_found", `No jurisdiction has the code ${code}.`);
      }
      return sendFeed(request, reply, built);
    },
  );
}
