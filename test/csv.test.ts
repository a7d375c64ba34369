// CSV from the API (#28): the same rows as the JSON, HMRC's digits, a header
// row, cached and revalidated like the JSON, and no cell a spreadsheet would run.
import { describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { csvCell } from "../src/http/csv.ts";
import { fixedClock, fixtureApp, get } from "./helpers.ts";

const app = fixtureApp(fixedClock("2015-01-15T12:00:00Z"));
const rows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe("CSV answers", () => {
  test("a date's table: the JSON's rows, as text/csv with a header row, CRLF lines and the JSON's caching", async () => {
    const json = (await get(app, "/vat/exchange-rates/2015-01-25")).body as Record<string, unknown>[];
    const csv = await get(app, "/vat/exchange-rates/2015-01-25.csv");
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(csv.response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(csv.text.split("\r\n")[0]).toBe("currencyCode,currencyName,effectiveFrom,rate,note");
    expect(csv.text.endsWith("\r\n")).toBe(true);
    expect(rows(csv.text).map((r) => [r.currencyCode, r.currencyName, r.effectiveFrom, Number(r.rate)] as unknown[])).toEqual(json.map((r) => [r.currencyCode, r.currencyName, r.effectiveFrom, r.rate]));
    // The JPY amendment from 2015-01-21, with HMRC's digits.
    expect(csv.text).toContain("\r\nJPY,Japanese Yen,2015-01-21,177.16,\r\n");
    const etag = csv.response.headers.get("etag")!;
    expect(etag).not.toBe((await get(app, "/vat/exchange-rates/2015-01-25")).response.headers.get("etag"));
    expect((await get(app, "/vat/exchange-rates/2015-01-25.csv", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  test("a currency's periods, and the yearly tables, with the digits as published", async () => {
    const history = rows((await get(app, "/vat/currencies/crc.csv")).text);
    expect(history.map((r) => [r.effectiveFrom, r.effectiveTo, r.rate, r.kind])).toEqual([
      ["2014-12-01", "2014-12-31", "841.259", "monthly"],
      ["2015-01-01", "2015-01-31", "833.455", "monthly"],
      ["2015-03-01", "2015-03-31", "830.75", "monthly"],
    ]);
    expect(history[0]!.currencyName).toBe("Costa Rican Colón");
    expect((await get(app, "/average-rates/2015-03.csv")).text).toContain("\r\nUSD,US Dollar,2014-04-01,2015-03-31,1.598652\r\n");
    expect((await get(app, "/spot-rates/2014-12-31.csv")).text).toBe("currencyCode,currencyName,date,rate\r\nCHF,Swiss Franc,2014-12-31,1.5494\r\nEUR,Euro,2014-12-31,1.2886\r\nJPY,Japanese Yen,2014-12-31,186.946\r\nUSD,US Dollar,2014-12-31,1.5593\r\n");
  });

  test("errors stay problem+json", async () => {
    for (const [path, status] of [["/vat/exchange-rates/2015-02-30.csv", 400], ["/vat/currencies/xyz.csv", 404], ["/average-rates/2015-06.csv", 400]] as const) {
      const { response } = await get(app, path);
      expect([path, response.status, response.headers.get("content-type")]).toEqual([path, status, "application/problem+json"]);
    }
  });

  test("a cell a spreadsheet would run as a formula is neutralised; commas, quotes and line breaks are quoted", () => {
    expect(["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tTab", "Plain", "a,b", 'say "hi"', "two\nlines"].map(csvCell)).toEqual([
      "\"'=HYPERLINK(\"\"x\"\")\"",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tTab",
      "Plain",
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
    ]);
    expect([csvCell(1.2651), csvCell(null), csvCell(undefined)]).toEqual(["1.2651", "", ""]);
  });
});
