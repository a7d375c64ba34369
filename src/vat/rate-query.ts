// The exchange-rate routes' query: path parameters validated with valibot,
// and a missing rate worded as the problem a client reads.
import * as v from "valibot";
import { Problem, type ProblemKind } from "../http/problem.ts";
import type { IsoDate } from "../lib/calendar.ts";
import { ukToday, type Clock } from "../lib/uk-date.ts";
import { lastDayOf } from "../lib/publication.ts";
import { CurrencyParam, DateParam, PeriodParam, SpotDateParam } from "./params.ts";
import type { YearlyLookup, YearlySeries } from "./yearly-book.ts";
import type { VatAnswers } from "./feed.ts";
import { beyondTheData, beyondTheYearlyData } from "./freshness.ts";
import type { RateLookup } from "./rate-book.ts";

function parseParam(schema: typeof CurrencyParam | typeof DateParam | typeof PeriodParam | typeof SpotDateParam, value: unknown, kind: ProblemKind, what: string): string | Problem {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const text = String(value);
  const shown = text.length <= 40 ? text : `${text.slice(0, 40)}…`;
  return new Problem(kind, `${JSON.stringify(shown)} is not a valid ${what}: ${result.issues[0]!.message}.`);
}

/** The code in upper case, or the 400 saying why it is not one. */
export function parseCurrency(value: unknown): string | Problem {
  return parseParam(CurrencyParam, value, "invalid-currency", "currency code");
}

export function parseDate(value: unknown): IsoDate | Problem {
  return parseParam(DateParam, value, "invalid-date", "date");
}

/** The month a yearly average's twelve months end with (March or December), or the 400 saying which exist. */
export function parsePeriod(value: unknown): string | Problem {
  return parseParam(PeriodParam, value, "invalid-period", "period");
}

/** A spot rate's day (31 March or 31 December), or the 400 saying which exist. */
export function parseSpotDate(value: unknown): IsoDate | Problem {
  return parseParam(SpotDateParam, value, "invalid-date", "spot-rate date");
}

const SERIES_WORDS = { average: "average rate", spot: "spot rate" } as const;
/** How a yearly period is named to a person: the year to its last day, or the spot's day. */
const periodLabel = (series: YearlySeries, period: string) => (series === "average" ? `the year to ${lastDayOf(period)}` : lastDayOf(period));

/** The problem for a yearly lookup that found nothing. */
export function missingYearly(lookup: Exclude<YearlyLookup, { found: true }>, series: YearlySeries, code: string, period: string, vat: Pick<VatAnswers, "yearly" | "rates">, clock: Clock): Problem {
  if (lookup.reason === "unknown-currency") return new Problem("unknown-currency", `HMRC has published no rate for ${code} in any series.`);
  const label = periodLabel(series, period);
  const beyond = beyondTheYearlyData(period, vat.yearly.newest(series), ukToday(clock()).date);
  if (beyond?.kind === "behind") {
    return new Problem(
      "data-behind",
      `This service's ${series} rates end with ${periodLabel(series, vat.yearly.newest(series)!)}, but HMRC published those for ${label} on ${beyond.publishedOn}: the operator must update it (bun run db:update). Ask again later.`,
      { "retry-after": RETRY_AFTER_SECONDS },
    );
  }
  if (beyond) return new Problem("no-rate", `No ${SERIES_WORDS[series]} for ${label}: not published yet. HMRC publishes it on ${beyond.publishedOn}.`);
  const held = `from ${periodLabel(series, lookup.first)} to ${periodLabel(series, lookup.last)}`;
  if (lookup.reason === "not-in-series") return new Problem("no-rate", `HMRC publishes no ${SERIES_WORDS[series]} for ${code}; this database's ${SERIES_WORDS[series]}s run ${held} (/currencies lists each currency's series).`);
  const range = `HMRC's ${SERIES_WORDS[series]}s for ${code} in this database run ${held}`;
  return new Problem("no-rate", `No ${SERIES_WORDS[series]} for ${code} for ${label}: ${range}${lookup.reason === "not-in-period" ? `, and HMRC published none for ${code} then` : ""}.`);
}

const WHY = {
  "after-last": "HMRC has published none for it after that",
  "before-first": "that is before the first one",
  gap: "HMRC published none for that period",
} as const;

/** How long a client should wait before asking again when the data is behind: an operator has to act. */
const RETRY_AFTER_SECONDS = "3600";

/**
 * The answer for a date past the newest rate in the database: a 503 when
 * HMRC has published it (this server is out of date, not the rate missing),
 * a 404 saying when HMRC will publish it otherwise; undefined within the data.
 */
export function pastTheData(date: IsoDate, newest: IsoDate, clock: Clock): Problem | undefined {
  if (date <= newest) return undefined;
  const beyond = beyondTheData(date, newest, ukToday(clock()).date);
  if (!beyond) return undefined;
  if (beyond.kind === "behind") {
    return new Problem(
      "data-behind",
      `This service's data ends on ${beyond.newest}, but HMRC has published rates up to ${beyond.publishedUntil}: the operator must update it (bun run db:update). The rate for ${date} exists; ask again later.`,
      { "retry-after": RETRY_AFTER_SECONDS },
    );
  }
  return new Problem("no-rate", `No rate for ${date}: not published yet. HMRC publishes ${beyond.month}'s rates on ${beyond.publishedOn}.`);
}

/** The problem for a lookup that found nothing; `dateLabel` words the date ("2026-11-21 (today in the UK)"). */
export function missingRate(lookup: Exclude<RateLookup, { found: true }>, code: string, date: IsoDate, dateLabel: string, vat: Pick<VatAnswers, "rates" | "newest">, clock: Clock): Problem {
  if (lookup.reason === "unknown-currency") {
    return new Problem("unknown-currency", `HMRC has published no rate for ${code}; the database covers ${vat.rates.currencyCount} currencies.`);
  }
  if (lookup.reason === "after-last") {
    const beyond = pastTheData(date, vat.newest, clock);
    if (beyond) return beyond;
  }
  const range = `HMRC's rates for ${code} in this database run from ${lookup.firstDate} to ${lookup.lastDate}`;
  return new Problem("no-rate", `No rate for ${code} on ${dateLabel}: ${range}, and ${WHY[lookup.reason]}.`);
}
