import { etagFor } from "./caching.ts";

export interface JsonOptions {
  /** The Cache-Control to send. */
  cache: string;
  /** The database build the answer came from, for the ETag. */
  buildId: string;
}

/** A 200 JSON response with its length, ETag and caching set. */
export function jsonResponse(body: unknown, { cache, buildId }: JsonOptions): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(text)),
      etag: etagFor(buildId, text),
      "cache-control": cache,
    },
  });
}
