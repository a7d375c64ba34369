// The OpenAPI 3.1 document, generated from the same valibot schemas the
// handlers and tests use, so the description cannot drift from the answers.
// Every status and header the server sends is declared, because client
// generators and API testers read the document literally.
import { DATED_RATE, NO_STORE, VERSIONS } from "../http/caching.ts";
import { commonHeaders, components, problems, ref, type Example, type Json, type SchemaName } from "./openapi-parts.ts";

/** What every route can answer besides its own: a bad Host, a ban, another method, a long URL, a fault of ours. */
const badHost = (path: string): Example => ["bad-request", 'The Host header "exa mple" is not a host name and port.', path];
const SHARED_RESPONSES = { "304": ref("responses", "NotModified"), "403": ref("responses", "Forbidden"), "405": ref("responses", "MethodNotAllowed"), "414": ref("responses", "UriTooLong"), "500": ref("responses", "InternalError") };

interface Operation {
  id: string;
  tag: "vat" | "yearly" | "versions" | "service";
  summary: string;
  description: string;
  /** A path this operation answers, for the examples. */
  example: string;
  parameters?: Json[];
  /** What a 200 carries. */
  ok: { description: string; cacheControl: string; content: Json };
  errors?: Example[];
}

function operation({ id, tag, summary, description, example, parameters = [], ok, errors = [] }: Operation): Json {
  return {
    get: {
      operationId: id,
      tags: [tag],
      summary,
      description: `${description}\n\nHEAD answers the same without a body. The answer carries a strong ETag; send it back in If-None-Match for a 304. Cache-Control: \`${ok.cacheControl}\`.`,
      parameters: [...parameters, ref("parameters", "IfNoneMatch")],
      responses: {
        "200": { description: ok.description, headers: { ...commonHeaders(), ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "CacheControl") }, content: ok.content },
        ...problems([badHost(example), ...errors]),
        ...SHARED_RESPONSES,
      },
    },
  };
}

/** A CSV answer: text, with a header row. */
const csvOf = (example: string) => ({ "text/csv": { schema: { type: "string", description: "RFC 4180 CSV with a header row, CRLF line endings" }, example } });

const jsonOf = (name: SchemaName, example?: unknown) => ({ "application/json": { schema: ref("schemas", name), ...(example === undefined ? {} : { example }) } });

const rateExample = { currencyCode: "USD", currencyName: "US Dollar", effectiveFrom: "2024-01-01", rate: 1.2651 };
const invalidCurrency = (path: string): Example => ["invalid-currency", '"US" is not a valid currency code: a currency code is three letters, such as USD or eur.', path];
const unknownCurrency = (path: string): Example => ["unknown-currency", "HMRC has published no rate for XYZ; the database covers 159 currencies.", path];
const dataBehind = (path: string, date: string): Example => [
  "data-behind",
  `This service's data ends on 2026-08-31, but HMRC has published rates up to 2026-12-31: the operator must update it (bun run db:update). The rate for ${date} exists; ask again later.`,
  path,
];
const notPublished = (path: string): Example => ["no-rate", "No rate for 2030-01-01: not published yet. HMRC publishes 2030-01's rates on 2029-12-20.", path];
const averageExample = { currencyCode: "USD", currencyName: "US Dollar", periodStart: "2025-01-01", periodEnd: "2025-12-31", rate: 1.3156 };
const spotExample = { currencyCode: "USD", currencyName: "US Dollar", date: "2025-12-31", rate: 1.3454 };
const YEARLY_BEHIND = "HMRC publishes on the period's last day: a period it has published that this server lacks is a 503 (data-behind, with Retry-After); one it has not published yet a 404 that says when it will be.";
const yearlyBehind = (path: string): Example => [
  "data-behind",
  "This service's average rates end with the year to 2026-03-31, but HMRC published those for the year to 2026-12-31 on 2026-12-31: the operator must update it (bun run db:update). Ask again later.",
  path,
];
const BEHIND = " A date HMRC has published but this server's data does not reach yet is a 503 (data-behind, with Retry-After): the server is out of date, not the rate missing. A date HMRC has not published yet is a 404 that says when it will be.";

const PATHS = {
  "/vat/exchange-rate/{currency}/{date}": operation({
    id: "getExchangeRateOnDate",
    tag: "vat",
    summary: "The rate of the HMRC period that contains a date",
    description:
      `Among the periods of the currency that contain the date, the one that starts latest: a 2014–2016 weekly amendment applies from its start to the end of its month. effectiveFrom may be earlier than the date asked for.${BEHIND}`,
    example: "/vat/exchange-rate/usd/2024-01-15",
    parameters: [ref("parameters", "Currency"), ref("parameters", "Date")],
    ok: { description: "The rate in force on that date", cacheControl: DATED_RATE, content: jsonOf("ExchangeRate", rateExample) },
    errors: [
      invalidCurrency("/vat/exchange-rate/US/2024-01-15"),
      ["invalid-date", '"2025-02-30" is not a valid date: there is no such day in the calendar.', "/vat/exchange-rate/usd/2025-02-30"],
      unknownCurrency("/vat/exchange-rate/XYZ/2024-01-15"),
      notPublished("/vat/exchange-rate/usd/2030-01-01"),
      dataBehind("/vat/exchange-rate/usd/2026-09-15", "2026-09-15"),
    ],
  }),
  "/vat/exchange-rate/{currency}": operation({
    id: "getExchangeRateToday",
    tag: "vat",
    summary: "The rate in force today, as the date is in the UK (GMT or BST)",
    description: "The answer may be cached until the next UK midnight and no longer. When this server's data does not reach today, a 503 (data-behind, with Retry-After), never a stale rate; a 404 for a currency HMRC has no rate for today.",
    example: "/vat/exchange-rate/usd",
    parameters: [ref("parameters", "Currency")],
    ok: { description: "The rate in force today", cacheControl: "public, max-age=<seconds until UK midnight>", content: jsonOf("ExchangeRate", rateExample) },
    errors: [
      invalidCurrency("/vat/exchange-rate/US"),
      unknownCurrency("/vat/exchange-rate/XYZ"),
      ["no-rate", "No rate for MRO on 2026-08-21 (today in the UK): HMRC's rates for MRO in this database run from 2014-02-01 to 2023-10-31, and HMRC has published none for it after that.", "/vat/exchange-rate/mro"],
      dataBehind("/vat/exchange-rate/usd", "2026-11-21"),
    ],
  }),
  "/vat/exchange-rates/{date}": operation({
    id: "getExchangeRatesOnDate",
    tag: "vat",
    summary: "Every currency's rate on a date: the whole table",
    description:
      `The rate of every currency with a period containing the date, as the single-rate route gives each, sorted by code. Currencies with no period containing that date are left out; /vat/currencies shows each one's coverage and /vat/currencies/{currency} its gaps. A 404 when no currency has a rate that day.${BEHIND}`,
    example: "/vat/exchange-rates/2024-01-15",
    parameters: [ref("parameters", "Date")],
    ok: { description: "The rates in force on that date", cacheControl: DATED_RATE, content: jsonOf("ExchangeRateTable", [rateExample]) },
    errors: [
      ["invalid-date", '"2025-02-30" is not a valid date: there is no such day in the calendar.', "/vat/exchange-rates/2025-02-30"],
      ["no-rate", "No rates on 2013-01-01: HMRC's rates in this database run from 2014-01-08 to 2026-08-31.", "/vat/exchange-rates/2013-01-01"],
      dataBehind("/vat/exchange-rates/2026-09-15", "2026-09-15"),
    ],
  }),
  "/vat/currencies/{currency}": operation({
    id: "getCurrencyHistory",
    tag: "vat",
    summary: "One currency's history: covered ranges, gaps and every period",
    description: "Every period HMRC published for the currency, with its kind (monthly, or a 2014–2016 weekly amendment), and the ranges of days covered; the days between ranges have no rate.",
    example: "/vat/currencies/usd",
    parameters: [ref("parameters", "Currency")],
    ok: {
      description: "The currency's history",
      cacheControl: DATED_RATE,
      content: jsonOf("CurrencyHistory", { currencyCode: "USD", currencyName: "US Dollar", ranges: [{ from: "2014-02-01", to: "2026-08-31" }], periods: [{ effectiveFrom: "2024-01-01", effectiveTo: "2024-01-31", rate: 1.2651, kind: "monthly" }] }),
    },
    errors: [invalidCurrency("/vat/currencies/US"), unknownCurrency("/vat/currencies/XYZ")],
  }),
  "/average-rate/{currency}/{period}": operation({
    id: "getAverageRate",
    tag: "yearly",
    summary: "HMRC's average rate for the year to 31 December or to 31 March",
    description: `For annual accounts and Self Assessment (for example, foreign income in a year to 31 March at that year's average). {period} is the month the twelve months end with: 2025-12 is 2025-01-01..2025-12-31, 2026-03 is 2025-04-01..2026-03-31. A month other than March or December is a 400. ${YEARLY_BEHIND}`,
    example: "/average-rate/usd/2025-12",
    parameters: [ref("parameters", "Currency"), ref("parameters", "Period")],
    ok: { description: "The average", cacheControl: DATED_RATE, content: jsonOf("AverageRate", averageExample) },
    errors: [
      invalidCurrency("/average-rate/US/2025-12"),
      ["invalid-period", '"2025-06" is not a valid period: HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only.', "/average-rate/usd/2025-06"],
      unknownCurrency("/average-rate/XYZ/2025-12"),
      ["no-rate", "No average rate for USD for the year to 2009-12-31: HMRC's average rates for USD in this database run from the year to 2010-12-31 to the year to 2026-03-31.", "/average-rate/usd/2009-12"],
      yearlyBehind("/average-rate/usd/2026-12"),
    ],
  }),
  "/spot-rate/{currency}/{date}": operation({
    id: "getSpotRate",
    tag: "yearly",
    summary: "HMRC's spot rate on 31 December or 31 March",
    description: `For year-end balances: the rate at midday on that day. Any other date is a 400. ${YEARLY_BEHIND}`,
    example: "/spot-rate/usd/2025-12-31",
    parameters: [ref("parameters", "Currency"), ref("parameters", "SpotDate")],
    ok: { description: "The spot rate", cacheControl: DATED_RATE, content: jsonOf("SpotRate", spotExample) },
    errors: [
      invalidCurrency("/spot-rate/US/2025-12-31"),
      ["invalid-date", '"2025-12-30" is not a valid spot-rate date: HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only.', "/spot-rate/usd/2025-12-30"],
      unknownCurrency("/spot-rate/XYZ/2025-12-31"),
      ["no-rate", "No spot rate for 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", "/spot-rate/usd/2027-03-31"],
      yearlyBehind("/spot-rate/usd/2026-12-31"),
    ],
  }),
  "/average-rates/{period}": operation({
    id: "getAverageRates",
    tag: "yearly",
    summary: "Every currency's average for a year: the whole table",
    description: `The average of every currency HMRC published for the twelve months ending with {period}, sorted by code. ${YEARLY_BEHIND}`,
    example: "/average-rates/2025-12",
    parameters: [ref("parameters", "Period")],
    ok: { description: "The averages", cacheControl: DATED_RATE, content: jsonOf("AverageRateTable", [averageExample]) },
    errors: [
      ["invalid-period", '"2025-06" is not a valid period: HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only.', "/average-rates/2025-06"],
      ["no-rate", "No average rate for the year to 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", "/average-rates/2027-03"],
      yearlyBehind("/average-rates/2026-12"),
    ],
  }),
  "/spot-rates/{date}": operation({
    id: "getSpotRates",
    tag: "yearly",
    summary: "Every currency's spot rate on a 31 December or 31 March",
    description: `Sorted by code; usually a dozen major currencies. ${YEARLY_BEHIND}`,
    example: "/spot-rates/2025-12-31",
    parameters: [ref("parameters", "SpotDate")],
    ok: { description: "The spot rates", cacheControl: DATED_RATE, content: jsonOf("SpotRateTable", [spotExample]) },
    errors: [
      ["invalid-date", '"2025-12-30" is not a valid spot-rate date: HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only.', "/spot-rates/2025-12-30"],
      ["no-rate", "No spot rate for 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", "/spot-rates/2027-03-31"],
      yearlyBehind("/spot-rates/2026-12-31"),
    ],
  }),
  "/currencies": operation({
    id: "listCurrencySeries",
    tag: "yearly",
    summary: "Every currency in any of HMRC's three series, and which series it has",
    description: "monthly: VAT period rates (/vat/…); average: yearly averages; spot: year-end spot rates. Sorted by code.",
    example: "/currencies",
    ok: { description: "The currencies", cacheControl: DATED_RATE, content: jsonOf("CurrencySeriesList", [{ currencyCode: "USD", currencyName: "US Dollar", series: ["monthly", "average", "spot"] }]) },
  }),
  "/currencies/{currency}": operation({
    id: "getCurrencyYearlyHistory",
    tag: "yearly",
    summary: "A currency's series, every average and every spot rate",
    description: "Oldest first; its VAT periods are at /vat/currencies/{currency}.",
    example: "/currencies/usd",
    parameters: [ref("parameters", "Currency")],
    ok: {
      description: "The currency's yearly rates",
      cacheControl: DATED_RATE,
      content: jsonOf("CurrencyYearlyHistory", { currencyCode: "USD", currencyName: "US Dollar", series: ["monthly", "average", "spot"], averages: [{ periodStart: "2025-01-01", periodEnd: "2025-12-31", rate: 1.3156 }], spots: [{ date: "2025-12-31", rate: 1.3454 }] }),
    },
    errors: [invalidCurrency("/currencies/US"), ["unknown-currency", "HMRC has published no rate for XYZ in any series.", "/currencies/XYZ"]],
  }),
  "/vat/exchange-rates/{date}.csv": operation({
    id: "getExchangeRatesOnDateCsv",
    tag: "vat",
    summary: "Every currency's rate on a date, as CSV",
    description: `The table of /vat/exchange-rates/{date} for spreadsheets: a header row (currencyCode, currencyName, effectiveFrom, rate, note), the rates with HMRC's digits, cells a spreadsheet would run as a formula neutralised. Cached like the JSON.${BEHIND}`,
    example: "/vat/exchange-rates/2024-01-15.csv",
    parameters: [ref("parameters", "Date")],
    ok: { description: "The rates in force on that date", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,effectiveFrom,rate,note\r\nAED,United Arab Emirates Dirham,2024-01-01,4.6461,\r\n") },
    errors: [
      ["invalid-date", '"2025-02-30" is not a valid date: there is no such day in the calendar.', "/vat/exchange-rates/2025-02-30.csv"],
      ["no-rate", "No rates on 2013-01-01: HMRC's rates in this database run from 2014-01-08 to 2026-08-31.", "/vat/exchange-rates/2013-01-01.csv"],
      dataBehind("/vat/exchange-rates/2026-09-15.csv", "2026-09-15"),
    ],
  }),
  "/vat/currencies/{currency}.csv": operation({
    id: "getCurrencyHistoryCsv",
    tag: "vat",
    summary: "One currency's every period, as CSV",
    description: "The periods of /vat/currencies/{currency} for spreadsheets: a header row (currencyCode, currencyName, effectiveFrom, effectiveTo, rate, kind, note), HMRC's digits, formula-like cells neutralised. Cached like the JSON.",
    example: "/vat/currencies/usd.csv",
    parameters: [ref("parameters", "Currency")],
    ok: { description: "The currency's periods", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,effectiveFrom,effectiveTo,rate,kind,note\r\nUSD,US Dollar,2024-01-01,2024-01-31,1.2651,monthly,\r\n") },
    errors: [invalidCurrency("/vat/currencies/US.csv"), unknownCurrency("/vat/currencies/XYZ.csv")],
  }),
  "/average-rates/{period}.csv": operation({
    id: "getAverageRatesCsv",
    tag: "yearly",
    summary: "Every currency's average for a year, as CSV",
    description: `The table of /average-rates/{period} for spreadsheets: currencyCode, currencyName, periodStart, periodEnd, rate. ${YEARLY_BEHIND}`,
    example: "/average-rates/2025-12.csv",
    parameters: [ref("parameters", "Period")],
    ok: { description: "The averages", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,periodStart,periodEnd,rate\r\nUSD,US Dollar,2025-01-01,2025-12-31,1.3156\r\n") },
    errors: [
      ["invalid-period", '"2025-06" is not a valid period: HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only.', "/average-rates/2025-06.csv"],
      ["no-rate", "No average rate for the year to 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", "/average-rates/2027-03.csv"],
      yearlyBehind("/average-rates/2026-12.csv"),
    ],
  }),
  "/spot-rates/{date}.csv": operation({
    id: "getSpotRatesCsv",
    tag: "yearly",
    summary: "Every currency's spot rate on a 31 December or 31 March, as CSV",
    description: `The table of /spot-rates/{date} for spreadsheets: currencyCode, currencyName, date, rate. ${YEARLY_BEHIND}`,
    example: "/spot-rates/2025-12-31.csv",
    parameters: [ref("parameters", "SpotDate")],
    ok: { description: "The spot rates", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,date,rate\r\nUSD,US Dollar,2025-12-31,1.3454\r\n") },
    errors: [
      ["invalid-date", '"2025-12-30" is not a valid spot-rate date: HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only.', "/spot-rates/2025-12-30.csv"],
      ["no-rate", "No spot rate for 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", "/spot-rates/2027-03-31.csv"],
      yearlyBehind("/spot-rates/2026-12-31.csv"),
    ],
  }),
  "/vat/currencies": operation({
    id: "listCurrencies",
    tag: "vat",
    summary: "Every currency with its name and the dates the data covers",
    description: "Sorted by code. firstDate and lastDate bound the published periods; there may be gaps between them.",
    example: "/vat/currencies",
    ok: { description: "The currencies", cacheControl: DATED_RATE, content: jsonOf("Currencies") },
  }),
  "/versions/current": operation({
    id: "getCurrentVersions",
    tag: "versions",
    summary: "The released version of DataTables and each extension",
    description: "Keyed by product name (DataTables and its 18 extensions, CardView included); the latest release of each on npm (datatables.net and datatables.net-*).",
    example: "/versions/current",
    ok: { description: "Versions by product", cacheControl: VERSIONS, content: jsonOf("CurrentVersions", { DataTables: "3.1.5", Buttons: "4.1.1" }) },
  }),
  "/versions/detail": operation({
    id: "getVersionDetails",
    tag: "versions",
    summary: "Release and nightly versions with their publish dates",
    description: "Keyed by product name (DataTables and its 18 extensions): the release is npm's latest, with its publish time; the nightly is the version in package.json at the head of the product's GitHub repository, with that commit's date, or the release when that is older. Dates are ISO 8601 with a UTC offset.",
    example: "/versions/detail",
    ok: {
      description: "Versions by product",
      cacheControl: VERSIONS,
      content: jsonOf("VersionDetails", {
        DataTables: { release: { version: "3.1.5", date: "2026-10-30T09:32:47+00:00" }, nightly: { version: "3.2.0-dev", date: "2026-11-20T08:14:03+00:00" } },
        Editor: { release: { version: "3.1.0", date: "2026-09-22T17:02:11+00:00" }, nightly: { version: "3.1.0", date: "2026-09-22T17:02:11+00:00" } },
      }),
    },
  }),
  "/health": operation({
    id: "getHealth",
    tag: "service",
    summary: "For load balancers and monitors: the database served and its coverage",
    description: "Never cached. A server that answers at all has a whole database loaded, so this is a 200 whenever it answers.",
    example: "/health",
    ok: { description: "Serving", cacheControl: NO_STORE, content: jsonOf("Health") },
  }),
  "/openapi.json": operation({
    id: "getOpenApiDocument",
    tag: "service",
    summary: "This document",
    description: "The OpenAPI 3.1 description of every route, generated from the schemas the server validates with.",
    example: "/openapi.json",
    ok: { description: "OpenAPI 3.1", cacheControl: VERSIONS, content: { "application/json": { schema: { type: "object", additionalProperties: true, description: "An OpenAPI 3.1 document" } } } },
  }),
};


export function openApiDocument(basePath: string): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Feed service: HMRC VAT exchange rates and DataTables versions",
      version: "1.0.0",
      description:
        "HMRC's published VAT period exchange rates (currency units per £1; sterling = amount ÷ rate), its yearly average and spot rates, and the current DataTables versions. Not an official HMRC service. CORS: any origin may read every route; every answer carries Access-Control-Allow-Origin: * and exposes ETag, and a preflight (OPTIONS asking for GET or HEAD, on any route) is answered 204 with Access-Control-Allow-Methods: GET, HEAD, the headers asked for in Access-Control-Allow-Headers, and Access-Control-Max-Age. The rates are Crown copyright and contain public sector information licensed under the Open Government Licence v3.0 (https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/).",
      // Whoever runs a server answers for it; the page at its root says what it serves.
      contact: { name: "feed-service maintainers" },
      license: { name: "MIT (the service); the HMRC data: Open Government Licence v3.0", identifier: "MIT" },
    },
    servers: [{ url: basePath || "/", description: "This server" }],
    // A public API: no operation asks for credentials.
    security: [],
    tags: [
      { name: "vat", description: "HMRC VAT period exchange rates" },
      { name: "yearly", description: "HMRC's yearly average and spot rates, for annual accounts and Self Assessment" },
      { name: "versions", description: "DataTables and its extensions on npm" },
      { name: "service", description: "This service: health and documentation" },
    ],
    paths: PATHS,
    components: components(),
  };
}
