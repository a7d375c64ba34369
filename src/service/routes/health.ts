import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { ServiceContext } from "../feed.ts";

/** GET /health — for load balancers and operators: the database being served and what it covers; never cached. */
export const health: Handler<ServiceContext> = (_request, { service }) => ok(service.health);
