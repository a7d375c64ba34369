// JSON answers. The serialised body and its ETag are worth keeping: a
// database file never changes while open, so the same query always gives the
// same bytes (see response-cache.ts).
import { etagFor } from "./caching.ts";
import { COMMON_HEADERS } from "./headers.ts";

export interface JsonBody {
  text: string;
  etag: string;
  length: string;
  /** The headers last sent with it, reused while the Cache-Control is the same (a Headers is 3× cheaper to pass than an object). */
  headers?: { cacheControl: string; headers: Headers };
}

export function serialise(body: unknown, buildId: string): JsonBody {
  const text = JSON.stringify(body);
  return { text, etag: etagFor(buildId, text), length: String(Buffer.byteLength(text)) };
}

/** A 200 JSON response with its length, ETag and caching set. */
export function jsonResponse(body: JsonBody, cacheControl: string): Response {
  if (body.headers?.cacheControl !== cacheControl) {
    const headers = new Headers({
      ...COMMON_HEADERS,
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
      etag: body.etag,
      "cache-control": cacheControl,
    });
    body.headers = { cacheControl, headers };
  }
  // The Response copies the headers, so the cached set is never changed by it.
  return new Response(body.text, { headers: body.headers.headers });
}
