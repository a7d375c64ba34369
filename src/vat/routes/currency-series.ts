import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatContext } from "../feed.ts";
import { parseCurrency } from "../rate-query.ts";

/** GET /currencies — every currency in any of HMRC's three series, with the series it has. */
export const currencySeriesList: Handler<VatContext> = (_request, { vat }) => ok(vat.yearly.listing);

/** GET /currencies/:currency — a currency's series, averages and spot rates (its VAT periods are at /vat/currencies/:currency). */
export const currencyYearlyHistory: Handler<VatContext> = ({ params }, { vat }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const history = vat.yearly.history(code);
  return history ? ok(history) : new Problem("unknown-currency", `HMRC has published no rate for ${code} in any series.`);
};
