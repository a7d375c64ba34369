// valibot schemas for the path parameters of the exchange-rate routes.
import * as v from "valibot";
import { isCalendarDate } from "../lib/calendar.ts";

/** Path segments arrive percent-encoded; a broken encoding is just a bad value. */
function decodeSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const CurrencyParam = v.pipe(
  v.string(),
  v.transform(decodeSegment),
  v.regex(/^[A-Za-z]{3}$/, "a currency code is three letters, such as USD or eur"),
  v.toUpperCase(),
);

export const DateParam = v.pipe(
  v.string(),
  v.transform(decodeSegment),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD, such as 2024-01-15"),
  // v.isoDate() accepts 2025-02-30; only real calendar days pass here.
  v.check(isCalendarDate, "there is no such day in the calendar"),
);

/** A yearly period: the month the twelve months end with, March or December. */
export const PeriodParam = v.pipe(
  v.string(),
  v.transform(decodeSegment),
  v.regex(/^\d{4}-\d{2}$/, "a period is YYYY-MM, the month the year ends with, such as 2025-12"),
  v.check((s) => s.endsWith("-03") || s.endsWith("-12"), "HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only"),
);

/** A spot rate's day: a 31 March or a 31 December. */
export const SpotDateParam = v.pipe(
  DateParam,
  v.check((s) => s.endsWith("-03-31") || s.endsWith("-12-31"), "HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only"),
);
