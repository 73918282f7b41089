/**
 * The browser cannot hang a run: a browser or tab that does not open in a
 * bounded time is tried once more, then the run fails saying so; and the
 * Chromium the tests launch runs without the features that stalled it,
 * keeping playwright-core's own list (Chromium honours only the last
 * `--disable-features`).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  launchChromium,
  OPEN_TIMEOUT_MS,
  openTab,
  openWithin,
  STALLING_FEATURES,
  skipBrowser,
} from "../support/chromium.ts";
import { until } from "../support/wait.ts";

describe("opening within a bounded time", () => {
  test("a first try that does not settle is tried again; what it opens late is closed", async () => {
    const closed: string[] = [];
    const pending: ((value: string) => void)[] = [];
    let tries = 0;
    const opened = await openWithin(
      "a tab",
      () => {
        tries += 1;
        if (tries === 1) return new Promise<string>((resolve) => pending.push(resolve));
        return Promise.resolve("second");
      },
      async (value) => {
        closed.push(value);
      },
      50,
    );
    assert.equal(opened, "second");
    assert.equal(tries, 2);
    pending[0]?.("first, late");
    await until("the late tab to be closed", () => closed.includes("first, late"));
  });

  test("two tries that do not settle fail with a clear message, in bounded time", async () => {
    const started = performance.now();
    await assert.rejects(
      openWithin(
        "a tab",
        () => new Promise<never>(() => {}),
        async () => {},
        50,
      ),
      /Chromium did not open a tab within 0\.05 s, twice: the browser is stalled \(\/usr\/bin\/chromium, flags: .*--disable-dev-shm-usage/,
    );
    assert.ok(performance.now() - started < 5_000);
    assert.ok(OPEN_TIMEOUT_MS <= 60_000, "the real bound is short enough to fail a stalled run");
  });
});

describe("the launched Chromium", { skip: skipBrowser }, () => {
  test("runs without the stalling features and keeps playwright-core's own list", async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const page = await openTab(context);
      // The browser's own account of how it was started.
      await page.goto("chrome://version");
      const commandLine = (await page.locator("#command_line").textContent()) ?? "";
      const args = commandLine.split(/\s+/);
      const lists = args
        .filter((arg) => arg.startsWith("--disable-features="))
        .map((arg) => arg.slice("--disable-features=".length).split(","));
      assert.ok(lists.length >= 1);
      // Chromium honours the last one only: it must hold every other one and the stalling features.
      const honoured = new Set(lists.at(-1));
      for (const list of lists) {
        for (const feature of list)
          assert.ok(honoured.has(feature), `${feature} is still disabled`);
      }
      for (const feature of STALLING_FEATURES) assert.ok(honoured.has(feature), feature);
      assert.ok(args.includes("--disable-dev-shm-usage"));
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
