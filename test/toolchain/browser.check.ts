// The landing page in a real browser: headless Chromium (Debian's package)
// driven by playwright-core looks up a rate, converts an amount, checks the
// numbers shown, the history chart and the day's table as CSV. A screenshot is left in test/artifacts/ for a person.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { createApp } from "../../src/app/app.ts";
import { realAnswers, realDatabase } from "../helpers.ts";

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

    // Before any lookup there is no empty result box; the focus ring stands out from the page (WCAG 2.2: 3:1 at least).
    expect(await page.locator("#result").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Look up rate" }).focus();
    const ring = await page.getByRole("button", { name: "Look up rate" }).evaluate((e) => (globalThis as unknown as { getComputedStyle(e: unknown): { outlineColor: string } }).getComputedStyle(e).outlineColor);
    const [r, g, b] = ring.match(/\d+/g)!.map(Number).map((c: number) => c / 255).map((c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    expect(1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05)).toBeGreaterThanOrEqual(3);
    const currency = page.getByLabel("Currency", { exact: true });
    // A locator, not waitForFunction: the page's CSP rightly forbids the eval that would need.
    await page.locator("#currency option").nth(100).waitFor({ state: "attached" });
    expect(await currency.isEnabled()).toBe(true);
    // The date starts as today in the UK; when the data does not reach it, the page says so first and starts at the newest date it has.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const newest = realDatabase().report.coverage.to;
    expect(await page.getByLabel(/^Date/).inputValue()).toBe(today > newest ? newest : today);
    expect(await page.locator("#stale").isVisible()).toBe(today > newest);
    if (today > newest) expect(await page.locator("#stale").innerText()).toContain(`Today (${today} in the UK) has no rate here: this database's newest HMRC rates end on ${newest}.`);

    await currency.selectOption("USD");
    await page.getByLabel(/^Date/).fill("2024-01-15");
    await page.getByLabel(/^Amount/).fill("1,000.00");
    await page.getByRole("button", { name: "Look up rate" }).click();
    const result = page.getByRole("status");
    await result.getByText("£1 = 1.2651 USD").waitFor();
    const shown = await result.innerText();
    expect(shown).toContain("HMRC's VAT rate for the period from 2024-01-01");
    expect(shown).toContain("USD 1,000.00 = £790.45");

    // Keyboard only: Enter in the amount field submits; an amendment's rate within its window.
    await currency.selectOption("RUB");
    await page.getByLabel(/^Date/).fill("2014-12-24");
    await page.getByLabel(/^Amount/).fill("90363.5");
    await page.getByLabel(/^Amount/).press("Enter");
    await result.getByText("£1 = 90.3635 RUB").waitFor();
    expect(await result.innerText()).toContain("= £1,000.00");

    // Amounts as people write them: both conventions, a credit note; an ambiguous one is refused, not guessed.
    await currency.selectOption("USD");
    await page.getByLabel(/^Date/).fill("2024-01-15");
    for (const [written, shown] of [["1.250,00", "USD 1,250.00 = £988.06"], ["1,250.00", "USD 1,250.00 = £988.06"], ["-100", "USD -100.00 = -£79.05"]]) {
      await page.getByLabel(/^Amount/).fill(written!);
      await page.getByRole("button", { name: "Look up rate" }).click();
      await result.getByText(shown!).waitFor();
    }
    await page.getByLabel(/^Amount/).fill("1,250");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText(/Is 1,250 a whole number or a decimal\?/).waitFor();
    // The error cleared what no longer applied: no chart, no table download.
    expect(await page.locator("#history svg").count()).toBe(0);
    expect(await page.locator("#table-csv").isHidden()).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "after-an-error.png"), fullPage: true });
    await page.getByLabel(/^Amount/).fill("");

    // A rate HMRC's files give reason to doubt is shown with its note.
    await currency.selectOption("LRD");
    await page.getByLabel(/^Date/).fill("2019-06-15");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText(/^Note: HMRC published this rate under LRD with the name "Dollar \(US\)", and it is USD's rate/).waitFor();
    await currency.selectOption("USD");

    // A date with no rate shows the service's own explanation.
    await page.getByLabel(/^Date/).fill("2030-01-01");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText(/No rate for 2030-01-01: not published yet/).waitFor();

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.getByLabel(/^Date/).fill("2024-01-15");
    await currency.selectOption("USD");
    await page.getByLabel(/^Amount/).fill("1,000.00");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText("£1 = 1.2651 USD").waitFor();

    // The history chart: one point per period, amendments marked, the date looked up shown, a text alternative.
    const usd = (await (await fetch(`${server.url.origin}/vat/currencies/usd`)).json()) as { periods: { kind: string }[] };
    const chart = page.locator("#history svg");
    await chart.locator("path.line").waitFor();
    const points = (d: string) => (d.match(/[ML]/g) ?? []).length;
    expect(points((await chart.locator("path.line").getAttribute("d"))!)).toBe(usd.periods.length);
    expect(await chart.locator("circle.amendment").count()).toBe(usd.periods.filter((p) => p.kind === "amendment").length);
    expect(await chart.locator("line.marker").count()).toBe(1);
    expect(await chart.locator("desc").textContent()).toMatch(new RegExp(`^USD per £1, 2014-02-01 to ${newest}: first 1\\.6584, last [\\d.]+, lowest [\\d.]+ \\(\\d{4}-\\d{2}-\\d{2}\\), highest`));

    // The day's whole table as CSV, built in the page from the table route.
    const table = (await (await fetch(`${server.url.origin}/vat/exchange-rates/2024-01-15`)).json()) as unknown[];
    const link = page.getByRole("link", { name: /^Download every currency's rate on 2024-01-15/ });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("hmrc-vat-rates-2024-01-15.csv");
    const csv = readFileSync((await download.path())!, "utf8").trimEnd().split("\r\n");
    // A byte-order mark, for Excel on Windows; a note column, empty on rates nothing is known against.
    expect(csv[0]).toBe("\ufeffcurrencyCode,currencyName,effectiveFrom,rate,note");
    expect(csv).toHaveLength(table.length + 1);
    expect(csv).toContain("USD,US Dollar,2024-01-01,1.2651,");
    await page.screenshot({ path: join(ARTIFACTS, "landing-page.png"), fullPage: true });

    // The yearly series: an average for the year to 31 December, converted the same way; a spot rate.
    await page.getByLabel("Yearly average").check();
    await page.getByLabel(/^Date/).fill("2025-12-31");
    await page.getByLabel(/^Amount/).fill("1,000.00");
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText("£1 = 1.3156 USD").waitFor();
    expect(await result.innerText()).toContain("US Dollar: HMRC's average rate for 2025-01-01 to 2025-12-31.");
    expect(await result.innerText()).toContain("USD 1,000.00 = £760.11");
    await page.getByLabel("Spot rate").check();
    await page.getByRole("button", { name: "Look up rate" }).click();
    await result.getByText("£1 = 1.3454 USD").waitFor();
    expect(await result.innerText()).toContain("HMRC's spot rate on 2025-12-31.");
    await page.screenshot({ path: join(ARTIFACTS, "yearly-rates.png"), fullPage: true });
    await page.getByLabel("VAT period rate").check();

    // A currency with a gap: the line breaks there (a second M), and the chart follows the choice.
    await currency.selectOption("LRD");
    await chart.locator("title", { hasText: "LRD" }).waitFor({ state: "attached" });
    expect(((await chart.locator("path.line").getAttribute("d"))!.match(/M/g) ?? []).length).toBeGreaterThan(1);
    await page.screenshot({ path: join(ARTIFACTS, "history-gap.png"), fullPage: true });
    // The same page on a desktop's width.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, "landing-desktop.png"), fullPage: true });
    expect(errors).toEqual([]);
    // The one failure is the deliberate lookup; nothing else (no favicon, no asset) went missing.
    expect(failed).toEqual(["404 /vat/exchange-rate/USD/2030-01-01"]);
  }, 60_000);
});
