// The service's own answers for one database: the page, the OpenAPI document
// and the health report. Both documents link to the API, so they are
// prepared for the base path the server runs under. The health report says
// whether today is covered, so it is made again when the UK date changes.
import type { FeedData } from "../data/feed-data.ts";
import { NO_STORE, VERSIONS } from "../http/caching.ts";
import { answerHeaders, prepareJson, prepareText, type PreparedBody } from "../http/prepared.ts";
import { dayNumber } from "../lib/calendar.ts";
import { ukToday, type Clock } from "../lib/uk-date.ts";
import { freshness as dataFreshness } from "../lib/publication.ts";
import type { Health } from "./health.ts";
import { landingPage, pageCsp } from "./landing-page.ts";
import { openApiDocument } from "./openapi.ts";

export interface ServiceAnswers {
  home: PreparedBody;
  openApi: PreparedBody;
  /** The health report for the UK day of `now`. */
  health: (now: Date) => PreparedBody;
}

export function prepareService(data: FeedData, basePath: string): ServiceAnswers {
  const { buildId, builtAt, coverage } = data;
  const page = landingPage({ basePath, coverage, currencies: data.currencies.length, buildId });
  // The page and the document change with a release, like the versions.
  const pageHeaders = answerHeaders(VERSIONS, "text/html; charset=utf-8", { "content-security-policy": pageCsp() });
  const healthOn = (today: string): PreparedBody => {
    const daysBehind = Math.max(0, dayNumber(today) - dayNumber(coverage.to));
    const freshness = { newestDate: coverage.to, today, todayCovered: today >= coverage.from && daysBehind === 0, daysBehind, ...dataFreshness(coverage.to, today) };
    const health: Health = { status: "ok", build: buildId, builtAt, coverage, currencies: data.currencies.length, freshness };
    return prepareJson(health, NO_STORE);
  };
  let report: { date: string; body: PreparedBody } | undefined;
  return {
    home: prepareText(page, pageHeaders),
    openApi: prepareJson(openApiDocument(basePath), VERSIONS),
    health: (now) => {
      const { date } = ukToday(now);
      if (report?.date !== date) report = { date, body: healthOn(date) };
      return report.body;
    },
  };
}

export interface ServiceContext {
  service: ServiceAnswers;
  clock: Clock;
}
