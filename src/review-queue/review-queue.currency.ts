/**
 * How current the watch is, for /changes, the home page and /maintain:
 * how many watch items wait for a maintainer and when each official source
 * was last watched. It says nothing about the data themselves: what the
 * data cover moves only with a release (`meta.sources_current_to`).
 *
 * Public pages ask at most once a minute per instance (one count and one
 * small read), never on each request, and show nothing rather than fail
 * when the database does not answer: the map and the pages do not depend
 * on it.
 */
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { countWaiting, readWatchStates, type WatchState } from "./review-queue.repository.ts";

export const CURRENCY_REFRESH_MS = 60_000;

export const WATCH_SOURCE_NAMES: Readonly<Record<string, string>> = {
  federal_register: "the Federal Register",
  openstates: "Open States (state bills)",
};

export type Currency = { waitingWatch: number; waitingReader: number; sources: WatchState[] };

export type ReviewCurrency = {
  /** Read now (maintainers' pages). */
  read: () => Promise<Currency>;
  /** The public note, from a copy at most CURRENCY_REFRESH_MS old; "" when nothing is known. */
  publicNote: () => Promise<SafeHtml | "">;
};

export function formatInstant(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function createReviewCurrency(options: {
  db: Database;
  clock: Clock;
  log: { warn: (fields: object, message: string) => void };
}): ReviewCurrency {
  const { db, clock, log } = options;
  const read = async (): Promise<Currency> => ({
    waitingWatch: await countWaiting(db, "watch"),
    waitingReader: await countWaiting(db, "reader"),
    sources: await readWatchStates(db),
  });
  let cached: { atMs: number; note: SafeHtml | "" } | null = null;
  let pending: Promise<SafeHtml | ""> | null = null;
  const refresh = async (): Promise<SafeHtml | ""> => {
    try {
      const note = renderPublicNote(await read());
      cached = { atMs: clock.now(), note };
      return note;
    } catch (error) {
      log.warn({ err: error }, "could not read the review queue's currency");
      cached = { atMs: clock.now(), note: cached?.note ?? "" };
      return cached.note;
    } finally {
      pending = null;
    }
  };
  return {
    read,
    publicNote: () => {
      if (cached !== null && clock.now() - cached.atMs < CURRENCY_REFRESH_MS)
        return Promise.resolve(cached.note);
      pending ??= refresh();
      return pending;
    },
  };
}

/** "Watching for new law": when each source was last asked, and what waits for review. */
export function renderPublicNote(currency: Currency): SafeHtml | "" {
  const watched = currency.sources.filter((source) => source.lastSuccessAt !== null);
  if (watched.length === 0 && currency.waitingWatch === 0) return "";
  const when = watched.map(
    (source) =>
      html`${WATCH_SOURCE_NAMES[source.source] ?? source.source} on <time datetime="${source.lastSuccessAt}">${formatInstant(source.lastSuccessAt ?? "")}</time>`,
  );
  const list = when.map((part, index) =>
    index === 0 ? part : index === when.length - 1 ? html` and ${part}` : html`, ${part}`,
  );
  const waiting = currency.waitingWatch;
  return html`<section class="watch-currency" aria-labelledby="watch-currency-heading">
<h2 id="watch-currency-heading">Watching for new law</h2>
<p>${watched.length === 0 ? "The official sources have not been watched yet." : html`We last watched ${list}.`} ${waiting === 0 ? "Nothing they reported is waiting for review." : `${waiting.toLocaleString("en-US")} item${waiting === 1 ? "" : "s"} they reported ${waiting === 1 ? "is" : "are"} waiting for a maintainer's review.`} What they report reaches the data only when a maintainer records it and it is released.</p>
</section>`;
}
