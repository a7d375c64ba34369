// HMRC's publication calendar: next month's VAT rates are published on the
// penultimate Thursday of each month. One implementation for the server
// (is our data behind what HMRC has published?) and for db:update (which
// month must the data reach?). Months are YYYY-MM, dates YYYY-MM-DD.
import type { IsoDate } from "./calendar.ts";

export type Month = string;

export function addMonths(month: Month, n: number): Month {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The last day of `month`. */
export function lastDayOf(month: Month): IsoDate {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The penultimate Thursday of `month`: the day HMRC publishes the rates of the month after it. */
export function publicationDay(month: Month): IsoDate {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0));
  const lastThursday = last.getUTCDate() - ((last.getUTCDay() - 4 + 7) % 7);
  return `${month}-${String(lastThursday - 7).padStart(2, "0")}`;
}

/** The day HMRC publishes `month`'s rates. */
export const publishedOn = (month: Month): IsoDate => publicationDay(addMonths(month, -1));

/**
 * The newest month HMRC has published on `today` (a UK date): this month, or
 * next month once the publication day has passed (on the day itself the time
 * of publishing is not known, so not yet).
 */
export function publishedThrough(today: IsoDate): Month {
  const month = today.slice(0, 7);
  return today > publicationDay(month) ? addMonths(month, 1) : month;
}

/** The months after `newest` up to and including `through`, in order. */
export function monthsBetween(newest: Month, through: Month): Month[] {
  const months: Month[] = [];
  for (let m = addMonths(newest, 1); m <= through; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The next day HMRC publishes, on or after `today`. */
export function nextPublication(today: IsoDate): IsoDate {
  const day = publicationDay(today.slice(0, 7));
  return today <= day ? day : publicationDay(addMonths(today.slice(0, 7), 1));
}

/** For /health and db:report: the months HMRC has published on `today` that the data, ending on `newest`, does not reach. */
export function freshness(newest: IsoDate, today: IsoDate) {
  const through = publishedThrough(today);
  const newestMonth = newest.slice(0, 7);
  const missingMonths = [newestMonth, ...monthsBetween(newestMonth, through)].filter((m) => m <= through && lastDayOf(m) > newest);
  return { behind: missingMonths.length > 0, missingMonths, publishedThrough: through, nextPublication: nextPublication(today) };
}

/** The next yearly period after `period`: the year to 31 December follows the year to 31 March, and the other way round. */
export const nextYearlyPeriod = (period: Month): Month => addMonths(period, period.endsWith("-03") ? 9 : 3);

/** The yearly periods (YYYY-03, YYYY-12) after `newest` that HMRC has published on `today`: it publishes each on its last day. */
export function yearlyPeriodsDue(newest: Month, today: IsoDate): Month[] {
  const due: Month[] = [];
  for (let period = nextYearlyPeriod(newest); lastDayOf(period) < today; period = nextYearlyPeriod(period)) due.push(period);
  return due;
}
