// Which published rate is in force on a date. HMRC publishes a monthly rate
// per currency and, in 2014–2016, weekly amendments that replace it from their
// start date to the end of that month. The rule: among the periods that
// contain the date, the one that starts latest; an amendment beats a monthly
// rate that starts the same day (HMRC published it later to correct it).
import { dayNumber, isoDay, type IsoDate } from "./calendar.ts";

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


/**
 * A timeline packed for storage (the database's `timelines` table): for each
 * period its start day, end day and 1 if it is an amendment, as little-endian
 * int32s, and the rates joined by spaces. Unpacking makes no object per
 * period, which is what keeps a server's memory flat (#6).
 */
export interface PackedTimeline {
  periods: Uint8Array;
  rates: string;
}

/**
 * One currency's periods, indexed for the lookup: sorted typed arrays of day
 * numbers rather than an object per period.
 */
export class PeriodTimeline {
  /** reach[i]: the latest end among periods 0..i, so a walk back knows when to stop. */
  private readonly reach: Int32Array;

  private constructor(
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    private readonly amendment: Uint8Array,
    private readonly rates: readonly string[],
  ) {
    this.reach = new Int32Array(starts.length);
    let latest = -Infinity;
    for (let i = 0; i < starts.length; i++) this.reach[i] = latest = Math.max(latest, ends[i]!);
  }

  static from(periods: readonly RatePeriod[]): PeriodTimeline {
    const sorted = [...periods].sort(comparePeriods);
    return new PeriodTimeline(
      Int32Array.from(sorted, (p) => dayNumber(p.startsOn)),
      Int32Array.from(sorted, (p) => dayNumber(p.endsOn)),
      Uint8Array.from(sorted, (p) => (p.kind === "amendment" ? 1 : 0)),
      sorted.map((p) => p.rate),
    );
  }

  static unpack({ periods, rates }: PackedTimeline): PeriodTimeline {
    const n = periods.byteLength / 12;
    const view = new DataView(periods.buffer, periods.byteOffset, periods.byteLength);
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    const amendment = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      starts[i] = view.getInt32(i * 12, true);
      ends[i] = view.getInt32(i * 12 + 4, true);
      amendment[i] = view.getInt32(i * 12 + 8, true);
    }
    return new PeriodTimeline(starts, ends, amendment, n === 0 ? [] : rates.split(" "));
  }

  pack(): PackedTimeline {
    const n = this.starts.length;
    const periods = new Uint8Array(n * 12);
    const view = new DataView(periods.buffer);
    for (let i = 0; i < n; i++) {
      view.setInt32(i * 12, this.starts[i]!, true);
      view.setInt32(i * 12 + 4, this.ends[i]!, true);
      view.setInt32(i * 12 + 8, this.amendment[i]!, true);
    }
    return { periods, rates: this.rates.join(" ") };
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
