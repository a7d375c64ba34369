import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import { dayNumber } from "../../lib/calendar.ts";
import type { VatContext } from "../feed.ts";
import { parseDate, pastTheData } from "../rate-query.ts";

/** GET /vat/exchange-rates/:date — every currency's rate on that date, sorted by code. */
export const exchangeRatesOnDate: Handler<VatContext> = ({ params }, { vat, clock }) => {
  const date = parseDate(params.date);
  if (date instanceof Problem) return date;
  const table = vat.tables.on(dayNumber(date));
  if (table) return ok(table);
  return pastTheData(date, vat.newest, clock) ?? new Problem("no-rate", `No rates on ${date}: HMRC's rates in this database run from ${vat.tables.firstDate} to ${vat.tables.lastDate}.`);
};
