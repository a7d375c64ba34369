// Writes a complete database beside the target and renames it into place, so
// the previous file stays byte-for-byte as it was unless the new one is whole.
import { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "../data/schema.ts";

export interface DatabaseContent {
  rates: (typeof schema.rates.$inferInsert)[];
  currencies: (typeof schema.currencies.$inferInsert)[];
  versions: (typeof schema.versions.$inferInsert)[];
  buildInfo: Record<string, string>;
  anomalies: (typeof schema.anomalies.$inferInsert)[];
}

const TEMP_MARK = ".build-";

export function writeDatabase(path: string, migrationsFolder: string, content: DatabaseContent): void {
  mkdirSync(dirname(path), { recursive: true });
  removeStaleTemporaries(path);
  const temporary = `${path}${TEMP_MARK}${process.pid}`;
  try {
    const sqlite = new Database(temporary, { create: true, strict: true });
    try {
      const db = drizzle(sqlite, { schema });
      migrate(db, { migrationsFolder });
      db.transaction((tx) => {
        for (const chunk of chunks(content.rates)) tx.insert(schema.rates).values(chunk).run();
        for (const chunk of chunks(content.currencies)) tx.insert(schema.currencies).values(chunk).run();
        for (const chunk of chunks(content.anomalies)) tx.insert(schema.anomalies).values(chunk).run();
        tx.insert(schema.versions).values(content.versions).run();
        const info = Object.entries(content.buildInfo).map(([key, value]) => ({ key, value }));
        tx.insert(schema.buildInfo).values(info).run();
      });
      sqlite.run("VACUUM");
    } finally {
      sqlite.close();
    }
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

function* chunks<T>(rows: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
