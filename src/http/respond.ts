// Where a handler's answer becomes a Response, in one place: 304 for a
// matching If-None-Match, no body for HEAD, the common headers, problems as
// problem+json.
import { ifNoneMatchHits } from "./caching.ts";
import { COMMON_HEADERS } from "./headers.ts";
import type { Ok } from "./prepared.ts";
import { Problem, problemResponse } from "./problem.ts";

export type Reply = Ok | Problem;

const NOT_MODIFIED_BASE = new Headers(COMMON_HEADERS);

/** `path` is the request's, named in a problem's body as its `instance`. */
export function respond(request: Request, reply: Reply, path: string): Response {
  const head = request.method === "HEAD";
  if (reply instanceof Problem) return problemResponse(reply, path, head);
  const { body, cacheControl } = reply;
  const condition = request.headers.get("if-none-match");
  if (condition !== null && ifNoneMatchHits(condition, body.etag)) {
    const headers = new Headers(NOT_MODIFIED_BASE);
    headers.set("etag", body.etag);
    headers.set("cache-control", cacheControl ?? body.headers.get("cache-control")!);
    return new Response(null, { status: 304, headers });
  }
  // The kind's shared headers are copied by the Response itself; only what differs per answer is added to its copy.
  const response = new Response(head ? null : body.content, { headers: body.headers });
  const headers = response.headers;
  // Bun adds Date only to a response with a body; HEAD answers carry it as GET's do.
  if (head) headers.set("date", new Date().toUTCString());
  headers.set("content-length", body.length);
  headers.set("etag", body.etag);
  if (cacheControl !== undefined) headers.set("cache-control", cacheControl);
  return response;
}
