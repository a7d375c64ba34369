import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { canonicalDecimal, isExactAsJsonNumber } from "../src/lib/decimal.ts";
import { HmrcRow } from "../src/build/row-schema.ts";

const row = (...fields: string[]) => v.safeParse(HmrcRow, fields);
const message = (r: ReturnType<typeof row>) => (r.success ? "" : r.issues.map((i) => i.message).join("; "));

describe("HmrcRow", () => {
  test("validates and normalises a published row", () => {
    const r = row("USA", "Dollar ", "USD", "1.2651", "01/01/2024", "31/01/2024");
    expect(r.success).toBe(true);
    expect(r.output).toEqual({ country: "USA", currencyName: "Dollar", code: "USD", rate: "1.2651", startsOn: "2024-01-01", endsOn: "2024-01-31" });
  });

  test("trims names and folds doubled spaces", () => {
    const r = row(" Mozambique", " Metical ", "MZN", "80", "01/01/2024", "31/01/2024");
    expect(r.output).toMatchObject({ country: "Mozambique", currencyName: "Metical" });
    expect(row("Turkey", "Turkish  Lira ", "TRY", "38.1", "01/01/2024", "31/01/2024").output).toMatchObject({ currencyName: "Turkish Lira" });
  });

  test("keeps the rate's published digits, dropping only what a JSON number drops", () => {
    expect(row("X", "Y", "ABC", "3.5000", "01/01/2024", "31/01/2024").output).toMatchObject({ rate: "3.5" });
    expect(row("X", "Y", "ABC", "0.391", "01/01/2024", "31/01/2024").output).toMatchObject({ rate: "0.391" });
    expect(row("X", "Y", "ABC", "32047", "01/01/2024", "31/01/2024").output).toMatchObject({ rate: "32047" });
  });

  test.each([
    [["USA", "Dollar", "usd", "1.2", "01/01/2024", "31/01/2024"], "three capital letters"],
    [["USA", "Dollar", "US", "1.2", "01/01/2024", "31/01/2024"], "three capital letters"],
    [["USA", "Dollar", "USD", "1,2", "01/01/2024", "31/01/2024"], "not a decimal"],
    [["USA", "Dollar", "USD", "-1.2", "01/01/2024", "31/01/2024"], "not a decimal"],
    [["USA", "Dollar", "USD", "0", "01/01/2024", "31/01/2024"], "not positive"],
    [["USA", "Dollar", "USD", "", "01/01/2024", "31/01/2024"], "not a decimal"],
    [["USA", "Dollar", "USD", "1.2", "30/02/2024", "31/03/2024"], "not a real DD/MM/YYYY date"],
    [["USA", "Dollar", "USD", "1.2", "2024-01-01", "31/01/2024"], "not a real DD/MM/YYYY date"],
    [["USA", "Dollar", "USD", "1.2", "31/01/2024", "01/01/2024"], "start date is after the end date"],
    [["", "Dollar", "USD", "1.2", "01/01/2024", "31/01/2024"], "is empty"],
  ])("rejects %j (%s)", (fields, expected) => {
    const r = row(...fields);
    expect(r.success).toBe(false);
    expect(message(r)).toContain(expected);
  });

  test("rejects a row with a missing or an extra column", () => {
    expect(row("USA", "Dollar", "USD", "1.2", "01/01/2024").success).toBe(false);
    expect(row("USA", "Dollar", "USD", "1.2", "01/01/2024", "31/01/2024", "x").success).toBe(false);
  });
});

describe("decimals", () => {
  test("canonical form", () => {
    expect(canonicalDecimal("007.100")).toBe("7.1");
    expect(canonicalDecimal("0.0500")).toBe("0.05");
    expect(canonicalDecimal("12.000")).toBe("12");
    expect(canonicalDecimal("1e3")).toBeUndefined();
    expect(canonicalDecimal(".5")).toBeUndefined();
  });
  test("only decimals a JSON number reproduces exactly are servable", () => {
    expect(isExactAsJsonNumber("1.2651")).toBe(true);
    expect(isExactAsJsonNumber("17547.6932")).toBe(true);
    expect(isExactAsJsonNumber("1.23456789012345678")).toBe(false);
  });
});
