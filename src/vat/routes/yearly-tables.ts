import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatContext } from "../feed.ts";
import { missingYearly, parsePeriod, parseSpotDate } from "../rate-query.ts";
import type { YearlySeries } from "../yearly-book.ts";

/** A whole period's table of one series, as JSON or CSV, or why there is none. */
function table(series: YearlySeries, period: string, { vat, clock }: VatContext, csv = false) {
  const answer = (csv ? vat.yearly.tableCsv : vat.yearly.table)(`${series} ${period}`);
  if (answer) return ok(answer);
  const held = vat.yearly.newest(series) ?? period;
  return missingYearly({ found: false, reason: "not-held", first: held, last: held }, series, "any currency", period, vat, clock);
}

/** GET /average-rates/:period — every currency's average for the year ending with that month, sorted by code. */
export const averageRates: Handler<VatContext> = ({ params }, context) => {
  const period = parsePeriod(params.period);
  return period instanceof Problem ? period : table("average", period, context);
};

/** GET /spot-rates/:date — every currency's spot rate on that 31 March or 31 December, sorted by code. */
export const spotRates: Handler<VatContext> = ({ params }, context) => {
  const date = parseSpotDate(params.date);
  return date instanceof Problem ? date : table("spot", date.slice(0, 7), context);
};

/** GET /average-rates/:period.csv and /spot-rates/:date.csv — the same tables as CSV, for spreadsheets. */
export const averageRatesCsv: Handler<VatContext> = ({ params }, context) => {
  const period = parsePeriod(params.period);
  return period instanceof Problem ? period : table("average", period, context, true);
};

export const spotRatesCsv: Handler<VatContext> = ({ params }, context) => {
  const date = parseSpotDate(params.date);
  return date instanceof Problem ? date : table("spot", date.slice(0, 7), context, true);
};
