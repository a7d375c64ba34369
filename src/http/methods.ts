// The service is read-only: GET and HEAD on every route, 405 for the rest.
import type { IRequest } from "itty-router";
import { Problem } from "./problem.ts";

export const ALLOWED_METHODS = "GET, HEAD";

/** Route middleware: lets GET and HEAD through, answers anything else 405. */
export function readOnly(request: IRequest, ..._context: unknown[]): undefined {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  throw new Problem("method-not-allowed", `${request.method} is not supported: this API is read-only.`, { allow: ALLOWED_METHODS });
}

/** HEAD answers exactly as GET would, headers and length included, without the body. */
export function withoutBody(response: Response): Response {
  if (response.body === null) return response;
  // Every response this service builds carries its Content-Length, so the body need not be read.
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
