// How the build stores one currency's periods (the `timelines` table) and how
// a server reads them back: the periods' start days, then their end days, as
// little-endian int32s (days since 1970-01-01), then a byte per period, 1 for
// an amendment; the rates joined by spaces; each period's answer and its
// ETag. Columns rather than records, so reading them is three copies, not a
// loop over every period. One row per
// currency reads in a fraction of the time 22,000 rate rows take, and
// splitting its strings is all the work a server does per period.

export interface PackedTimeline {
  periods: Uint8Array;
  rates: string;
  bodies: string;
  etags: string;
}

/** Each period's answer as sent, and its ETag. */
export interface PeriodAnswers {
  bodies: string[];
  etags: string[];
}

/** A currency's periods as parallel arrays, in the order the period rule needs (by start, monthly before amendment). */
export interface TimelineColumns {
  starts: Int32Array;
  ends: Int32Array;
  amendment: Uint8Array;
  rates: string[];
}

const BYTES_PER_PERIOD = 9;

/** The last day any period covers. A loop, not Math.max(...ends): spreading a typed array walks an iterator, which costs at a cold start. */
export function lastEnd(ends: Int32Array): number {
  let latest = -Infinity;
  for (let i = 0; i < ends.length; i++) if (ends[i]! > latest) latest = ends[i]!;
  return latest;
}

// Typed arrays use the platform's byte order; every platform Bun and Deno run on is little-endian.
if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error("packed timelines are little-endian; this platform is not");

export function packTimeline({ starts, ends, amendment, rates, bodies, etags }: TimelineColumns & PeriodAnswers): PackedTimeline {
  const n = starts.length;
  const periods = new Uint8Array(n * BYTES_PER_PERIOD);
  periods.set(new Uint8Array(starts.buffer, starts.byteOffset, n * 4), 0);
  periods.set(new Uint8Array(ends.buffer, ends.byteOffset, n * 4), n * 4);
  periods.set(amendment, n * 8);
  return { periods, rates: rates.join(" "), bodies: bodies.join("\n"), etags: etags.join(" ") };
}

/** Throws, saying what is wrong, on parts that do not fit each other. */
export function unpackTimeline({ periods, rates, bodies, etags }: PackedTimeline): TimelineColumns & PeriodAnswers {
  if (periods.byteLength % BYTES_PER_PERIOD !== 0) throw new RangeError(`periods blob of ${periods.byteLength} bytes is not a whole number of periods`);
  const n = periods.byteLength / BYTES_PER_PERIOD;
  const list = (text: string, separator: string, what: string) => {
    const items = n === 0 ? [] : text.split(separator);
    if (items.length !== n) throw new RangeError(`${n} periods but ${items.length} ${what}`);
    return items;
  };
  // A copy, so the int32 columns are aligned whatever offset the driver's buffer had.
  const copy = periods.slice().buffer;
  return {
    starts: new Int32Array(copy, 0, n),
    ends: new Int32Array(copy, n * 4, n),
    amendment: new Uint8Array(copy, n * 8, n),
    rates: list(rates, " ", "rates"),
    bodies: list(bodies, "\n", "bodies"),
    etags: list(etags, " ", "ETags"),
  };
}
