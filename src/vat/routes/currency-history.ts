import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import { Problem } from "../../http/problem.ts";
import type { VatContext } from "../feed.ts";
import { parseCurrency } from "../rate-query.ts";

/** GET /vat/currencies/:currency — one currency's covered ranges and every period. */
export const currencyHistory: Handler<VatContext> = ({ params }, { vat }) => {
  const code = parseCurrency(params.currency);
  if (code instanceof Problem) return code;
  const history = vat.history(code);
  return history ? ok(history) : new Problem("unknown-currency", `HMRC has published no rate for ${code}; the database covers ${vat.rates.currencyCount} currencies.`);
};
