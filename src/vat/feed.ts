// The VAT feed's answers for one database: the rate book and the currency list.
import type { FeedData } from "../data/feed-data.ts";
import { DATED_RATE } from "../http/caching.ts";
import { prepareJson, type PreparedBody } from "../http/prepared.ts";
import { RateBook } from "./rate-book.ts";
import type { CurrencyListing } from "./schemas.ts";

export interface VatAnswers {
  rates: RateBook;
  currencies: PreparedBody;
}

export function prepareVat(data: FeedData): VatAnswers {
  const list: CurrencyListing[] = data.currencies.map((c) => ({ currencyCode: c.code, currencyName: c.name, firstDate: c.firstDate, lastDate: c.lastDate }));
  return { rates: RateBook.prepare(data), currencies: prepareJson(list, data.buildId, DATED_RATE) };
}

/** What the VAT handlers are given. */
export interface VatContext {
  vat: VatAnswers;
  clock: () => Date;
}
