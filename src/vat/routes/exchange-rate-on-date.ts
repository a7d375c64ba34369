import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import { dayNumber } from "../../lib/calendar.ts";
import type { VatContext } from "../feed.ts";
import { missingRate, parseCurrency, parseDate } from "../rate-query.ts";

/** GET /vat/exchange-rate/:currency/:date — the rate of the period containing that date. */
export const exchangeRateOnDate: Handler<VatContext> = ({ params }, { vat, clock }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const date = parseDate(params.date);
  if (date instanceof Problem) return date;
  const lookup = vat.rates.lookup(code, dayNumber(date));
  return lookup.found ? ok(lookup.answer) : missingRate(lookup, code, date, date, vat, clock);
};
