import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse, serialise } from "../../http/json.ts";
import { cachedBody } from "../../http/response-cache.ts";
import type { VersionDetail } from "../schemas.ts";


/** GET /versions/detail — release and nightly version of each product, with dates. */
export const versionsDetail: Handler = (_request, { store }) => {
  const body = cachedBody(store, "versions detail", () => {
    const detail: Record<string, VersionDetail> = {};
    for (const v of store.versions()) {
      detail[v.software] = {
        release: { version: v.releaseVersion, date: v.releaseDate },
        nightly: { version: v.nightlyVersion, date: v.nightlyDate },
      };
    }
    return serialise(detail, store.buildId);
  });
  return jsonResponse(body, VERSIONS);
};
