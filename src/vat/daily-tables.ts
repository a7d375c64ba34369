// Every currency's rate on a UK date, as one answer: what accounting software
// syncs once a month. The set of periods in force only changes on a day some
// period starts or the day after one ends, so between two such days the table
// is the same. The build makes one answer per stretch (tableAnswers); a
// server finds the stretch of a day by binary search (DailyTables).
import type { FeedData, StoredAnswer } from "../data/feed-data.ts";
import { fromStored, toStored, type PreparedBody } from "../http/prepared.ts";
import { RateBook } from "./rate-book.ts";

/** Build time: each stretch's first day and its table (no bytes where no currency has a rate), made of the single route's own bodies. */
export function tableAnswers(data: Pick<FeedData, "buildId" | "currencies" | "timelines">): (StoredAnswer & { startsOn: number })[] {
  const rates = RateBook.prepare(data);
  const days = new Set<number>();
  for (const { starts, ends } of data.timelines.values()) {
    for (const day of starts) days.add(day);
    for (const day of ends) days.add(day + 1);
  }
  return [...days].sort((a, b) => a - b).map((startsOn) => {
    // data.currencies is sorted by code, so the table is too.
    const bodies = data.currencies.flatMap((c) => rates.bodyOn(c.code, startsOn) ?? []);
    return { startsOn, ...(bodies.length ? toStored(`[${bodies.join(",")}]`, data.buildId) : { body: new Uint8Array(0), etag: "" }) };
  });
}

export class DailyTables {
  private constructor(
    /** First day of each stretch, ascending; the last stretch runs on past every period and is empty. */
    private readonly starts: Int32Array,
    private readonly tables: (PreparedBody | undefined)[],
    readonly firstDate: string,
    readonly lastDate: string,
  ) {}

  static prepare(data: FeedData): DailyTables {
    const { starts, answers } = data.dayTables;
    const tables = answers.map((answer) => (answer.body.byteLength ? fromStored(answer) : undefined));
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
