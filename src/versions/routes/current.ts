import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/prepared-body.ts";

/** GET /versions/current — the released version of each product. */
export const versionsCurrent: Handler = (request, { store, clock }) =>
  reusable(request, { cacheControl: VERSIONS, ...WHILE_DATABASE_LASTS }, clock(), () => {
    const current: Record<string, string> = {};
    for (const v of store.versions()) current[v.software] = v.releaseVersion;
    return serialise(current, store.buildId);
  });
