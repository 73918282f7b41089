/**
 * `npm run maintainers -- add EMAIL | remove EMAIL | list`: the operator
 * gives an account the maintainer role (the review queue at /maintain), or
 * takes it away; nothing on the website grants it. The person signs up
 * first; the role takes effect on their next request, and so does its
 * removal. Reads DATABASE_URL like the server (and `.env` when there is
 * one), and brings the schema up to date first, as the server does.
 * Exit codes: 0 done, 1 refused (no such account, not a maintainer), 2 usage.
 */
import { existsSync } from "node:fs";
import { emailProblem, normalizeEmail } from "../src/accounts/email.ts";
import { findUserByEmail } from "../src/accounts/users.repository.ts";
import { loadConfig } from "../src/config.ts";
import { createDatabase, describeDatabaseUrl } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrations.ts";
import {
  grantMaintainer,
  listMaintainers,
  revokeMaintainer,
} from "../src/review-queue/review-queue.repository.ts";

const USAGE = `Usage: npm run maintainers -- add EMAIL     give the account the maintainer role
       npm run maintainers -- remove EMAIL  take it away
       npm run maintainers -- list          every maintainer`;

const [command, address, ...rest] = process.argv.slice(2);
if (
  rest.length > 0 ||
  !(
    (command === "list" && address === undefined) ||
    ((command === "add" || command === "remove") && address !== undefined)
  )
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(command === "--help" ? 0 : 2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig(process.env);
const database = createDatabase(config.databaseUrl);
const db = database.db;

async function run(): Promise<number> {
  await migrateToLatest(db);
  if (command === "list") {
    const maintainers = await listMaintainers(db);
    if (maintainers.length === 0) {
      process.stdout.write("No maintainers yet. Add one: npm run maintainers -- add EMAIL\n");
      return 0;
    }
    for (const maintainer of maintainers)
      process.stdout.write(`${maintainer.email}  (since ${maintainer.grantedAt.slice(0, 10)})\n`);
    return 0;
  }
  const email = normalizeEmail(address ?? "");
  const problem = emailProblem(email);
  if (problem !== null) {
    process.stderr.write(`✗ ${address}: ${problem}\n`);
    return 2;
  }
  const user = await findUserByEmail(db, email);
  if (user === null) {
    process.stderr.write(
      `✗ No account has the address ${email}: the person signs up on the website first.\n`,
    );
    return 1;
  }
  if (command === "add") {
    const added = await grantMaintainer(db, user.id, new Date().toISOString());
    process.stdout.write(
      added
        ? `✓ ${email} is now a maintainer: the review queue is at /maintain.\n`
        : `${email} is a maintainer already.\n`,
    );
    return 0;
  }
  if (await revokeMaintainer(db, user.id)) {
    process.stdout.write(`✓ ${email} is no longer a maintainer.\n`);
    return 0;
  }
  process.stderr.write(`✗ ${email} is not a maintainer.\n`);
  return 1;
}

try {
  process.exitCode = await run();
} catch (error) {
  process.stderr.write(
    `✗ ${describeDatabaseUrl(config.databaseUrl)}: ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
