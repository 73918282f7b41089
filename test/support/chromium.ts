/**
 * Debian's Chromium for the browser tests and the axe and Lighthouse scripts
 * (driven by playwright-core or chrome-launcher, never a downloaded browser).
 * With CI=true a missing binary is an error (.ci/run installs the package);
 * elsewhere the browser suites skip with a message.
 *
 * Chromium cannot hang a run: it starts without the features that stalled
 * its start-up (the on-device model service and its downloads, Vulkan, the
 * shared-memory folder of a small container), and a browser or a tab that
 * does not open in a bounded time is tried once more, then the run fails
 * saying so — instead of waiting for minutes.
 */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

const available = existsSync(CHROMIUM);
if (!available && process.env.CI === "true") {
  throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
}

/** `{ skip: skipBrowser }` on a browser suite: false, or why it is skipped. */
export const skipBrowser: false | string = available
  ? false
  : `browser tests skipped: ${CHROMIUM} not found (apt-get install chromium)`;

/** Features whose start-up work was the last thing a stalled Chromium logged. */
export const STALLING_FEATURES = [
  "OnDeviceModelService",
  "OptimizationGuideModelDownloading",
  "OptimizationGuideOnDeviceModel",
  "Vulkan",
] as const;

/**
 * Chromium honours only the last `--disable-features`, and playwright-core
 * passes its own list before ours: ours repeats it (a test compares the two
 * on a launched browser, so a new playwright-core cannot drop one silently).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** A `--disable-features` holding `base` (another launcher's list) and the stalling features. */
export function disableFeaturesFlag(base: readonly string[] = []): string {
  return `--disable-features=${[...new Set([...base, ...STALLING_FEATURES])].join(",")}`;
}

/** Headless, quiet, and without what stalls start-up: no GPU, no /dev/shm, no background traffic. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  disableFeaturesFlag(PLAYWRIGHT_DISABLED_FEATURES),
] as const;

/** How long a browser or a tab may take to open before it is tried again. */
export const OPEN_TIMEOUT_MS = 30_000;

/**
 * `open()`, given `timeoutMs` to settle; a second try if it does not, then
 * an error naming what did not open. Whatever a late first try opens is
 * closed when it arrives.
 */
export async function openWithin<T>(
  what: string,
  open: () => Promise<T>,
  close: (opened: T) => Promise<unknown>,
  timeoutMs = OPEN_TIMEOUT_MS,
): Promise<T> {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    let timer: NodeJS.Timeout | undefined;
    const opening = open();
    const outcome = await Promise.race([
      opening.then((value) => ({ value })),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (outcome !== null) return outcome.value;
    opening.then(close).catch(() => {});
  }
  throw new Error(
    `Chromium did not open ${what} within ${timeoutMs / 1000} s, twice: the browser is stalled (${CHROMIUM}, flags: ${CHROMIUM_FLAGS.join(" ")}).`,
  );
}

/** Headless Chromium, launched within a bounded time (tried twice). */
export function launchChromium(): Promise<Browser> {
  return openWithin(
    "a browser",
    () => chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS], timeout: 0 }),
    (browser) => browser.close(),
  );
}

/** A tab in `context`, opened within a bounded time (tried twice). */
export function openTab(context: BrowserContext): Promise<Page> {
  return openWithin(
    "a tab",
    () => context.newPage(),
    (page) => page.close(),
  );
}
