// When each UK day begins, worked out with Intl once, at build time, for a
// span of dates and kept in the database. A server answering "today" then
// never loads ICU's calendar and time-zone data, which alone cost it ~4 MiB
// of resident memory (#6). Outside the span, uk-date.ts asks Intl as before.
import * as v from "valibot";
import { DAY_MS, dayNumber, isCalendarDate, isoDay, type IsoDate } from "./calendar.ts";
import { ukMidnight } from "./uk-date.ts";

/** A UK civil day: its date, and the epoch ms at which it starts and the next one does. */
export interface UkDay {
  date: IsoDate;
  startsAt: number;
  endsAt: number;
}

/**
 * Stored form: the span, and for each run of consecutive days that start at
 * the same UTC offset, its first day and that offset in minutes (0 for GMT,
 * 60 for BST). About two runs a year.
 */
export interface PackedUkDays {
  from: IsoDate;
  to: IsoDate;
  runs: [IsoDate, number][];
}

export class UkDays {
  /** starts[i]: when day firstDay + i begins; one more entry than days, for the last day's end. */
  private constructor(
    private readonly firstDay: number,
    private readonly starts: Float64Array,
  ) {}

  /** Every day from `from` to `to` inclusive, each asked of Intl. */
  static compute(from: IsoDate, to: IsoDate): UkDays {
    const firstDay = dayNumber(from);
    const starts = new Float64Array(dayNumber(to) - firstDay + 2);
    for (let i = 0; i < starts.length; i++) starts[i] = ukMidnight(isoDay(firstDay + i)).getTime();
    return new UkDays(firstDay, starts);
  }

  static unpack({ from, to, runs }: PackedUkDays): UkDays {
    const firstDay = dayNumber(from);
    const starts = new Float64Array(dayNumber(to) - firstDay + 2);
    const runStarts = runs.map(([date]) => dayNumber(date) - firstDay);
    if (!(runStarts[0]! <= 0)) throw new RangeError(`UK days from ${from}: no offset given for ${from}`);
    for (let r = 0; r < runs.length; r++) {
      const offsetMs = runs[r]![1] * 60_000;
      const end = Math.min(runStarts[r + 1] ?? starts.length, starts.length);
      for (let i = Math.max(runStarts[r]!, 0); i < end; i++) starts[i] = (firstDay + i) * DAY_MS - offsetMs;
    }
    return new UkDays(firstDay, starts);
  }

  pack(): PackedUkDays {
    const runs: [IsoDate, number][] = [];
    for (let i = 0; i < this.starts.length; i++) {
      const offset = Math.round(((this.firstDay + i) * DAY_MS - this.starts[i]!) / 60_000);
      if (runs.at(-1)?.[1] !== offset) runs.push([isoDay(this.firstDay + i), offset]);
    }
    return { from: isoDay(this.firstDay), to: isoDay(this.firstDay + this.starts.length - 2), runs };
  }

  /** The UK day that contains `instant` (epoch ms), or undefined outside the span. */
  dayAt(instant: number): UkDay | undefined {
    const { starts } = this;
    if (!(instant >= starts[0]! && instant < starts[starts.length - 1]!)) return undefined;
    // The last day that starts at or before the instant.
    let lo = 0;
    let hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= instant) lo = mid;
      else hi = mid - 1;
    }
    return { date: isoDay(this.firstDay + lo), startsAt: starts[lo]!, endsAt: starts[lo + 1]! };
  }
}

const IsoDateSchema = v.pipe(v.string(), v.check(isCalendarDate, "not a calendar date"));
const PackedUkDaysSchema = v.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  runs: v.pipe(v.array(v.tuple([IsoDateSchema, v.pipe(v.number(), v.integer(), v.minValue(-720), v.maxValue(840))])), v.minLength(1)),
});

/** The stored text, checked; throws, saying what is wrong, on anything malformed. */
export function parsePackedUkDays(text: string): PackedUkDays {
  const packed = v.parse(PackedUkDaysSchema, JSON.parse(text));
  if (packed.to < packed.from) throw new RangeError(`the span ends (${packed.to}) before it starts (${packed.from})`);
  if (packed.runs.some(([date], i) => i > 0 && date <= packed.runs[i - 1]![0])) throw new RangeError("runs must be in date order");
  if (packed.runs[0]![0] > packed.from) throw new RangeError(`no offset given for ${packed.from}`);
  return packed as PackedUkDays;
}
