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
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "USD")).toEqual({ currencyCode: "USD", currencyName: "US Dollar", firstDate: "2014-02-01", lastDate: "2026-08-31" });
    expect(body.find((c: { currencyCode: string }) => c.currencyCode === "TRY")).toMatchObject({ firstDate: "2014-01-08" });
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
