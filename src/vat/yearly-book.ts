// HMRC's yearly rates, arranged when a database is opened: each series'
// periods (YYYY-MM, March or December) and, per period, each currency's rate.
// Answers are made the first time they are asked for and kept.
import type { FeedData } from "../data/feed-data.ts";
import { prepareCsv } from "../http/csv.ts";
import { memoised, prepareText, type PreparedBody } from "../http/prepared.ts";
import { addMonths, lastDayOf } from "../lib/publication.ts";
import type { AverageRate, CurrencySeries, CurrencyYearlyHistory, SpotRate } from "./schemas.ts";

export type YearlySeries = "average" | "spot";

export type YearlyLookup =
  | { found: true; answer: PreparedBody }
  | { found: false; reason: "unknown-currency" }
  /** The period is not held, the currency is not in it, or in no period of the series: `first`..`last` are the periods held (the currency's, when it has any). */
  | { found: false; reason: "not-held" | "not-in-period" | "not-in-series"; first: string; last: string };

const periodStart = (period: string) => `${addMonths(period, -11)}-01`;

function body(series: YearlySeries, code: string, name: string, period: string, rate: string): AverageRate | SpotRate {
  // The build keeps only rates a JSON number carries exactly, so Number() prints HMRC's digits.
  return series === "average"
    ? { currencyCode: code, currencyName: name, periodStart: periodStart(period), periodEnd: lastDayOf(period), rate: Number(rate) }
    : { currencyCode: code, currencyName: name, date: lastDayOf(period), rate: Number(rate) };
}

export class YearlyBook {
  /** series → period → code → rate, periods and codes in order. */
  private readonly rates = new Map<YearlySeries, Map<string, Map<string, string>>>([["average", new Map()], ["spot", new Map()]]);
  readonly rate: (key: string) => PreparedBody;
  readonly table: (key: string) => PreparedBody | undefined;
  readonly tableCsv: (key: string) => PreparedBody | undefined;
  readonly history: (code: string) => PreparedBody | undefined;
  readonly listing: PreparedBody;

  constructor(data: Pick<FeedData, "yearly" | "names" | "periods">) {
    // The facts come ordered by series, period and code.
    for (const { series, period, currencyCode, rate } of data.yearly) {
      const byPeriod = this.rates.get(series)!;
      if (!byPeriod.has(period)) byPeriod.set(period, new Map());
      byPeriod.get(period)!.set(currencyCode, rate);
    }
    const name = (code: string) => data.names.get(code)!;
    this.rate = memoised((key: string) => {
      const [series, period, code] = key.split(" ") as [YearlySeries, string, string];
      return prepareText(JSON.stringify(body(series, code, name(code), period, this.rates.get(series)!.get(period)!.get(code)!)));
    });
    this.table = memoised((key: string) => {
      const [series, period] = key.split(" ") as [YearlySeries, string];
      const rates = this.rates.get(series)!.get(period);
      return rates && prepareText(JSON.stringify([...rates].map(([code, rate]) => body(series, code, name(code), period, rate))));
    });
    this.tableCsv = memoised((key: string) => {
      const [series, period] = key.split(" ") as [YearlySeries, string];
      const rates = this.rates.get(series)!.get(period);
      if (!rates) return undefined;
      // The rate as published, from the facts: the same digits as the JSON.
      return series === "average"
        ? prepareCsv(["currencyCode", "currencyName", "periodStart", "periodEnd", "rate"], [...rates].map(([code, rate]) => [code, name(code), periodStart(period), lastDayOf(period), rate]))
        : prepareCsv(["currencyCode", "currencyName", "date", "rate"], [...rates].map(([code, rate]) => [code, name(code), lastDayOf(period), rate]));
    });
    const seriesOf = (code: string): CurrencySeries["series"] => [
      ...(data.periods.has(code) ? (["monthly"] as const) : []),
      ...(["average", "spot"] as const).filter((s) => [...this.rates.get(s)!.values()].some((rates) => rates.has(code))),
    ];
    this.history = memoised((code: string) => {
      if (!data.names.has(code)) return undefined;
      const pick = (series: YearlySeries) => [...this.rates.get(series)!].filter(([, rates]) => rates.has(code));
      const history: CurrencyYearlyHistory = {
        currencyCode: code,
        currencyName: name(code),
        series: seriesOf(code),
        averages: pick("average").map(([period, rates]) => ({ periodStart: periodStart(period), periodEnd: lastDayOf(period), rate: Number(rates.get(code)) })),
        spots: pick("spot").map(([period, rates]) => ({ date: lastDayOf(period), rate: Number(rates.get(code)) })),
      };
      return prepareText(JSON.stringify(history));
    });
    const codes = [...data.names.keys()].sort();
    this.listing = prepareText(JSON.stringify(codes.map((code): CurrencySeries => ({ currencyCode: code, currencyName: name(code), series: seriesOf(code) }))));
  }

  /** The newest period held of a series (YYYY-MM), or undefined. */
  newest(series: YearlySeries): string | undefined {
    return [...this.rates.get(series)!.keys()].at(-1);
  }

  lookup(series: YearlySeries, code: string, period: string, known: (code: string) => boolean): YearlyLookup {
    if (!known(code)) return { found: false, reason: "unknown-currency" };
    const byPeriod = this.rates.get(series)!;
    if (byPeriod.get(period)?.has(code)) return { found: true, answer: this.rate(`${series} ${period} ${code}`) };
    const held = [...byPeriod].filter(([, rates]) => rates.has(code)).map(([p]) => p);
    const all = [...byPeriod.keys()];
    const range = held.length ? held : all;
    const reason = held.length === 0 ? "not-in-series" : byPeriod.has(period) ? "not-in-period" : "not-held";
    return { found: false, reason, first: range[0] ?? period, last: range.at(-1) ?? period };
  }
}
