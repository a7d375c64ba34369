// The exchange-rate query: validates the path parameters, then yields the
// rate in force as plain data, or a Problem saying why there is none.
import * as v from "valibot";
import type { FeedStore } from "../data/feed-store.ts";
import { Problem, type ProblemKind } from "../http/problem.ts";
import type { IsoDate } from "./calendar.ts";
import { CurrencyParam, DateParam } from "./params.ts";
import type { ExchangeRate } from "./schemas.ts";


function parseParam<S extends v.GenericSchema<unknown, string>>(schema: S, value: unknown, kind: ProblemKind, what: string): string {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const text = String(value);
    const shown = text.length <= 40 ? text : `${text.slice(0, 40)}…`;
    throw new Problem(kind, `${JSON.stringify(shown)} is not a valid ${what}: ${result.issues[0]!.message}.`);
  }
  return result.output;
}

export function parseCurrency(value: unknown): string {
  return parseParam(CurrencyParam, value, "invalid-currency", "currency code");
}

export function parseDate(value: unknown): IsoDate {
  return parseParam(DateParam, value, "invalid-date", "date");
}

/** The rate of `code` in force on `date`; `dateLabel` words the 404 ("today in the UK"). */
export function rateInForce(store: FeedStore, code: string, date: IsoDate, dateLabel = date): ExchangeRate {
  const currency = store.currency(code);
  if (!currency) {
    throw new Problem("unknown-currency", `HMRC has published no rate for ${code}; the database covers ${store.currencyCount()} currencies.`);
  }
  const period = store.timeline(code).inForce(date);
  if (!period) {
    const range = `HMRC's rates for ${code} in this database run from ${currency.firstDate} to ${currency.lastDate}`;
    const why = date > currency.lastDate ? "no rate has been published for it yet" : date < currency.firstDate ? "that is before the first one" : "HMRC published none for that period";
    throw new Problem("no-rate", `No rate for ${code} on ${dateLabel}: ${range}, and ${why}.`);
  }
  return {
    currencyCode: currency.code,
    currencyName: currency.name,
    effectiveFrom: period.startsOn,
    // Exact: the build admits only decimals that survive this conversion.
    rate: Number(period.rate),
  };
}
