// Opening a feed database with node:sqlite, as self-hosted Deno has it built
// in. drizzle has no node:sqlite driver; its synchronous durable-sqlite driver
// (written for Cloudflare's SqlStorage) reads through a few lines of adapter.
// An async driver would force the whole store async for no gain.
import { drizzle } from "drizzle-orm/durable-sqlite";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { checkDatabaseFile, readHandle, type FeedData } from "./feed-data.ts";

/** The part of SqlStorage the driver calls: exec runs the statement at once and hands back its rows. */
function sqlStorage(db: DatabaseSync) {
  return {
    sql: {
      exec(query: string, ...params: SQLInputValue[]) {
        const rows = db.prepare(query).all(...params);
        return {
          toArray: () => rows,
          // Columns in select order; the feed's queries never repeat a column name.
          raw: () => ({ toArray: () => rows.map((row) => Object.values(row)) }),
          next: () => ({ done: rows.length === 0, value: rows[0] }),
        };
      },
    },
    transactionSync: <T>(run: () => T): T => run(),
  };
}

/** Loads the database file at `path`; throws DatabaseUnusable with one line saying why it cannot be served. */
export function loadDatabaseFile(path: string): FeedData {
  checkDatabaseFile(path);
  return readHandle(path, () => new DatabaseSync(path, { readOnly: true }), (db) => drizzle(sqlStorage(db) as never));
}
