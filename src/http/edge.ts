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
  const parsed = URL.parse(absolute(url));
  return parsed ? parsed.pathname : badHost(request);
}

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
