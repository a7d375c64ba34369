// Every currency's rate on a UK date, as one answer: what accounting software
// syncs once a month. The set of periods in force only changes on a day some
// period starts or the day after one ends, so between two such days the table
// is the same: a day's stretch is found by binary search, and each stretch's
// table is made the first time it is asked for, from the single route's bodies.
import { prepareCsv } from "../http/csv.ts";
import { countAtOrBefore } from "../lib/sorted.ts";
import { memoised, prepareText, type PreparedBody } from "../http/prepared.ts";
import type { RateBook } from "./rate-book.ts";

export class DailyTables {
  /** First day of each stretch, ascending; the last stretch runs on past every period and is empty. Found on first use. */
  private starts: Int32Array | undefined;
  private readonly table: (stretch: number) => PreparedBody | undefined;
  private readonly csv: (stretch: number) => PreparedBody | undefined;

  constructor(
    private readonly rates: RateBook,
    /** Sorted by code, so each table is too. */
    codes: readonly string[],
    readonly firstDate: string,
    readonly lastDate: string,
  ) {
    this.table = memoised((stretch: number) => {
      const bodies = codes.flatMap((code) => rates.bodyOn(code, this.starts![stretch]!) ?? []);
      return bodies.length ? prepareText(`[${bodies.join(",")}]`) : undefined;
    });
    this.csv = memoised((stretch: number) => {
      const rows = codes.map((code) => rates.rowOn(code, this.starts![stretch]!)).filter((row) => row !== undefined);
      return rows.length ? prepareCsv(["currencyCode", "currencyName", "effectiveFrom", "rate", "note"], rows) : undefined;
    });
  }

  /** The table for `day` (days since 1970-01-01), or undefined when no currency has a rate that day. */
  on(day: number): PreparedBody | undefined {
    const stretch = this.stretchOf(day);
    return stretch < 0 ? undefined : this.table(stretch);
  }

  /** The same table as CSV. */
  csvOn(day: number): PreparedBody | undefined {
    const stretch = this.stretchOf(day);
    return stretch < 0 ? undefined : this.csv(stretch);
  }

  /** The stretch `day` falls in, or -1 before the first. */
  private stretchOf(day: number): number {
    return countAtOrBefore((this.starts ??= this.rates.boundaries()), day) - 1;
  }
}
