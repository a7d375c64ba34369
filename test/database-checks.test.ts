// Opening a database checks every row a server answers from: a file whose
// served tables were tampered with is refused whole, with one line naming
// the table, the row and the fault, never served in part.
import { expect, test } from "bun:test";
import { DatabaseUnusable, loadDatabaseFile } from "../src/data/open-bun.ts";
import { realDatabaseAfter } from "./helpers.ts";

const FIRST_TABLE = "(SELECT min(starts_on) FROM day_tables WHERE length(body) > 0)";

test.each([
  ["a day table swapped for a history", `UPDATE day_tables SET body = (SELECT body FROM histories WHERE currency_code = 'USD') WHERE starts_on = ${FIRST_TABLE}`, /has a bad day table from \d{4}-\d{2}-\d{2}: no JSON answer/],
  ["a day table cut short", `UPDATE day_tables SET body = substr(body, 1, length(body) - 1) WHERE starts_on = ${FIRST_TABLE}`, /has a bad day table from \d{4}-\d{2}-\d{2}: no JSON answer/],
  ["a history with another build's ETag", `UPDATE histories SET etag = '"00000000-AAAAAAAAAAAAAAAA"' WHERE currency_code = 'USD'`, /has a bad history for USD: an ETag of another build/],
  ["a history for a currency the file does not list", "INSERT INTO histories SELECT 'ZZZ', body, etag FROM histories WHERE currency_code = 'USD'", /has a bad history for ZZZ: a currency it does not list/],
  ["a timeline that lost a period's answer", "UPDATE timelines SET bodies = substr(bodies, instr(bodies, char(10)) + 1) WHERE currency_code = 'USD'", /has a bad timeline for USD: \d+ periods but \d+ bodies/],
])("%s is refused, naming the row and the fault", (_, statement, message) => {
  const path = realDatabaseAfter(statement);
  let refused: unknown;
  try {
    loadDatabaseFile(path);
  } catch (e) {
    refused = e;
  }
  expect(refused).toBeInstanceOf(DatabaseUnusable);
  expect((refused as Error).message).toMatch(message);
  expect((refused as Error).message).toEndWith(": run `bun run db:build`");
});

test("the untouched copy opens, so each refusal above is the tampering's", () => {
  expect(loadDatabaseFile(realDatabaseAfter("SELECT 1")).dayTables.answers.length).toBeGreaterThan(200);
});
