// One currency's whole story, prepared when a database opens: its name, the
// ranges its periods cover (with the gaps between them) and every period as
// HMRC published it, in the period rule's order.
import type { FeedData } from "../data/feed-data.ts";
import { DATED_RATE } from "../http/caching.ts";
import { answerHeaders, prepareText, type PreparedBody } from "../http/prepared.ts";
import { isoDay } from "../lib/calendar.ts";

/** Day numbers as dates, each worked out once: a history names ~44,000 of them over ~4,600 distinct days. */
function dayNames(): (day: number) => string {
  const names = new Map<number, string>();
  return (day) => names.get(day) ?? (names.set(day, isoDay(day)), names.get(day)!);
}
import type { CurrencyHistory } from "./schemas.ts";

const HISTORY_HEADERS = answerHeaders(DATED_RATE);

/** Covered stretches of days: periods that touch or overlap are one range. */
export function coveredRanges(starts: ArrayLike<number>, ends: ArrayLike<number>): { from: number; to: number }[] {
  const order = Array.from({ length: starts.length }, (_, i) => i).sort((a, b) => starts[a]! - starts[b]!);
  const ranges: { from: number; to: number }[] = [];
  for (const i of order) {
    const last = ranges.at(-1);
    if (last && starts[i]! <= last.to + 1) last.to = Math.max(last.to, ends[i]!);
    else ranges.push({ from: starts[i]!, to: ends[i]! });
  }
  return ranges;
}

export function prepareHistories(data: FeedData): Map<string, PreparedBody> {
  const histories = new Map<string, PreparedBody>();
  const dateOf = dayNames();
  for (const currency of data.currencies) {
    const { starts, ends, amendment, rates } = data.timelines.get(currency.code)!;
    const history: CurrencyHistory = {
      currencyCode: currency.code,
      currencyName: currency.name,
      ranges: coveredRanges(starts, ends).map(({ from, to }) => ({ from: dateOf(from), to: dateOf(to) })),
      periods: Array.from(starts, (start, i) => ({
        effectiveFrom: dateOf(start),
        effectiveTo: dateOf(ends[i]!),
        // The build keeps only rates a JSON number carries exactly, so this prints HMRC's digits.
        rate: Number(rates[i]),
        kind: amendment[i] ? "amendment" : "monthly",
      })),
    };
    // Within a build, a currency has one history: its code identifies it.
    histories.set(currency.code, prepareText(JSON.stringify(history), data.buildId, HISTORY_HEADERS, { identity: `history ${currency.code}` }));
  }
  return histories;
}
