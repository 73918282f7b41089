/**
 * Every page in Chromium at a desktop (1280 px) and a phone (390 px) width,
 * logged out and logged in: no horizontal scrolling, and axe-core finds no
 * critical or serious violation (the API reference and its console included). Then, through
 * the pages as a person uses them: a password reset by email through a real
 * SMTP server, replacing a key as the keys page describes, and the usage
 * chart counting the requests made here.
 * UPDATE_SCREENSHOTS=1 writes the README's screenshots to docs/screenshots/.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdirSync, mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { buildTestApp, type TestApp } from "../helpers.ts";
import { launchChromium, openTab, skipBrowser } from "../support/chromium.ts";
import { freePort } from "../support/ports.ts";

const shots =
  process.env.UPDATE_SCREENSHOTS === "1"
    ? "docs/screenshots"
    : mkdtempSync(join(tmpdir(), "cls-shots-"));

const WIDTHS = [1280, 390] as const;
const PASSWORD = "copper-lantern-orchard-42";
const NEW_PASSWORD = "saffron-glacier-pylon-73";

type Received = { to: string; raw: string };

/** Quoted-printable soft breaks and escapes, as nodemailer writes non-ASCII text. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

let app: TestApp;
let browser: Browser;
let smtp: SMTPServer;
const inbox: Received[] = [];
let base = "";

async function waitForMail(to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mail = inbox.find((m) => m.to === to && subject.test(decodeQuotedPrintable(m.raw)));
    if (mail) return decodeQuotedPrintable(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

describe("every page, both widths, with axe-core", { skip: skipBrowser }, () => {
  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          for (const rcpt of session.envelope.rcptTo) {
            inbox.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString("utf8") });
          }
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    // The site checks the Origin of form posts, so the app is built for the port it listens on.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildTestApp(
      { mailer: undefined },
      { PUBLIC_BASE_URL: base, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    );
    await app.listen({ port, host: "127.0.0.1" });
    browser = await launchChromium();
    mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  async function audit(page: Page, path: string, width: number): Promise<string[]> {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    assert.ok(response !== null && response.status() < 400, `${path}: ${response?.status()}`);
    if (path === "/docs/try") await page.locator(".references-rendered").first().waitFor();
    const problems: string[] = [];
    const overflow = Number(
      await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
    );
    if (overflow > 1) problems.push(`${path} @${width}px scrolls sideways by ${overflow}px`);
    const result = await new AxeBuilder({ page }).analyze();
    for (const violation of result.violations) {
      if (violation.impact === "critical" || violation.impact === "serious") {
        problems.push(
          `${path} @${width}px ${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
      }
    }
    return problems;
  }

  async function newContext(): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width: 1280, height: 900 } });
  }

  async function signUp(page: Page, email: string) {
    await page.goto(`${base}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${base}/account/keys`);
  }

  async function createKey(page: Page, name: string): Promise<string> {
    await page.goto(`${base}/account/keys`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    return ((await page.locator("#new-key").textContent()) ?? "").trim();
  }

  test("logged out: no sideways scrolling and no serious axe violation on any page", async () => {
    const context = await newContext();
    const page = await openTab(context);
    const problems: string[] = [];
    const paths = [
      "/",
      "/?map=decriminalization",
      "/states",
      "/states?status=medical&sort=adult_use",
      "/states/CA",
      "/states/DC",
      "/states/PR",
      "/changes",
      "/federal",
      "/data",
      "/data/codebook",
      "/errors",
      "/docs",
      "/docs/try",
      "/signup",
      "/login",
      "/password/forgot",
    ];
    for (const path of paths) {
      for (const width of WIDTHS) problems.push(...(await audit(page, path, width)));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/`);
    await page.screenshot({ path: join(shots, "home.png"), fullPage: true });
    await page.goto(`${base}/states`);
    await page.screenshot({ path: join(shots, "states.png") });
    await page.goto(`${base}/docs`, { waitUntil: "networkidle" });
    await page.screenshot({ path: join(shots, "docs.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/`);
    await page.screenshot({ path: join(shots, "home-mobile.png") });
    await page.goto(`${base}/?map=decriminalization`);
    await page.screenshot({ path: join(shots, "decriminalization-mobile.png") });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("logged in: the same on the account pages, the keys page (with a new key shown) and the rest", async () => {
    const context = await newContext();
    const page = await openTab(context);
    await signUp(page, `a11y-${Date.now()}@example.org`);
    await createKey(page, "a key with a rather long descriptive name for production");
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = Number(
        await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
      );
      if (overflow > 1) problems.push(`new key panel @${width}px overflows by ${overflow}px`);
      const result = await new AxeBuilder({ page }).analyze();
      problems.push(
        ...result.violations
          .filter((v) => v.impact === "critical" || v.impact === "serious")
          .map((v) => `new key panel @${width}px ${v.id}`),
      );
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, "api-keys-mobile.png"), fullPage: true });
    const deleteHref = await page
      .locator("table.keys a", { hasText: "Delete" })
      .first()
      .getAttribute("href");
    for (const path of [
      "/",
      "/states",
      "/docs",
      "/docs/try",
      "/account",
      "/account/keys",
      "/account/webhooks",
      deleteHref ?? "",
    ]) {
      for (const width of WIDTHS) problems.push(...(await audit(page, path, width)));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/account/keys`);
    const remove = page.locator("table.keys a", { hasText: "Delete" }).first();
    await remove.scrollIntoViewIfNeeded();
    const box = await remove.boundingBox();
    assert.ok(box !== null && box.x >= 0 && box.x + box.width <= 390, "Delete is on screen");
    assert.ok(box !== null && box.height >= 24 && box.width >= 24, "Delete is big enough to tap");
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("small states and the map's controls are at least 24 px to tap on a phone", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await openTab(context);
    await page.goto(`${base}/`);
    for (const code of ["DC", "RI", "DE"]) {
      const link = page.locator(`.small-states a[href="/states/${code}"]`);
      const box = await link.boundingBox();
      assert.ok(
        box !== null && box.width >= 24 && box.height >= 24,
        `${code}: ${JSON.stringify(box)}`,
      );
    }
    await context.close();
  });

  test("/states filters without script (query string) and in place with it", async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await openTab(noScript);
    await plain.goto(`${base}/states`);
    await plain.getByLabel("Status", { exact: true }).selectOption("medical");
    await plain.getByRole("button", { name: "Apply" }).click();
    await plain.waitForURL(/status=medical/);
    const shown = await plain.locator(".states-table tbody tr:visible").count();
    assert.ok(shown > 0 && shown < 56, `${shown} shown`);
    await noScript.close();

    const context = await newContext();
    const page = await openTab(context);
    await page.goto(`${base}/states`);
    await page.getByLabel("Name").fill("new");
    await page.waitForURL(/q=new/);
    assert.equal(await page.locator(".states-table tbody tr:visible").count(), 4);
    assert.match((await page.locator("#states-count").textContent()) ?? "", /Showing 4 of 56/);
    await context.close();
  });

  test("/docs without script: every endpoint is there, its anchor scrolls to it, its schemas open on a link", async () => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    const page = await openTab(noScript);
    await page.goto(`${base}/docs#getState`);
    const heading = page.locator("#getState-title");
    assert.match((await heading.textContent()) ?? "", /GET\s+\/v1\/states\/\{code\}/);
    assert.ok(await heading.isVisible());
    const box = await heading.boundingBox();
    assert.ok(
      box !== null && box.y >= 0 && box.y < 800,
      `the anchor scrolls to it: ${JSON.stringify(box)}`,
    );
    assert.equal(
      await page.locator("section.operation").count(),
      await page.locator(".toc-operations a").count(),
    );
    // A "same fields as" link opens the closed <details> holding its target.
    await page.locator("#getState details.body-schema summary").first().click();
    const link = page.locator("#getState .same-as a").first();
    const target = ((await link.getAttribute("href")) ?? "").slice(1);
    await link.click();
    assert.ok(await page.locator(`[id="${target}"]`).isVisible(), `#${target} is shown`);
    await noScript.close();
  });

  test("a forgotten password is reset through the emailed link, end to end", async () => {
    const context = await newContext();
    const page = await openTab(context);
    const email = `reset-${Date.now()}@example.org`;
    await signUp(page, email);
    await context.clearCookies();
    await page.goto(`${base}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("If an account exists for").waitFor();
    const mail = await waitForMail(email, /Reset your password/);
    const link = /http:\/\/\S+\/password\/reset\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    assert.ok(link, "the mail holds a reset link");
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(`${base}${path}`);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill("something else entirely 1");
    await page.getByRole("button", { name: "Save the new password" }).click();
    const confirm = page.getByLabel("Confirm new password");
    assert.equal(await confirm.getAttribute("aria-invalid"), "true");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByRole("heading", { name: "Password changed" }).waitFor();
    await waitForMail(email, /Your password was changed/);
    await page.goto(`${base}${path}`);
    assert.match((await page.content()) ?? "", /This link no longer works/);
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${base}/account/keys`);
    await context.close();
  });

  test("replacing a key as the keys page describes: two keys at once, the old refused once deleted; usage is charted", async () => {
    const context = await newContext();
    const page = await openTab(context);
    await signUp(page, `rotate-${Date.now()}@example.org`);
    const oldKey = await createKey(page, "old key");
    const newKey = await createKey(page, "new key");
    const call = async (key: string) =>
      (await page.request.get(`${base}/v1/states/CA`, { headers: { "x-api-key": key } })).status();
    assert.deepEqual(
      [await call(oldKey), await call(newKey)],
      [200, 200],
      "both keys work at once",
    );
    for (let i = 0; i < 3; i++) assert.equal(await call(newKey), 200);

    await page.goto(`${base}/account/keys`);
    assert.ok(
      await page.getByRole("heading", { name: "Replacing a key without downtime" }).isVisible(),
    );
    assert.match(
      (await page.locator("#usage-heading ~ .key-usage", { hasText: "new key:" }).textContent()) ??
        "",
      /new key: 4 requests in the last 30 days, 0 refused/,
    );
    assert.match(
      (await page.locator(".key-usage", { hasText: "old key:" }).textContent()) ?? "",
      /old key: 1 request in the last 30 days/,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(shots, "api-keys.png"), fullPage: true });

    await page
      .locator("table.keys tr", { hasText: "old key" })
      .getByRole("link", { name: /Delete/ })
      .click();
    await page.getByRole("button", { name: "Delete key" }).click();
    await page.waitForURL(`${base}/account/keys?deleted=1`);
    assert.equal(await call(oldKey), 401, "the old key is refused right after its deletion");
    assert.equal(await call(newKey), 200, "the new key keeps working");
    await context.close();
  });
});
