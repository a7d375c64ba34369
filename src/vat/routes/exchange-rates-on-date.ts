import type { Handler } from "../../http/handler.ts";
import { ok, type PreparedBody } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import { dayNumber } from "../../lib/calendar.ts";
import type { DailyTables } from "../daily-tables.ts";
import type { VatContext } from "../feed.ts";
import { parseDate, pastTheData } from "../rate-query.ts";

/** A date's whole table, in the representation `pick` takes from the day tables. */
const onDate =
  (pick: (tables: DailyTables, day: number) => PreparedBody | undefined): Handler<VatContext> =>
  ({ params }, { vat, clock }) => {
    const date = parseDate(params.date);
    if (date instanceof Problem) return date;
    const table = pick(vat.tables, dayNumber(date));
    if (table) return ok(table);
    return pastTheData(date, vat.newest, clock) ?? new Problem("no-rate", `No rates on ${date}: HMRC's rates in this database run from ${vat.tables.firstDate} to ${vat.tables.lastDate}.`);
  };

/** GET /vat/exchange-rates/:date — every currency's rate on that date, sorted by code. */
export const exchangeRatesOnDate = onDate((tables, day) => tables.on(day));

/** GET /vat/exchange-rates/:date.csv — the same as CSV, for spreadsheets. */
export const exchangeRatesOnDateCsv = onDate((tables, day) => tables.csvOn(day));
