// The build: upstream snapshot in, one read-only SQLite file out.
import { join } from "node:path";
import { factsDigest, periodValues, sortFacts, yearlyValues, type Facts } from "../data/facts.ts";
import { SCHEMA_VERSION } from "../data/schema.ts";
import { currencyName } from "../vat/currency-name.ts";
import { AnomalyLog } from "./anomalies.ts";
import { applyCorrections, loadCorrections } from "./corrections.ts";
import { importRates, type ImportedRate, type RateImport } from "./import-rates.ts";
import { importYearly } from "./import-yearly.ts";
import { readHmrcSources, sha256 } from "./sources.ts";
import { readVersions } from "./versions-source.ts";
import { checkTarget, writeDatabase } from "./write-database.ts";

export interface BuildOptions {
  upstreamDir: string;
  databasePath: string;
  correctionsPath: string;
  /** The corrections file was named explicitly: it must exist. */
  correctionsRequired?: boolean;
  migrationsDir: string;
}

export interface BuildReport {
  buildId: string;
  files: { monthly: number; amendment: number; average: number; spot: number };
  /** Average and spot rates, one per currency per file. */
  yearlyRates: number;
  rows: number;
  periods: number;
  currencies: number;
  coverage: { from: string; to: string };
  software: number;
  log: AnomalyLog;
}

/** `now`: when the build says it was made (PipelineConfig.builtAt). */
export function buildDatabase(options: BuildOptions, now: Date = new Date()): BuildReport {
  checkTarget(options.databasePath);
  const log = new AnomalyLog();
  const sources = readHmrcSources(join(options.upstreamDir, "hmrc"));
  const corrections = loadCorrections(options.correctionsPath, options.correctionsRequired);
  applyCorrections(sources, corrections, log);
  const imported = importRates(sources, log);
  const yearly = importYearly(sources, imported.rates, log);
  const versions = readVersions(join(options.upstreamDir, "versions.csv"));
  const currencies = currenciesOf(imported);
  // Codes only the yearly series have (older currencies, 2010–2013): ICU's name, or HMRC's from its newest yearly file.
  const vatCodes = new Set(currencies.map((c) => c.code));
  const yearlyOnly = [...yearly.names].filter(([code]) => !vatCodes.has(code)).map(([code, hmrcName]) => ({ code, name: currencyName(code, hmrcName), hmrcName }));

  const facts: Facts = sortFacts({
    periods: imported.rates,
    yearly: yearly.rates,
    currencies: [...currencies.map(({ code, name, hmrcName }) => ({ code, name, hmrcName })), ...yearlyOnly],
    versions: versions.rows,
    anomalies: log.entries,
  });
  // The digest covers every fact a server reads, so the build id cut from it changes exactly when a fact does.
  const digest = factsDigest(facts.periods.map(periodValues), facts.yearly.map(yearlyValues), facts);
  const coverage = {
    from: currencies.reduce((m, c) => (c.firstDate < m ? c.firstDate : m), currencies[0]!.firstDate),
    to: currencies.reduce((m, c) => (c.lastDate > m ? c.lastDate : m), currencies[0]!.lastDate),
  };
  const report: BuildReport = {
    buildId: digest.slice(0, 16),
    files: {
      monthly: sources.filter((f) => f.kind === "monthly").length,
      amendment: sources.filter((f) => f.kind === "amendment").length,
      average: sources.filter((f) => f.kind === "average").length,
      spot: sources.filter((f) => f.kind === "spot").length,
    },
    yearlyRates: yearly.rates.length,
    rows: imported.rowCount,
    periods: imported.rates.length,
    currencies: currencies.length,
    coverage,
    software: versions.rows.length,
    log,
  };
  writeDatabase(options.databasePath, options.migrationsDir, facts, {
    schema_version: SCHEMA_VERSION,
    facts_sha256: digest,
    built_at: now.toISOString(),
    counts: JSON.stringify({ files: report.files, rows: report.rows, periods: report.periods, currencies: report.currencies, software: report.software }),
    sources: JSON.stringify([
      ...sources.map((f) => ({ file: `hmrc/${f.name}`, sha256: f.sha256, rows: f.records.length })),
      { file: versions.name, sha256: versions.sha256, rows: versions.rows.length },
      { file: "corrections.json", sha256: sha256(JSON.stringify(corrections)), rows: corrections.length },
    ]),
  });
  return report;
}

function currenciesOf({ rates, files }: RateImport) {
  // HMRC's own name backs up ICU's: the latest monthly one, since the
  // amendment lists carry typos ("E Carribean Dollar").
  const hmrcNames = new Map<string, string>();
  for (const { file, rates } of files) {
    for (const { row } of rates.flatMap((r) => r.rows)) {
      if (file.kind === "monthly" || !hmrcNames.has(row.code)) hmrcNames.set(row.code, row.currencyName);
    }
  }
  const byCode = new Map<string, { code: string; name: string; hmrcName: string; firstDate: string; lastDate: string }>();
  for (const r of rates) {
    const c = byCode.get(r.currencyCode);
    if (!c) {
      const hmrcName = hmrcNames.get(r.currencyCode)!;
      byCode.set(r.currencyCode, { code: r.currencyCode, name: currencyName(r.currencyCode, hmrcName), hmrcName, firstDate: r.startsOn, lastDate: r.endsOn });
    } else {
      if (r.startsOn < c.firstDate) c.firstDate = r.startsOn;
      if (r.endsOn > c.lastDate) c.lastDate = r.endsOn;
    }
  }
  return [...byCode.values()];
}
