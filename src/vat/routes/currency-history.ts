import type { Handler } from "../../http/handler.ts";
import { ok, type PreparedBody } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatAnswers, VatContext } from "../feed.ts";
import { parseCurrency } from "../rate-query.ts";

/** One currency's periods, in the representation `pick` takes. */
const ofCurrency =
  (pick: (vat: VatAnswers, code: string) => PreparedBody | undefined): Handler<VatContext> =>
  ({ params }, { vat }) => {
    const code = parseCurrency(params.currency);
    if (code instanceof Problem) return code;
    const history = pick(vat, code);
    return history ? ok(history) : new Problem("unknown-currency", `HMRC has published no rate for ${code}; the database covers ${vat.rates.currencyCount} currencies.`);
  };

/** GET /vat/currencies/:currency — one currency's covered ranges and every period. */
export const currencyHistory = ofCurrency((vat, code) => vat.history(code));

/** GET /vat/currencies/:currency.csv — its every period as CSV, for spreadsheets. */
export const currencyHistoryCsv = ofCurrency((vat, code) => vat.historyCsv(code));
