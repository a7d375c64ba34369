import { reusable } from "../../http/answer-cache.ts";
import { untilInstant } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/prepared-body.ts";
import { parseCurrency, rateInForce } from "../rate-query.ts";
import { ukDay } from "../uk-date.ts";

/** GET /vat/exchange-rate/:currency — the rate in force today, as the date is in the UK. */
export const exchangeRateToday: Handler = (request, { store, clock }) => {
  const now = clock();
  const today = ukDay(now, store.ukDays);
  // The answer holds for today's UK date, and may be cached until it ends.
  const validity = { cacheControl: (at: Date) => untilInstant(at, today.endsAt), validFrom: today.startsAt, validUntil: today.endsAt };
  return reusable(request, validity, now, () => {
    const code = parseCurrency(request.params.currency);
    return serialise(rateInForce(store, code, today.date, `${today.date} (today in the UK)`), store.buildId);
  });
};
