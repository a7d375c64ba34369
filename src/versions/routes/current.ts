import { reusableJson } from "../../http/answer-cache.ts";
import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/json.ts";

/** GET /versions/current — the released version of each product. */
export const versionsCurrent: Handler = (_request, { store, clock }) => {
  const current: Record<string, string> = {};
  for (const v of store.versions()) current[v.software] = v.releaseVersion;
  return reusableJson({ body: serialise(current, store.buildId), cacheControl: VERSIONS, validFrom: -Infinity, validUntil: Infinity }, clock());
};
