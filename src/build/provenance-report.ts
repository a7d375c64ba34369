// `bun run db:report`: where every figure in a database came from — when it
// was built, from which files (with their SHA-256), how many rows, what each
// currency covers, and every warning and correction.
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { loadPipelineConfig } from "../config.ts";
import type { FeedData, FeedDb } from "../data/feed-data.ts";
import { DatabaseUnusable, loadDatabaseFile } from "../data/open-bun.ts";
import { buildInfo } from "../data/schema.ts";
import { freshness } from "../lib/publication.ts";
import { ukDate } from "../lib/uk-date.ts";

interface Source {
  file: string;
  sha256: string;
  rows: number;
}

/** `data`: the file as a server reads it (checked whole); `db`: the same file, for the build's own provenance entries. */
export function provenanceReport(data: FeedData, db: FeedDb, verbose = false, today = ukDate(new Date())): string {
  const fresh = freshness(data.coverage.to, today);
  const info = Object.fromEntries(db.select().from(buildInfo).all().map((r) => [r.key, r.value]));
  const sources: Source[] = JSON.parse(info.sources ?? "[]");
  const counts = JSON.parse(info.counts ?? "{}");
  const found = data.anomalies;
  const out = [
    `Build ${data.buildId}, schema ${info.schema_version}, built ${info.built_at}`,
    `Facts SHA-256 ${info.facts_sha256}`,
    fresh.behind
      ? `BEHIND on ${today}: HMRC has published up to ${fresh.publishedThrough}; this database lacks ${fresh.missingMonths.join(", ")}: run \`bun run db:update\`. HMRC publishes next on ${fresh.nextPublication}.`
      : `Current on ${today}: HMRC has published up to ${fresh.publishedThrough} and this database has it; HMRC publishes next on ${fresh.nextPublication}.`,
    `Covers ${data.coverage.from} to ${data.coverage.to}: ${counts.periods} periods for ${counts.currencies} currencies from ${counts.rows} rows; ${counts.software} software products`,
    "",
    `Sources (${sources.length}):`,
    ...sources.map((s) => `  ${s.sha256}  ${String(s.rows).padStart(4)} rows  ${s.file}`),
    "",
    "Coverage per currency:",
    ...data.currencies.map((c) => `  ${c.code}  ${c.firstDate} to ${c.lastDate}  ${c.name}`),
    "",
    `Warnings and corrections (${found.filter((a) => a.severity === "warning").length}):`,
    ...found.filter((a) => a.severity === "warning").map((a) => `  ${a.file}:${a.line} [${a.kind}] ${a.message}`),
    "",
    `Notices (${found.filter((a) => a.severity === "notice").length}):`,
  ];
  const notices = found.filter((a) => a.severity === "notice");
  if (verbose) out.push(...notices.map((a) => `  ${a.file}:${a.line} [${a.kind}] ${a.message}`));
  else for (const [kind, list] of Map.groupBy(notices, (a) => a.kind)) out.push(`  ${kind} ×${list.length} (first ${list[0]!.file}:${list[0]!.line}); --verbose lists all`);
  return out.join("\n");
}

if (import.meta.main) {
  const { databasePath } = loadPipelineConfig();
  try {
    const data = loadDatabaseFile(databasePath); // refuses, with the reason, a file the server would refuse
    const sqlite = new Database(databasePath, { readonly: true });
    console.log(provenanceReport(data, drizzle(sqlite), process.argv.includes("--verbose")));
    sqlite.close();
  } catch (e) {
    if (!(e instanceof DatabaseUnusable)) throw e;
    console.error(`db:report: ${e.message}`);
    process.exit(1);
  }
}
