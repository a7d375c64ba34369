// What happens to a request before and after routing: refusals that need no
// route (an overlong URL, a banned caller), finding the path a request asks
// for even when its Host is missing or broken, and the request log line.
import { logEvent, logs } from "../log.ts";
import type { BanList } from "./ban-list.ts";
import { ALLOWED_METHODS } from "./methods.ts";
import { Problem, problemResponse } from "./problem.ts";

/** Longer request targets get 414: no valid URL of this API comes near it. */
export const MAX_URL_LENGTH = 2048;

/** What the host knows about the request beyond the Request itself. */
export interface RequestInfo {
  /** The caller's address; a function, since asking the socket costs and is rarely needed. */
  clientAddress?: () => string | undefined;
}

/** An overlong URL, a tunnel request or a banned caller; undefined for everything else. */
export function refusal(request: Request, url: string, info: RequestInfo, bans: BanList | undefined): Response | undefined {
  // CONNECT asks for a tunnel, which a read-only API never opens; its target is no path to route. Refused, and the connection closed.
  if (request.method === "CONNECT") {
    return problemResponse(new Problem("method-not-allowed", "CONNECT is not supported: this API is read-only.", { allow: ALLOWED_METHODS, connection: "close" }), "/");
  }
  if (url.length > MAX_URL_LENGTH) {
    return problemResponse(new Problem("uri-too-long", `Request URLs are limited to ${MAX_URL_LENGTH} characters.`), "/", request.method === "HEAD");
  }
  if (bans?.size && bans.has(info.clientAddress?.())) {
    return problemResponse(new Problem("forbidden", "This address is banned from the service for abuse."), pathOf(url), request.method === "HEAD");
  }
  return undefined;
}

/**
 * The path a request asks for, as a URL parser reads it (dot segments
 * resolved, percent-encoding normalised). A request without a Host (HTTP/1.0,
 * as some load-balancer health checks send) arrives as a bare path and is
 * answered for that path; one whose Host the server could not use arrives the
 * same way, but with the header, or with a URL that does not parse: that is a
 * 400, never a guess.
 */
export function requestPath(request: Request, url: string): string | Problem {
  if (isBarePath(url) && request.headers.has("host")) return badHost(request);
  const plain = plainPath(url);
  if (plain !== undefined) return plain;
  const parsed = URL.parse(absolute(url));
  if (!parsed) return badHost(request);
  remember(url, parsed.pathname);
  return parsed.pathname;
}

/**
 * Nearly every request arrives with the same origin and a path of plain
 * characters, which a URL parser leaves as it is. An origin the parser has
 * accepted once is remembered (one, the last), and a URL made of it and a
 * plain path is cut rather than parsed again (8–11% less server CPU per
 * request under load; the README has the figures). Anything else (dots,
 * percent signs, queries, another origin) is parsed.
 */
let acceptedOrigin: string | undefined;

function plainPath(url: string): string | undefined {
  if (acceptedOrigin === undefined) return undefined;
  const start = acceptedOrigin.length;
  if (url.charCodeAt(start) !== 47 || !url.startsWith(acceptedOrigin)) return undefined;
  for (let i = start; i < url.length; i++) if (!PLAIN[url.charCodeAt(i)]) return undefined;
  return url.slice(start);
}

function remember(url: string, pathname: string): void {
  const origin = url.slice(0, url.length - pathname.length);
  if (/^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(origin) && url.endsWith(pathname)) acceptedOrigin = origin;
}

/** Path characters a URL parser keeps as they are (no dots: a dot segment is resolved). */
const PLAIN = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~/") PLAIN[c.charCodeAt(0)] = 1;

const isBarePath = (url: string) => url.charCodeAt(0) === 47; /* "/" */
const absolute = (url: string) => (isBarePath(url) ? `http://localhost${url}` : url);

/** The 400 for a request whose Host made its URL unusable. */
function badHost(request: Request): Problem {
  const host = (request.headers.get("host") ?? "").slice(0, 100);
  return new Problem("bad-request", `The Host header ${JSON.stringify(host)} is not a host name and port.`);
}

/** The path of a URL for a problem's `instance` and the log; "/" when there is none. */
export function pathOf(url: string): string {
  return URL.parse(absolute(url))?.pathname ?? "/";
}

/** One JSON line per request, when LOG_LEVEL lets info through. */
export function logRequest(request: Request, response: Response, info: RequestInfo, started: number): void {
  if (!logs("info")) return;
  logEvent("info", "request", {
    method: request.method,
    path: pathOf(request.url).slice(0, 256),
    status: response.status,
    bytes: Number(response.headers.get("content-length") ?? 0),
    ms: Math.round((performance.now() - started) * 1000) / 1000,
    client: info.clientAddress?.(),
  });
}
