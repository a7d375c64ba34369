// The service as one web-standard fetch handler: wires the routes, and turns
// anything that went wrong into a problem+json response.
import { Router, type IRequest } from "itty-router";
import type { FeedStore } from "../data/feed-store.ts";
import { exchangeRateOnDate } from "../vat/routes/exchange-rate-on-date.ts";
import { exchangeRateToday } from "../vat/routes/exchange-rate-today.ts";
import { systemClock, type Clock } from "../vat/uk-date.ts";
import { versionsCurrent } from "../versions/routes/current.ts";
import { versionsDetail } from "../versions/routes/detail.ts";
import type { AppContext } from "./context.ts";
import { readOnly, withoutBodyForHead } from "./methods.ts";
import { Problem, problemResponse } from "./problem.ts";

export interface AppOptions {
  /** The store, or where to get the current one (it changes when the database is swapped). */
  store: FeedStore | (() => FeedStore);
  clock?: Clock;
  basePath?: string;
}

export type FetchHandler = (request: Request) => Promise<Response>;

export function createApp({ store, clock = systemClock, basePath = "" }: AppOptions): FetchHandler {
  const currentStore = typeof store === "function" ? store : () => store;
  const router = Router<IRequest, [AppContext]>({
    base: basePath,
    catch: (error, request) => errorResponse(error, request),
  });
  router
    .all("/vat/exchange-rate/:currency", readOnly, exchangeRateToday)
    .all("/vat/exchange-rate/:currency/:date", readOnly, exchangeRateOnDate)
    .all("/versions/current", readOnly, versionsCurrent)
    .all("/versions/detail", readOnly, versionsDetail);

  return async (request) => {
    let response: Response;
    try {
      const context: AppContext = { store: currentStore(), clock };
      response = (await router.fetch(request, context)) ?? notFound(request);
    } catch (error) {
      response = errorResponse(error, request);
    }
    return withoutBodyForHead(response, request);
  };
}

function notFound(request: Request): Response {
  const path = safePath(request);
  return problemResponse(new Problem("not-found", `There is nothing at ${path}.`), path);
}

function errorResponse(error: unknown, request: Request): Response {
  const instance = safePath(request);
  if (error instanceof Problem) return problemResponse(error, instance);
  // Internals stay in the log, never in the answer.
  console.error(JSON.stringify({ level: "error", path: instance, error: String((error as Error)?.stack ?? error) }));
  return problemResponse(new Problem("internal", "The server failed to answer this request; it has been logged."), instance);
}

function safePath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "/";
  }
}
