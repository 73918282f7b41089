/**
 * `npm run data:watch`: asks the official sources for new law since the
 * last watch — the Federal Register (no key) and Open States (with
 * OPENSTATES_API_KEY) — and adds each new document or bill to the review
 * queue that maintainers read at /maintain (docs/DATA.md, "Hearing of new
 * law"). Meant for a scheduler (docs/DEPLOY.md): it stores where each
 * source stopped, so running it again adds nothing new, and a failed run is
 * asked again from the same day.
 *
 *   npm run data:watch                    from where each source stopped
 *   npm run data:watch -- --since 2026-07-01   from that day (cursors still only move forward)
 *
 * Reads DATABASE_URL, FEDERAL_REGISTER_API_URL, OPENSTATES_API_URL and
 * OPENSTATES_API_KEY like the server (and `.env` when there is one). A
 * source never watched starts from the day the dataset's sources run to
 * (`sources_current_to` in data/dataset.json).
 * Exit codes: 0 every source asked answered (or was skipped), 1 one failed, 2 usage.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { createDatabase, describeDatabaseUrl } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import { systemClock } from "../src/lib/clock.ts";
import { isCalendarDate, isoDay } from "../src/lib/dates.ts";
import { describeWatch, runWatch } from "../src/review-queue/watch.ts";

const USAGE = `Usage: npm run data:watch -- [--since YYYY-MM-DD]`;

let since: string | undefined;
try {
  const { values } = parseArgs({
    options: { since: { type: "string" }, help: { type: "boolean" } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  since = values.since;
} catch (error) {
  process.stderr.write(`✗ ${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (since !== undefined && !isCalendarDate(since)) {
  process.stderr.write(`✗ --since: ${since} is not a date (YYYY-MM-DD).\n`);
  process.exit(2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig(process.env);

/** Where a source never watched starts: the day the released data's sources run to. */
function defaultSince(): string {
  try {
    const manifest = JSON.parse(readFileSync(join(config.dataDir, "dataset.json"), "utf8")) as {
      sources_current_to?: unknown;
    };
    const day = manifest.sources_current_to;
    if (typeof day === "string" && isCalendarDate(day)) return day;
  } catch {
    // No dataset here: the last 90 days.
  }
  return isoDay(new Date(Date.now() - 90 * 86_400_000));
}

const database = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const reports = await runWatch({
    db: database.db,
    clock: systemClock,
    settings: config.watch,
    defaultSince: defaultSince(),
    ...(since === undefined ? {} : { since }),
  });
  process.stdout.write(`${describeWatch(reports)}\n`);
  process.exitCode = reports.some((report) => report.outcome === "failed") ? 1 : 0;
} catch (error) {
  process.stderr.write(
    `✗ ${describeDatabaseUrl(config.databaseUrl)}: ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
