// What every handler is given besides the request.
import type { IRequest } from "itty-router";
import type { FeedStore } from "../data/feed-store.ts";
import type { Clock } from "../vat/uk-date.ts";

export interface AppContext {
  store: FeedStore;
  clock: Clock;
  /** The prefix every route sits under, for pages and documents that link to the API. */
  basePath: string;
}

export type Handler = (request: IRequest, context: AppContext) => Response | Promise<Response>;
