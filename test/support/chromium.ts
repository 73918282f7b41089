/**
 * Debian's Chromium for the browser tests (driven by playwright-core, never a
 * downloaded browser). With CI=true a missing binary is an error (.ci/run
 * installs the package); elsewhere the browser suites skip with a message.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

const available = existsSync(CHROMIUM);
if (!available && process.env.CI === "true") {
  throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
}

/** `{ skip: skipBrowser }` on a browser suite: false, or why it is skipped. */
export const skipBrowser: false | string = available
  ? false
  : `browser tests skipped: ${CHROMIUM} not found (apt-get install chromium)`;

/** Headless Chromium, quiet: no background traffic, no QUIC, no first-run work. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
