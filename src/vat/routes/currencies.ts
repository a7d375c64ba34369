import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { VatContext } from "../feed.ts";

/** GET /vat/currencies — every currency with a rate, its name and the dates the database covers, by code. */
export const currencies: Handler<VatContext> = (_request, { vat }) => ok(vat.currencies);
