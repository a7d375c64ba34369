// One currency's whole story: its name, the ranges its periods cover (with
// the gaps between them) and every period as HMRC published it, in the
// period rule's order. Made the first time it is asked for.
import { prepareCsv } from "../http/csv.ts";
import { memoised, prepareText, type PreparedBody } from "../http/prepared.ts";
import { isoDay } from "../lib/calendar.ts";
import type { TimelineColumns } from "./period.ts";
import type { RateBook } from "./rate-book.ts";
import type { CurrencyHistory } from "./schemas.ts";

/**
 * Covered stretches of days: periods that touch or overlap are one range.
 * The periods come in a timeline's order, by start, so one pass merges them.
 */
export function coveredRanges(starts: ArrayLike<number>, ends: ArrayLike<number>): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (i > 0 && starts[i]! < starts[i - 1]!) throw new RangeError("periods out of order: coveredRanges takes them by start");
    const last = ranges.at(-1);
    if (last && starts[i]! <= last.to + 1) last.to = Math.max(last.to, ends[i]!);
    else ranges.push({ from: starts[i]!, to: ends[i]! });
  }
  return ranges;
}

/** A currency's covered ranges as dates. */
export const coveredDates = ({ starts, ends }: TimelineColumns) => coveredRanges(starts, ends).map(({ from, to }) => ({ from: isoDay(from), to: isoDay(to) }));

/** Each currency's periods as CSV, by code; undefined for a code the database does not have. */
export function historiesCsv(rates: RateBook, names: ReadonlyMap<string, string>): (code: string) => PreparedBody | undefined {
  return memoised((code: string) => {
    const columns = rates.columns(code);
    if (!columns) return undefined;
    const name = names.get(code)!;
    const rows = Array.from(columns.starts, (start, i) => [code, name, isoDay(start), isoDay(columns.ends[i]!), columns.rates[i]!, columns.amendment[i] ? "amendment" : "monthly", columns.notes[i]!]);
    return prepareCsv(["currencyCode", "currencyName", "effectiveFrom", "effectiveTo", "rate", "kind", "note"], rows);
  });
}

/** Each currency's history answer, by code (upper case); undefined for a code the database does not have. */
export function histories(rates: RateBook, names: ReadonlyMap<string, string>): (code: string) => PreparedBody | undefined {
  return memoised((code: string) => {
    const columns = rates.columns(code);
    if (!columns) return undefined;
    const { starts, ends, amendment, rates: published, notes } = columns;
    const history: CurrencyHistory = {
      currencyCode: code,
      currencyName: names.get(code)!,
      ranges: coveredDates(columns),
      periods: Array.from(starts, (start, i) => ({
        effectiveFrom: isoDay(start),
        effectiveTo: isoDay(ends[i]!),
        rate: Number(published[i]),
        kind: amendment[i] ? "amendment" : "monthly",
        ...(notes[i] ? { note: notes[i]! } : {}),
      })),
    };
    return prepareText(JSON.stringify(history));
  });
}
