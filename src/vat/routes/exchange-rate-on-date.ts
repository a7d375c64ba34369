import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { DATED_RATE } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { rateBody } from "../rate-bodies.ts";
import { parseCurrency, parseDate, rateInForce } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency/:date — the rate of the period containing that date. */
export const exchangeRateOnDate: Handler = (request, { store, clock }) =>
  reusable(request, { cacheControl: DATED_RATE, ...WHILE_DATABASE_LASTS }, clock(), () => {
    const code = parseCurrency(request.params.currency);
    const date = parseDate(request.params.date);
    return rateBody(store, rateInForce(store, code, date));
  });
