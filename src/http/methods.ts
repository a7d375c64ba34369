// The service is read-only: GET and HEAD on every route, 405 for the rest.
import type { Handler } from "./handler.ts";
import { Problem } from "./problem.ts";

export const ALLOWED_METHODS = "GET, HEAD";

/** A route's handler for GET and HEAD, with 405 for any other method (a wrapper, not a middleware: one step less per request). */
export function readOnly<Context>(handler: Handler<Context>): Handler<Context> {
  return (request, context) =>
    request.method === "GET" || request.method === "HEAD"
      ? handler(request, context)
      : new Problem("method-not-allowed", `${request.method} is not supported: this API is read-only.`, { allow: ALLOWED_METHODS });
}
