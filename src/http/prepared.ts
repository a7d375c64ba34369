// An answer prepared once, when a database is opened: the body (text, or the
// UTF-8 bytes the build stored), its length in bytes and its ETag, and the headers every answer of its kind
// carries (the common ones, its content type and how long it may be cached).
// A database never changes while it is served, so a request only picks one of
// these and wraps it in a Response.
import type { StoredAnswer } from "../data/feed-data.ts";
import { DATED_RATE } from "./caching.ts";
import { etagFor } from "./etag.ts";
import { COMMON_HEADERS } from "./headers.ts";

export interface PreparedBody {
  content: string | Uint8Array<ArrayBuffer>;
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

/** Build time: an answer made whole, as the build stores it. */
export const toStored = (text: string, buildId: string): StoredAnswer => ({ body: utf8.encode(text), etag: etagFor(buildId, text) });

/** An answer the build made whole, as sent: a rate's day table or a currency's history. */
export const fromStored = ({ body, etag }: StoredAnswer, headers = DATED_JSON): PreparedBody => ({ content: body, etag, length: String(body.byteLength), headers });

export function prepareText(text: string, buildId: string, headers: Headers): PreparedBody {
  return { content: text, etag: etagFor(buildId, text), length: String(byteLength(text)), headers };
}

export function prepareJson(body: unknown, buildId: string, cacheControl: string): PreparedBody {
  return prepareText(JSON.stringify(body), buildId, answerHeaders(cacheControl));
}

/** What a handler answers with: a prepared body, and a Cache-Control of its own when it differs from its kind's. */
export interface Ok {
  body: PreparedBody;
  cacheControl?: string;
}

export const ok = (body: PreparedBody, cacheControl?: string): Ok => ({ body, cacheControl });
