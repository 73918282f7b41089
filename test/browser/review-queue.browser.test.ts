/**
 * The review queue in Chromium, at a phone (390 px) and a desktop (1280 px)
 * width: a reader follows "Suggest a correction" from a state page, sends
 * the form (and sees a field-level error first); a maintainer finds the item
 * in /maintain, declines it with a reason and sees the decision logged; the
 * reader's mail says so. No sideways scrolling, and axe-core finds no
 * critical or serious violation on any of these pages. Skips without
 * Chromium unless CI=true.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { findUserByEmail } from "../../src/accounts/users.repository.ts";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { createMemoryMailer, type MemoryMailer } from "../../src/mail/mailer.ts";
import { grantMaintainer } from "../../src/review-queue/review-queue.repository.ts";
import { buildTestApp, createTestDatabase, type TestApp } from "../helpers.ts";
import { launchChromium, openTab, skipBrowser } from "../support/chromium.ts";
import { freePort } from "../support/ports.ts";
import { until } from "../support/wait.ts";

const WIDTHS = [390, 1280] as const;
const PASSWORD = "copper-lantern-orchard-42";

let app: TestApp;
let database: DatabaseHandle;
let mailer: MemoryMailer;
let browser: Browser;
let base = "";

async function problemsOf(page: Page, what: string): Promise<string[]> {
  const problems: string[] = [];
  const width = page.viewportSize()?.width;
  const overflow = Number(
    await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
  );
  if (overflow > 1) problems.push(`${what} @${width}px scrolls sideways by ${overflow}px`);
  const result = await new AxeBuilder({ page }).analyze();
  for (const violation of result.violations) {
    if (violation.impact === "critical" || violation.impact === "serious")
      problems.push(
        `${what} @${width}px ${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
  }
  return problems;
}

describe("the review queue in Chromium", { skip: skipBrowser }, () => {
  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    database = await createTestDatabase();
    mailer = createMemoryMailer();
    app = await buildTestApp({ database, mailer }, { PUBLIC_BASE_URL: base });
    await app.listen({ port, host: "127.0.0.1" });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const width of WIDTHS) {
    test(`at ${width} px: a reader's suggestion from the form to a declined item, with its mail`, async () => {
      const problems: string[] = [];
      const reader = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await openTab(reader);
      await page.goto(`${base}/states/CO`, { waitUntil: "networkidle" });
      problems.push(...(await problemsOf(page, "/states/CO")));
      await page.getByRole("link", { name: "Suggest a correction to Minimum age" }).first().click();
      await page.waitForURL(`${base}/states/CO/suggest?field=adult_use.minimum_age`);
      assert.equal(await page.getByLabel("Which value").inputValue(), "adult_use.minimum_age");
      problems.push(...(await problemsOf(page, "the suggestion form")));

      const contact = `reader-${width}@example.org`;
      await page.getByLabel("What it should be").fill("21");
      await page.getByLabel("Link to the law or an official page").fill("ftp://example.org/law");
      await page.getByLabel("Your email address (optional)").fill(contact);
      await page.getByRole("button", { name: "Send the suggestion" }).click();
      assert.equal(
        await page.getByLabel("Link to the law or an official page").getAttribute("aria-invalid"),
        "true",
        "a field-level error",
      );
      problems.push(...(await problemsOf(page, "the form with an error")));
      await page
        .getByLabel("Link to the law or an official page")
        .fill("https://leg.colorado.gov/sites/default/files/images/olls/crs2023-title-44.pdf");
      await page.getByLabel("Note (optional)").fill(`Seen at ${width} px.\nC.R.S. 44-10-601.`);
      await page.getByRole("button", { name: "Send the suggestion" }).click();
      await page.waitForURL(`${base}/states/CO/suggest/sent`);
      assert.ok(await page.getByText("in the maintainers' queue").isVisible());
      problems.push(...(await problemsOf(page, "the thanks page")));
      await reader.close();

      const maintainerContext = await browser.newContext({ viewport: { width, height: 900 } });
      const tab = await openTab(maintainerContext);
      const email = `maintainer-${width}@example.org`;
      await tab.goto(`${base}/signup`);
      await tab.getByLabel("Email").fill(email);
      await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await tab.getByLabel("Confirm password").fill(PASSWORD);
      await tab.getByRole("button", { name: "Create account" }).click();
      await tab.waitForURL(`${base}/account/keys`);
      const notYet = await tab.goto(`${base}/maintain`);
      assert.equal(notYet?.status(), 404, "not a maintainer yet");
      const user = await findUserByEmail(database.db, email);
      assert.ok(user);
      await grantMaintainer(database.db, user.id, new Date().toISOString());

      await tab.goto(`${base}/maintain?status=new&origin=reader&jurisdiction=CO`, {
        waitUntil: "networkidle",
      });
      problems.push(...(await problemsOf(tab, "/maintain")));
      await tab.getByRole("link", { name: "Buying: minimum age" }).first().click();
      await tab.waitForURL(/\/maintain\/items\/[0-9a-f-]{36}$/);
      assert.ok(await tab.getByText(`Seen at ${width} px.`).isVisible());
      assert.ok(!(await tab.content()).includes(contact), "the address is never shown");
      problems.push(...(await problemsOf(tab, "an item")));

      await tab.getByLabel("Reason").selectOption("source_does_not_support");
      await tab.locator("#decline-note").fill("The PDF is the 2023 title, not the section.");
      await tab.getByRole("button", { name: "Decline" }).click();
      await tab.waitForURL(/\?decided=declined$/);
      assert.ok(
        await tab
          .getByText("Declined: The source given does not show the value suggested.")
          .isVisible(),
      );
      assert.ok(await tab.getByText("The PDF is the 2023 title, not the section.").isVisible());
      problems.push(...(await problemsOf(tab, "a decided item")));
      await maintainerContext.close();

      await until("the reader's mail", () => mailer.sent.some((mail) => mail.to === contact));
      const mail = mailer.sent.find((m) => m.to === contact);
      assert.match(mail?.text ?? "", /Colorado, buying: minimum age/);
      assert.match(
        mail?.text ?? "",
        /The reason: The source given does not show the value suggested\./,
      );
      assert.ok(!(mail?.text ?? "").includes("PDF"), "no note in the mail");
      assert.deepEqual(problems, []);
    });
  }
});
