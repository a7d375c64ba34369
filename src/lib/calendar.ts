// Calendar dates as ISO strings (YYYY-MM-DD). Strings compare in date order,
// so they are what the database stores and the lookup compares.

export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The number written in `s` from `from` to `to`, which the caller has checked are digits. Every request reads a date: no substrings made. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/** True only for a real day of the Gregorian calendar: 2025-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(digits(value, 0, 4), month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** HMRC writes dates as DD/MM/YYYY; undefined when it is not a real date. */
export function fromHmrcDate(value: string): IsoDate | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isCalendarDate(iso) ? iso : undefined;
}

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01: how a server holds dates for the period rule. */
export const dayNumber = (date: IsoDate): number => Date.UTC(digits(date, 0, 4), digits(date, 5, 7) - 1, digits(date, 8, 10)) / DAY_MS;
export const isoDay = (day: number): IsoDate => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day after `date`. */
export function nextDay(date: IsoDate): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
