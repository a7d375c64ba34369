// Whether a watched file (the database, the ban list) changed: its identity,
// size and modification time, or "missing".
import { statSync } from "node:fs";

export function fileStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
}
