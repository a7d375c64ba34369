// Strong ETags: the same database build and the same bytes give the same tag.
// Worked out once per answer when a database is prepared, never per request.
// Bun.hash (wyhash) keeps the tags every client and CDN already holds; it is
// the last Bun-only call outside the opener and the listener, and moves with
// the Deno port (#15), which may change the tags once.
export function etagFor(buildId: string, body: string): string {
  return `"${buildId.slice(0, 8)}-${Bun.hash(body).toString(36)}"`;
}
