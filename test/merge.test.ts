import { describe, expect, test } from "bun:test";
import { AnomalyLog, BuildError, lineRanges } from "../src/build/anomalies.ts";
import { mergeFileRows, type LocatedRow } from "../src/build/merge.ts";

const at = (line: number, code: string, rate: string, country = `Country ${line}`, startsOn = "2015-04-01", endsOn = "2015-04-30"): LocatedRow => ({
  line,
  row: { country, currencyName: "Dollar", code, rate, startsOn, endsOn },
});

describe("mergeFileRows", () => {
  test("rows of one currency that agree merge into one rate, lines kept", () => {
    const log = new AnomalyLog();
    const merged = mergeFileRows("m.csv", [at(2, "EUR", "1.1"), at(3, "USD", "1.5"), at(4, "EUR", "1.1")], log);
    expect(merged.map((m) => [m.code, m.rate, m.lines])).toEqual([["EUR", "1.1", [2, 4]], ["USD", "1.5", [3]]]);
    expect(log.entries).toEqual([]);
  });

  test("a disagreement is settled by majority with a warning naming file, lines and values", () => {
    const log = new AnomalyLog();
    const rows = [at(49, "XCD", "3.9831"), at(87, "XCD", "3.9831"), at(135, "XCD", "3.983"), at(163, "XCD", "3.9831")];
    const [merged] = mergeFileRows("monthly_csv_2015-04.csv", rows, log);
    expect(merged!.rate).toBe("3.9831");
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ severity: "warning", kind: "rate-disagreement", file: "monthly_csv_2015-04.csv", line: 135 });
    expect(log.entries[0]!.message).toContain("3.983 on line 135");
    expect(log.entries[0]!.message).toContain("3.9831 on lines 49, 87, 163");
  });

  test("a disagreement without a majority stops the build", () => {
    const rows = [at(2, "XCD", "3.9"), at(3, "XCD", "3.8")];
    expect(() => mergeFileRows("f.csv", rows, new AnomalyLog())).toThrow(BuildError);
    expect(() => mergeFileRows("f.csv", rows, new AnomalyLog())).toThrow(/f\.csv:2: XCD rows disagree with no majority/);
  });

  test("rows of one currency with different periods stop the build", () => {
    const rows = [at(2, "EUR", "1.1"), at(3, "EUR", "1.1", "X", "2015-04-08")];
    expect(() => mergeFileRows("f.csv", rows, new AnomalyLog())).toThrow(/f\.csv:3: EUR has period 2015-04-08/);
  });
});

test("lineRanges compresses runs", () => {
  expect(lineRanges([5, 2, 3, 4, 8, 10, 11])).toBe("2-5, 8, 10-11");
  expect(lineRanges([7])).toBe("7");
});
