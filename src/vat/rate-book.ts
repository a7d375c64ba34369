// Every currency's periods with each period's answer prepared: the period
// rule picks an index, the index picks the bytes. Built once per database;
// a lookup allocates nothing but its result.
import type { FeedData } from "../data/feed-data.ts";
import { isoDay } from "../lib/calendar.ts";
import { prepareText, type PreparedBody } from "../http/prepared.ts";
import { PeriodTimeline } from "./period.ts";

interface CurrencyRates {
  code: string;
  firstDay: number;
  lastDay: number;
  firstDate: string;
  lastDate: string;
  timeline: PeriodTimeline;
  /** One per period, in the timeline's order; every day of a period shares it. */
  answers: PreparedBody[];
}

/** A rate, or why there is none. */
export type RateLookup =
  | { found: true; answer: PreparedBody }
  | { found: false; reason: "unknown-currency" }
  | { found: false; reason: "before-first" | "gap" | "after-last"; firstDate: string; lastDate: string };

const UNKNOWN: RateLookup = { found: false, reason: "unknown-currency" };

export class RateBook {
  private constructor(private readonly byCode: Map<string, CurrencyRates>) {}

  static prepare(data: FeedData): RateBook {
    const byCode = new Map<string, CurrencyRates>();
    for (const currency of data.currencies) {
      const columns = data.timelines.get(currency.code)!;
      // The ExchangeRate body, built by hand in the schema's key order: each
      // rate's text is already the JSON number (checked when the data was read).
      const head = `{"currencyCode":${JSON.stringify(currency.code)},"currencyName":${JSON.stringify(currency.name)},"effectiveFrom":"`;
      const answers = columns.rates.map((rate, i) => prepareText(`${head}${isoDay(columns.starts[i]!)}","rate":${rate}}`, data.buildId));
      byCode.set(currency.code, {
        code: currency.code,
        firstDay: columns.starts[0]!,
        lastDay: Math.max(...columns.ends),
        firstDate: currency.firstDate,
        lastDate: currency.lastDate,
        timeline: new PeriodTimeline(columns),
        answers,
      });
    }
    return new RateBook(byCode);
  }

  get currencyCount(): number {
    return this.byCode.size;
  }

  /** The answer for `code` (upper case) on `day` (days since 1970-01-01). */
  lookup(code: string, day: number): RateLookup {
    const rates = this.byCode.get(code);
    if (!rates) return UNKNOWN;
    const index = rates.timeline.indexOn(day);
    if (index >= 0) return { found: true, answer: rates.answers[index]! };
    const reason = day > rates.lastDay ? "after-last" : day < rates.firstDay ? "before-first" : "gap";
    return { found: false, reason, firstDate: rates.firstDate, lastDate: rates.lastDate };
  }
}
