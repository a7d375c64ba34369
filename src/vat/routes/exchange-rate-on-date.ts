import { DATED_RATE } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse, serialise } from "../../http/json.ts";
import { cachedBody } from "../../http/response-cache.ts";
import { parseCurrency, parseDate, rateInForce } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency/:date — the rate of the period containing that date. */
export const exchangeRateOnDate: Handler = (request, { store }) => {
  const code = parseCurrency(request.params.currency);
  const date = parseDate(request.params.date);
  const body = cachedBody(store, `rate ${code} ${date}`, () => serialise(rateInForce(store, code, date), store.buildId));
  return jsonResponse(body, DATED_RATE);
};
