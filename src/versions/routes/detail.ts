import { reusable, WHILE_DATABASE_LASTS } from "../../http/answer-cache.ts";
import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { serialise } from "../../http/prepared-body.ts";
import type { VersionDetail } from "../schemas.ts";

/** GET /versions/detail — release and nightly version of each product, with dates. */
export const versionsDetail: Handler = (request, { store, clock }) =>
  reusable(request, { cacheControl: VERSIONS, ...WHILE_DATABASE_LASTS }, clock(), () => {
    const detail: Record<string, VersionDetail> = {};
    for (const v of store.versions()) {
      detail[v.software] = {
        release: { version: v.releaseVersion, date: v.releaseDate },
        nightly: { version: v.nightlyVersion, date: v.nightlyDate },
      };
    }
    return serialise(detail, store.buildId);
  });
