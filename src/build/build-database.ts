// The build: upstream snapshot in, one read-only SQLite file out.
import { join } from "node:path";
import { SCHEMA_VERSION } from "../data/schema.ts";
import { currencyName } from "../vat/currency-name.ts";
import { AnomalyLog } from "./anomalies.ts";
import { applyCorrections, loadCorrections } from "./corrections.ts";
import { importRates, type RateImport } from "./import-rates.ts";
import { readHmrcSources, sha256 } from "./sources.ts";
import { readVersions } from "./versions-source.ts";
import { writeDatabase } from "./write-database.ts";

export interface BuildOptions {
  upstreamDir: string;
  databasePath: string;
  correctionsPath: string;
  migrationsDir: string;
}

export interface BuildReport {
  buildId: string;
  files: { monthly: number; amendment: number };
  rows: number;
  periods: number;
  currencies: number;
  coverage: { from: string; to: string };
  software: number;
  log: AnomalyLog;
}

export function buildDatabase(options: BuildOptions): BuildReport {
  const log = new AnomalyLog();
  const sources = readHmrcSources(join(options.upstreamDir, "hmrc"));
  const corrections = loadCorrections(options.correctionsPath);
  applyCorrections(sources, corrections, log);
  const imported = importRates(sources, log);
  const versions = readVersions(join(options.upstreamDir, "versions.csv"));
  const currencies = currenciesOf(imported);

  // The build id names the inputs, so the same snapshot always gets the same id.
  const inputs = [`schema ${SCHEMA_VERSION}`, ...sources.map((f) => `${f.name} ${f.sha256}`), `versions ${versions.sha256}`, `corrections ${sha256(JSON.stringify(corrections))}`];
  const buildId = sha256(inputs.join("\n")).slice(0, 16);
  const coverage = {
    from: currencies.reduce((m, c) => (c.firstDate < m ? c.firstDate : m), currencies[0]!.firstDate),
    to: currencies.reduce((m, c) => (c.lastDate > m ? c.lastDate : m), currencies[0]!.lastDate),
  };

  writeDatabase(options.databasePath, options.migrationsDir, {
    rates: imported.rates,
    currencies,
    versions: versions.rows,
    anomalies: log.entries,
    buildInfo: {
      schema_version: SCHEMA_VERSION,
      build_id: buildId,
      coverage_from: coverage.from,
      coverage_to: coverage.to,
      sources: JSON.stringify(inputs.slice(1)),
    },
  });

  return {
    buildId,
    files: {
      monthly: sources.filter((f) => f.kind === "monthly").length,
      amendment: sources.filter((f) => f.kind === "amendment").length,
    },
    rows: imported.rowCount,
    periods: imported.rates.length,
    currencies: currencies.length,
    coverage,
    software: versions.rows.length,
    log,
  };
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
