// The VAT feed's answers for one database: the rate book, each date's whole
// table, each currency's history and the currency list.
import type { FeedData } from "../data/feed-data.ts";
import { DATED_RATE } from "../http/caching.ts";
import { prepareJson, type PreparedBody } from "../http/prepared.ts";
import { isoDay } from "../lib/calendar.ts";
import { coveredRanges, prepareHistories } from "./currency-history.ts";
import { DailyTables } from "./daily-tables.ts";
import { RateBook } from "./rate-book.ts";
import type { CurrencyListing } from "./schemas.ts";

export interface VatAnswers {
  rates: RateBook;
  tables: DailyTables;
  histories: Map<string, PreparedBody>;
  currencies: PreparedBody;
}

export function prepareVat(data: FeedData): VatAnswers {
  const list: CurrencyListing[] = data.currencies.map((c) => {
    const { starts, ends } = data.timelines.get(c.code)!;
    const ranges = coveredRanges(starts, ends).map(({ from, to }) => ({ from: isoDay(from), to: isoDay(to) }));
    return { currencyCode: c.code, currencyName: c.name, firstDate: c.firstDate, lastDate: c.lastDate, ranges };
  });
  const rates = RateBook.prepare(data);
  return { rates, tables: DailyTables.prepare(data), histories: prepareHistories(data), currencies: prepareJson(list, data.buildId, DATED_RATE) };
}

/** What the VAT handlers are given. */
export interface VatContext {
  vat: VatAnswers;
  clock: () => Date;
}
