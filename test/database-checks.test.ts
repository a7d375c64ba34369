// Opening a database checks all of it: the file's structure (quick_check),
// the schema version, every row's shape and the digest of the facts the
// build recorded. A file that differs in any fact is refused whole, with one
// line naming the file and the fault, never served in part.
import { describe, expect, test } from "bun:test";
import { copyFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseUnusable, loadDatabaseFile } from "../src/data/open-bun.ts";
import { SCHEMA_VERSION } from "../src/data/schema.ts";
import { fixtureDatabase, fixtureDatabaseAfter, realDatabase, tempDir } from "./helpers.ts";

function refusal(path: string): string {
  try {
    loadDatabaseFile(path);
  } catch (e) {
    expect(e).toBeInstanceOf(DatabaseUnusable);
    expect((e as Error).message).toEndWith(": run `bun run db:build`");
    return (e as Error).message;
  }
  throw new Error(`${path} was opened`);
}

describe("a tampered fact is refused", () => {
  test.each([
    ["a flipped digit in a rate", "UPDATE periods SET rate = '1.5563' WHERE currency_code = 'USD' AND starts_on = '2015-01-01'", /does not hold the facts its build wrote/],
    ["a flipped digit in an average rate", "UPDATE yearly_rates SET rate = '1.65074' WHERE series = 'average' AND currency_code = 'USD' AND period = '2014-12'", /does not hold the facts its build wrote/],
    ["a spot rate for a month that is not March or December", "UPDATE yearly_rates SET period = '2014-11' WHERE series = 'spot' AND currency_code = 'USD'", /has a bad yearly_rates row \d+ \(period\): not a March or December month/],
    ["a period moved by a day", "UPDATE periods SET ends_on = '2015-01-30' WHERE currency_code = 'EUR' AND starts_on = '2015-01-01'", /does not hold the facts its build wrote/],
    ["a period deleted", "DELETE FROM periods WHERE currency_code = 'JPY' AND kind = 'amendment'", /does not hold the facts its build wrote/],
    ["a currency renamed", "UPDATE currencies SET name = 'Dollar' WHERE code = 'USD'", /does not hold the facts its build wrote/],
    ["a version changed", "UPDATE versions SET release_version = '9.9.9' WHERE position = 1", /does not hold the facts its build wrote/],
    ["an anomaly dropped", "DELETE FROM anomalies WHERE severity = 'warning'", /does not hold the facts its build wrote/],
    ["a rate that is not a decimal", "UPDATE periods SET rate = '1,5562' WHERE currency_code = 'USD' AND starts_on = '2015-01-01'", /has a bad periods row \d+ \(rate\): not a positive canonical decimal/],
    ["a period that ends before it starts", "UPDATE periods SET ends_on = '2014-01-01' WHERE currency_code = 'USD' AND starts_on = '2015-01-01'", /has a bad periods row \d+: ends before it starts/],
    ["another schema version", "UPDATE build_info SET value = '5' WHERE key = 'schema_version'", new RegExp(`has schema version 5, this server needs ${SCHEMA_VERSION}`)],
    ["no digest", "DELETE FROM build_info WHERE key = 'facts_sha256'", /has a bad build_info \(facts_sha256\)/],
    ["a currency with no periods", "INSERT INTO currencies VALUES ('ZZZ', 'Nothing', 'Nothing')", /does not hold the facts its build wrote/],
    ["a table dropped", "DROP TABLE anomalies", /is not a feed database/],
  ])("%s", (_, statement, message) => {
    expect(refusal(fixtureDatabaseAfter(statement))).toMatch(message);
  });

  test("the untouched copy opens, so each refusal above is the tampering's", () => {
    expect(loadDatabaseFile(fixtureDatabaseAfter("SELECT 1")).currencies.map((c) => c.code)).toEqual(["CHF", "CRC", "EUR", "JPY", "LRD", "TOP", "USD"]);
  });
});

/** A copy of `source` with page `page` (1-based) overwritten with zeros. */
function withZeroedPage(source: string, page: number, pageSize: number): string {
  const path = join(tempDir(), "feed.sqlite");
  copyFileSync(source, path);
  const bytes = readFileSync(path);
  bytes.fill(0, (page - 1) * pageSize, page * pageSize);
  writeFileSync(path, bytes);
  return path;
}

const pageSizeOf = (path: string) => readFileSync(path).readUInt16BE(16);

describe("a zeroed page is refused", () => {
  test("every page of the fixture's file, one at a time", () => {
    const { path } = fixtureDatabase();
    const pageSize = pageSizeOf(path);
    const pages = statSync(path).size / pageSize;
    expect(pages).toBeGreaterThan(5);
    for (let page = 1; page <= pages; page++) expect(refusal(withZeroedPage(path, page, pageSize))).toMatch(/database .* (is damaged|is not a feed database|does not hold|has a bad|cannot be opened|has no|has schema)/);
  });

  test("a sample of the real file's pages", () => {
    const { path } = realDatabase();
    const pageSize = pageSizeOf(path);
    const pages = statSync(path).size / pageSize;
    for (let page = 2; page <= pages; page += Math.ceil(pages / 40)) refusal(withZeroedPage(path, page, pageSize));
  });
});
