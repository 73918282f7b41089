/**
 * The interactive console at /docs/try, used as a person uses it: Send on
 * `GET /v1/states` answers JSON (the console asks for either JSON or
 * GeoJSON, and a tie goes to JSON); a key pasted in the page's field is sent
 * as X-API-Key and the keyed limit answers; the console's buttons have the
 * site's focus ring but not the site's button boxes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page, Request } from "playwright-core";
import { insertUserWithKey } from "../fixtures.ts";
import { buildTestApp, createTestDatabase, type TestApp } from "../helpers.ts";
import { launchChromium, openTab, skipBrowser } from "../support/chromium.ts";
import { freePort } from "../support/ports.ts";

/** What the page's window offers here (the project's types have no DOM). */
type BrowserWindow = {
  getComputedStyle: (element: unknown) => { getPropertyValue: (name: string) => string };
};

let app: TestApp;
let browser: Browser;
let base = "";
let key = "";

describe("the console at /docs/try", { skip: skipBrowser }, () => {
  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const database = await createTestDatabase();
    app = await buildTestApp({ database }, { PUBLIC_BASE_URL: base });
    await app.listen({ port, host: "127.0.0.1" });
    key = await insertUserWithKey(database.db);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openConsole(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openTab(context);
    await page.goto(`${base}/docs/try`, { waitUntil: "networkidle" });
    await page.locator(".references-rendered").first().waitFor();
    return page;
  }

  /** Opens GET /v1/states in the console, presses Send, and returns what went out and came back. */
  async function sendListStates(page: Page) {
    const operation = page.locator("[id='api-1/tag/jurisdictions/GET/v1/states']");
    await operation.scrollIntoViewIfNeeded();
    await operation.getByRole("button", { name: /Test Request/ }).click();
    const sent = page.waitForRequest(
      (request: Request) => new URL(request.url()).pathname === "/v1/states",
    );
    await page.getByRole("button", { name: /^Send/ }).first().click();
    const request = await sent;
    const response = await request.response();
    assert.ok(response, "the console got an answer");
    return { request, response, body: await response.text() };
  }

  test("Send on GET /v1/states answers JSON, though the console accepts GeoJSON too", async () => {
    const page = await openConsole();
    const { request, response, body } = await sendListStates(page);
    assert.match(request.headers().accept ?? "", /application\/geo\+json/, "it accepts both");
    assert.equal(request.headers()["x-api-key"], undefined, "no key unless one is pasted");
    assert.equal(response.status(), 200);
    assert.match(response.headers()["content-type"] ?? "", /^application\/json/);
    assert.ok(Array.isArray((JSON.parse(body) as { data: unknown }).data));
    await page.context().close();
  });

  test("a key pasted in the page's field is sent as X-API-Key, and the keyed limit answers", async () => {
    const page = await openConsole();
    await page.getByLabel("Your API key").fill(key);
    const { request, response } = await sendListStates(page);
    assert.equal(request.headers()["x-api-key"], key);
    assert.equal(response.status(), 200);
    assert.match(response.headers()["ratelimit-policy"] ?? "", /^"key";/);
    await page.context().close();
  });

  test("the console's buttons: no boxes from the site's button style, the site's focus ring on keyboard focus", async () => {
    const page = await openConsole();
    const operation = page.locator("[id='api-1/tag/jurisdictions/GET/v1/states']");
    await operation.scrollIntoViewIfNeeded();
    await operation.getByRole("button", { name: /Test Request/ }).click();
    const toggle = page.getByRole("button", { name: /Authentication/ }).first();
    await toggle.waitFor();
    const styleOf = (target: typeof toggle) => (property: string) =>
      target.evaluate(
        (element, name) =>
          (globalThis as unknown as BrowserWindow).getComputedStyle(element).getPropertyValue(name),
        property,
      );
    const style = styleOf(toggle);
    // The site's buttons are filled brand green with a 2 px border of the same colour.
    const siteBrand = "rgb(31, 95, 70)";
    assert.notEqual(await style("border-top-color"), siteBrand);
    assert.notEqual(await style("background-color"), siteBrand);
    assert.notEqual(await style("color"), "rgb(255, 255, 255)", "no white-on-green text");
    // Reached by keyboard, a console button shows the site's ring.
    await toggle.focus();
    await page.keyboard.press("Tab");
    const focused = page.locator("#reference-app button:focus");
    assert.equal(await focused.count(), 1, "Tab moves to the next button");
    const ring = styleOf(focused);
    assert.equal(await ring("outline-style"), "solid");
    assert.equal(await ring("outline-width"), "3px");
    assert.equal(await ring("outline-color"), "rgb(28, 31, 35)", "the site's focus ring");
    assert.notEqual(await ring("border-top-color"), siteBrand);
    await page.context().close();
  });
});
