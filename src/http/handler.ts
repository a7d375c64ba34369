// What a route handler is: the routed request (its params), and the slice of
// the prepared answers its feed needs, in; a Reply out. Handlers never build
// Responses and never speak to storage.
import type { IRequest } from "itty-router";
import type { Reply } from "./respond.ts";

export type Handler<Context> = (request: IRequest, context: Context) => Reply;
