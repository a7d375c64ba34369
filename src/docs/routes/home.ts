import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialiseText } from "../../http/prepared-body.ts";
import { landingPage, pageCsp } from "../landing-page.ts";

/** GET / — the page: what the service is, a lookup form, the routes, coverage and attribution. */
export const home: Handler = (request, { store, clock, basePath }) =>
  reusable(request, { cacheControl: VERSIONS, ...WHILE_DATABASE_LASTS }, clock(), () => {
    const html = landingPage({ basePath, coverage: store.info.coverage, currencies: store.currencyCount(), buildId: store.buildId });
    return serialiseText(html, store.buildId, { "content-type": "text/html; charset=utf-8", "content-security-policy": pageCsp() });
  });
