import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatContext } from "../feed.ts";
import { missingYearly, parseCurrency, parsePeriod } from "../rate-query.ts";

/** GET /average-rate/:currency/:period — HMRC's average for the twelve months ending with that month (March or December). */
export const averageRate: Handler<VatContext> = ({ params }, { vat, clock }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const period = parsePeriod(params.period);
  if (period instanceof Problem) return period;
  const lookup = vat.yearly.lookup("average", code, period, vat.known);
  return lookup.found ? ok(lookup.answer) : missingYearly(lookup, "average", code, period, vat, clock);
};
