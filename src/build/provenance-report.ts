// `bun run db:report`: where every figure in a database came from — when it
// was built, from which files (with their SHA-256), how many rows, what each
// currency covers, and every warning and correction.
import { asc } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { FeedDb } from "../data/feed-data.ts";
import { DatabaseUnusable, loadDatabaseFile } from "../data/open-bun.ts";
import { anomalies, buildInfo, currencies } from "../data/schema.ts";

interface Source {
  file: string;
  sha256: string;
  rows: number;
}

export function provenanceReport(db: FeedDb, verbose = false): string {
  const info = Object.fromEntries(db.select().from(buildInfo).all().map((r) => [r.key, r.value]));
  const sources: Source[] = JSON.parse(info.sources ?? "[]");
  const counts = JSON.parse(info.counts ?? "{}");
  const found = db.select().from(anomalies).orderBy(asc(anomalies.id)).all();
  const out = [
    `Build ${info.build_id}, schema ${info.schema_version}, built ${info.built_at}`,
    `Content SHA-256 ${info.content_hash}`,
    `Covers ${info.coverage_from} to ${info.coverage_to}: ${counts.periods} periods for ${counts.currencies} currencies from ${counts.rows} rows; ${counts.software} software products`,
    "",
    `Sources (${sources.length}):`,
    ...sources.map((s) => `  ${s.sha256}  ${String(s.rows).padStart(4)} rows  ${s.file}`),
    "",
    "Coverage per currency:",
    ...db
      .select()
      .from(currencies)
      .orderBy(asc(currencies.code))
      .all()
      .map((c) => `  ${c.code}  ${c.firstDate} to ${c.lastDate}  ${c.name}`),
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
  const { databasePath } = loadConfig();
  try {
    loadDatabaseFile(databasePath); // refuses, with the reason, a file the server would refuse
    const sqlite = new Database(databasePath, { readonly: true });
    console.log(provenanceReport(drizzle(sqlite), process.argv.includes("--verbose")));
    sqlite.close();
  } catch (e) {
    if (!(e instanceof DatabaseUnusable)) throw e;
    console.error(`db:report: ${e.message}`);
    process.exit(1);
  }
}
