// `bun run db:build [--verbose]`: rebuilds DATABASE_PATH from UPSTREAM_DIR.
// Exits non-zero with the file and line at fault; the old database is untouched then.
import { loadPipelineConfig } from "../config.ts";
import { BuildError } from "./anomalies.ts";
import { buildDatabase } from "./build-database.ts";
import { formatSummary } from "./summary.ts";

const config = (() => {
  try {
    return loadPipelineConfig();
  } catch (e) {
    console.error(`db:build failed: configuration: ${(e as Error).message}`);
    process.exit(1);
  }
})();
const started = performance.now();
try {
  const report = buildDatabase(config, config.builtAt);
  const seconds = (performance.now() - started) / 1000;
  console.log(formatSummary(report, config.databasePath, seconds, process.argv.includes("--verbose")));
} catch (e) {
  // One line, as for every refusal; the stack only helps us, with --verbose.
  if (!(e instanceof BuildError) && process.argv.includes("--verbose")) console.error(e);
  console.error(`db:build failed: ${e instanceof BuildError ? e.message : `${config.databasePath}: ${(e as Error).message}`}`);
  console.error(`The database at ${config.databasePath} was left as it was.`);
  process.exit(1);
}
