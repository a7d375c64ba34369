// Everything a server answers from, read out of a feed database in one pass
// through drizzle and checked row by row with valibot. Runtime-neutral: it
// takes any synchronous drizzle SQLite database, so the openers (bun:sqlite,
// node:sqlite on Deno, sql.js) only differ in how they open the file.
import { sql } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { statSync } from "node:fs";
import * as v from "valibot";
import { isoDay } from "../lib/calendar.ts";
import { lastEnd, unpackTimeline, type PeriodAnswers, type TimelineColumns } from "./packed-timeline.ts";
import { answerProblem, BuildInfo, CurrencyRow, DayTableRow, HistoryRow, TimelineRow, timelineProblem, VersionRow } from "./row-checks.ts";
import { buildInfo, currencies, dayTables, histories, SCHEMA_VERSION, timelines, versions } from "./schema.ts";

// Any synchronous drizzle SQLite database: the schema is not needed to read.
export type FeedDb = BaseSQLiteDatabase<"sync", any>;

/** A database this server cannot serve: the message says what is wrong and what to run. */
export class DatabaseUnusable extends Error {
  override name = "DatabaseUnusable";
}

export interface CurrencyRecord {
  code: string;
  name: string;
  firstDate: string;
  lastDate: string;
}

export interface VersionRecord {
  software: string;
  releaseVersion: string;
  releaseDate: string;
  nightlyVersion: string;
  nightlyDate: string;
}

export type Timeline = TimelineColumns & PeriodAnswers;

/** An answer the build made whole: the body's UTF-8 bytes as sent, and its ETag. */
export interface StoredAnswer {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface FeedData {
  buildId: string;
  builtAt: string;
  coverage: { from: string; to: string };
  /** Sorted by code. */
  currencies: CurrencyRecord[];
  /** Each currency's periods and their answers, by code; every currency has one. */
  timelines: Map<string, Timeline>;
  /** In the export's order: DataTables, then its extensions. */
  versions: VersionRecord[];
  /** Each stretch of days' table of every currency's rate: first days ascending, and the answers (no bytes where none). */
  dayTables: { starts: Int32Array; answers: StoredAnswer[] };
  /** Each currency's history, by code. */
  histories: Map<string, StoredAnswer>;
}

/** What readFeedData reads: the tables whose integrity a server depends on. */
export const SERVED_TABLES = ["build_info", "currencies", "versions", "timelines", "day_tables", "histories"] as const;


const REBUILD = "run `bun run db:build`";

/** A database file a server may open: a regular file (a FIFO or a device would block the reader, and every request behind it), not empty. */
export function checkDatabaseFile(path: string): void {
  let stat;
  try {
    stat = statSync(path);
  } catch {
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

/** Checks the tables a server reads with PRAGMA quick_check, then reads them; the caller closes the handle. */
export function checkAndReadFeedData(db: FeedDb, label: string): FeedData {
  let verdict: string;
  try {
    db.run(sql`PRAGMA query_only = ON`);
    // Every page is read once: a large page cache would only hold on to memory after the file is closed.
    db.run(sql`PRAGMA cache_size = -256`);
    // Each served table with its indexes; the build's own provenance tables (rates, anomalies: 80% of the file) are db:report's.
    const check = (table: string) => db.values<[string]>(sql.raw(`PRAGMA quick_check(${table})`)).map((r) => r[0]).join("; ");
    verdict = SERVED_TABLES.map(check).find((v) => v !== "ok") ?? "ok";
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
  let raw;
  try {
    raw = {
      info: Object.fromEntries(db.select().from(buildInfo).all().map((r) => [r.key, r.value])),
      currencies: db.select({ code: currencies.code, name: currencies.name, firstDate: currencies.firstDate, lastDate: currencies.lastDate }).from(currencies).orderBy(currencies.code).all(),
      versions: db
        .select({ software: versions.software, releaseVersion: versions.releaseVersion, releaseDate: versions.releaseDate, nightlyVersion: versions.nightlyVersion, nightlyDate: versions.nightlyDate })
        .from(versions)
        .orderBy(sql`rowid`)
        .all(),
      timelines: db.select().from(timelines).all(),
      dayTables: db.select().from(dayTables).orderBy(dayTables.startsOn).all(),
      histories: db.select().from(histories).all(),
    };
  } catch (e) {
    return fail(`is not a feed database (${(e as Error).message})`);
  }
  const checked = <S extends v.GenericSchema>(schema: S, value: unknown, where: string): v.InferOutput<S> => {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    const issue = result.issues[0];
    const path = issue.path?.map((p: { key: unknown }) => String(p.key)).join(".");
    return fail(`has a bad ${where}${path ? ` (${path})` : ""}: ${issue.message}`);
  };

  if (raw.info.schema_version !== SCHEMA_VERSION) fail(`has schema version ${raw.info.schema_version ?? "none"}, this server needs ${SCHEMA_VERSION}`);
  const info = checked(BuildInfo, raw.info, "build_info");
  const currencyList = raw.currencies.map((c) => checked(CurrencyRow, c, `currencies row ${c.code}`));
  const versionList = raw.versions.map((r) => checked(VersionRow, r, `versions row ${r.software}`));
  if (currencyList.length === 0) fail("has no currencies");
  if (versionList.length === 0) fail("has no versions");

  const etagPrefix = `"${info.build_id.slice(0, 8)}-`;
  const byCode = new Map<string, Timeline>();
  for (const row of raw.timelines) {
    const { currencyCode, ...packed } = checked(TimelineRow, row, `timelines row ${row.currencyCode}`);
    let columns: Timeline;
    try {
      columns = unpackTimeline(packed);
    } catch (e) {
      return fail(`has a bad timeline for ${currencyCode}: ${(e as Error).message}`);
    }
    const problem = timelineProblem(columns, etagPrefix);
    if (problem) fail(`has a bad timeline for ${currencyCode}: ${problem}`);
    byCode.set(currencyCode, columns);
  }
  for (const c of currencyList) {
    const columns = byCode.get(c.code) ?? fail(`has no timeline for ${c.code}`);
    const first = isoDay(columns.starts[0]!);
    const last = isoDay(lastEnd(columns.ends));
    if (first !== c.firstDate || last !== c.lastDate) fail(`says ${c.code} runs ${c.firstDate} to ${c.lastDate}, but its periods run ${first} to ${last}`);
  }
  if (byCode.size !== currencyList.length) fail("has timelines for currencies it does not list");

  const tableRows = raw.dayTables.map((r) => checked(DayTableRow, r, `day_tables row ${r.startsOn}`));
  if (tableRows.length === 0) fail("has no day tables");
  tableRows.forEach((row, i) => {
    const problem = row.body.byteLength === 0 ? undefined : answerProblem(row, etagPrefix, "[", "]");
    if (problem || (i > 0 && row.startsOn <= tableRows[i - 1]!.startsOn)) fail(`has a bad day table from ${isoDay(row.startsOn)}: ${problem ?? "out of order"}`);
  });
  const historyByCode = new Map<string, StoredAnswer>();
  for (const r of raw.histories) {
    const { currencyCode, ...answer } = checked(HistoryRow, r, `histories row ${r.currencyCode}`);
    const problem = answerProblem(answer, etagPrefix, "{", "}") ?? (byCode.has(currencyCode) ? undefined : "a currency it does not list");
    if (problem) fail(`has a bad history for ${currencyCode}: ${problem}`);
    historyByCode.set(currencyCode, answer);
  }
  if (historyByCode.size !== currencyList.length) fail("has no history for some currencies");

  return {
    buildId: info.build_id,
    builtAt: info.built_at,
    coverage: { from: info.coverage_from, to: info.coverage_to },
    currencies: currencyList,
    timelines: byCode,
    versions: versionList,
    dayTables: { starts: Int32Array.from(tableRows, (r) => r.startsOn), answers: tableRows.map(({ body, etag }) => ({ body, etag })) },
    histories: historyByCode,
  };
}
