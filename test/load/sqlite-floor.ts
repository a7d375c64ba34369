// `bun test/load/sqlite-floor.ts <database>`: what opening a database costs
// before any of our code runs, in a fresh process. bun:sqlite alone (no
// drizzle, no row checks, nothing prepared) opens the file read-only, runs
// the same quick_check the server runs and reads every served table whole.
// The bench runs it beside the server's cold start, so a start-up figure can
// be read against the part of it that no JavaScript of ours can remove.
import { Database } from "bun:sqlite";
import { SERVED_TABLES } from "../../src/data/feed-data.ts";

const rss = () => process.memoryUsage().rss / 1_048_576;
const rssBefore = rss();
const started = performance.now();
const db = new Database(process.argv[2]!, { readonly: true });
db.run("PRAGMA cache_size = -256");
for (const table of SERVED_TABLES) db.query(`PRAGMA quick_check(${table})`).values();
const checked = performance.now();
let bytes = 0;
const held: unknown[] = [];
for (const table of SERVED_TABLES) {
  const rows = db.query(`SELECT * FROM ${table}`).values();
  for (const row of rows) for (const value of row) bytes += typeof value === "string" ? value.length : value instanceof Uint8Array ? value.byteLength : 8;
  held.push(rows);
}
const read = performance.now();
db.close();
console.log(JSON.stringify({ quickCheckMs: checked - started, readMs: read - checked, bytes, rssMiB: rss() - rssBefore, rows: held.length }));
