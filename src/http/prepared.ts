// An answer prepared once per database: the body, its length in bytes and
// its ETag, and the headers every answer of its kind carries (the common
// ones, its content type and how long it may be cached). A database never
// changes while it is served, so an answer made once is right for as long as
// that database is; a request only picks one and wraps it in a Response.
import { DATED_RATE } from "./caching.ts";
import { etagFor } from "./etag.ts";
import { COMMON_HEADERS } from "./headers.ts";

export interface PreparedBody {
  /** The body's UTF-8 bytes, encoded once: a string body would be encoded again for every response. */
  content: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Content-Length, in bytes. */
  length: string;
  /** Shared by every answer of this kind; never changed once made. */
  headers: Headers;
}

export const JSON_TYPE = "application/json; charset=utf-8";

/** The headers of a kind of answer, made once per kind. */
export function answerHeaders(cacheControl: string, contentType = JSON_TYPE, extra: Record<string, string> = {}): Headers {
  return new Headers({ ...COMMON_HEADERS, "content-type": contentType, ...extra, "cache-control": cacheControl });
}

/** The headers of every dated JSON answer: a rate, a day's table, a currency's history. */
export const DATED_JSON = answerHeaders(DATED_RATE);

const utf8 = new TextEncoder();
// Counting bytes into a reused buffer allocates nothing; only a text too long for it is encoded whole.
const scratch = new Uint8Array(16_384);

/** Bytes of `text` in UTF-8. */
export function byteLength(text: string): number {
  const { read, written } = utf8.encodeInto(text, scratch);
  return read === text.length ? written : utf8.encode(text).byteLength;
}

export function prepareText(text: string, headers: Headers = DATED_JSON): PreparedBody {
  const content = utf8.encode(text);
  return { content, etag: etagFor(content), length: String(content.byteLength), headers };
}

export function prepareJson(body: unknown, cacheControl: string): PreparedBody {
  return prepareText(JSON.stringify(body), answerHeaders(cacheControl));
}

/**
 * `make(key)` made once per key and kept: for answers a database can give
 * many of (a rate per period, a table per stretch of days) but a server is
 * asked for few, so opening a file costs nothing per answer. Exact, because
 * the database behind them never changes while it is held.
 */
export function memoised<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined && !made.has(key)) made.set(key, (value = make(key)));
    return value as V;
  };
}

/** What a handler answers with: a prepared body, and a Cache-Control of its own when it differs from its kind's. */
export interface Ok {
  body: PreparedBody;
  cacheControl?: string;
}

export const ok = (body: PreparedBody, cacheControl?: string): Ok => ({ body, cacheControl });
