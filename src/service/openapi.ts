// The OpenAPI 3.1 document, generated from the same valibot schemas the
// handlers and tests use, so the description cannot drift from the answers.
// Every status and header the server sends is declared, because client
// generators and API testers read the document literally.
import { DATED_RATE, NO_STORE, VERSIONS } from "../http/caching.ts";
import { commonHeaders, components, problems, ref, type Example, type Json, type SchemaName } from "./openapi-parts.ts";

/** What every route can answer besides its own: a bad Host, a ban, another method, a long URL, a fault of ours. */
const badHost = (path: string): Example => ["bad-request", 'The Host header "exa mple" is not a host name and port.', path];
const SHARED_RESPONSES = { "304": ref("responses", "NotModified"), "403": ref("responses", "Forbidden"), "405": ref("responses", "MethodNotAllowed"), "414": ref("responses", "UriTooLong"), "500": ref("responses", "InternalError") };

// A preflight is never conditional.
const { "304": _notModified, ...withoutNotModified } = SHARED_RESPONSES;

interface Operation {
  id: string;
  tag: "vat" | "versions" | "service";
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
    options: {
      operationId: `${id}Preflight`,
      tags: [tag],
      summary: "CORS preflight",
      description: "Browsers ask before a cross-origin GET with custom headers; any origin may read the API, with GET and HEAD.",
      parameters: [...parameters, ref("parameters", "AccessControlRequestMethod"), ref("parameters", "AccessControlRequestHeaders")],
      responses: {
        "204": ref("responses", "Preflight"),
        ...problems([badHost(example)]),
        ...withoutNotModified,
      },
    },
  };
}

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
        "HMRC's published VAT period exchange rates (currency units per £1; sterling = amount ÷ rate) and the current DataTables versions. Not an official HMRC service. The rates are Crown copyright and contain public sector information licensed under the Open Government Licence v3.0 (https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/).",
      // Whoever runs a server answers for it; the page at its root says what it serves.
      contact: { name: "feed-service maintainers" },
      license: { name: "MIT (the service); the HMRC data: Open Government Licence v3.0", identifier: "MIT" },
    },
    servers: [{ url: basePath || "/", description: "This server" }],
    // A public API: no operation asks for credentials.
    security: [],
    tags: [
      { name: "vat", description: "HMRC VAT period exchange rates" },
      { name: "versions", description: "DataTables and its extensions on npm" },
      { name: "service", description: "This service: health and documentation" },
    ],
    paths: PATHS,
    components: components(),
  };
}
