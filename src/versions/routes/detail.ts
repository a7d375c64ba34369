import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse } from "../../http/json.ts";
import type { VersionDetail } from "../schemas.ts";


/** GET /versions/detail — release and nightly version of each product, with dates. */
export const versionsDetail: Handler = (_request, { store }) => {
  const body: Record<string, VersionDetail> = {};
  for (const v of store.versions()) {
    body[v.software] = {
      release: { version: v.releaseVersion, date: v.releaseDate },
      nightly: { version: v.nightlyVersion, date: v.nightlyDate },
    };
  }
  return jsonResponse(body, { cache: VERSIONS, buildId: store.buildId });
};
