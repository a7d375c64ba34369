// The exchange-rate routes' query: path parameters validated with valibot,
// and a missing rate worded as the problem a client reads.
import * as v from "valibot";
import { Problem, type ProblemKind } from "../http/problem.ts";
import type { IsoDate } from "../lib/calendar.ts";
import { CurrencyParam, DateParam } from "./params.ts";
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
  "after-last": "no rate has been published for it yet",
  "before-first": "that is before the first one",
  gap: "HMRC published none for that period",
} as const;

/** The 404 for a lookup that found nothing; `dateLabel` words the date ("2026-11-21 (today in the UK)"). */
export function missingRate(lookup: Exclude<RateLookup, { found: true }>, code: string, dateLabel: string, currencyCount: number): Problem {
  if (lookup.reason === "unknown-currency") {
    return new Problem("unknown-currency", `HMRC has published no rate for ${code}; the database covers ${currencyCount} currencies.`);
  }
  const range = `HMRC's rates for ${code} in this database run from ${lookup.firstDate} to ${lookup.lastDate}`;
  return new Problem("no-rate", `No rate for ${code} on ${dateLabel}: ${range}, and ${WHY[lookup.reason]}.`);
}
