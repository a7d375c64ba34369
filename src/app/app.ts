// The service as one web-standard fetch handler: refusals at the edge, then
// itty-router's routes, whose handlers pick prepared answers, then one place
// that turns the answer into a Response and logs it. Nothing on the way waits:
// a request is answered in the same turn it arrives.
import { Router, type IRequest } from "itty-router";
import type { BanList } from "../http/ban-list.ts";
import { preflight } from "../http/cors.ts";
import { dispatch } from "../http/dispatch.ts";
import { logRequest, refusal, requestPath, type RequestInfo } from "../http/edge.ts";
import { readOnly } from "../http/methods.ts";
import { Problem } from "../http/problem.ts";
import { respond, type Reply } from "../http/respond.ts";
import { logEvent, logs } from "../log.ts";
import { home } from "../service/routes/home.ts";
import { health } from "../service/routes/health.ts";
import { openApiJson } from "../service/routes/openapi-json.ts";
import { currencies } from "../vat/routes/currencies.ts";
import { currencyHistory, currencyHistoryCsv } from "../vat/routes/currency-history.ts";
import { exchangeRateOnDate } from "../vat/routes/exchange-rate-on-date.ts";
import { exchangeRateToday } from "../vat/routes/exchange-rate-today.ts";
import { exchangeRatesOnDate, exchangeRatesOnDateCsv } from "../vat/routes/exchange-rates-on-date.ts";
import { averageRate } from "../vat/routes/average-rate.ts";
import { currencySeriesList, currencyYearlyHistory } from "../vat/routes/currency-series.ts";
import { spotRate } from "../vat/routes/spot-rate.ts";
import { averageRates, averageRatesCsv, spotRates, spotRatesCsv } from "../vat/routes/yearly-tables.ts";
import { systemClock, type Clock } from "../lib/uk-date.ts";
import { versionsCurrent } from "../versions/routes/current.ts";
import { versionsDetail } from "../versions/routes/detail.ts";
import type { Answers } from "./answers.ts";

export type { RequestInfo };

export interface AppOptions {
  /** The answers to serve, or where to get the current ones (they change when the database is swapped). */
  answers: Answers | (() => Answers);
  basePath?: string;
  clock?: Clock;
  bans?: BanList;
}

export type FetchHandler = (request: Request, info?: RequestInfo) => Response;

/** What every handler is given: the current answers (each feed reads its own part) and the clock. */
type Context = Answers & { clock: Clock };

const NO_INFO: RequestInfo = {};

export function createApp({ answers, basePath = "", clock = systemClock, bans }: AppOptions): FetchHandler {
  const current = typeof answers === "function" ? answers : () => answers;
  // The router tries routes in order: the most asked-for first.
  const router = Router<IRequest, [Context]>({ base: basePath })
    .all("/vat/exchange-rate/:currency/:date", readOnly(exchangeRateOnDate))
    .all("/vat/exchange-rate/:currency", readOnly(exchangeRateToday))
    .all("/versions/current", readOnly(versionsCurrent))
    .all("/versions/detail", readOnly(versionsDetail))
    .all("/vat/exchange-rates/:date.csv", readOnly(exchangeRatesOnDateCsv))
    .all("/vat/exchange-rates/:date", readOnly(exchangeRatesOnDate))
    .all("/vat/currencies", readOnly(currencies))
    .all("/vat/currencies/:currency.csv", readOnly(currencyHistoryCsv))
    .all("/vat/currencies/:currency", readOnly(currencyHistory))
    .all("/average-rate/:currency/:period", readOnly(averageRate))
    .all("/spot-rate/:currency/:date", readOnly(spotRate))
    .all("/average-rates/:period.csv", readOnly(averageRatesCsv))
    .all("/average-rates/:period", readOnly(averageRates))
    .all("/spot-rates/:date.csv", readOnly(spotRatesCsv))
    .all("/spot-rates/:date", readOnly(spotRates))
    .all("/currencies", readOnly(currencySeriesList))
    .all("/currencies/:currency", readOnly(currencyYearlyHistory))
    .all("/health", readOnly(health))
    .all("/openapi.json", readOnly(openApiJson))
    .all("/", readOnly(home));

  return (request, info = NO_INFO) => {
    const started = logs("info") ? performance.now() : 0;
    const url = request.url;
    const early = refusal(request, url, info, bans) ?? preflight(request);
    if (early) return finish(early);
    const path = requestPath(request, url);
    if (path instanceof Problem) return finish(respond(request, path, "/"));
    let reply: Reply;
    try {
      reply = dispatch(router.routes, request.method, path, { ...current(), clock }) ?? new Problem("not-found", `There is nothing at ${path}.`);
    } catch (error) {
      // Ours, not the client's: logged, and never shown.
      logEvent("error", "unhandled error", { path, error: String((error as Error)?.stack ?? error) });
      reply = new Problem("internal", "The server failed to answer this request; it has been logged.");
    }
    return finish(respond(request, reply, path));

    function finish(response: Response): Response {
      logRequest(request, response, info, started);
      return response;
    }
  };
}
