import type { Handler } from "../../http/handler.ts";
import { ok } from "../../http/prepared.ts";
import type { ServiceContext } from "../feed.ts";

/** GET /health — for load balancers and monitors: the database being served, what it covers, whether today is covered; never cached. */
export const health: Handler<ServiceContext> = (_request, { service, clock }) => ok(service.health(clock()));
