/**
 * The watch of official sources: asks each source for what is new since
 * its cursor, adds each new document or bill to the review queue (once per
 * source id), and moves the cursor only when every page asked was stored.
 *
 * - A source that fails (network, timeout, an HTTP error, an answer that is
 *   not the documented JSON) is reported and recorded; the other source is
 *   asked all the same, and the failed one is asked again from the same
 *   day next time. Items stored before the failure stay (asking again
 *   finds them known).
 * - Bounded: MAX_PAGES_PER_RUN pages per source, 20 s per request, 5 MiB
 *   per answer.
 * - The Open States key goes in a header, never in a URL, and no message
 *   here carries it.
 */
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import { addReviewItem, readWatchStates, recordWatchRun } from "./review-queue.repository.ts";
import {
  federalRegisterSource,
  isBadAnswer,
  MAX_PAGES_PER_RUN,
  openStatesSource,
  type WatchSource,
} from "./watch.sources.ts";

export const REQUEST_TIMEOUT_MS = 20_000;
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export type WatchSettings = {
  federalRegisterUrl: string;
  openStatesUrl: string;
  openStatesApiKey: string | null;
};

export type SourceReport = {
  id: string;
  name: string;
  asks: string;
  outcome: "asked" | "skipped" | "failed";
  since: string | null;
  added: number;
  known: number;
  refreshed: number;
  /** The day the next run asks from. */
  next: string | null;
  message: string | null;
};

type Fetch = typeof fetch;

/** The system error code (ECONNREFUSED, ENOTFOUND, …) behind a failed fetch, if any. */
function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
    if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0];
    else e = e.cause;
  }
  return undefined;
}

/** JSON from `url`, or an error that says what went wrong in words (never with a header value). */
async function fetchJson(
  fetcher: Fetch,
  url: string,
  headers: Record<string, string>,
): Promise<unknown> {
  const host = new URL(url).host;
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: {
        accept: "application/json",
        "user-agent": "cannabis-legal-status-watch",
        ...headers,
      },
      redirect: "follow",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = errorCode(error);
    const name = (error as Error).name;
    throw new Error(
      name === "TimeoutError"
        ? `no answer from ${host} within ${REQUEST_TIMEOUT_MS / 1000} s`
        : `could not reach ${host}${cause === undefined ? "" : ` (${cause})`}`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`${host} answered HTTP ${response.status}`);
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader?.read();
    if (next === undefined || next.done) break;
    size += next.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader?.cancel();
      throw new Error(`${host} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
    }
    chunks.push(next.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Error(`${host} answered something that is not JSON`);
  }
}

async function watchOne(
  db: Database,
  source: WatchSource,
  since: string,
  options: { fetch: Fetch; nowIso: () => string },
): Promise<SourceReport> {
  const report: SourceReport = {
    id: source.id,
    name: source.name,
    asks: source.asks,
    outcome: "asked",
    since,
    added: 0,
    known: 0,
    refreshed: 0,
    next: since,
    message: null,
  };
  let newestDay: string | null = null;
  try {
    for (let page = 1; page <= MAX_PAGES_PER_RUN; page++) {
      const { url, headers } = source.request(since, page);
      const body = await fetchJson(options.fetch, url, headers);
      let parsed: ReturnType<WatchSource["parse"]>;
      try {
        parsed = source.parse(body);
      } catch (error) {
        if (isBadAnswer(error))
          throw new Error(`${new URL(url).host} answered unexpectedly: ${error.message}`);
        throw error;
      }
      for (const item of parsed.items) {
        const { result } = await addReviewItem(db, item, options.nowIso());
        if (result === "added") report.added++;
        else if (result === "refreshed") report.refreshed++;
        else report.known++;
      }
      if (parsed.newestDay !== null && (newestDay === null || parsed.newestDay > newestDay))
        newestDay = parsed.newestDay;
      if (!parsed.more) break;
    }
  } catch (error) {
    const message = (error as Error).message;
    await recordWatchRun(db, source.id, { ok: false, error: message, nowIso: options.nowIso() });
    return { ...report, outcome: "failed", message };
  }
  await recordWatchRun(db, source.id, {
    ok: true,
    cursor: newestDay ?? since,
    nowIso: options.nowIso(),
  });
  const next = newestDay !== null && newestDay > since ? newestDay : since;
  return { ...report, next };
}

/**
 * Asks every source once. `defaultSince` is where a source never watched
 * before starts (the day the release's sources run to); `since` overrides
 * every cursor.
 */
export async function runWatch(options: {
  db: Database;
  clock: Clock;
  settings: WatchSettings;
  defaultSince: string;
  since?: string;
  fetch?: Fetch;
}): Promise<SourceReport[]> {
  const { db, clock, settings } = options;
  const fetcher = options.fetch ?? fetch;
  const nowIso = () => new Date(clock.now()).toISOString();
  const states = await readWatchStates(db);
  const sinceOf = (id: string) =>
    options.since ?? states.find((state) => state.source === id)?.cursor ?? options.defaultSince;
  const reports: SourceReport[] = [];
  reports.push(
    await watchOne(
      db,
      federalRegisterSource(settings.federalRegisterUrl),
      sinceOf("federal_register"),
      {
        fetch: fetcher,
        nowIso,
      },
    ),
  );
  if (settings.openStatesApiKey === null) {
    reports.push({
      id: "openstates",
      name: "Open States",
      asks: "state bills",
      outcome: "skipped",
      since: null,
      added: 0,
      known: 0,
      refreshed: 0,
      next: null,
      message:
        "OPENSTATES_API_KEY is not set, so state bills were not asked for (a free key comes from Open States: docs/DEPLOY.md)",
    });
  } else {
    reports.push(
      await watchOne(
        db,
        openStatesSource(settings.openStatesUrl, settings.openStatesApiKey),
        sinceOf("openstates"),
        { fetch: fetcher, nowIso },
      ),
    );
  }
  return reports;
}

/** The run in words: one line per source, then the totals. */
export function describeWatch(reports: readonly SourceReport[]): string {
  const lines = reports.map((report) => {
    if (report.outcome === "skipped") return `${report.name}: skipped: ${report.message}.`;
    if (report.outcome === "failed")
      return `${report.name}: FAILED: ${report.message}. ${report.added} new, ${report.known} already known before it failed; asked again from ${report.since} next time.`;
    return `${report.name}: asked for ${report.asks} since ${report.since}: ${report.added} new, ${report.known} already known${report.refreshed > 0 ? `, ${report.refreshed} updated with a later action` : ""}; next watch from ${report.next}.`;
  });
  const asked = reports.filter((report) => report.outcome !== "skipped");
  const failed = reports.filter((report) => report.outcome === "failed").length;
  const added = reports.reduce((sum, report) => sum + report.added, 0);
  const known = reports.reduce((sum, report) => sum + report.known + report.refreshed, 0);
  lines.push(
    `Summary: ${asked.length} source${asked.length === 1 ? "" : "s"} asked${failed > 0 ? ` (${failed} failed)` : ""}, ${added} item${added === 1 ? "" : "s"} new, ${known} already known.`,
  );
  return lines.join("\n");
}
