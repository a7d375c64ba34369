// `bun run db:build [--verbose]`: rebuilds DATABASE_PATH from UPSTREAM_DIR.
// Exits non-zero with the file and line at fault; the old database is untouched then.
import { loadConfig } from "../config.ts";
import { BuildError } from "./anomalies.ts";
import { buildDatabase } from "./build-database.ts";
import { formatSummary } from "./summary.ts";

const config = loadConfig();
const started = performance.now();
try {
  const report = buildDatabase(config);
  const seconds = (performance.now() - started) / 1000;
  console.log(formatSummary(report, config.databasePath, seconds, process.argv.includes("--verbose")));
} catch (e) {
  if (!(e instanceof BuildError)) throw e;
  console.error(`db:build failed: ${e.message}`);
  console.error(`The database at ${config.databasePath} was left as it was.`);
  process.exit(1);
}
