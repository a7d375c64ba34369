// The exchange-rate routes' query: path parameters validated with valibot,
// and a missing rate worded as the problem a client reads.
import * as v from "valibot";
import { Problem, type ProblemKind } from "../http/problem.ts";
import type { IsoDate } from "../lib/calendar.ts";
import { ukToday, type Clock } from "../lib/uk-date.ts";
import { CurrencyParam, DateParam } from "./params.ts";
import type { VatAnswers } from "./feed.ts";
import { beyondTheData } from "./freshness.ts";
import type { RateLookup } from "./rate-book.ts";

function parseParam(schema: typeof CurrencyParam | typeof DateParam, value: unknown, kind: ProblemKind, what: string): string | Problem {
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
