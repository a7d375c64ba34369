// One currency's whole story: its name, the ranges its periods cover (with
// the gaps between them) and every period as HMRC published it, in the
// period rule's order. Made by the build (historyAnswers); a server only
// wraps the stored answers (prepareHistories).
import type { FeedData, StoredAnswer } from "../data/feed-data.ts";
import { fromStored, toStored, type PreparedBody } from "../http/prepared.ts";
import { isoDay } from "../lib/calendar.ts";
import type { CurrencyHistory } from "./schemas.ts";

/**
 * Covered stretches of days: periods that touch or overlap are one range.
 * The periods come in a timeline's order, by start (the build writes them so
 * and a server checks it on open), so one pass merges them.
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

/** Build time: each currency's history as sent. */
export function historyAnswers(data: Pick<FeedData, "buildId" | "currencies" | "timelines">): (StoredAnswer & { currencyCode: string })[] {
  return data.currencies.map((currency) => {
    const { starts, ends, amendment, rates } = data.timelines.get(currency.code)!;
    const history: CurrencyHistory = {
      currencyCode: currency.code,
      currencyName: currency.name,
      ranges: coveredRanges(starts, ends).map(({ from, to }) => ({ from: isoDay(from), to: isoDay(to) })),
      periods: Array.from(starts, (start, i) => ({
        effectiveFrom: isoDay(start),
        effectiveTo: isoDay(ends[i]!),
        // The build keeps only rates a JSON number carries exactly, so this prints HMRC's digits.
        rate: Number(rates[i]),
        kind: amendment[i] ? "amendment" : "monthly",
      })),
    };
    return { currencyCode: currency.code, ...toStored(JSON.stringify(history), data.buildId) };
  });
}

export function prepareHistories(data: FeedData): Map<string, PreparedBody> {
  return new Map([...data.histories].map(([code, answer]) => [code, fromStored(answer)]));
}
