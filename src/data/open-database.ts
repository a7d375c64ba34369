// Opens the built database for serving: read-only, refusing a file that is
// missing, not SQLite, or built for another schema version, with one line
// saying what is wrong and what to run.
import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema.ts";
import { fileStamp } from "../file-stamp.ts";
import { parsePackedUkDays, type PackedUkDays } from "../vat/uk-days.ts";

export type FeedDb = BunSQLiteDatabase;

export class DatabaseUnusable extends Error {
  override name = "DatabaseUnusable";
}

export interface OpenedDatabase {
  db: FeedDb;
  sqlite: Database;
  buildId: string;
  builtAt: string;
  coverage: { from: string; to: string };
  /** When each UK day begins, for the span the build worked out (checked, still packed); absent from older builds. */
  ukDays?: PackedUkDays;
}

export function openDatabase(path: string): OpenedDatabase {
  const rebuild = "run `bun run db:build`";
  if (fileStamp(path) === "missing") {
    const { existsSync } = require("node:fs") as typeof import("node:fs"); // only on this failing path
    throw new DatabaseUnusable(`database ${path} ${existsSync(path) ? "is empty" : "does not exist"}: ${rebuild}`);
  }
  let sqlite: Database;
  try {
    sqlite = new Database(path, { readonly: true, strict: true });
  } catch (e) {
    throw new DatabaseUnusable(`database ${path} cannot be opened (${(e as Error).message}): ${rebuild}`);
  }
  return checkedDatabase(sqlite, path);
}

/** Checks an open handle (a file, or one embedded in a compiled binary) is a feed database this server can read. */
export function checkedDatabase(sqlite: Database, label: string): OpenedDatabase {
  const rebuild = "run `bun run db:build`";
  let info: Map<string, string>;
  let db: FeedDb;
  try {
    // Belt and braces: even a statement that slipped through could not write.
    sqlite.run("PRAGMA query_only = ON");
    sqlite.run("PRAGMA cache_size = -256");
    db = drizzle(sqlite); // no relational schema: only the query builder is used
    info = new Map(db.select().from(schema.buildInfo).all().map((r) => [r.key, r.value]));
  } catch (e) {
    sqlite.close();
    throw new DatabaseUnusable(`database ${label} is not a feed database (${(e as Error).message}): ${rebuild}`);
  }
  const version = info.get("schema_version");
  if (version !== schema.SCHEMA_VERSION || !info.get("build_id")) {
    sqlite.close();
    throw new DatabaseUnusable(`database ${label} has schema version ${version ?? "none"}, this server needs ${schema.SCHEMA_VERSION}: ${rebuild}`);
  }
  let ukDays: PackedUkDays | undefined;
  try {
    const packed = info.get("uk_days");
    ukDays = packed === undefined ? undefined : parsePackedUkDays(packed);
  } catch (e) {
    sqlite.close();
    throw new DatabaseUnusable(`database ${label} has an unreadable uk_days entry (${(e as Error).message}): ${rebuild}`);
  }
  return {
    db,
    sqlite,
    ukDays,
    buildId: info.get("build_id")!,
    builtAt: info.get("built_at") ?? "",
    coverage: { from: info.get("coverage_from") ?? "", to: info.get("coverage_to") ?? "" },
  };
}
