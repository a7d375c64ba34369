// The documentation routes: the currency list, the OpenAPI document (which
// every real answer must satisfy) and the landing page.
import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
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

describe("GET /openapi.json", async () => {
  const { body: doc, response } = await get(app, "/openapi.json");
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "doc", components: doc.components });
  const validate = (path: string, status: number, body: unknown) => {
    const responses = doc.paths[path].get.responses;
    const content = responses[String(status)]?.content;
    expect(content).toBeDefined();
    const schema = (content["application/json"] ?? content["application/problem+json"]).schema;
    const check = ajv.compile({ $ref: `doc${schema.$ref ?? ""}`, ...(schema.$ref ? {} : schema) });
    const ok = check(body);
    if (!ok) console.error(path, status, check.errors);
    expect(ok).toBe(true);
  };

  test("is OpenAPI 3.1, cached like the versions, and documents every route", () => {
    expect(response.status).toBe(200);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(["/health", "/openapi.json", "/vat/currencies", "/vat/exchange-rate/{currency}", "/vat/exchange-rate/{currency}/{date}", "/versions/current", "/versions/detail"]);
    expect(doc.paths["/vat/exchange-rate/{currency}/{date}"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["currency", "date"]);
    expect(doc.components.schemas.ExchangeRate.required).toEqual(["currencyCode", "currencyName", "effectiveFrom", "rate"]);
    expect(doc.info.description).toContain("Not an official HMRC service");
  });

  test("every real answer of every route validates against it", async () => {
    const cases: [string, string, number][] = [
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/usd/2024-01-15", 200],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/RUB/2014-12-24", 200],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/us/2024-01-15", 400],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/usd/2025-02-30", 400],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/xyz/2024-01-15", 404],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/usd/2031-01-01", 404],
      ["/vat/exchange-rate/{currency}/{date}", "/vat/exchange-rate/usd/2024-01-15", 405],
      ["/vat/exchange-rate/{currency}", "/vat/exchange-rate/eur", 200],
      ["/vat/exchange-rate/{currency}", "/vat/exchange-rate/e", 400],
      ["/vat/currencies", "/vat/currencies", 200],
      ["/versions/current", "/versions/current", 200],
      ["/versions/detail", "/versions/detail", 200],
      ["/health", "/health", 200],
    ];
    for (const [template, path, status] of cases) {
      const answer = await get(app, path, status === 405 ? { method: "DELETE" } : undefined);
      expect([path, answer.status]).toEqual([path, status]);
      validate(template, status, answer.body);
    }
  });

  test("the path parameters' schemas accept what the API accepts and refuse what it refuses", () => {
    const [currency, date] = doc.paths["/vat/exchange-rate/{currency}/{date}"].get.parameters;
    expect(ajv.validate(currency.schema, "usd")).toBe(true);
    expect(ajv.validate(currency.schema, "US")).toBe(false);
    expect(ajv.validate(date.schema, "2024-01-15")).toBe(true);
    expect(ajv.validate(date.schema, "15/01/2024")).toBe(false);
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
