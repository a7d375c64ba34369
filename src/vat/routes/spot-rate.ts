import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatContext } from "../feed.ts";
import { missingYearly, parseCurrency, parseSpotDate } from "../rate-query.ts";

/** GET /spot-rate/:currency/:date — HMRC's spot rate on a 31 March or a 31 December. */
export const spotRate: Handler<VatContext> = ({ params }, { vat, clock }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const date = parseSpotDate(params.date);
  if (date instanceof Problem) return date;
  const period = date.slice(0, 7);
  const lookup = vat.yearly.lookup("spot", code, period, vat.known);
  return lookup.found ? ok(lookup.answer) : missingYearly(lookup, "spot", code, period, vat, clock);
};
