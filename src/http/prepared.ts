// An answer prepared once, when a database is opened: the body's text, its
// length in bytes and its ETag, and the headers every answer of its kind
// carries. A database never changes while it is served, so a request only
// picks one of these and wraps it in a Response.
import { etagFor } from "./etag.ts";
import { COMMON_HEADERS } from "./headers.ts";

export interface PreparedBody {
  text: string;
  etag: string;
  /** Content-Length, in bytes. */
  length: string;
  /** What every response with this body starts from: the common headers and the content type. */
  base: Headers;
}

const utf8 = new TextEncoder();

/** Bytes of `text` in UTF-8. */
export function byteLength(text: string): number {
  return utf8.encode(text).byteLength;
}

export const JSON_BASE = new Headers({ ...COMMON_HEADERS, "content-type": "application/json; charset=utf-8" });

export function prepareText(text: string, buildId: string, base: Headers = JSON_BASE): PreparedBody {
  return { text, etag: etagFor(buildId, text), length: String(byteLength(text)), base };
}

export function prepareJson(body: unknown, buildId: string): PreparedBody {
  return prepareText(JSON.stringify(body), buildId);
}

/** What a handler answers with: a prepared body and how long caches may keep it. */
export interface Ok {
  body: PreparedBody;
  cacheControl: string;
}

export const ok = (body: PreparedBody, cacheControl: string): Ok => ({ body, cacheControl });
