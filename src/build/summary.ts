// The build's one-screen summary: what went in, what came out, what was odd.
import type { Anomaly } from "./anomalies.ts";
import type { BuildReport } from "./build-database.ts";

export function formatSummary(report: BuildReport, databasePath: string, seconds: number, verbose = false): string {
  const { log } = report;
  const lines = [
    `Built ${databasePath} (build ${report.buildId}) in ${seconds.toFixed(2)} s`,
    `  files       ${report.files.monthly} monthly, ${report.files.amendment} amendments: ${report.rows.toLocaleString("en-GB")} rows`,
    `  rates       ${report.periods.toLocaleString("en-GB")} periods for ${report.currencies} currencies, ${report.coverage.from} to ${report.coverage.to}`,
    `  software    ${report.software} products`,
    `  anomalies   ${log.count("warning")} warnings, ${log.count("notice")} notices`,
  ];
  const warnings = log.entries.filter((a) => a.severity === "warning");
  for (const a of warnings) lines.push(`  warning ${where(a)} ${a.message}`);
  const notices = log.entries.filter((a) => a.severity === "notice");
  if (verbose) {
    for (const a of notices) lines.push(`  notice  ${where(a)} ${a.message}`);
  } else {
    const byKind = Map.groupBy(notices, (a) => a.kind);
    for (const [kind, list] of byKind) {
      lines.push(`  notice  ${kind} ×${list.length}, e.g. ${where(list[0]!)} ${list[0]!.message}`);
    }
    if (notices.length > 0) lines.push("  (every notice with file and line: bun run db:build --verbose)");
  }
  return lines.join("\n");
}

function where(a: Anomaly): string {
  return `${a.file}:${a.line}`;
}
