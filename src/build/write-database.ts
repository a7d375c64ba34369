// Writes a complete database beside the target, reads it back as a server
// would (structure, every row, the digest), and only then renames it into
// place: the previous file stays byte-for-byte as it was unless the new one
// is whole and servable.
import { Database } from "bun:sqlite";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { loadDatabaseFile } from "../data/open-bun.ts";
import type { Facts } from "../data/facts.ts";
import * as schema from "../data/schema.ts";
import { BuildError } from "./anomalies.ts";

const TEMP_MARK = ".build-";

/** Refuses a target that is not a file, before any work is spent on building it. */
export function checkTarget(path: string): void {
  if (existsSync(path) && !statSync(path).isFile()) throw new BuildError(path, undefined, "DATABASE_PATH is not a file (a directory?): point it at a file such as db/feed.sqlite");
}

export function writeDatabase(path: string, migrationsFolder: string, facts: Facts, buildInfo: Record<string, string>): void {
  checkTarget(path);
  mkdirSync(dirname(path), { recursive: true });
  removeStaleTemporaries(path);
  const temporary = `${path}${TEMP_MARK}${process.pid}`;
  try {
    const sqlite = new Database(temporary, { create: true, strict: true });
    try {
      // No journal and no syncs while writing a file nobody else can see yet:
      // it is fsynced once, whole, before the rename publishes it.
      sqlite.run("PRAGMA journal_mode = OFF");
      sqlite.run("PRAGMA synchronous = OFF");
      const db = drizzle(sqlite, { schema });
      migrate(db, { migrationsFolder });
      db.transaction((tx) => {
        insertAll(tx, schema.periods, facts.periods);
        insertAll(tx, schema.yearlyRates, facts.yearly);
        insertAll(tx, schema.currencies, facts.currencies);
        insertAll(tx, schema.versions, facts.versions.map((row, i) => ({ position: i + 1, ...row })));
        insertAll(tx, schema.anomalies, facts.anomalies.map((row, i) => ({ id: i + 1, ...row })));
        insertAll(tx, schema.buildInfo, Object.entries(buildInfo).map(([key, value]) => ({ key, value })));
      });
      sqlite.run("VACUUM");
    } finally {
      sqlite.close();
    }
    const fd = openSync(temporary, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // A file the server would refuse never lands: read it back as one would.
    loadDatabaseFile(temporary);
    renameSync(temporary, path);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/** A build killed mid-way leaves its temporary file; the next build clears it. */
function removeStaleTemporaries(path: string): void {
  const prefix = `${basename(path)}${TEMP_MARK}`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix)) rmSync(join(dirname(path), name), { force: true });
  }
}

/**
 * One prepared INSERT per table, run for each row: drizzle builds the SQL
 * once instead of for every multi-row VALUES list (which cost half a second).
 */
function insertAll<T extends SQLiteTable>(tx: Pick<BunSQLiteDatabase, "insert">, table: T, rows: readonly T["$inferInsert"][]): void {
  const first = rows[0];
  if (!first) return;
  const placeholders = Object.fromEntries(Object.keys(first).map((key) => [key, sql.placeholder(key)]));
  const statement = tx.insert(table).values(placeholders as T["$inferInsert"]).prepare();
  for (const row of rows) statement.run(row as Record<string, unknown>);
}
