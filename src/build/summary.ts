// The build's summary: what went in, what came out, and how much was odd.
// Every anomaly is listed with --verbose (and by `bun run db:report`); a
// plain build, as `bun install` runs one, says only how many there are.
import type { Anomaly } from "./anomalies.ts";
import type { BuildReport } from "./build-database.ts";

export function formatSummary(report: BuildReport, databasePath: string, seconds: number, verbose = false): string {
  const { log } = report;
  const lines = [
    `Built ${databasePath} (build ${report.buildId}) in ${seconds.toFixed(2)} s`,
    `  files       ${report.files.monthly} monthly, ${report.files.amendment} amendments: ${report.rows.toLocaleString("en-GB")} rows; ${report.files.average} average and ${report.files.spot} spot files: ${report.yearlyRates.toLocaleString("en-GB")} yearly rates`,
    `  rates       ${report.periods.toLocaleString("en-GB")} periods for ${report.currencies} currencies, ${report.coverage.from} to ${report.coverage.to}`,
    `  software    ${report.software} products`,
    `  anomalies   ${log.count("warning")} warnings, ${log.count("notice")} notices in HMRC's files, each with file and line: ${verbose ? "below" : "bun run db:report (or db:build --verbose) lists them"}`,
  ];
  if (verbose) for (const a of log.entries) lines.push(`  ${a.severity.padEnd(7)} ${where(a)} ${a.message}`);
  return lines.join("\n");
}

function where(a: Anomaly): string {
  return `${a.file}:${a.line}`;
}
