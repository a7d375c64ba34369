// `bun run start:deno` (or `deno task start`): the same service under Deno.
// SQLITE_DRIVER=node:sqlite (the default) for a self-hosted Deno; sql.js for
// hosts with no native SQLite, such as Deno Deploy.
import { loadDatabaseFile } from "./data/open-node-sqlite.ts";
import { listenDeno } from "./listen-deno.ts";
import { start } from "./start.ts";

void start(listenDeno, {
  "node:sqlite": () => loadDatabaseFile,
  // Loaded only when chosen: its WebAssembly costs a start that does not use it.
  "sql.js": async () => (await import("./data/open-sql-js.ts")).sqlJsOpener(),
});
