/**
 * The webhooks pages in Chromium: add an endpoint from the profile menu, see
 * its secret once, send a test event to a real receiver on 127.0.0.1
 * (allow-listed, as in development), see it in the delivery log, delete the
 * endpoint — and the pages fit a 360 px screen. Skips without Chromium
 * unless CI=true.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { buildTestApp, type TestApp } from "../helpers.ts";
import { launchChromium, openTab, skipBrowser } from "../support/chromium.ts";
import { freePort } from "../support/ports.ts";
import { until } from "../support/wait.ts";
import { type Receiver, startReceiver } from "../webhooks/receiver.ts";

let app: TestApp;
let browser: Browser;
let receiver: Receiver;
let base = "";

async function noHorizontalScroll(page: Page, what: string) {
  const overflow = Number(
    await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
  );
  assert.ok(overflow <= 1, `${what}: no horizontal scrolling at 360 px (overflow ${overflow}px)`);
}

describe("webhooks in Chromium", { skip: skipBrowser }, () => {
  before(async () => {
    receiver = await startReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildTestApp(
      {},
      { PUBLIC_BASE_URL: base, WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
    );
    await app.listen({ port, host: "127.0.0.1" });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  test("add an endpoint, see the secret once, send a test event, see it in the log, delete it", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await openTab(context);
    const password = "copper-lantern-orchard-42";
    await page.goto(`${base}/signup`);
    await page.getByLabel("Email").fill(`hooks-${Date.now()}@example.org`);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${base}/account/keys`);

    await page.locator(".profile-menu summary").click();
    await page.locator(".profile-menu").getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(`${base}/account/webhooks`);
    await noHorizontalScroll(page, "the webhooks page");

    await page.getByLabel("Endpoint URL").fill("http://example.com/hook");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    assert.ok(
      await page.getByText("The URL must start with https://").first().isVisible(),
      "a field-level error",
    );
    assert.equal(await page.getByLabel("Endpoint URL").getAttribute("aria-invalid"), "true");

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Jurisdictions (optional)").fill("CA NY");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.locator("#new-secret").textContent())?.trim() ?? "";
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.ok(await page.getByText("will not be shown again").isVisible());
    const row = page.locator("table.webhooks tbody tr", { hasText: receiver.url });
    assert.equal(await row.count(), 1);
    assert.ok((await row.textContent())?.includes("CA, NY"));
    await noHorizontalScroll(page, "the page showing the secret");

    await page.getByRole("button", { name: "Send test event" }).click();
    await page.waitForURL(/\/account\/webhooks\/[0-9a-f-]+\?sent=1$/);
    await until("the receiver to get the test event", () => receiver.received.length === 1);
    const [request] = receiver.received;
    assert.ok(request);
    const event = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as { type: string };
    assert.equal(event.type, "webhook.test");

    const logRow = page.locator("table.deliveries tbody tr", { hasText: "webhook.test" });
    await until("the attempt in the delivery log", async () => {
      await page.getByRole("link", { name: "Refresh" }).click();
      return (
        (await logRow.count()) === 1 && ((await logRow.textContent()) ?? "").includes("HTTP 200")
      );
    });
    assert.match((await logRow.textContent()) ?? "", /\d+ ms/);
    await noHorizontalScroll(page, "the delivery log");

    await page.goto(`${base}/account/webhooks`);
    assert.ok(!(await page.content()).includes(secret), "the secret is not shown again");
    await page
      .locator("table.webhooks tbody tr", { hasText: receiver.url })
      .getByRole("link", { name: /Delete/ })
      .click();
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await page.waitForURL(`${base}/account/webhooks?deleted=1`);
    assert.equal(await page.locator("table.webhooks tbody tr").count(), 0);
    assert.ok(await page.getByText("You have no webhook endpoints yet.").isVisible());
    await context.close();
  });
});
