// Shared by the tests: temporary folders, fixture snapshots and one build of
// the real snapshot (memoised: bun runs every test file in one process).
import { Database, type SQLQueryBindings } from "bun:sqlite";
import { copyFileSync, cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadPipelineConfig } from "../src/config.ts";
import { buildDatabase, type BuildOptions, type BuildReport } from "../src/build/build-database.ts";
import { prepareAnswers, type Answers } from "../src/app/answers.ts";
import { createApp, type FetchHandler } from "../src/app/app.ts";
import type { FeedData } from "../src/data/feed-data.ts";
import { loadDatabaseFile } from "../src/data/open-bun.ts";
import type { Clock } from "../src/lib/uk-date.ts";
import { timelineColumns, type TimelineColumns } from "../src/vat/period.ts";

export const ROOT = resolve(import.meta.dir, "..");
/** The real snapshot: db/upstream, or UPSTREAM_DIR when a test runs the suite on a copy with a generated month (snapshot.test.ts). */
export const REAL_UPSTREAM = process.env.UPSTREAM_DIR || join(ROOT, "db/upstream");
/** The frozen fixture snapshot (test/fixtures/README.md): what behaviour tests run on. */
export const FIXTURE_UPSTREAM = join(ROOT, "test/fixtures/upstream");
export const FIXTURE_CORRECTIONS = join(ROOT, "test/fixtures/corrections.json");
export const HMRC_HEADER_LINE = "Country/Territories,Currency,Currency Code,Currency Units per £1,Start date,End date";

export function tempDir(prefix = "feed-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function buildOptions(upstreamDir: string, databasePath: string, correctionsPath = join(upstreamDir, "no-corrections.json")): BuildOptions {
  return { upstreamDir, databasePath, correctionsPath, migrationsDir: loadPipelineConfig({}).migrationsDir };
}

/** A snapshot folder with the given HMRC files (name → rows without header) and the real versions export. */
export function fixtureSnapshot(files: Record<string, string[]>): string {
  const dir = tempDir("feed-upstream-");
  mkdirSync(join(dir, "hmrc"));
  for (const [name, rows] of Object.entries(files)) {
    writeFileSync(join(dir, "hmrc", name), `${[HMRC_HEADER_LINE, ...rows].join("\n")}\n`);
  }
  cpSync(join(REAL_UPSTREAM, "versions.csv"), join(dir, "versions.csv"));
  return dir;
}

/** The build time recorded in the tests' builds, so their answers are the same every run. */
export const REAL_BUILT_AT = "2026-11-01T00:00:00.000Z";

/**
 * A snapshot built once per test run into a temporary file (bun runs a
 * worker's test files in one process), and what the tests need of it: the
 * file, copies of it after one SQL statement, its data as a server reads
 * it, its answers, and the service over it at a fixed instant.
 */
function builtOnce(options: () => Omit<BuildOptions, "databasePath">, at: string) {
  let built: { path: string; report: BuildReport } | undefined;
  let feed: FeedData | undefined;
  const prepared = new Map<string, Answers>();
  const database = () => {
    if (!built) {
      const path = join(tempDir(), "feed.sqlite");
      built = { path, report: buildDatabase({ ...options(), databasePath: path }, new Date(REAL_BUILT_AT)) };
    }
    return built;
  };
  const data = () => (feed ??= loadDatabaseFile(database().path));
  const answers = (basePath = "") => {
    let answers = prepared.get(basePath);
    if (!answers) prepared.set(basePath, (answers = prepareAnswers(data(), basePath)));
    return answers;
  };
  return {
    database,
    data,
    answers,
    app: (clock: Clock = fixedClock(at), basePath = "") => createApp({ answers: answers(basePath), clock, basePath }),
    /** A copy of the database after one SQL statement: how tests make a file the server must refuse or read differently. */
    after(statement: string, params: SQLQueryBindings[] = []): string {
      const path = join(tempDir(), "feed.sqlite");
      copyFileSync(database().path, path);
      const db = new Database(path);
      db.run(statement, params);
      db.close();
      return path;
    },
  };
}

// UPSTREAM_DIR lets a test run this suite on the real snapshot plus a month it generated (snapshot.test.ts).
const real = builtOnce(() => loadPipelineConfig({ UPSTREAM_DIR: REAL_UPSTREAM }), "2024-01-15T12:00:00Z");
const fixture = builtOnce(() => buildOptions(FIXTURE_UPSTREAM, "", FIXTURE_CORRECTIONS), "2015-01-15T12:00:00Z");

/** The real snapshot, built once per test run. */
export const realDatabase = real.database;
export const realDatabaseAfter = real.after;
/** The real database as a server reads it. */
export const realData = real.data;
/** The real database's answers, prepared for `basePath`. */
export const realAnswers = real.answers;
export const realApp = real.app;

/** A copy of the real database with one build_info entry changed. */
export const realDatabaseWith = (key: string, value: string) => realDatabaseAfter("UPDATE build_info SET value = ? WHERE key = ?", [value, key]);

/** The frozen fixture snapshot (test/fixtures/README.md), built once per test run: what behaviour tests run on. */
export const fixtureDatabase = fixture.database;
export const fixtureDatabaseAfter = fixture.after;
export const fixtureData = fixture.data;
export const fixtureAnswers = fixture.answers;
/** The service over the fixture, by default at 2015-01-15 12:00 UTC, inside its data. */
export const fixtureApp = fixture.app;

export function fixedClock(iso: string): Clock {
  return () => new Date(iso);
}


export async function get(app: FetchHandler, path: string, init?: RequestInit) {
  const response = await app(new Request(`http://feed.test${path}`, init));
  const text = await response.text();
  const isJson = /json/.test(response.headers.get("content-type") ?? "");
  return { response, status: response.status, text, body: text && isJson ? JSON.parse(text) : undefined };
}

/** What `probe` gives once it gives `wanted`, or its last answer when `timeoutMs` runs out: for changes a server notices by polling. */
export async function eventually<T>(probe: () => Promise<T>, wanted: T, timeoutMs = 3_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value === wanted || performance.now() > deadline) return value;
    await Bun.sleep(20);
  }
}

/** Each currency's periods in the rule's order, as a server arranges them. */
export function timelinesOf(data: FeedData): Map<string, TimelineColumns> {
  return new Map([...data.periods].map(([code, periods]) => [code, timelineColumns(periods)]));
}

/**
 * Writes HMRC's next monthly file after the newest one in `hmrcDir`, as HMRC
 * would: every row of the newest month moved to the next, each rate 1% up
 * (four decimals). Returns the new file's month (YYYY-MM).
 */
export function addGeneratedMonth(hmrcDir: string): string {
  const newest = readdirSync(hmrcDir).filter((n) => n.startsWith("monthly_csv_")).sort().at(-1)!;
  const [year, month] = newest.slice(12, 19).split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, 1));
  const stamp = next.toISOString().slice(0, 7);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const hmrc = (iso: string) => iso.split("-").reverse().join("/");
  const [header, ...rows] = readFileSync(`${hmrcDir}/${newest}`, "utf8").trim().split("\n");
  const moved = rows.map((row) => {
    const fields = row.split(",");
    const rate = (Number(fields[3]) * 1.01).toFixed(4).replace(/\.?0+$/, "");
    return [...fields.slice(0, 3), rate, hmrc(`${stamp}-01`), hmrc(last)].join(",");
  });
  writeFileSync(`${hmrcDir}/monthly_csv_${stamp}.csv`, `${[header, ...moved].join("\n")}\n`);
  return stamp;
}
