// The documentation routes: the currency list and the landing page (the
// OpenAPI document has openapi.test.ts).
import { describe, expect, test } from "bun:test";
import { fixedClock, get, realApp, realData } from "./helpers.ts";

const app = realApp(fixedClock("2024-07-10T12:00:00Z"));

describe("GET /vat/currencies", () => {
  test("every currency with its name and coverage, sorted by code", async () => {
    const { status, body, response } = await get(app, "/vat/currencies");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(response.headers.get("etag")).toMatch(/^"/);
    expect(body).toHaveLength(realData().currencies.length);
    const codes = body.map((c: { currencyCode: string }) => c.currencyCode);
    expect(codes).toEqual([...codes].sort());
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "USD")).toEqual({ currencyCode: "USD", currencyName: "US Dollar", firstDate: "2014-02-01", lastDate: "2026-08-31", ranges: [{ from: "2014-02-01", to: "2026-08-31" }] });
    // Gaps are shown, not hidden inside one first..last range (#13).
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "LRD").ranges).toEqual([{ from: "2014-02-01", to: "2020-12-31" }, { from: "2023-11-01", to: "2026-08-31" }]);
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "TRY")).toMatchObject({ firstDate: "2014-01-08" });
  });
});

describe("GET /health says whether today is covered (#13)", () => {
  test("inside the coverage: today covered, nothing behind; after it: how many days, never cached", async () => {
    const inside = await get(realApp(fixedClock("2024-07-10T23:30:00Z")), "/health"); // 00:30 BST on the 11th
    expect(inside.body.freshness).toEqual({ newestDate: "2026-08-31", today: "2024-07-11", todayCovered: true, daysBehind: 0 });
    const after = await get(realApp(fixedClock("2026-11-22T12:00:00Z")), "/health");
    expect(after.body.freshness).toEqual({ newestDate: "2026-08-31", today: "2026-11-22", todayCovered: false, daysBehind: 83 });
    expect(after.response.headers.get("cache-control")).toBe("no-store");
  });

  test("the page says so at the top when today is past the data (filled in by its script from the UK date)", async () => {
    const { text } = await get(app, "/");
    expect(text).toContain('<meta name="feed-newest" content="2026-08-31">');
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
    expect(text).toContain("from <strong>2014-01-08</strong> to <strong>2026-08-31</strong>");
    // No external assets: every src/href is this service's own or the licence link.
    const external = [...text.matchAll(/(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(external).toEqual(["https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"]);
    expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
    // Every form control has a label.
    for (const id of ["currency", "date", "amount"]) expect(text).toContain(`<label for="${id}">`);
  });

  test("links and fetches go under BASE_PATH", async () => {
    const { text } = await get(realApp(undefined, "/api"), "/api/");
    expect(text).toContain('<meta name="feed-base" content="/api">');
    expect(text).toContain('href="/api/vat/currencies"');
  });
});
