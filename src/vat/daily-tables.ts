// Every currency's rate on a UK date, as one answer: what accounting software
// syncs once a month. The set of periods in force only changes on a day some
// period starts or the day after one ends, so between two such days the table
// is the same: one prepared answer per stretch, found by binary search.
import type { FeedData } from "../data/feed-data.ts";
import { DATED_RATE } from "../http/caching.ts";
import { prepareText, answerHeaders, type PreparedBody } from "../http/prepared.ts";
import type { RateBook } from "./rate-book.ts";

const TABLE_HEADERS = answerHeaders(DATED_RATE);

export class DailyTables {
  private constructor(
    /** First day of each stretch, ascending; the last stretch runs on past every period and is empty. */
    private readonly starts: Int32Array,
    private readonly tables: (PreparedBody | undefined)[],
    readonly firstDate: string,
    readonly lastDate: string,
  ) {}

  static prepare(data: FeedData, rates: RateBook): DailyTables {
    const days = new Set<number>();
    for (const { starts, ends } of data.timelines.values()) {
      for (const day of starts) days.add(day);
      for (const day of ends) days.add(day + 1);
    }
    const starts = Int32Array.from([...days].sort((a, b) => a - b));
    const tables = Array.from(starts, (day) => {
      // data.currencies is sorted by code, so the table is too; the bodies are the single route's own.
      const parts = data.currencies.flatMap((c) => rates.bodyOn(c.code, day) ?? []);
      if (parts.length === 0) return undefined;
      // Tables differ exactly when the rates in them do, so the rates' ETags identify a table.
      const bytes = parts.reduce((n, p) => n + p.bytes, 0) + parts.length + 1; // the brackets and the commas
      return prepareText(`[${parts.map((p) => p.text).join(",")}]`, data.buildId, TABLE_HEADERS, { identity: `table ${parts.map((p) => p.etag).join(" ")}`, bytes });
    });
    return new DailyTables(starts, tables, data.coverage.from, data.coverage.to);
  }

  /** The table for `day` (days since 1970-01-01), or undefined when no currency has a rate that day. */
  on(day: number): PreparedBody | undefined {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : this.tables[lo - 1];
  }
}
