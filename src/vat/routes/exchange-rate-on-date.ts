import { reusableJson } from "../../http/answer-cache.ts";
import { DATED_RATE } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/json.ts";
import { parseCurrency, parseDate, rateInForce } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency/:date — the rate of the period containing that date. */
export const exchangeRateOnDate: Handler = (request, { store, clock }) => {
  const code = parseCurrency(request.params.currency);
  const date = parseDate(request.params.date);
  const body = serialise(rateInForce(store, code, date), store.buildId);
  return reusableJson({ body, cacheControl: DATED_RATE, validFrom: -Infinity, validUntil: Infinity }, clock());
};
