// The build: upstream snapshot in, one read-only SQLite file out.
import { join } from "node:path";
import { SCHEMA_VERSION } from "../data/schema.ts";
import { currencyName } from "../vat/currency-name.ts";
import { packTimeline } from "../data/packed-timeline.ts";
import { etagFor } from "../http/etag.ts";
import { isoDay } from "../lib/calendar.ts";
import type { Timeline } from "../data/feed-data.ts";
import { historyAnswers } from "../vat/currency-history.ts";
import { tableAnswers } from "../vat/daily-tables.ts";
import { timelineColumns } from "../vat/period.ts";
import type { ExchangeRate } from "../vat/schemas.ts";
import { AnomalyLog } from "./anomalies.ts";
import { applyCorrections, loadCorrections } from "./corrections.ts";
import { importRates, type ImportedRate, type RateImport } from "./import-rates.ts";
import { readHmrcSources, sha256 } from "./sources.ts";
import { readVersions } from "./versions-source.ts";
import { checkTarget, writeDatabase } from "./write-database.ts";

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

export function buildDatabase(options: BuildOptions, now: Date = buildTime()): BuildReport {
  checkTarget(options.databasePath);
  const log = new AnomalyLog();
  const sources = readHmrcSources(join(options.upstreamDir, "hmrc"));
  const corrections = loadCorrections(options.correctionsPath);
  applyCorrections(sources, corrections, log);
  const imported = importRates(sources, log);
  const versions = readVersions(join(options.upstreamDir, "versions.csv"));
  const currencies = currenciesOf(imported);

  // The content hash covers exactly what is served, so it (and the build id
  // cut from it, which ETags use) changes only when an answer can.
  const contentHash = sha256(JSON.stringify([imported.rates, currencies, versions.rows]));
  const buildId = contentHash.slice(0, 16);
  const coverage = {
    from: currencies.reduce((m, c) => (c.firstDate < m ? c.firstDate : m), currencies[0]!.firstDate),
    to: currencies.reduce((m, c) => (c.lastDate > m ? c.lastDate : m), currencies[0]!.lastDate),
  };
  const report: BuildReport = {
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

  // The answers made of many rates are made here, once, from the same timelines a server reads.
  const served = timelinesOf(imported.rates, currencies, buildId);
  const answers = { buildId, currencies: [...currencies].sort((a, b) => (a.code < b.code ? -1 : 1)), timelines: served.byCode };
  writeDatabase(options.databasePath, options.migrationsDir, {
    rates: imported.rates,
    timelines: served.rows,
    dayTables: tableAnswers(answers).map(asBlob),
    histories: historyAnswers(answers).map(asBlob),
    currencies,
    versions: versions.rows,
    anomalies: log.entries,
    buildInfo: {
      schema_version: SCHEMA_VERSION,
      build_id: buildId,
      content_hash: contentHash,
      built_at: now.toISOString(),
      coverage_from: coverage.from,
      coverage_to: coverage.to,
      counts: JSON.stringify({ files: report.files, rows: report.rows, periods: report.periods, currencies: report.currencies, software: report.software }),
      sources: JSON.stringify([
        ...sources.map((f) => ({ file: `hmrc/${f.name}`, sha256: f.sha256, rows: f.records.length })),
        { file: versions.name, sha256: versions.sha256, rows: versions.rows.length },
        { file: "corrections.json", sha256: sha256(JSON.stringify(corrections)), rows: corrections.length },
      ]),
    },
  });
  return report;
}

/**
 * Each currency's periods packed for serving (the `timelines` table), with
 * each period's answer as the server sends it: the ExchangeRate JSON (its
 * rate is the published decimal, checked to be exact as a JSON number) and
 * its ETag.
 */
function timelinesOf(rates: readonly ImportedRate[], currencies: readonly { code: string; name: string }[], buildId: string) {
  const names = new Map(currencies.map((c) => [c.code, c.name]));
  const byCode = new Map<string, Timeline>();
  const rows = [...Map.groupBy(rates, (r) => r.currencyCode)].map(([currencyCode, periods]) => {
    const columns = timelineColumns(periods);
    const bodies = columns.rates.map((rate, i) => {
      const body: ExchangeRate = { currencyCode, currencyName: names.get(currencyCode)!, effectiveFrom: isoDay(columns.starts[i]!), rate: Number(rate) };
      return JSON.stringify(body);
    });
    const timeline = { ...columns, bodies, etags: bodies.map((body) => etagFor(buildId, body)) };
    byCode.set(currencyCode, timeline);
    const packed = packTimeline(timeline);
    return { currencyCode, ...packed, periods: Buffer.from(packed.periods) };
  });
  return { rows, byCode };
}

/** drizzle's blob columns take a Buffer: the same bytes, not a copy. */
const asBlob = <T extends { body: Uint8Array }>(row: T) => ({ ...row, body: Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength) });

/** Now, or SOURCE_DATE_EPOCH (seconds) for a byte-identical rebuild. */
function buildTime(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  return epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
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
