// Opening a feed database with sql.js: SQLite compiled to WebAssembly, for
// hosts with no native SQLite and no writable disk, such as Deno Deploy. The
// file's bytes are read and opened in memory; the handle is closed once read.
import { drizzle } from "drizzle-orm/sql-js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import initSqlJs from "sql.js";
import { checkDatabaseFile, readHandle, type FeedData } from "./feed-data.ts";

/** Loads the WebAssembly module once (the only async step), then opens files synchronously. */
export async function sqlJsOpener(): Promise<(path: string) => FeedData> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
  const SQL = await initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  return (path) => {
    checkDatabaseFile(path);
    return readHandle(path, () => new SQL.Database(readFileSync(path)), (db) => drizzle(db));
  };
}
