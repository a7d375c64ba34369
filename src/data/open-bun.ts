// Opening a feed database with Bun's SQLite: read-only, checked, read whole
// through drizzle and closed again. The server holds no open file while it
// serves, so nothing done to the file on disk afterwards (renamed, truncated,
// overwritten) can reach a request.
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { checkAndReadFeedData, checkDatabaseFile, DatabaseUnusable, type FeedData } from "./feed-data.ts";

export { DatabaseUnusable };

/** Loads the database file at `path`; throws DatabaseUnusable with one line saying why it cannot be served. */
export function loadDatabaseFile(path: string): FeedData {
  checkDatabaseFile(path);
  let sqlite: Database;
  try {
    sqlite = new Database(path, { readonly: true, strict: true });
  } catch (e) {
    throw new DatabaseUnusable(`database ${path} cannot be opened (${(e as Error).message}): run \`bun run db:build\``);
  }
  return loadDatabase(sqlite, path);
}

/** Checks and reads an open handle (a file, or one embedded in a compiled binary), then closes it. */
export function loadDatabase(sqlite: Database, label: string): FeedData {
  try {
    return checkAndReadFeedData(drizzle(sqlite), label);
  } finally {
    sqlite.close();
  }
}
