// The VAT feed's answers for one database: the rate book, each date's whole
// table, each currency's history and the currency list.
import type { FeedData } from "../data/feed-data.ts";
import { DATED_RATE } from "../http/caching.ts";
import { prepareJson, type PreparedBody } from "../http/prepared.ts";
import { coveredDates, histories, historiesCsv } from "./currency-history.ts";
import { DailyTables } from "./daily-tables.ts";
import { RateBook } from "./rate-book.ts";
import { YearlyBook } from "./yearly-book.ts";
import type { CurrencyListing } from "./schemas.ts";

export interface VatAnswers {
  /** The newest day any rate in the database covers. */
  newest: string;
  rates: RateBook;
  tables: DailyTables;
  history: (code: string) => PreparedBody | undefined;
  historyCsv: (code: string) => PreparedBody | undefined;
  /** HMRC's average and spot rates, and each currency's series. */
  yearly: YearlyBook;
  /** Whether a code is a currency in any series. */
  known: (code: string) => boolean;
  currencies: PreparedBody;
}

export function prepareVat(data: FeedData): VatAnswers {
  const rates = RateBook.prepare(data);
  const list: CurrencyListing[] = data.currencies.map((c) => ({
    currencyCode: c.code,
    currencyName: c.name,
    firstDate: c.firstDate,
    lastDate: c.lastDate,
    ranges: coveredDates(rates.columns(c.code)!),
  }));
  const codes = data.currencies.map((c) => c.code);
  return {
    newest: data.coverage.to,
    rates,
    tables: new DailyTables(rates, codes, data.coverage.from, data.coverage.to),
    history: histories(rates, new Map(data.currencies.map((c) => [c.code, c.name]))),
    historyCsv: historiesCsv(rates, new Map(data.currencies.map((c) => [c.code, c.name]))),
    currencies: prepareJson(list, DATED_RATE),
    yearly: new YearlyBook(data),
    known: (code) => data.names.has(code),
  };
}

/** What the VAT handlers are given. */
export interface VatContext {
  vat: VatAnswers;
  clock: () => Date;
}
