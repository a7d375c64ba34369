// The service's own answers for one database: the page, the OpenAPI document
// and the health report. Both documents link to the API, so they are
// prepared for the base path the server runs under.
import type { FeedData } from "../data/feed-data.ts";
import { NO_STORE, VERSIONS } from "../http/caching.ts";
import { answerHeaders, prepareJson, prepareText, type PreparedBody } from "../http/prepared.ts";
import type { Health } from "./health.ts";
import { landingPage, pageCsp } from "./landing-page.ts";
import { openApiDocument } from "./openapi.ts";

export interface ServiceAnswers {
  home: PreparedBody;
  openApi: PreparedBody;
  health: PreparedBody;
}

export function prepareService(data: FeedData, basePath: string): ServiceAnswers {
  const { buildId, builtAt, coverage } = data;
  const page = landingPage({ basePath, coverage, currencies: data.currencies.length, buildId });
  // The page and the document change with a release, like the versions.
  const pageHeaders = answerHeaders(VERSIONS, "text/html; charset=utf-8", { "content-security-policy": pageCsp() });
  const health: Health = { status: "ok", build: buildId, builtAt, coverage, currencies: data.currencies.length };
  return {
    home: prepareText(page, buildId, pageHeaders),
    openApi: prepareJson(openApiDocument(basePath), buildId, VERSIONS),
    health: prepareJson(health, buildId, NO_STORE),
  };
}

export interface ServiceContext {
  service: ServiceAnswers;
}
