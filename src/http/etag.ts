// Strong ETags from the answer's bytes alone: the same body gives the same
// tag on every runtime and across rebuilds and updates that leave it as it
// was, so caches keep what did not change. SHA-256 from node:crypto is there
// on Bun, Deno and Deno Deploy alike; 22 base64url digits keep 132 bits.
import { createHash } from "node:crypto";

export function etagFor(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}
