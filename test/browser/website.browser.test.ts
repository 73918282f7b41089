/**
 * What only a browser shows: the whole key lifecycle through the real pages
 * in Chromium (Debian's package, driven by playwright-core), and the map.
 * Runs for real in CI (CI=true fails if Chromium is missing); elsewhere it
 * skips with a message when /usr/bin/chromium is absent.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { buildTestApp, type TestApp } from "../helpers.ts";
import { launchChromium, openTab, skipBrowser } from "../support/chromium.ts";
import { freePort } from "../support/ports.ts";

let app: TestApp;
let browser: Browser;
let base = "";

describe("the website in Chromium", { skip: skipBrowser }, () => {
  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildTestApp({}, { PUBLIC_BASE_URL: base });
    await app.listen({ port, host: "127.0.0.1" });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    return openTab(context);
  }

  test("the home page map shows every state and DC, each an accessible link", async () => {
    const page = await newPage();
    await page.goto(`${base}/`);
    const links = page.locator('svg a[href^="/states/"]');
    assert.ok((await links.count()) >= 51, `${await links.count()} state links`);
    const labels = await links.evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute("aria-label") ?? ""),
    );
    assert.ok(
      labels.every((label) => label.length > 3),
      "every state has an accessible name",
    );
    for (const name of ["California", "Texas", "District of Columbia"]) {
      assert.ok(
        labels.some((label) => label.includes(name)),
        name,
      );
    }
    await page.context().close();
  });

  test("sign up, create a key through the profile menu, see it once, find it listed, delete it, log out", async () => {
    const page = await newPage();
    const email = `browser-${Date.now()}@example.org`;
    const password = "copper-lantern-orchard-42";
    await page.goto(`${base}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${base}/account/keys`);

    await page.goto(`${base}/`);
    await page.locator(".profile-menu summary").click();
    const menu = page.locator(".profile-menu");
    for (const item of ["API keys", "Account", "Log out"]) {
      assert.ok(await menu.getByText(item, { exact: true }).isVisible(), item);
    }
    await menu.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(`${base}/account/keys`);

    await page.getByLabel("Name").fill("browser test key");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.locator("#new-key").textContent())?.trim() ?? "";
    assert.match(secret, /^cls_[0-9A-Za-z]{28}$/);
    assert.ok(await page.getByText("will not be shown again").isVisible());
    assert.ok(await page.getByRole("button", { name: "Copy" }).isVisible());
    const row = page.locator("table.keys tbody tr", { hasText: "browser test key" });
    assert.equal(await row.count(), 1);
    assert.ok((await row.textContent())?.includes(secret.slice(0, 8)), "listed by prefix");

    const api = await page.request.get(`${base}/v1/states/CA`, {
      headers: { "x-api-key": secret },
    });
    assert.equal(api.status(), 200);
    assert.equal(api.headers()["ratelimit-policy"], '"key";q=1000;w=3600');

    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    assert.ok(!(await page.content()).includes(secret), "the key is gone after a reload");
    await page.goto(`${base}/account/keys`);
    assert.ok(!(await page.content()).includes(secret));
    assert.equal(
      await page.locator("table.keys tbody tr", { hasText: "browser test key" }).count(),
      1,
    );

    await page
      .locator("table.keys tbody tr", { hasText: "browser test key" })
      .getByRole("link", { name: /Delete/ })
      .click();
    await page.getByRole("button", { name: "Delete key" }).click();
    await page.waitForURL(`${base}/account/keys?deleted=1`);
    assert.equal(
      await page.locator("table.keys tbody tr", { hasText: "browser test key" }).count(),
      0,
    );
    const revoked = await page.request.get(`${base}/v1/states/CA`, {
      headers: { "x-api-key": secret },
    });
    assert.equal(revoked.status(), 401);

    await page.locator(".profile-menu summary").click();
    await page.locator(".profile-menu").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${base}/`);
    assert.ok(await page.getByRole("link", { name: "Log in" }).isVisible());
    assert.equal(await page.locator(".profile-menu").count(), 0);
    await page.context().close();
  });

  test("pages are readable on a phone", async () => {
    const page = await newPage(390);
    await page.goto(`${base}/`);
    const overflow = Number(
      await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
    );
    assert.ok(overflow <= 1, `no horizontal scrolling (overflow ${overflow}px)`);
    await page.context().close();
  });

  test("on a phone a state page opens with the facts: the purchase limit within two screens, the horizon in the first", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openTab(context);
    for (const code of ["CA", "OH"]) {
      await page.goto(`${base}/states/${code}`);
      const screen = Number(await page.evaluate("window.innerHeight"));
      const top = async (selector: string) => {
        const box = await page.locator(selector).first().boundingBox();
        const scrolled = Number(await page.evaluate("window.scrollY"));
        assert.ok(box !== null, `${code}: ${selector} is shown`);
        return box.y + scrolled;
      };
      const limit = await top('.at-a-glance dt:text-is("Purchase limit")');
      assert.ok(limit < 2 * screen, `${code}: purchase limit at ${limit}px (screen ${screen}px)`);
      const horizon = await top("p.horizon");
      assert.ok(horizon < screen, `${code}: the sources' horizon at ${horizon}px`);
      const overflow = Number(
        await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
      );
      assert.ok(overflow <= 1, `${code}: no horizontal scrolling (overflow ${overflow}px)`);
    }
    await context.close();
  });
});
