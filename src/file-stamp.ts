// Whether a watched file (the database, the ban list) changed.
/**
 * Size and modification time of a file, or "missing" (an empty file is as
 * good as missing). Bun.file rather than node:fs: loading node's fs module
 * costs the server a quarter of its start-up (#6).
 */
export function fileStamp(path: string): string {
  const file = Bun.file(path);
  return file.size === 0 ? "missing" : `${file.size}:${file.lastModified}`;
}
