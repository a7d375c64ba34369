// The OpenAPI operations of HMRC's yearly average and spot rates, their
// tables (JSON and CSV) and which series each currency has.
import { DATED_RATE } from "../http/caching.ts";
import { csvOf, invalidCurrency, invalidPeriod, invalidSpotDate, jsonOf, operation, unknownCurrency } from "./openapi-operation.ts";
import { ref, type Example } from "./openapi-parts.ts";

const averageExample = { currencyCode: "USD", currencyName: "US Dollar", periodStart: "2025-01-01", periodEnd: "2025-12-31", rate: 1.3156 };
const spotExample = { currencyCode: "USD", currencyName: "US Dollar", date: "2025-12-31", rate: 1.3454 };
const YEARLY_BEHIND = "HMRC publishes on the period's last day: a period it has published that this server lacks is a 503 (data-behind, with Retry-After); one it has not published yet a 404 that says when it will be.";
const yearlyBehind = (path: string): Example => [
  "data-behind",
  "This service's average rates end with the year to 2026-03-31, but HMRC published those for the year to 2026-12-31 on 2026-12-31: the operator must update it (bun run db:update). Ask again later.",
  path,
];

/** A yearly table answers alike as JSON and as CSV (`ext`): the same errors. */
const averageTableErrors = (ext: "" | ".csv"): Example[] => [
  invalidPeriod(`/average-rates/2025-06${ext}`),
  ["no-rate", "No average rate for the year to 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", `/average-rates/2027-03${ext}`],
  yearlyBehind(`/average-rates/2026-12${ext}`),
];
const spotTableErrors = (ext: "" | ".csv"): Example[] => [
  invalidSpotDate(`/spot-rates/2025-12-30${ext}`),
  ["no-rate", "No spot rate for 2027-03-31: not published yet. HMRC publishes it on 2027-03-31.", `/spot-rates/2027-03-31${ext}`],
  yearlyBehind(`/spot-rates/2026-12-31${ext}`),
];

export const YEARLY_PATHS = {
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
      invalidPeriod("/average-rate/usd/2025-06"),
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
      invalidSpotDate("/spot-rate/usd/2025-12-30"),
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
    errors: averageTableErrors(""),
  }),
  "/average-rates/{period}.csv": operation({
    id: "getAverageRatesCsv",
    tag: "yearly",
    summary: "Every currency's average for a year, as CSV",
    description: `The table of /average-rates/{period} for spreadsheets: currencyCode, currencyName, periodStart, periodEnd, rate. ${YEARLY_BEHIND}`,
    example: "/average-rates/2025-12.csv",
    parameters: [ref("parameters", "Period")],
    ok: { description: "The averages", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,periodStart,periodEnd,rate\r\nUSD,US Dollar,2025-01-01,2025-12-31,1.3156\r\n") },
    errors: averageTableErrors(".csv"),
  }),
  "/spot-rates/{date}": operation({
    id: "getSpotRates",
    tag: "yearly",
    summary: "Every currency's spot rate on a 31 December or 31 March",
    description: `Sorted by code; usually a dozen major currencies. ${YEARLY_BEHIND}`,
    example: "/spot-rates/2025-12-31",
    parameters: [ref("parameters", "SpotDate")],
    ok: { description: "The spot rates", cacheControl: DATED_RATE, content: jsonOf("SpotRateTable", [spotExample]) },
    errors: spotTableErrors(""),
  }),
  "/spot-rates/{date}.csv": operation({
    id: "getSpotRatesCsv",
    tag: "yearly",
    summary: "Every currency's spot rate on a 31 December or 31 March, as CSV",
    description: `The table of /spot-rates/{date} for spreadsheets: currencyCode, currencyName, date, rate. ${YEARLY_BEHIND}`,
    example: "/spot-rates/2025-12-31.csv",
    parameters: [ref("parameters", "SpotDate")],
    ok: { description: "The spot rates", cacheControl: DATED_RATE, content: csvOf("currencyCode,currencyName,date,rate\r\nUSD,US Dollar,2025-12-31,1.3454\r\n") },
    errors: spotTableErrors(".csv"),
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
};
