// Every currency's periods, arranged for the period rule when a database is
// opened: the rule picks a period's index, the index picks its answer, made
// the first time it is asked for and kept for as long as the database is.
import type { FeedData } from "../data/feed-data.ts";
import { memoised, prepareText, type PreparedBody } from "../http/prepared.ts";
import { isoDay } from "../lib/calendar.ts";
import { lastEnd, PeriodTimeline, timelineColumns, type TimelineColumns } from "./period.ts";
import type { ExchangeRate } from "./schemas.ts";

interface CurrencyRates {
  code: string;
  name: string;
  firstDay: number;
  lastDay: number;
  firstDate: string;
  lastDate: string;
  columns: TimelineColumns;
  timeline: PeriodTimeline;
  /** Each period's body and answer, by index, made on first use. */
  body: (index: number) => string;
  answer: (index: number) => PreparedBody;
}

/** A rate, or why there is none. */
export type RateLookup =
  | { found: true; answer: PreparedBody }
  | { found: false; reason: "unknown-currency" }
  | { found: false; reason: "before-first" | "gap" | "after-last"; firstDate: string; lastDate: string };

const UNKNOWN: RateLookup = { found: false, reason: "unknown-currency" };

/** The answer for one period: HMRC's rate with the digits it published (the build keeps only rates a JSON number carries exactly). */
function rateBody(code: string, name: string, columns: TimelineColumns, index: number): string {
  const note = columns.notes[index];
  const body: ExchangeRate = { currencyCode: code, currencyName: name, effectiveFrom: isoDay(columns.starts[index]!), rate: Number(columns.rates[index]), ...(note ? { note } : {}) };
  return JSON.stringify(body);
}

export class RateBook {
  private constructor(private readonly byCode: Map<string, CurrencyRates>) {}

  static prepare(data: Pick<FeedData, "currencies" | "periods">): RateBook {
    const byCode = new Map<string, CurrencyRates>();
    for (const { code, name, firstDate, lastDate } of data.currencies) {
      const columns = timelineColumns(data.periods.get(code)!);
      const body = memoised((index: number) => rateBody(code, name, columns, index));
      byCode.set(code, {
        code,
        name,
        firstDay: columns.starts[0]!,
        lastDay: lastEnd(columns.ends),
        firstDate,
        lastDate,
        columns,
        timeline: new PeriodTimeline(columns),
        body,
        answer: memoised((index: number) => prepareText(body(index))),
      });
    }
    return new RateBook(byCode);
  }

  get currencyCount(): number {
    return this.byCode.size;
  }

  /** The currency's periods in the rule's order, or undefined for a code the database does not have. */
  columns(code: string): TimelineColumns | undefined {
    return this.byCode.get(code)?.columns;
  }

  /** The answer for `code` (upper case) on `day` (days since 1970-01-01). */
  lookup(code: string, day: number): RateLookup {
    const rates = this.byCode.get(code);
    if (!rates) return UNKNOWN;
    const index = rates.timeline.indexOn(day);
    if (index >= 0) return { found: true, answer: rates.answer(index) };
    const reason = day > rates.lastDay ? "after-last" : day < rates.firstDay ? "before-first" : "gap";
    return { found: false, reason, firstDate: rates.firstDate, lastDate: rates.lastDate };
  }

  /** The answer's body for `code` on `day`, or undefined: for answers made of many rates. */
  bodyOn(code: string, day: number): string | undefined {
    const rates = this.byCode.get(code)!;
    const index = rates.timeline.indexOn(day);
    return index < 0 ? undefined : rates.body(index);
  }

  /** The period in force for `code` on `day` as a CSV row (code, name, effectiveFrom, rate as published, note), or undefined. */
  rowOn(code: string, day: number): (string | null)[] | undefined {
    const rates = this.byCode.get(code)!;
    const i = rates.timeline.indexOn(day);
    return i < 0 ? undefined : [code, rates.name, isoDay(rates.columns.starts[i]!), rates.columns.rates[i]!, rates.columns.notes[i]!];
  }

  /** Every day some period starts or the day after one ends: between two of them, the same periods are in force. */
  boundaries(): Int32Array {
    const days = new Set<number>();
    for (const { columns } of this.byCode.values()) {
      for (const day of columns.starts) days.add(day);
      for (const day of columns.ends) days.add(day + 1);
    }
    return Int32Array.from(days).sort();
  }
}
