// The VAT feed's response shape, as a valibot schema: the tests check every
// answer against it, and the OpenAPI document is generated from it.
import * as v from "valibot";

export const ExchangeRateSchema = v.pipe(
  v.strictObject({
    currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/), v.description("ISO 4217 code as HMRC publishes it, upper case"), v.examples(["USD"])),
    currencyName: v.pipe(v.string(), v.minLength(1), v.description("Full English name of the currency"), v.examples(["US Dollar"])),
    effectiveFrom: v.pipe(v.string(), v.isoDate(), v.description("First day of the HMRC period this rate belongs to (YYYY-MM-DD)"), v.examples(["2024-01-01"])),
    rate: v.pipe(v.number(), v.gtValue(0), v.description("Currency units per £1, with exactly the digits HMRC published; sterling = amount ÷ rate"), v.examples([1.2651])),
    note: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.description("Only on a rate HMRC's files give reason to doubt: what is wrong with it, in plain words. Absent on every other rate"),
        v.examples(['HMRC published this rate under LRD with the name "Dollar (US)", another currency\'s name: it may be that currency\'s rate, not LRD\'s. Check before using it.']),
      ),
    ),
  }),
  v.title("ExchangeRate"),
);

export type ExchangeRate = v.InferOutput<typeof ExchangeRateSchema>;

const isoDate = (description: string, example: string) => v.pipe(v.string(), v.isoDate(), v.description(description), v.examples([example]));

export const CoveredRangeSchema = v.pipe(
  v.strictObject({ from: isoDate("First day covered", "2014-02-01"), to: isoDate("Last day covered", "2026-08-31") }),
  v.title("CoveredRange"),
  v.description("Days covered without a break; the days between two ranges have no rate"),
);

export const CurrencyListingSchema = v.pipe(
  v.strictObject({
    currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/), v.examples(["USD"])),
    currencyName: v.pipe(v.string(), v.minLength(1), v.examples(["US Dollar"])),
    firstDate: v.pipe(v.string(), v.isoDate(), v.description("First day a published rate covers"), v.examples(["2014-02-01"])),
    lastDate: v.pipe(v.string(), v.isoDate(), v.description("Last day a published rate covers"), v.examples(["2026-08-31"])),
    ranges: v.pipe(v.array(CoveredRangeSchema), v.description("The stretches of days with a rate, in order; HMRC published none for the days between two of them")),
  }),
  v.title("Currency"),
);

export const CurrencyListSchema = v.pipe(v.array(CurrencyListingSchema), v.title("Currencies"), v.description("Every currency HMRC published a rate for, sorted by code"));

export type CurrencyListing = v.InferOutput<typeof CurrencyListingSchema>;

export const DailyTableSchema = v.pipe(
  v.array(ExchangeRateSchema),
  v.title("ExchangeRateTable"),
  v.description("The rate of every currency with a period containing the date, sorted by code; currencies without one that day are left out (see /vat/currencies for each one's coverage)"),
);

export const RatePeriodSchema = v.pipe(
  v.strictObject({
    effectiveFrom: isoDate("First day of the period", "2024-01-01"),
    effectiveTo: isoDate("Last day of the period", "2024-01-31"),
    rate: v.pipe(v.number(), v.gtValue(0), v.description("Currency units per £1, with exactly the digits HMRC published"), v.examples([1.2651])),
    kind: v.pipe(v.picklist(["monthly", "amendment"]), v.description("A monthly rate, or a 2014–2016 weekly amendment that replaces it from its start to the end of the month")),
    note: v.optional(v.pipe(v.string(), v.minLength(1), v.description("Only on a rate HMRC's files give reason to doubt: what is wrong with it"))),
  }),
  v.title("RatePeriod"),
);

export const CurrencyHistorySchema = v.pipe(
  v.strictObject({
    currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/), v.examples(["USD"])),
    currencyName: v.pipe(v.string(), v.minLength(1), v.examples(["US Dollar"])),
    ranges: v.pipe(v.array(CoveredRangeSchema), v.description("The stretches of days with a rate, in order; gaps lie between them")),
    periods: v.pipe(v.array(RatePeriodSchema), v.description("Every published period, by start; on the same start, a monthly rate before the amendment that beats it")),
  }),
  v.title("CurrencyHistory"),
);

export type CurrencyHistory = v.InferOutput<typeof CurrencyHistorySchema>;

const code = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/), v.description("ISO 4217 code as HMRC publishes it, upper case"), v.examples(["USD"]));
const currencyName = v.pipe(v.string(), v.minLength(1), v.description("Full English name of the currency"), v.examples(["US Dollar"]));
const yearlyRate = v.pipe(v.number(), v.gtValue(0), v.description("Currency units per £1, with exactly the digits HMRC published (up to 9 decimals in older files)"), v.examples([1.2794]));

export const AverageRateSchema = v.pipe(
  v.strictObject({
    currencyCode: code,
    currencyName,
    periodStart: isoDate("First day of the twelve months averaged", "2025-01-01"),
    periodEnd: isoDate("Last day of the twelve months averaged: a 31 March or a 31 December", "2025-12-31"),
    rate: yearlyRate,
  }),
  v.title("AverageRate"),
  v.description("HMRC's average rate for the year to 31 December or to 31 March: for annual accounts and Self Assessment"),
);

export const SpotRateSchema = v.pipe(
  v.strictObject({ currencyCode: code, currencyName, date: isoDate("The day of the rate: a 31 March or a 31 December", "2025-12-31"), rate: yearlyRate }),
  v.title("SpotRate"),
  v.description("HMRC's spot rate at midday on 31 December or 31 March: for year-end balances"),
);

export const AverageRateTableSchema = v.pipe(v.array(AverageRateSchema), v.title("AverageRateTable"), v.description("Every currency's average for the period, sorted by code"));
export const SpotRateTableSchema = v.pipe(v.array(SpotRateSchema), v.title("SpotRateTable"), v.description("Every currency's spot rate on the date, sorted by code"));

const Series = v.pipe(v.picklist(["monthly", "average", "spot"]), v.description("monthly: VAT period rates; average: yearly averages; spot: year-end spot rates"));

export const CurrencySeriesSchema = v.pipe(
  v.strictObject({ currencyCode: code, currencyName, series: v.pipe(v.array(Series), v.description("The series HMRC published for this currency")) }),
  v.title("CurrencySeries"),
);

export const CurrencySeriesListSchema = v.pipe(v.array(CurrencySeriesSchema), v.title("CurrencySeriesList"), v.description("Every currency in any of HMRC's three series, sorted by code"));

export const CurrencyYearlyHistorySchema = v.pipe(
  v.strictObject({
    currencyCode: code,
    currencyName,
    series: v.array(Series),
    averages: v.pipe(v.array(v.strictObject({ periodStart: isoDate("First day averaged", "2025-01-01"), periodEnd: isoDate("Last day averaged", "2025-12-31"), rate: yearlyRate })), v.description("Every average HMRC published for it, oldest first")),
    spots: v.pipe(v.array(v.strictObject({ date: isoDate("The day", "2025-12-31"), rate: yearlyRate })), v.description("Every spot rate HMRC published for it, oldest first")),
  }),
  v.title("CurrencyYearlyHistory"),
  v.description("A currency's averages and spot rates; its VAT periods are at /vat/currencies/{currency}"),
);

export type AverageRate = v.InferOutput<typeof AverageRateSchema>;
export type SpotRate = v.InferOutput<typeof SpotRateSchema>;
export type CurrencySeries = v.InferOutput<typeof CurrencySeriesSchema>;
export type CurrencyYearlyHistory = v.InferOutput<typeof CurrencyYearlyHistorySchema>;
