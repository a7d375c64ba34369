// The service's own answers for one database: the page, the OpenAPI document
// and the health report. Both documents link to the API, so they are
// prepared for the base path the server runs under.
import type { FeedData } from "../data/feed-data.ts";
import { COMMON_HEADERS } from "../http/headers.ts";
import { prepareJson, prepareText, type PreparedBody } from "../http/prepared.ts";
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
  const pageHeaders = new Headers({ ...COMMON_HEADERS, "content-type": "text/html; charset=utf-8", "content-security-policy": pageCsp() });
  const health: Health = { status: "ok", build: buildId, builtAt, coverage, currencies: data.currencies.length };
  return {
    home: prepareText(page, buildId, pageHeaders),
    openApi: prepareJson(openApiDocument(basePath), buildId),
    health: prepareJson(health, buildId),
  };
}

export interface ServiceContext {
  service: ServiceAnswers;
}
