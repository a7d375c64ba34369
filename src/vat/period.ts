// Which published rate is in force on a date. HMRC publishes a monthly rate
// per currency and, in 2014–2016, weekly amendments that replace it from their
// start date to the end of that month. The rule: among the periods that
// contain the date, the one that starts latest; an amendment beats a monthly
// rate that starts the same day (HMRC published it later to correct it).
import { dayNumber, type IsoDate } from "../lib/calendar.ts";
import { countAtOrBefore } from "../lib/sorted.ts";

export type PeriodKind = "monthly" | "amendment";

export interface RatePeriod {
  startsOn: IsoDate;
  endsOn: IsoDate;
  kind: PeriodKind;
  rate: string;
  /** What is wrong with this rate, in plain words, when the build recorded a warning about it. */
  note?: string | null;
}

/** A currency's periods as parallel arrays, in the rule's order (by start, monthly before amendment). */
export interface TimelineColumns {
  /** Days since 1970-01-01. */
  starts: Int32Array;
  ends: Int32Array;
  /** 1 for an amendment. */
  amendment: Uint8Array;
  rates: string[];
  /** Each period's note, or null. */
  notes: (string | null)[];
}

/** The last day any period covers (-Infinity for none). */
export function lastEnd(ends: Int32Array): number {
  let latest = -Infinity;
  for (let i = 0; i < ends.length; i++) if (ends[i]! > latest) latest = ends[i]!;
  return latest;
}

const KIND_RANK: Record<PeriodKind, number> = { monthly: 0, amendment: 1 };

/** By start; on the same start, the period that wins the tie last. */
export function comparePeriods(a: RatePeriod, b: RatePeriod): number {
  if (a.startsOn !== b.startsOn) return a.startsOn < b.startsOn ? -1 : 1;
  return KIND_RANK[a.kind] - KIND_RANK[b.kind];
}

// Every currency's periods share a few hundred dates: each is turned into a day number once.
const dayNumbers = new Map<IsoDate, number>();
function dayOf(date: IsoDate): number {
  let day = dayNumbers.get(date);
  if (day === undefined) dayNumbers.set(date, (day = dayNumber(date)));
  return day;
}

/** Periods as a server holds them: in the rule's order (sorted only if they are not already), as parallel columns. */
export function timelineColumns(periods: readonly RatePeriod[]): TimelineColumns {
  let inOrder = true;
  for (let i = 1; i < periods.length && inOrder; i++) inOrder = comparePeriods(periods[i - 1]!, periods[i]!) <= 0;
  const sorted = inOrder ? periods : [...periods].sort(comparePeriods);
  const n = sorted.length;
  const columns: TimelineColumns = { starts: new Int32Array(n), ends: new Int32Array(n), amendment: new Uint8Array(n), rates: new Array<string>(n), notes: new Array<string | null>(n) };
  for (let i = 0; i < n; i++) {
    const p = sorted[i]!;
    columns.starts[i] = dayOf(p.startsOn);
    columns.ends[i] = dayOf(p.endsOn);
    columns.amendment[i] = p.kind === "amendment" ? 1 : 0;
    columns.rates[i] = p.rate;
    columns.notes[i] = p.note ?? null;
  }
  return columns;
}

/** One currency's periods, indexed for the rule: which period (by index) is in force on a day. */
export class PeriodTimeline {
  /** reach[i]: the latest end among periods 0..i, so a walk back knows when to stop. */
  private readonly reach: Int32Array;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor({ starts, ends }: Pick<TimelineColumns, "starts" | "ends">) {
    this.starts = starts;
    this.ends = ends;
    this.reach = new Int32Array(starts.length);
    let latest = -Infinity;
    for (let i = 0; i < starts.length; i++) this.reach[i] = latest = Math.max(latest, ends[i]!);
  }

  static from(periods: readonly RatePeriod[]): PeriodTimeline {
    return new PeriodTimeline(timelineColumns(periods));
  }

  get size(): number {
    return this.starts.length;
  }

  /** The index of the period in force on `day` (days since 1970-01-01), or -1 when none contains it. */
  indexOn(day: number): number {
    const { starts, ends, reach } = this;
    // The periods starting on or before the day.
    const lo = countAtOrBefore(starts, day);
    // Walking back, the first period that still runs on the day starts
    // latest; once nothing earlier reaches the day, there is none.
    for (let i = lo - 1; i >= 0 && reach[i]! >= day; i--) if (ends[i]! >= day) return i;
    return -1;
  }
}
