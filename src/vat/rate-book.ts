// Every currency's periods with each period's answer as the build stored
// it: the period rule picks an index, the index picks the bytes. Built once
// per database with no work per period; a lookup allocates only its result.
import type { FeedData } from "../data/feed-data.ts";
import { lastEnd } from "../data/packed-timeline.ts";
import { DATED_JSON, byteLength, type PreparedBody } from "../http/prepared.ts";
import { PeriodTimeline } from "./period.ts";

interface CurrencyRates {
  code: string;
  firstDay: number;
  lastDay: number;
  firstDate: string;
  lastDate: string;
  timeline: PeriodTimeline;
  /** One per period, in the timeline's order; every day of a period shares them. */
  bodies: string[];
  etags: string[];
  /** Bytes beyond one per character: only the currency's name can be outside ASCII, and it is in every body. */
  extraBytes: number;
}

/** A rate, or why there is none. */
export type RateLookup =
  | { found: true; answer: PreparedBody }
  | { found: false; reason: "unknown-currency" }
  | { found: false; reason: "before-first" | "gap" | "after-last"; firstDate: string; lastDate: string };

const UNKNOWN: RateLookup = { found: false, reason: "unknown-currency" };

export class RateBook {
  private constructor(private readonly byCode: Map<string, CurrencyRates>) {}

  static prepare(data: Pick<FeedData, "currencies" | "timelines">): RateBook {
    const byCode = new Map<string, CurrencyRates>();
    for (const currency of data.currencies) {
      const { starts, ends, bodies, etags } = data.timelines.get(currency.code)!;
      byCode.set(currency.code, {
        code: currency.code,
        firstDay: starts[0]!,
        lastDay: lastEnd(ends),
        firstDate: currency.firstDate,
        lastDate: currency.lastDate,
        timeline: new PeriodTimeline({ starts, ends }),
        bodies,
        etags,
        extraBytes: byteLength(bodies[0]!) - bodies[0]!.length,
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
    if (index >= 0) {
      const text = rates.bodies[index]!;
      return { found: true, answer: { content: text, etag: rates.etags[index]!, length: String(text.length + rates.extraBytes), headers: DATED_JSON } };
    }
    const reason = day > rates.lastDay ? "after-last" : day < rates.firstDay ? "before-first" : "gap";
    return { found: false, reason, firstDate: rates.firstDate, lastDate: rates.lastDate };
  }

  /** The answer's body for `code` on `day`, or undefined: for answers made of many rates. */
  bodyOn(code: string, day: number): string | undefined {
    const rates = this.byCode.get(code)!;
    const index = rates.timeline.indexOn(day);
    return index < 0 ? undefined : rates.bodies[index];
  }
}
