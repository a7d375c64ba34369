import { NO_STORE } from "./caching.ts";
import type { Handler } from "./context.ts";
import { COMMON_HEADERS } from "./headers.ts";

/** GET /health — for load balancers and operators: the database being served and what it covers. */
export const health: Handler = (_request, { store }) => {
  const body = JSON.stringify({
    status: "ok",
    build: store.buildId,
    builtAt: store.info.builtAt,
    coverage: store.info.coverage,
    currencies: store.currencyCount(),
  });
  return new Response(body, {
    headers: { ...COMMON_HEADERS, "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(body)), "cache-control": NO_STORE },
  });
};
