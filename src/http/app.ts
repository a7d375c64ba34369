// The service as one web-standard fetch handler. The router wires the
// routes; around it, the edge refuses what must be refused (overlong URLs,
// banned callers), answers CORS preflights, replays answers it already gave
// for the same path without routing, turns errors into problem+json, answers
// conditional requests with 304, drops the body for HEAD and logs a line per
// request. Everything but a routed miss is synchronous.
import { Router, type IRequest } from "itty-router";
import type { FeedStore } from "../data/feed-store.ts";
import { logEvent, logs } from "../log.ts";
import { home } from "../docs/routes/home.ts";
import { openApiJson } from "../docs/routes/openapi-json.ts";
import { currencies } from "../vat/routes/currencies.ts";
import { exchangeRateOnDate } from "../vat/routes/exchange-rate-on-date.ts";
import { exchangeRateToday } from "../vat/routes/exchange-rate-today.ts";
import { systemClock, type Clock } from "../vat/uk-date.ts";
import { versionsCurrent } from "../versions/routes/current.ts";
import { versionsDetail } from "../versions/routes/detail.ts";
import { AnswerCache, etagOf, rawPath, type Answered } from "./answer-cache.ts";
import type { BanList } from "./ban-list.ts";
import { ifNoneMatchHits, notModified } from "./caching.ts";
import type { AppContext } from "./context.ts";
import { preflight } from "./cors.ts";
import { withCommonHeaders } from "./headers.ts";
import { health } from "./health.ts";
import { readOnly, withoutBody } from "./methods.ts";
import { Problem, problemResponse } from "./problem.ts";

/** Longer request targets get 414: no valid URL of this API comes near it. */
export const MAX_URL_LENGTH = 2048;

export interface AppOptions {
  /** The store, or where to get the current one (it changes when the database is swapped). */
  store: FeedStore | (() => FeedStore);
  clock?: Clock;
  basePath?: string;
  bans?: BanList;
}

/** What the host knows about the request beyond the Request itself. */
export interface RequestInfo {
  /** The caller's address; a function, since asking the socket costs and is rarely needed. */
  clientAddress?: () => string | undefined;
}

export type FetchHandler = (request: Request, info?: RequestInfo) => Response | Promise<Response>;

const NO_INFO: RequestInfo = {};

export function createApp({ store, clock = systemClock, basePath = "", bans }: AppOptions): FetchHandler {
  const currentStore = typeof store === "function" ? store : () => store;
  const answers = new AnswerCache();
  const router = Router<IRequest, [AppContext]>({ base: basePath, catch: errorResponse });
  router
    .all("/vat/exchange-rate/:currency", readOnly, exchangeRateToday)
    .all("/vat/exchange-rate/:currency/:date", readOnly, exchangeRateOnDate)
    .all("/vat/currencies", readOnly, currencies)
    .all("/versions/current", readOnly, versionsCurrent)
    .all("/versions/detail", readOnly, versionsDetail)
    .all("/health", readOnly, health)
    .all("/openapi.json", readOnly, openApiJson)
    .all("/", readOnly, home);

  async function routed(request: Request, store: FeedStore, path: string): Promise<Answered> {
    try {
      const response = (await router.fetch(request, { store, clock, basePath })) ?? notFound(request);
      return { response, answer: answers.remember(store, path, response) };
    } catch (error) {
      return { response: errorResponse(error, request) };
    }
  }

  return (request, info = NO_INFO) => {
    const started = performance.now();
    const early = refusal(request, info) ?? preflight(request);
    if (early) return finished(request, { response: early }, info, started);
    const store = currentStore();
    const path = rawPath(request.url);
    const known = request.method === "GET" || request.method === "HEAD" ? answers.replay(store, path, clock) : undefined;
    if (known) return finished(request, known, info, started);
    return routed(request, store, path).then((answered) => finished(request, answered, info, started));
  };

  /** What is refused before anything else: an overlong URL, a banned caller. */
  function refusal(request: Request, info: RequestInfo): Response | undefined {
    if (request.url.length > MAX_URL_LENGTH) {
      return problemResponse(new Problem("uri-too-long", `Request URLs are limited to ${MAX_URL_LENGTH} characters.`), "/");
    }
    if (bans?.size && bans.has(info.clientAddress?.())) {
      return problemResponse(new Problem("forbidden", "This address is banned from the service for abuse."), safePath(request));
    }
    return undefined;
  }
}

/** What every answer goes through last: 304 for a matching ETag, common headers, HEAD, the log line. */
function finished(request: Request, { response, answer }: Answered, info: RequestInfo, started: number): Response {
  // A remembered answer knows its ETag and was built with the common headers,
  // so its Response's headers are not read (that showed under a crawl, #6).
  const etag = answer ? etagOf(answer) : response.status === 200 ? response.headers.get("etag") : null;
  if (etag && ifNoneMatchHits(request.headers.get("if-none-match"), etag)) response = notModified(response);
  if (!answer || response.status === 304) response = withCommonHeaders(response);
  if (request.method === "HEAD") response = withoutBody(response);
  if (logs("info")) {
    logEvent("info", "request", {
      method: request.method,
      path: safePath(request).slice(0, 256),
      status: response.status,
      bytes: Number(response.headers.get("content-length") ?? 0),
      ms: Math.round((performance.now() - started) * 1000) / 1000,
      client: info.clientAddress?.(),
    });
  }
  return response;
}

function notFound(request: Request): Response {
  const path = safePath(request);
  return problemResponse(new Problem("not-found", `There is nothing at ${path}.`), path);
}

function errorResponse(error: unknown, request: Request): Response {
  const instance = safePath(request);
  if (error instanceof Problem) return problemResponse(error, instance);
  // Internals stay in the log, never in the answer.
  logEvent("error", "unhandled error", { path: instance, error: String((error as Error)?.stack ?? error) });
  return problemResponse(new Problem("internal", "The server failed to answer this request; it has been logged."), instance);
}

function safePath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "/";
  }
}
