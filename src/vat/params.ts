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
