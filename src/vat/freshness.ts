// Whether a date past the newest rate in the database is one HMRC has
// already published (our data is behind: the operator must update) or one
// HMRC has not published yet. Pure: the date, the data's newest day and
// today's UK date in, a verdict out; the routes word it.
import type { IsoDate } from "../lib/calendar.ts";
import { lastDayOf, publishedOn, publishedThrough, type Month } from "../lib/publication.ts";

export type BeyondTheData =
  | { kind: "behind"; newest: IsoDate; publishedThrough: Month; publishedUntil: IsoDate }
  | { kind: "not-published"; month: Month; publishedOn: IsoDate };

// What HMRC has published changes once a day: worked out once per UK day, not per request.
let published: { today: IsoDate; through: Month; until: IsoDate } | undefined;

/** Undefined when `date` is within the data (on or before `newest`). */
export function beyondTheData(date: IsoDate, newest: IsoDate, today: IsoDate): BeyondTheData | undefined {
  if (date <= newest) return undefined;
  if (published?.today !== today) published = { today, through: publishedThrough(today), until: lastDayOf(publishedThrough(today)) };
  const month = date.slice(0, 7);
  if (month <= published.through) return { kind: "behind", newest, publishedThrough: published.through, publishedUntil: published.until };
  return { kind: "not-published", month, publishedOn: publishedOn(month) };
}

/** For the yearly series: a period past the newest held is published once its last day has passed (HMRC publishes on 31 March and 31 December). */
export function beyondTheYearlyData(period: Month, newest: Month | undefined, today: IsoDate): { kind: "behind" | "not-published"; publishedOn: IsoDate } | undefined {
  if (newest !== undefined && period <= newest) return undefined;
  const publishedOn = lastDayOf(period);
  return { kind: today > publishedOn ? "behind" : "not-published", publishedOn };
}
