import * as v from "valibot";
import { NO_STORE } from "./caching.ts";
import type { Handler } from "./context.ts";
import { preparedResponse, serialise } from "./prepared-body.ts";

export const HealthSchema = v.pipe(
  v.strictObject({
    status: v.literal("ok"),
    build: v.pipe(v.string(), v.description("Id of the database build being served")),
    builtAt: v.pipe(v.string(), v.description("When that database was built")),
    coverage: v.strictObject({ from: v.pipe(v.string(), v.isoDate()), to: v.pipe(v.string(), v.isoDate()) }),
    currencies: v.pipe(v.number(), v.integer()),
  }),
  v.title("Health"),
);

/** GET /health — for load balancers and operators: the database being served and what it covers. */
export const health: Handler = (_request, { store }) => {
  const body: v.InferOutput<typeof HealthSchema> = {
    status: "ok",
    build: store.buildId,
    builtAt: store.info.builtAt,
    coverage: store.info.coverage,
    currencies: store.currencyCount(),
  };
  return preparedResponse(serialise(body, store.buildId), NO_STORE);
};
