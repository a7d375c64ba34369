// The landing page in a real browser: headless Chromium (Debian's package)
// driven by playwright-core looks up a rate, converts an amount and checks
// the numbers shown. A screenshot is left in test/artifacts/ for a person.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { createApp } from "../src/app/app.ts";
import { realAnswers } from "./helpers.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = join(import.meta.dir, "artifacts");
const available = existsSync(CHROMIUM);
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails instead of skipping.
if (!available && process.env.REQUIRE_BROWSER) throw new Error(`REQUIRE_BROWSER is set but there is no Chromium at ${CHROMIUM}`);
if (!available) console.warn(`browser tests not run: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

describe.if(available)("the landing page in Chromium", async () => {
  const app = createApp({ answers: realAnswers() });
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => app(request) });
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    server.stop(true);
  });

  test("looks up a rate, converts an amount, and shows the numbers", async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: "en-GB" }); // a phone, in the UK
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const failed: string[] = [];
    page.on("response", (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await page.goto(`${server.url.origin}/`);

    const currency = page.getByLabel("Currency", { exact: true });
    await page.waitForFunction('document.getElementById("currency").options.length > 100');
    expect(await currency.isEnabled()).toBe(true);
    // The date starts as today in the UK.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(await page.getByLabel(/^Date/).inputValue()).toBe(today);

    await currency.selectOption("USD");
    await page.getByLabel(/^Date/).fill("2024-01-15");
    await page.getByLabel(/^Amount/).fill("1,000");
    await page.getByRole("button", { name: "Look up rate" }).click();
    const result = page.getByRole("status");
    await result.getByText("£1 = 1.2651 USD").waitFor();
    const shown = await result.innerText();
    expect(shown).toContain("HMRC's rate for the period from 2024-01-01");
    expect(shown).toContain("USD 1,000.00 = £790.45");

    // Keyboard only: Enter in the amount field submits; an amendment's rate within its window.
    await currency.selectOption("RUB");
    await page.getByLabel(/^Date/).fill("2014-12-24");
    await page.getByLabel(/^Amount/).fill("90363.5");
    await page.getByLabel(/^Amount/).press("Enter");
    await result.getByText("£1 = 90.3635 RUB").waitFor();
    expect(await result.innerText()).toContain("= £1,000.00");

    // A date with no rate shows the service's own explanation.
    await page.getByLabel(/^Date/).fill("2030-01-01");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText(/No rate for RUB on 2030-01-01/).waitFor();

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.getByLabel(/^Date/).fill("2024-01-15");
    await currency.selectOption("USD");
    await page.getByLabel(/^Amount/).fill("1,000");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText("£1 = 1.2651 USD").waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "landing-page.png"), fullPage: true });
    expect(errors).toEqual([]);
    // The one failure is the deliberate lookup; nothing else (no favicon, no asset) went missing.
    expect(failed).toEqual(["404 /vat/exchange-rate/RUB/2030-01-01"]);
  }, 60_000);
});
