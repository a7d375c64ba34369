import { untilInstant } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse, serialise } from "../../http/json.ts";
import { cachedBody } from "../../http/response-cache.ts";
import { parseCurrency, rateInForce } from "../rate-query.ts";
import { nextUkMidnight, ukDate } from "../uk-date.ts";

/** GET /vat/exchange-rate/:currency — the rate in force today, as the date is in the UK. */
export const exchangeRateToday: Handler = (request, { store, clock }) => {
  const code = parseCurrency(request.params.currency);
  const now = clock();
  const today = ukDate(now);
  const body = cachedBody(store, `rate ${code} ${today}`, () => serialise(rateInForce(store, code, today, `${today} (today in the UK)`), store.buildId));
  // The answer holds until the UK date changes.
  return jsonResponse(body, untilInstant(now, nextUkMidnight(now)));
};
