/**
 * `npm run data:diff [-- --from VERSION]`: what today's data change in what
 * is served, compared with the last release (or VERSION) day by day, and
 * which announcements the next release will send: each new law
 * (`law.enacted`), each correction (`record.corrected`, with its reason),
 * explanatory text edited, anything changed without a record (which the
 * release refuses), and entries still waiting for a review
 * (docs/MAINTAINING.md). `--json` prints the announcements as the release
 * will write them. Writes nothing. Exit codes: 0, 1 invalid data, 2 usage.
 */
import { checkOrRefuse, parseFlags, readSource, today } from "./data-cli.ts";
import { formatPlan, loadPlan } from "./release-plan.ts";

const USAGE = `Usage: npm run data:diff -- [--from VERSION] [--data DIR] [--json]

  --from VERSION   the release to compare with (default: the newest in data/releases)
  --data DIR       the data folder (default data)
  --json           the announcements as JSON, as the release writes them`;

const { flags } = parseFlags<{ from?: string; data?: string; json?: boolean }>(
  {
    from: { type: "string" },
    data: { type: "string" },
    json: { type: "boolean" },
  },
  USAGE,
);
const day = today();
const dir = flags.data ?? "data";
const { source } = readSource(dir);
const dataset = checkOrRefuse(source, day, "The diff");
const loaded = loadPlan(dir, source, dataset, flags.from);
process.stdout.write(
  flags.json ? `${JSON.stringify(loaded.announcements, null, 2)}\n` : `${formatPlan(loaded)}\n`,
);
