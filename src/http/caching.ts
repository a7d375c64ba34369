// HTTP caching: how long each kind of answer may be kept, and conditional requests.

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

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}
