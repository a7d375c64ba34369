// The building blocks of the OpenAPI document: its named schemas (from the
// valibot schemas the handlers use), the $refs, the problem answers with
// their examples, and the shared components every operation points at.
import { toJsonSchemaDefs } from "@valibot/to-json-schema";
import { NO_STORE } from "../http/caching.ts";
import { MAX_URL_LENGTH } from "../http/edge.ts";
import { COMMON_HEADERS } from "../http/headers.ts";
import { ALLOWED_METHODS } from "../http/methods.ts";
import { PROBLEMS, ProblemSchema, problemType, type ProblemKind } from "../http/problem.ts";
import { CurrencyParam, DateParam, PeriodParam, SpotDateParam } from "../vat/params.ts";
import {
  AverageRateSchema,
  AverageRateTableSchema,
  CoveredRangeSchema,
  CurrencyHistorySchema,
  CurrencyListingSchema,
  CurrencyListSchema,
  CurrencySeriesListSchema,
  CurrencySeriesSchema,
  CurrencyYearlyHistorySchema,
  DailyTableSchema,
  ExchangeRateSchema,
  RatePeriodSchema,
  SpotRateSchema,
  SpotRateTableSchema,
} from "../vat/schemas.ts";
import { CurrentVersionsSchema, NightlySchema, ReleaseSchema, VersionDetailSchema, VersionDetailsSchema } from "../versions/schemas.ts";
import { FreshnessSchema, HealthSchema } from "./health.ts";

/** Named schemas: generated clients get a named type for each. */
const SCHEMAS = {
  ExchangeRate: ExchangeRateSchema,
  ExchangeRateTable: DailyTableSchema,
  CurrencyHistory: CurrencyHistorySchema,
  CoveredRange: CoveredRangeSchema,
  RatePeriod: RatePeriodSchema,
  Currency: CurrencyListingSchema,
  Currencies: CurrencyListSchema,
  CurrentVersions: CurrentVersionsSchema,
  Release: ReleaseSchema,
  Nightly: NightlySchema,
  VersionDetail: VersionDetailSchema,
  VersionDetails: VersionDetailsSchema,
  Health: HealthSchema,
  Freshness: FreshnessSchema,
  AverageRate: AverageRateSchema,
  SpotRate: SpotRateSchema,
  AverageRateTable: AverageRateTableSchema,
  SpotRateTable: SpotRateTableSchema,
  CurrencySeries: CurrencySeriesSchema,
  CurrencySeriesList: CurrencySeriesListSchema,
  CurrencyYearlyHistory: CurrencyYearlyHistorySchema,
  Problem: ProblemSchema,
  CurrencyCode: CurrencyParam,
  Date: DateParam,
  Period: PeriodParam,
  SpotDate: SpotDateParam,
};

export type SchemaName = keyof typeof SCHEMAS;
export type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); transforms such as percent-decoding have no equivalent and are left out. */
function componentSchemas(): Record<SchemaName, Json> {
  const defs = toJsonSchemaDefs(SCHEMAS, { target: "draft-2020-12", errorMode: "ignore", overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}` });
  const withoutDialect = ([name, { $schema: _dialect, ...rest }]: [string, Json]) => [name, rest];
  const schemas = Object.fromEntries(Object.entries(defs as unknown as Record<string, Json>).map(withoutDialect)) as Record<SchemaName, Json>;
  schemas.Date.format = "date";
  // Checks JSON Schema cannot say as valibot does, said as patterns.
  schemas.Period = { type: "string", pattern: "^\\d{4}-(03|12)$", description: "The month a year ends with: YYYY-03 (the year to 31 March) or YYYY-12 (the year to 31 December)" };
  schemas.SpotDate = { type: "string", format: "date", pattern: "^\\d{4}-(03-31|12-31)$", description: "A 31 March or a 31 December, YYYY-MM-DD" };
  return schemas;
}

export const ref = (kind: "schemas" | "parameters" | "headers" | "responses", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers on every response (CORS and security), named as COMMON_HEADERS sends them. */
export const commonHeaders = () => Object.fromEntries(Object.keys(COMMON_HEADERS).map((name) => [headerName(name), ref("headers", headerName(name).replaceAll("-", ""))]));
const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

export type Example = [kind: ProblemKind, detail: string, instance: string];

/** The error answers of one operation, grouped by status, each kind with a real example. */
export function problems(cases: Example[]): Record<string, Json> {
  const byStatus = new Map<number, Record<string, { value: unknown }>>();
  for (const [kind, detail, instance] of cases) {
    const { status, title } = PROBLEMS[kind];
    byStatus.set(status, { ...byStatus.get(status), [kind]: { value: { type: problemType(kind), title, status, detail, instance } } });
  }
  return Object.fromEntries(
    [...byStatus].map(([status, examples]) => [
      String(status),
      {
        description: Object.keys(examples).map((k) => PROBLEMS[k as ProblemKind].title).join("; "),
        headers: { ...commonHeaders(), "Cache-Control": ref("headers", "NoStore"), ...(status === 503 ? { "Retry-After": ref("headers", "RetryAfter") } : {}) },
        content: { "application/problem+json": { schema: ref("schemas", "Problem"), examples } },
      },
    ]),
  );
}


/** A shared error answer: one problem kind, its example, and any header of its own. */
function problemAnswer(description: string, example: Example, headers: Json = {}): Json {
  const [answer] = Object.values(problems([example])) as Json[];
  return { ...answer, description, headers: { ...(answer!.headers as Json), ...headers } };
}

export const components = () => ({
  schemas: componentSchemas(),
  parameters: {
    Currency: { name: "currency", in: "path", required: true, description: "Currency code, any case (usd, USD)", schema: ref("schemas", "CurrencyCode"), example: "usd" },
    Date: { name: "date", in: "path", required: true, description: "A real calendar day, YYYY-MM-DD", schema: ref("schemas", "Date"), example: "2024-01-15" },
    Period: { name: "period", in: "path", required: true, description: "The month the twelve months end with: YYYY-03 or YYYY-12", schema: ref("schemas", "Period"), example: "2025-12" },
    SpotDate: { name: "date", in: "path", required: true, description: "A 31 March or a 31 December, YYYY-MM-DD", schema: ref("schemas", "SpotDate"), example: "2025-12-31" },
    IfNoneMatch: { name: "If-None-Match", in: "header", required: false, description: "ETags from earlier answers (or *): a match is a 304 with no body", schema: { type: "string" }, example: '"92a77478-60p36spswwfd"' },
  },
  headers: {
    ETag: { description: "Strong validator of this answer; changes only when the answer does", schema: { type: "string" } },
    CacheControl: { description: "How long shared and private caches may keep the answer", schema: { type: "string" } },
    NoStore: { description: "Errors are never cached", schema: { type: "string", const: NO_STORE } },
    Allow: { description: "The methods every route serves", schema: { type: "string", const: ALLOWED_METHODS } },
    RetryAfter: { description: "Seconds to wait before asking again: the operator has to update the data", schema: { type: "string", pattern: "^[0-9]+$" } },
    AccessControlAllowOrigin: { description: "Any origin may read the API", schema: { type: "string", const: COMMON_HEADERS["access-control-allow-origin"] } },
    AccessControlExposeHeaders: { description: "Scripts may read the ETag, to revalidate", schema: { type: "string", const: COMMON_HEADERS["access-control-expose-headers"] } },
    XContentTypeOptions: { description: "No content sniffing", schema: { type: "string", const: COMMON_HEADERS["x-content-type-options"] } },
    ReferrerPolicy: { description: "No referrer sent on", schema: { type: "string", const: COMMON_HEADERS["referrer-policy"] } },
    ContentSecurityPolicy: { description: "Nothing may load; the page allows its own inline script and style by hash", schema: { type: "string" } },
  },
  responses: {
    NotModified: { description: "Not modified: the ETag in If-None-Match is still the answer's", headers: { ...commonHeaders(), ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "CacheControl") } },
    Forbidden: problemAnswer("This caller's address is banned", ["forbidden", "This address is banned from the service for abuse.", "/versions/current"]),
    MethodNotAllowed: problemAnswer("Only GET and HEAD are served", ["method-not-allowed", "DELETE is not supported: this API is read-only.", "/versions/current"], { Allow: ref("headers", "Allow") }),
    UriTooLong: problemAnswer(`The request URL is longer than ${MAX_URL_LENGTH} characters`, ["uri-too-long", `Request URLs are limited to ${MAX_URL_LENGTH} characters.`, "/"]),
    InternalError: problemAnswer("A fault of the server's, logged", ["internal", "The server failed to answer this request; it has been logged.", "/versions/current"]),
  },
});
