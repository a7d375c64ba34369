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

/** By start; on the same start, the period that wins the tie last. */
export function comparePeriods(a: RatePeriod, b: RatePeriod): number {
  if (a.startsOn !== b.startsOn) return a.startsOn < b.startsOn ? -1 : 1;
  return KIND_RANK[a.kind] - KIND_RANK[b.kind];
}

export interface Coverage {
  from: IsoDate;
  to: IsoDate;
}

/** One currency's periods, indexed for the lookup. */
export class PeriodTimeline<P extends RatePeriod = RatePeriod> {
  readonly periods: readonly P[];
  /** reach[i]: the latest end among periods[0..i], so a walk back knows when to stop. */
  private readonly reach: IsoDate[];

  constructor(periods: readonly P[]) {
    this.periods = [...periods].sort(comparePeriods);
    let latest = "";
    this.reach = this.periods.map((p) => (latest = p.endsOn > latest ? p.endsOn : latest));
  }

  /** The period in force on `date`, or undefined when none contains it. */
  inForce(date: IsoDate): P | undefined {
    // Binary search for the last period starting on or before the date.
    let lo = 0;
    let hi = this.periods.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.periods[mid]!.startsOn <= date) lo = mid + 1;
      else hi = mid;
    }
    // Walking back, the first period that still runs on the date starts
    // latest; once nothing earlier reaches the date, there is none.
    for (let i = lo - 1; i >= 0 && this.reach[i]! >= date; i--) {
      if (this.periods[i]!.endsOn >= date) return this.periods[i];
    }
    return undefined;
  }

  /** First and last day any period covers; undefined for no periods. */
  get coverage(): Coverage | undefined {
    if (this.periods.length === 0) return undefined;
    return { from: this.periods[0]!.startsOn, to: this.reach.at(-1)! };
  }
}
