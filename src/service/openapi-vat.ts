// The OpenAPI operations of the VAT period rates: single, today, a date's
// table and its CSV, the currency list and each currency's history.
import { DATED_RATE } from "../http/caching.ts";
import { csvOf, invalidCurrency, invalidDate, jsonOf, operation, unknownCurrency } from "./openapi-operation.ts";
import { ref, type Example } from "./openapi-parts.ts";

const rateExample = { currencyCode: "USD", currencyName: "US Dollar", effectiveFrom: "2024-01-01", rate: 1.2651 };
const dataBehind = (path: string, date: string): Example => [
  "data-behind",
  `This service's data ends on 2026-08-31, but HMRC has published rates up to 2026-12-31: the operator must update it (bun run db:update). The rate for ${date} exists; ask again later.`,
  path,
];
const notPublished = (path: string): Example => ["no-rate", "No rate for 2030-01-01: not published yet. HMRC publishes 2030-01's rates on 2029-12-20.", path];
const BEHIND = " A date HMRC has published but this server's data does not reach yet is a 503 (data-behind, with Retry-After): the server is out of date, not the rate missing. A date HMRC has not published yet is a 404 that says when it will be.";

/** A date's table answers alike as JSON and as CSV (`ext`): the same errors. */
const tableErrors = (ext: "" | ".csv"): Example[] => [
  invalidDate(`/vat/exchange-rates/2025-02-30${ext}`),
  ["no-rate", "No rates on 2013-01-01: HMRC's rates in this database run from 2014-01-08 to 2026-08-31.", `/vat/exchange-rates/2013-01-01${ext}`],
  dataBehind(`/vat/exchange-rates/2026-09-15${ext}`, "2026-09-15"),
];

export const VAT_PATHS = {
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
      invalidDate("/vat/exchange-rate/usd/2025-02-30"),
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
    errors: tableErrors(""),
  }),
  "/vat/exchange-rates/{date}.csv": operation({
    id: "getExchangeRatesOnDateCsv",
    tag: "vat",
    summary: "Every currency's rate on a date, as CSV",
    description: `The table of /vat/exchange-rates/{date} for spreadsheets: a header row (currencyCode, currencyName, effectiveFrom, rate, note), the rates with HMRC's digits, cells a spreadsheet would run as a formula neutralised. Cached like the JSON.${BEHIND}`,
    example: "/vat/exchange-rates/2024-01-15.csv",
    parameters: [ref("parameters", "Date")],
    ok: { description: "The rates in force on that date", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,effectiveFrom,rate,note\r\nAED,United Arab Emirates Dirham,2024-01-01,4.6461,\r\n") },
    errors: tableErrors(".csv"),
  }),
  "/vat/currencies": operation({
    id: "listCurrencies",
    tag: "vat",
    summary: "Every currency with its name and the dates the data covers",
    description: "Sorted by code. firstDate and lastDate bound the published periods; there may be gaps between them.",
    example: "/vat/currencies",
    ok: { description: "The currencies", cacheControl: DATED_RATE, content: jsonOf("Currencies") },
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
};
