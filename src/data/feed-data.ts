// Everything a server answers from, read out of a feed database in one pass
// through drizzle, checked row by row with valibot and against the digest the
// build recorded, then arranged for lookups. Runtime-neutral: it
// takes any synchronous drizzle SQLite database, so the openers (bun:sqlite,
// node:sqlite on Deno, sql.js) only differ in how they open the file.
import { sql } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { statSync } from "node:fs";
import * as v from "valibot";
import { factsDigest, FACT_ORDER, type AnomalyFact, type Facts, type PeriodFact, type VersionFact, type YearlyFact } from "./facts.ts";
import { AnomalyRow, BuildInfo, CurrencyRow, PeriodRow, VersionRow, YearlyRateRow } from "./row-checks.ts";
import { anomalies, buildInfo, currencies, periods, SCHEMA_VERSION, versions, yearlyRates } from "./schema.ts";

// Any synchronous drizzle SQLite database: the schema is not needed to read.
export type FeedDb = BaseSQLiteDatabase<"sync", any>;

/** A database this server cannot serve: the message says what is wrong and what to run. */
export class DatabaseUnusable extends Error {
  override name = "DatabaseUnusable";
}

export interface CurrencyRecord {
  code: string;
  name: string;
  /** The first and last day its periods cover. */
  firstDate: string;
  lastDate: string;
}

export type VersionRecord = VersionFact;

export interface FeedData {
  /** The first 16 hex digits of the facts' digest: changes exactly when a fact does. */
  buildId: string;
  builtAt: string;
  coverage: { from: string; to: string };
  /** Sorted by code. */
  currencies: CurrencyRecord[];
  /** Each currency's VAT periods by start, by code: the currencies listed above, each with at least one. */
  periods: Map<string, PeriodFact[]>;
  /** Every currency's served name, whichever series it is in. */
  names: Map<string, string>;
  /** HMRC's average and spot rates, by series, period and code. */
  yearly: YearlyFact[];
  /** In the export's order: DataTables, then its extensions. */
  versions: VersionRecord[];
  anomalies: AnomalyFact[];
}

const REBUILD = "run `bun run db:build`";
const PERIOD_COLUMNS = ["currency_code", "starts_on", "ends_on", "kind", "rate", "source", "note"];
const YEARLY_COLUMNS = ["series", "period", "currency_code", "rate", "source"];

/** A database file a server may open: a regular file (a FIFO or a device would block the reader, and every request behind it), not empty. */
export function checkDatabaseFile(path: string): void {
  let stat;
  try {
    stat = statSync(path);
  } catch (e) {
    // A file this process may not read is not a missing one: Deno without --allow-read says NotCapable.
    const { name, code } = e as { name?: string; code?: string };
    if (name === "NotCapable" || name === "PermissionDenied" || code === "EACCES" || code === "EPERM") {
      throw new DatabaseUnusable(`database ${path} cannot be read: permission denied (on Deno, grant --allow-read=${path})`);
    }
    throw new DatabaseUnusable(`database ${path} does not exist: ${REBUILD}`);
  }
  if (!stat.isFile()) throw new DatabaseUnusable(`database ${path} is not a regular file: ${REBUILD}`);
  if (stat.size === 0) throw new DatabaseUnusable(`database ${path} is empty: ${REBUILD}`);
}

/** Opens a handle with `open`, checks and reads it through `asDrizzle`, and closes it whatever happens: every opener's shape. */
export function readHandle<H extends { close(): void }>(label: string, open: () => H, asDrizzle: (handle: H) => FeedDb): FeedData {
  let handle: H;
  try {
    handle = open();
  } catch (e) {
    throw new DatabaseUnusable(`database ${label} cannot be opened (${(e as Error).message}): ${REBUILD}`);
  }
  try {
    return checkAndReadFeedData(asDrizzle(handle), label);
  } finally {
    handle.close();
  }
}

/** Checks the whole file with PRAGMA quick_check, then reads it; the caller closes the handle. */
export function checkAndReadFeedData(db: FeedDb, label: string): FeedData {
  let verdict: string;
  try {
    db.run(sql`PRAGMA query_only = ON`);
    // Every page is read once: a large page cache would only hold on to memory after the file is closed.
    db.run(sql`PRAGMA cache_size = -256`);
    verdict = db.values<[string]>(sql`PRAGMA quick_check`).map((r) => r[0]).join("; ");
  } catch (e) {
    throw new DatabaseUnusable(`database ${label} is not a feed database (${(e as Error).message}): ${REBUILD}`);
  }
  if (verdict !== "ok") throw new DatabaseUnusable(`database ${label} is damaged (quick_check: ${verdict.slice(0, 200)}): ${REBUILD}`);
  return readFeedData(db, label);
}

/** Reads and checks the whole database; throws DatabaseUnusable naming `label` and the first fault. */
export function readFeedData(db: FeedDb, label: string): FeedData {
  const fail = (what: string): never => {
    throw new DatabaseUnusable(`database ${label} ${what}: ${REBUILD}`);
  };
  let info: Record<string, string>;
  let raw: { [K in Exclude<keyof Facts, "periods" | "yearly">]: unknown[] };
  let periodRows: unknown[][];
  let yearlyRows: unknown[][];
  try {
    info = Object.fromEntries(db.select().from(buildInfo).all().map((r) => [r.key, r.value]));
    if (info.schema_version !== SCHEMA_VERSION) fail(`has schema version ${info.schema_version ?? "none"}, this server needs ${SCHEMA_VERSION}`);
    // As rows of values: one object per period would cost a server's start more than anything else it does.
    periodRows = db.select({ currencyCode: periods.currencyCode, startsOn: periods.startsOn, endsOn: periods.endsOn, kind: periods.kind, rate: periods.rate, source: periods.source, note: periods.note }).from(periods).orderBy(sql.raw(FACT_ORDER.periods)).values();
    yearlyRows = db.select({ series: yearlyRates.series, period: yearlyRates.period, currencyCode: yearlyRates.currencyCode, rate: yearlyRates.rate, source: yearlyRates.source }).from(yearlyRates).orderBy(sql.raw(FACT_ORDER.yearly)).values();
    raw = {
      currencies: db.select({ code: currencies.code, name: currencies.name, hmrcName: currencies.hmrcName }).from(currencies).orderBy(sql.raw(FACT_ORDER.currencies)).all(),
      versions: db
        .select({ software: versions.software, npmPackage: versions.npmPackage, releaseVersion: versions.releaseVersion, releaseDate: versions.releaseDate, nightlyVersion: versions.nightlyVersion, nightlyDate: versions.nightlyDate })
        .from(versions)
        .orderBy(versions.position)
        .all(),
      anomalies: db.select({ severity: anomalies.severity, kind: anomalies.kind, file: anomalies.file, line: anomalies.line, message: anomalies.message }).from(anomalies).orderBy(anomalies.id).all(),
    };
  } catch (e) {
    if (e instanceof DatabaseUnusable) throw e;
    return fail(`is not a feed database (${(e as Error).message})`);
  }
  /** `columns` names a row of values' fields, for the message. */
  const checked = <S extends v.GenericSchema>(schema: S, value: unknown, where: string, columns: readonly string[] = []): v.InferOutput<S> => {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    const issue = result.issues[0];
    const path = issue.path?.map((p: { key: unknown }) => (typeof p.key === "number" ? (columns[p.key] ?? String(p.key)) : String(p.key))).join(".");
    return fail(`has a bad ${where}${path ? ` (${path})` : ""}: ${issue.message}`);
  };
  const build = checked(BuildInfo, info, "build_info");
  const periodValues = periodRows.map((r, i) => checked(PeriodRow, r, `periods row ${i + 1}`, PERIOD_COLUMNS));
  const yearlyValues = yearlyRows.map((r, i) => checked(YearlyRateRow, r, `yearly_rates row ${i + 1}`, YEARLY_COLUMNS));
  const facts: Omit<Facts, "periods" | "yearly"> = {
    currencies: raw.currencies.map((r, i) => checked(CurrencyRow, r, `currencies row ${i + 1}`)),
    versions: raw.versions.map((r, i) => checked(VersionRow, r, `versions row ${i + 1}`)),
    anomalies: raw.anomalies.map((r, i) => checked(AnomalyRow, r, `anomalies row ${i + 1}`)),
  };
  if (factsDigest(periodValues, yearlyValues, facts) !== build.facts_sha256) fail("does not hold the facts its build wrote (their SHA-256 differs from the one recorded)");
  if (facts.currencies.length === 0) fail("has no currencies");
  if (facts.versions.length === 0) fail("has no versions");

  // Periods come ordered by code, so each currency's are one run.
  const byCode = new Map<string, PeriodFact[]>();
  for (const [currencyCode, startsOn, endsOn, kind, rate, source, note] of periodValues) {
    let list = byCode.get(currencyCode);
    if (!list) byCode.set(currencyCode, (list = []));
    list.push({ currencyCode, startsOn, endsOn, kind, rate, source, note });
  }
  const names = new Map(facts.currencies.map((c) => [c.code, c.name]));
  const yearly = yearlyValues.map(([series, period, currencyCode, rate, source]): YearlyFact => ({ series, period, currencyCode, rate, source }));
  const inYearly = new Set(yearly.map((y) => y.currencyCode));
  for (const code of [...byCode.keys(), ...inYearly]) if (!names.has(code)) fail(`has rates for ${code}, a currency it does not list`);
  const currencyList = facts.currencies.flatMap(({ code, name }): CurrencyRecord[] => {
    const list = byCode.get(code);
    if (!list) return inYearly.has(code) ? [] : fail(`has no rates for ${code}`);
    let lastDate = list[0]!.endsOn;
    for (const p of list) if (p.endsOn > lastDate) lastDate = p.endsOn;
    return [{ code, name, firstDate: list[0]!.startsOn, lastDate }];
  });

  return {
    buildId: build.facts_sha256.slice(0, 16),
    builtAt: build.built_at,
    coverage: {
      from: currencyList.reduce((m, c) => (c.firstDate < m ? c.firstDate : m), currencyList[0]!.firstDate),
      to: currencyList.reduce((m, c) => (c.lastDate > m ? c.lastDate : m), currencyList[0]!.lastDate),
    },
    currencies: currencyList,
    periods: byCode,
    names,
    yearly,
    versions: facts.versions,
    anomalies: facts.anomalies,
  };
}
