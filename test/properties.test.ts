// Property tests (fast-check, bounded runs): whatever comes in, the service
// answers without a 5xx, every error is valid problem+json, every 200 matches
// its response schema, and rate lookups agree with a simple reference.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { join } from "node:path";
import * as v from "valibot";
import { ProblemSchema } from "../src/http/problem.ts";
import { HealthSchema } from "../src/service/health.ts";
import { AverageRateSchema, AverageRateTableSchema, CurrencyListSchema, CurrencySeriesListSchema, CurrencyYearlyHistorySchema, ExchangeRateSchema, SpotRateSchema, SpotRateTableSchema } from "../src/vat/schemas.ts";
import { CurrentVersionsSchema, VersionDetailsSchema } from "../src/versions/schemas.ts";
import { fixedClock, realApp, realData, REAL_UPSTREAM, ROOT } from "./helpers.ts";
import { referenceLookup, referencePeriods } from "./reference.ts";

const RUNS = Number(process.env.FC_RUNS ?? 400);
const app = realApp(fixedClock("2024-03-15T12:00:00Z"));

const SCHEMA_FOR: [RegExp, v.GenericSchema][] = [
  [/^\/vat\/exchange-rate\//, ExchangeRateSchema],
  [/^\/vat\/currencies\/*$/, CurrencyListSchema],
  [/^\/health\/*$/, HealthSchema],
  [/^\/versions\/current\/*$/, CurrentVersionsSchema],
  [/^\/versions\/detail\/*$/, VersionDetailsSchema],
  [/^\/average-rate\//, AverageRateSchema],
  [/^\/spot-rate\//, SpotRateSchema],
  [/^\/average-rates\//, AverageRateTableSchema],
  [/^\/spot-rates\//, SpotRateTableSchema],
  [/^\/currencies\/*$/, CurrencySeriesListSchema],
  [/^\/currencies\/[^/]+\/*$/, CurrencyYearlyHistorySchema],
];

/** What the fuzzer builds paths from. */
const segment = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom("", ".", "..", "%", "%2", "%zz", "%00", "%2F", "%252F", "\u0000", "'; DROP TABLE rates; --", "\" OR 1=1", "%27%20OR%201%3D1"),
  fc.constantFrom("usd", "USD", "uSd", "Eur", "xcd", "ZIG", "zzz", "US", "USDD", "u5d"),
  fc.constantFrom("2025-12", "2026-03", "2025-06", "2010-12", "2009-12", "2025-12-31", "2026-03-31", "2025-03-30", "2024-12"),
  fc.constantFrom("2024-01-15", "2014-01-08", "2026-08-31", "2026-09-01", "0000-01-01", "9999-12-31", "2024-02-29", "2023-02-29", "2025-02-30", "2024-13-01", "2024-00-10", "+2024-01-01", "2024-01-15T00:00:00Z"),
  fc.string({ unit: "grapheme-ascii", minLength: 200, maxLength: 3000 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => "x".repeat(n)),
);
const path = fc.oneof(
  fc.array(segment, { maxLength: 6 }).map((s) => `/${s.join("/")}`),
  fc.tuple(segment, fc.option(segment)).map(([c, d]) => `/vat/exchange-rate/${c}${d === null ? "" : `/${d}`}`),
  fc.tuple(fc.constantFrom("/average-rate", "/spot-rate", "/average-rates", "/spot-rates", "/currencies"), segment, fc.option(segment)).map(([route, a, b]) => `${route}/${a}${b === null ? "" : `/${b}`}`),
  fc.constantFrom("/versions/current", "/versions/detail", "/versions/current/", "/vat/exchange-rate", "//vat//exchange-rate//usd", "/vat/./exchange-rate/usd", "/health", "/", "/vat/currencies", "/openapi.json"),
);
const method = fc.oneof(fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"), fc.stringMatching(/^[A-Z]{1,10}$/));

async function check(methodName: string, target: string) {
  let request: Request;
  try {
    request = new Request(`http://feed.test${target}`, { method: methodName });
  } catch {
    return; // not a request any client could send
  }
  const response = await app(request);
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  if (methodName === "HEAD" || response.status === 204 || response.status === 304) return expect(text).toBe("");
  if (response.headers.get("content-type") === "text/html; charset=utf-8") return expect(text).toStartWith("<!doctype html>");
  const body = JSON.parse(text);
  if (response.status === 200) {
    const pathname = new URL(request.url).pathname;
    const schema = SCHEMA_FOR.find(([pattern]) => pattern.test(pathname))?.[1];
    if (schema) expect(v.safeParse(schema, body).issues).toBeUndefined();
  } else {
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(v.safeParse(ProblemSchema, body).issues).toBeUndefined();
    expect(body.status).toBe(response.status);
  }
}

describe("any request", () => {
  test("never yields a 5xx; errors are problem+json; 200s match their schema", async () => {
    await fc.assert(fc.asyncProperty(method, path, check), { numRuns: RUNS });
  }, 60_000);

  test("exchange-rate paths with mixed-case codes and dates at and beyond calendar limits", async () => {
    const code = fc.stringMatching(/^[A-Za-z]{3}$/);
    const date = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(
      ([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
    );
    await fc.assert(fc.asyncProperty(code, date, (c, d) => check("GET", `/vat/exchange-rate/${c}/${d}`)), { numRuns: RUNS });
  }, 60_000);
});

test("a rate lookup agrees with a simple reference implementation of the period rule", async () => {
  const periods = Map.groupBy(referencePeriods(join(REAL_UPSTREAM, "hmrc"), join(ROOT, "db/corrections.json")), (p) => p.code);
  const codes = [...periods.keys()];
  const day = fc.integer({ min: Date.parse("2013-12-01"), max: Date.parse("2026-10-31") }).map((ms) => new Date(ms).toISOString().slice(0, 10));
  const mixedCase = (code: string, mask: number) => [...code].map((ch, i) => (mask & (1 << i) ? ch.toLowerCase() : ch)).join("");
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...codes), day, fc.integer({ min: 0, max: 7 }), async (code, date, mask) => {
      const response = await app(new Request(`http://feed.test/vat/exchange-rate/${mixedCase(code, mask)}/${date}`));
      const expected = referenceLookup(periods.get(code)!, code, date);
      if (!expected) return expect(response.status).toBe(404);
      expect(response.status).toBe(200);
      // A note (on a rate the build has doubts about) is the notes test's; the rest is the rule's.
      const { note: _note, ...body } = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({ currencyCode: code, currencyName: realData().currencies.find((c) => c.code === code)!.name, effectiveFrom: expected.start, rate: Number(expected.rate) });
    }),
    { numRuns: RUNS * 2 },
  );
}, 60_000);
