// CORS: the feeds are public, so any origin may read them; a preflight is
// answered only for the methods the service has.
import { COMMON_HEADERS } from "./headers.ts";
import { ALLOWED_METHODS } from "./methods.ts";

/** The 204 for a CORS preflight asking for GET or HEAD; undefined for anything else. */
export function preflight(request: Request): Response | undefined {
  if (request.method !== "OPTIONS") return undefined;
  const wanted = request.headers.get("access-control-request-method");
  if (wanted !== "GET" && wanted !== "HEAD") return undefined;
  const headers: Record<string, string> = {
    ...COMMON_HEADERS,
    "access-control-allow-methods": ALLOWED_METHODS,
    "access-control-max-age": "86400",
  };
  const requested = request.headers.get("access-control-request-headers");
  if (requested) headers["access-control-allow-headers"] = requested;
  return new Response(null, { status: 204, headers });
}
