// The versions feed's answers for one database.
import type { FeedData } from "../data/feed-data.ts";
import { VERSIONS } from "../http/caching.ts";
import { prepareJson, type PreparedBody } from "../http/prepared.ts";
import type { VersionDetail } from "./schemas.ts";

export interface VersionAnswers {
  current: PreparedBody;
  detail: PreparedBody;
}

export function prepareVersions(data: FeedData): VersionAnswers {
  const current: Record<string, string> = {};
  const detail: Record<string, VersionDetail> = {};
  for (const v of data.versions) {
    current[v.software] = v.releaseVersion;
    detail[v.software] = { release: { version: v.releaseVersion, date: v.releaseDate }, nightly: { version: v.nightlyVersion, date: v.nightlyDate } };
  }
  return { current: prepareJson(current, VERSIONS), detail: prepareJson(detail, VERSIONS) };
}

export interface VersionsContext {
  versions: VersionAnswers;
}
