import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { DATED_RATE } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/prepared-body.ts";
import type { CurrencyListing } from "../schemas.ts";

/** GET /vat/currencies — every currency with a rate, its name and the dates the database covers, by code. */
export const currencies: Handler = (request, { store, clock }) =>
  reusable(request, { cacheControl: DATED_RATE, ...WHILE_DATABASE_LASTS }, clock(), () => {
    const list: CurrencyListing[] = store.currencyCodes().map((code) => {
      const c = store.currency(code)!;
      return { currencyCode: c.code, currencyName: c.name, firstDate: c.firstDate, lastDate: c.lastDate };
    });
    return serialise(list, store.buildId);
  });
