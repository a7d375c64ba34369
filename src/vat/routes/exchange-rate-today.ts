import { untilInstant } from "../../http/caching.ts";
import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import { dayNumber } from "../../lib/calendar.ts";
import { ukToday } from "../../lib/uk-date.ts";
import type { VatContext } from "../feed.ts";
import { missingRate, parseCurrency } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency — the rate in force today, as the date is in the UK; cacheable until UK midnight. */
export const exchangeRateToday: Handler<VatContext> = ({ params }, { vat, clock }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const now = clock();
  const today = ukToday(now);
  const lookup = vat.rates.lookup(code, dayNumber(today.date));
  return lookup.found ? ok(lookup.answer, untilInstant(now, today.endsAt)) : missingRate(lookup, code, today.date, `${today.date} (today in the UK)`, vat, () => now);
};
