// "Today" for a UK VAT return is the civil date in the UK, which is GMT in
// winter and BST (UTC+1) in summer: between 23:00 and 00:00 UTC in summer the
// UK is already on the next day.
import { nextDay, type IsoDate } from "./calendar.ts";
import type { UkDay, UkDays } from "./uk-days.ts";

// Made on first use: loading ICU's time-zone data costs ~15 ms of start-up.
let ukCalendar: Intl.DateTimeFormat | undefined;

/** The UK civil date at `instant`, as YYYY-MM-DD. */
export function ukDate(instant: Date): IsoDate {
  ukCalendar ??= new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
  const parts: Record<string, string> = {};
  for (const { type, value } of ukCalendar.formatToParts(instant)) parts[type] = value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A source of the current instant; injected so tests can pin the clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * The instant a UK date begins: 00:00 UTC in winter, 23:00 UTC the evening
 * before in summer. Clocks change at 01:00 UTC, never at midnight, so it is
 * always one of those two.
 */
export function ukMidnight(date: IsoDate): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const bstMidnight = new Date(utcMidnight - 3_600_000);
  return ukDate(bstMidnight) === date ? bstMidnight : new Date(utcMidnight);
}

/** The first instant of the next UK day after `instant`. */
export function nextUkMidnight(instant: Date): Date {
  return ukMidnight(nextDay(ukDate(instant)));
}

/** The UK day containing `instant`: from the build's table when it covers the instant, else from Intl. */
export function ukDay(instant: Date, table?: UkDays): UkDay {
  const known = table?.dayAt(instant.getTime());
  if (known) return known;
  const date = ukDate(instant);
  return { date, startsAt: ukMidnight(date).getTime(), endsAt: nextUkMidnight(instant).getTime() };
}
