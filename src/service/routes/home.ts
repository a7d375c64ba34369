import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { ServiceContext } from "../feed.ts";

/** GET / — the page: what the service is, a lookup form, the routes, coverage and attribution. */
export const home: Handler<ServiceContext> = (_request, { service }) => ok(service.home);
