import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse, serialise } from "../../http/json.ts";
import { cachedBody } from "../../http/response-cache.ts";

/** GET /versions/current — the released version of each product. */
export const versionsCurrent: Handler = (_request, { store }) => {
  const body = cachedBody(store, "versions current", () => {
    const current: Record<string, string> = {};
    for (const v of store.versions()) current[v.software] = v.releaseVersion;
    return serialise(current, store.buildId);
  });
  return jsonResponse(body, VERSIONS);
};
