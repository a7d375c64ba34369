// "Today" for a UK VAT return is the civil date in the UK, which is GMT in
// winter and BST (UTC+1) in summer: between 23:00 and 00:00 UTC in summer the
// UK is already on the next day. The time zone rules come from Intl (ICU).
import { DAY_MS, dayNumber, nextDay, type IsoDate } from "./calendar.ts";

// Made on first use: ICU's time-zone data is loaded only by a server that is asked for today.
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
  const utcMidnight = dayNumber(date) * DAY_MS;
  const bstMidnight = new Date(utcMidnight - 3_600_000);
  return ukDate(bstMidnight) === date ? bstMidnight : new Date(utcMidnight);
}

/** A UK civil day: its date, and the epoch ms at which it starts and the next one does. */
export interface UkDay {
  date: IsoDate;
  startsAt: number;
  endsAt: number;
}

/** The UK day containing `instant`. */
export function ukDay(instant: Date): UkDay {
  const date = ukDate(instant);
  return { date, startsAt: ukMidnight(date).getTime(), endsAt: ukMidnight(nextDay(date)).getTime() };
}

let remembered: UkDay | undefined;

/** The UK day containing `instant`, worked out once per day: Intl is asked again only once the remembered day no longer holds. */
export function ukToday(instant: Date): UkDay {
  const at = instant.getTime();
  if (!remembered || at < remembered.startsAt || at >= remembered.endsAt) remembered = ukDay(instant);
  return remembered;
}
