// Opening a feed database with Bun's SQLite: read-only, checked, read whole
// through drizzle and closed again. The server holds no open file while it
// serves, so nothing done to the file on disk afterwards (renamed, truncated,
// overwritten) can reach a request.
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { checkDatabaseFile, DatabaseUnusable, readHandle, type FeedData } from "./feed-data.ts";

export { DatabaseUnusable };

/** Loads the database file at `path`; throws DatabaseUnusable with one line saying why it cannot be served. */
export function loadDatabaseFile(path: string): FeedData {
  checkDatabaseFile(path);
  return readHandle(path, () => new Database(path, { readonly: true, strict: true }), (sqlite) => drizzle(sqlite));
}

/** Checks and reads an open handle (a file, or one embedded in a compiled binary), then closes it. */
export function loadDatabase(sqlite: Database, label: string): FeedData {
  return readHandle(label, () => sqlite, (handle) => drizzle(handle));
}
