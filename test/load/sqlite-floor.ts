// `bun test/load/sqlite-floor.ts <database>`: what opening a database costs
// before any of our code runs, in a fresh process. bun:sqlite alone (no
// drizzle, no row checks, nothing prepared) opens the file read-only, runs
// the same quick_check the server runs and reads every table whole.
// The bench runs it beside the server's cold start, so a start-up figure can
// be read against the part of it that no JavaScript of ours can remove.
import { Database } from "bun:sqlite";

const TABLES = ["build_info", "periods", "currencies", "versions", "anomalies"];

const rss = () => process.memoryUsage().rss / 1_048_576;
const rssBefore = rss();
const started = performance.now();
const db = new Database(process.argv[2]!, { readonly: true });
db.run("PRAGMA cache_size = -256");
db.query("PRAGMA quick_check").values();
const checked = performance.now();
// Held until the RSS is read, as a server holds what it read.
const tables = TABLES.map((table) => db.query(`SELECT * FROM ${table}`).values());
const read = performance.now();
db.close();
const rssMiB = rss() - rssBefore;
// Counted after the clock stopped: a loop in the interpreter is our cost, not SQLite's.
let bytes = 0;
for (const value of tables.flat(2)) bytes += typeof value === "string" ? value.length : value instanceof Uint8Array ? value.byteLength : 8;
console.log(JSON.stringify({ quickCheckMs: checked - started, readMs: read - checked, bytes, rssMiB }));
