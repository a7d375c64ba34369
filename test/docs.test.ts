// The documentation routes: the currency list and the landing page (the
// OpenAPI document has openapi.test.ts), on the frozen fixture.
import { describe, expect, test } from "bun:test";
import { fixedClock, fixtureApp, fixtureData, get } from "./helpers.ts";

const app = fixtureApp(fixedClock("2015-02-10T12:00:00Z"));

describe("GET /vat/currencies", () => {
  test("every currency with its name and coverage, sorted by code", async () => {
    const { status, body, response } = await get(app, "/vat/currencies");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(response.headers.get("etag")).toMatch(/^"/);
    expect(body).toHaveLength(fixtureData().currencies.length);
    expect(body.map((c: { currencyCode: string }) => c.currencyCode)).toEqual(["CHF", "CRC", "EUR", "JPY", "LRD", "TOP", "USD"]);
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "USD")).toEqual({ currencyCode: "USD", currencyName: "US Dollar", firstDate: "2014-12-01", lastDate: "2015-03-31", ranges: [{ from: "2014-12-01", to: "2015-03-31" }] });
    // Gaps are shown, not hidden inside one first..last range (#13).
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "CRC")).toEqual({
      currencyCode: "CRC",
      currencyName: "Costa Rican Colón",
      firstDate: "2014-12-01",
      lastDate: "2015-03-31",
      ranges: [{ from: "2014-12-01", to: "2015-01-31" }, { from: "2015-03-01", to: "2015-03-31" }],
    });
  });
});

describe("GET /health says whether today is covered (#13)", () => {
  test("inside the coverage: today covered, nothing behind; after it: how many days, never cached", async () => {
    const inside = await get(fixtureApp(fixedClock("2015-03-31T22:30:00Z")), "/health"); // 23:30 BST: still the 31st in the UK
    // Today is covered, but HMRC published April on 2015-03-19: the data is behind all the same.
    expect(inside.body.freshness).toEqual({ newestDate: "2015-03-31", today: "2015-03-31", todayCovered: true, daysBehind: 0, behind: true, missingMonths: ["2015-04"], publishedThrough: "2015-04", nextPublication: "2015-04-23" });
    const after = await get(fixtureApp(fixedClock("2015-04-10T12:00:00Z")), "/health");
    expect(after.body.freshness).toMatchObject({ newestDate: "2015-03-31", today: "2015-04-10", todayCovered: false, daysBehind: 10 });
    expect(after.response.headers.get("cache-control")).toBe("no-store");
  });

  test("the page says so at the top when today is past the data (filled in by its script from the UK date)", async () => {
    const { text } = await get(app, "/");
    expect(text).toContain('<meta name="feed-newest" content="2015-03-31">');
    expect(text.indexOf('id="stale"')).toBeLessThan(text.indexOf("Look up a rate"));
  });
});

describe("GET /", () => {
  test("a self-contained page that says what it is and is not", async () => {
    const { response, text } = await get(app, "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("default-src 'none'");
    expect(text).toContain("This is not an official HMRC service.");
    expect(text).toContain("Open Government Licence v3.0");
    expect(text).toContain("from <strong>2014-12-01</strong> to <strong>2015-03-31</strong>");
    // No external assets: every src/href is this service's own, HMRC's guidance or the licence link.
    const external = [...text.matchAll(/(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(external).toEqual(["https://www.gov.uk/government/collections/exchange-rates-for-customs-and-vat", "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"]);
    // The three series, each with when to use it.
    for (const series of ["VAT period rate", "Yearly average", "Spot rate"]) expect(text).toContain(`>${series}</label>`);
    expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
    // Every form control has a label.
    for (const id of ["currency", "date", "amount"]) expect(text).toContain(`<label for="${id}">`);
  });

  test("links and fetches go under BASE_PATH", async () => {
    const { text } = await get(fixtureApp(undefined, "/api"), "/api/");
    expect(text).toContain('<meta name="feed-base" content="/api">');
    expect(text).toContain('href="/api/vat/currencies"');
  });
});
