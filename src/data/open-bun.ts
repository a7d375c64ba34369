// Opening a feed database with Bun's SQLite: read-only, checked with
// PRAGMA quick_check, read whole through drizzle and closed again. The server
// holds no open file while it serves, so nothing done to the file on disk
// afterwards (renamed, truncated, overwritten) can reach a request.
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { statSync } from "node:fs";
import { DatabaseUnusable, readFeedData, SERVED_TABLES, type FeedData } from "./feed-data.ts";

export { DatabaseUnusable };

const REBUILD = "run `bun run db:build`";

/** Loads the database file at `path`; throws DatabaseUnusable with one line saying why it cannot be served. */
export function loadDatabaseFile(path: string): FeedData {
  let size: number;
  try {
    const stat = statSync(path);
    // A FIFO or a device would block the reader (and every request behind it).
    if (!stat.isFile()) throw new DatabaseUnusable(`database ${path} is not a regular file: ${REBUILD}`);
    size = stat.size;
  } catch (e) {
    if (e instanceof DatabaseUnusable) throw e;
    throw new DatabaseUnusable(`database ${path} does not exist: ${REBUILD}`);
  }
  if (size === 0) throw new DatabaseUnusable(`database ${path} is empty: ${REBUILD}`);
  let sqlite: Database;
  try {
    sqlite = new Database(path, { readonly: true, strict: true });
  } catch (e) {
    throw new DatabaseUnusable(`database ${path} cannot be opened (${(e as Error).message}): ${REBUILD}`);
  }
  return loadDatabase(sqlite, path);
}

/** Checks and reads an open handle (a file, or one embedded in a compiled binary), then closes it. */
export function loadDatabase(sqlite: Database, label: string): FeedData {
  try {
    let verdict: string;
    try {
      sqlite.run("PRAGMA query_only = ON");
      // Every page is read once: a large page cache would only hold on to memory after the file is closed.
      sqlite.run("PRAGMA cache_size = -256");
      // The tables a server reads, each with its indexes; the build's own
      // provenance tables (rates, anomalies: 80% of the file) are db:report's.
      verdict = [...SERVED_TABLES].map((table) => (sqlite.query(`PRAGMA quick_check(${table})`).values() as string[][]).map((r) => r[0]).join("; ")).find((v) => v !== "ok") ?? "ok";
    } catch (e) {
      throw new DatabaseUnusable(`database ${label} is not a feed database (${(e as Error).message}): ${REBUILD}`);
    }
    if (verdict !== "ok") throw new DatabaseUnusable(`database ${label} is damaged (quick_check: ${verdict.slice(0, 200)}): ${REBUILD}`);
    return readFeedData(drizzle(sqlite), label);
  } finally {
    sqlite.close();
  }
}
