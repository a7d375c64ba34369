import { VERSIONS } from "../../http/caching.ts";
import type { Handler } from "../../http/context.ts";
import { jsonResponse } from "../../http/json.ts";

/** GET /versions/current — the released version of each product. */
export const versionsCurrent: Handler = (_request, { store }) => {
  const body: Record<string, string> = {};
  for (const v of store.versions()) body[v.software] = v.releaseVersion;
  return jsonResponse(body, { cache: VERSIONS, buildId: store.buildId });
};
