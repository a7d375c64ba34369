// Strong ETags: the same database build and the same bytes give the same tag,
// on every runtime. The build stores each rate's tag; the few answers that
// depend on the server's settings (the page, the OpenAPI document under
// BASE_PATH) are tagged when a database is prepared, never per request.
// SHA-256 from node:crypto is there on Bun, Deno and Deno Deploy alike.
import { createHash } from "node:crypto";

export function etagFor(buildId: string, body: string): string {
  return `"${buildId.slice(0, 8)}-${createHash("sha256").update(body).digest("base64url").slice(0, 16)}"`;
}
