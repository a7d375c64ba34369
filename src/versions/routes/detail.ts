import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse } from "../../http/json.ts";

export interface VersionDetail {
  release: { version: string; date: string };
  nightly: { version: string; date: string };
}

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
