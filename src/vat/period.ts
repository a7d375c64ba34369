// Which published rate is in force on a date. HMRC publishes a monthly rate
// per currency and, in 2014–2016, weekly amendments that replace it from their
// start date to the end of that month. The rule: among the periods that
// contain the date, the one that starts latest; an amendment beats a monthly
// rate that starts the same day (HMRC published it later to correct it).
import type { IsoDate } from "./calendar.ts";

export type PeriodKind = "monthly" | "amendment";

export interface RatePeriod {
  startsOn: IsoDate;
  endsOn: IsoDate;
  kind: PeriodKind;
  rate: string;
}

const KIND_RANK: Record<PeriodKind, number> = { monthly: 0, amendment: 1 };

/** The order `periodInForce` expects: by start, the winner of a tie last. */
export function comparePeriods(a: RatePeriod, b: RatePeriod): number {
  if (a.startsOn !== b.startsOn) return a.startsOn < b.startsOn ? -1 : 1;
  return KIND_RANK[a.kind] - KIND_RANK[b.kind];
}

/** The period in force on `date`, or undefined. `periods` sorted by `comparePeriods`. */
export function periodInForce<P extends RatePeriod>(periods: readonly P[], date: IsoDate): P | undefined {
  // Binary search for the last period starting on or before the date.
  let lo = 0;
  let hi = periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (periods[mid]!.startsOn <= date) lo = mid + 1;
    else hi = mid;
  }
  // Walking back, the first period that still runs on the date starts latest.
  for (let i = lo - 1; i >= 0; i--) {
    const p = periods[i]!;
    if (p.endsOn >= date) return p;
  }
  return undefined;
}

export interface Coverage {
  from: IsoDate;
  to: IsoDate;
}

/** First and last day any period covers; undefined for no periods. */
export function coverageOf(periods: readonly RatePeriod[]): Coverage | undefined {
  if (periods.length === 0) return undefined;
  let to = periods[0]!.endsOn;
  for (const p of periods) if (p.endsOn > to) to = p.endsOn;
  return { from: periods[0]!.startsOn, to };
}
