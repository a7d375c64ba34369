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

const DAY_MS = 86_400_000;
const dayNumber = (date: IsoDate) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const isoDay = (day: number): IsoDate => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * One currency's periods, indexed for the lookup. Kept as typed arrays of day
 * numbers rather than an object per period: a server holding every currency
 * needs a few hundred kilobytes instead of tens of megabytes (#6).
 */
export class PeriodTimeline {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** reach[i]: the latest end among periods 0..i, so a walk back knows when to stop. */
  private readonly reach: Int32Array;
  private readonly amendment: Uint8Array;
  private readonly rates: string[];

  constructor(periods: readonly RatePeriod[]) {
    const sorted = [...periods].sort(comparePeriods);
    const n = sorted.length;
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.reach = new Int32Array(n);
    this.amendment = new Uint8Array(n);
    this.rates = sorted.map((p) => p.rate);
    let latest = -Infinity;
    sorted.forEach((p, i) => {
      this.starts[i] = dayNumber(p.startsOn);
      this.ends[i] = dayNumber(p.endsOn);
      this.reach[i] = latest = Math.max(latest, this.ends[i]!);
      this.amendment[i] = p.kind === "amendment" ? 1 : 0;
    });
  }

  get size(): number {
    return this.starts.length;
  }

  /** The period in force on `date`, or undefined when none contains it. */
  inForce(date: IsoDate): RatePeriod | undefined {
    const day = dayNumber(date);
    // Binary search for the last period starting on or before the day.
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! <= day) lo = mid + 1;
      else hi = mid;
    }
    // Walking back, the first period that still runs on the day starts
    // latest; once nothing earlier reaches the day, there is none.
    for (let i = lo - 1; i >= 0 && this.reach[i]! >= day; i--) {
      if (this.ends[i]! >= day) {
        return { startsOn: isoDay(this.starts[i]!), endsOn: isoDay(this.ends[i]!), kind: this.amendment[i] ? "amendment" : "monthly", rate: this.rates[i]! };
      }
    }
    return undefined;
  }

  /** First and last day any period covers; undefined for no periods. */
  get coverage(): Coverage | undefined {
    const n = this.starts.length;
    if (n === 0) return undefined;
    return { from: isoDay(this.starts[0]!), to: isoDay(this.reach[n - 1]!) };
  }
}
