// The service is read-only: GET and HEAD on every route, 405 for the rest.
import type { IRequest } from "itty-router";
import { Problem } from "./problem.ts";

export const ALLOWED_METHODS = "GET, HEAD";

/** Route middleware: lets GET and HEAD through, answers anything else 405. */
export function readOnly(request: IRequest, ..._context: unknown[]): Problem | undefined {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  return new Problem("method-not-allowed", `${request.method} is not supported: this API is read-only.`, { allow: ALLOWED_METHODS });
}
