/**
 * Prints axe-core's critical and serious violation counts for every website
 * page, logged out and logged in, at 1280 px and 390 px, and the horizontal
 * overflow at each width. Runs an in-memory instance of the app and Debian's
 * Chromium (`/usr/bin/chromium`).  Usage: `node scripts/axe-report.ts`.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { launchChromium, openTab } from "../test/support/chromium.ts";
import { startLocalSite } from "./bench-lib.ts";

const { base, close } = await startLocalSite();
// Launched as the browser tests launch it: without the features that stall it, in bounded time.
const browser = await launchChromium();

const PUBLIC = [
  "/",
  "/states",
  "/states/CA",
  "/states/DC",
  "/changes",
  "/federal",
  "/data",
  "/data/codebook",
  "/errors",
  "/docs",
  "/signup",
  "/login",
  "/password/forgot",
];
const PRIVATE = ["/", "/account", "/account/keys"];

async function audit(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  if (response === null || response.status() >= 400)
    return `${path} @${width}: HTTP ${response?.status()}`;
  const result = await new AxeBuilder({ page }).analyze();
  const count = (impact: string) =>
    result.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  const rules = result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id}×${v.nodes.length}`);
  const overflow = Number(
    await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
  );
  return `${path} @${width}: critical ${count("critical")}, serious ${count("serious")}, overflow ${overflow}px ${rules.join(" ")}`;
}

const context = await browser.newContext();
const page = await openTab(context);
for (const path of PUBLIC)
  for (const width of [1280, 390]) console.log(`out ${await audit(page, path, width)}`);
await page.goto(`${base}/signup`);
const email = `axe-${Date.now()}@example.org`;
await page.getByLabel("Email").fill(email);
await page.getByLabel("Password", { exact: true }).fill("copper-lantern-orchard-42");
await page.getByLabel("Confirm password").fill("copper-lantern-orchard-42");
await page.getByRole("button", { name: "Create account" }).click();
await page.waitForURL(/account/);
await page.goto(`${base}/account/keys`);
await page.getByLabel("Name").fill("audit key");
await page.getByRole("button", { name: "Create key" }).click();
for (const width of [1280, 390])
  console.log(
    `in  ${await audit(page, "/account/keys", width).then((line) => line.replace("/account/keys", "/account/keys (new key shown)"))}`,
  );
for (const path of PRIVATE)
  for (const width of [1280, 390]) console.log(`in  ${await audit(page, path, width)}`);
await browser.close();
await close();
