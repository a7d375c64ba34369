import { DATED_RATE } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse } from "../../http/json.ts";
import { parseCurrency, parseDate, rateInForce } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency/:date — the rate of the period containing that date. */
export const exchangeRateOnDate: Handler = (request, { store }) => {
  const code = parseCurrency(request.params.currency);
  const date = parseDate(request.params.date);
  return jsonResponse(rateInForce(store, code, date), { cache: DATED_RATE, buildId: store.buildId });
};
