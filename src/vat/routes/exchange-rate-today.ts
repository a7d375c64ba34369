import { reusableJson } from "../../http/answer-cache.ts";
import { untilInstant } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/json.ts";
import { parseCurrency, rateInForce } from "../rate-query.ts";
import { nextUkMidnight, ukDate, ukMidnight } from "../uk-date.ts";

/** GET /vat/exchange-rate/:currency — the rate in force today, as the date is in the UK. */
export const exchangeRateToday: Handler = (request, { store, clock }) => {
  const code = parseCurrency(request.params.currency);
  const now = clock();
  const today = ukDate(now);
  const body = serialise(rateInForce(store, code, today, `${today} (today in the UK)`), store.buildId);
  // The answer holds for today's UK date, and may be cached until it ends.
  const midnight = nextUkMidnight(now);
  return reusableJson({ body, cacheControl: (at) => untilInstant(at, midnight), validFrom: ukMidnight(today).getTime(), validUntil: midnight.getTime() }, now);
};
