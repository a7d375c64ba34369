import type { Handler } from "../../http/context.ts";
import { jsonResponse } from "../../http/json.ts";
import { parseCurrency, rateInForce } from "../rate-query.ts";
import { ukDate } from "../uk-date.ts";

/** GET /vat/exchange-rate/:currency — the rate in force today, as the date is in the UK. */
export const exchangeRateToday: Handler = (request, { store, clock }) => {
  const code = parseCurrency(request.params.currency);
  const today = ukDate(clock());
  return jsonResponse(rateInForce(store, code, today, `${today} (today in the UK)`));
};
