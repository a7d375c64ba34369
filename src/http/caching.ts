// HTTP caching: strong ETags from the database build and the body, 304s for
// If-None-Match, and how long each kind of answer may be cached.

/** A dated rate only changes if HMRC replaces a published file: a day, then a week stale while revalidating. */
export const DATED_RATE = "public, max-age=86400, stale-while-revalidate=604800";
/** Versions change with each DataTables release. */
export const VERSIONS = "public, max-age=3600, stale-while-revalidate=86400";
/** Errors are never cached: a CDN must not pin a 404 for a day. */
export const NO_STORE = "no-store";

/** The today route's answer changes at the next UK midnight, so it may be cached until then and not after. */
export function untilInstant(now: Date, expiresAt: number): string {
  return `public, max-age=${Math.max(0, Math.floor((expiresAt - now.getTime()) / 1000))}`;
}

/** Strong: the same database build and the same bytes give the same tag. */
export function etagFor(buildId: string, body: string): string {
  return `"${buildId.slice(0, 8)}-${Bun.hash(body).toString(36)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}

/** The 304 for a response whose ETag the client already has. */
export function notModified(response: Response): Response {
  const headers = new Headers();
  for (const name of ["etag", "cache-control", "vary", "content-location"]) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}
