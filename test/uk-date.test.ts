import { describe, expect, test } from "bun:test";
import { ukDate, ukDay, ukMidnight } from "../src/vat/uk-date.ts";
import { parsePackedUkDays, UkDays } from "../src/vat/uk-days.ts";

const parseUkDays = (text: string) => UkDays.unpack(parsePackedUkDays(text));

const at = (iso: string) => ukDate(new Date(iso));

describe("ukDate", () => {
  test("in winter (GMT) the UK date changes at 00:00 UTC", () => {
    expect(at("2024-01-14T23:59:59.999Z")).toBe("2024-01-14");
    expect(at("2024-01-15T00:00:00Z")).toBe("2024-01-15");
  });

  test("in summer (BST) the UK date changes at 23:00 UTC the day before", () => {
    expect(at("2024-07-14T22:59:59.999Z")).toBe("2024-07-14");
    expect(at("2024-07-14T23:00:00Z")).toBe("2024-07-15");
    expect(at("2024-07-15T00:30:00Z")).toBe("2024-07-15");
  });

  test("around the clock changes", () => {
    // BST began 2024-03-31 01:00 UTC; ended 2024-10-27 01:00 UTC.
    expect(at("2024-03-30T23:30:00Z")).toBe("2024-03-30");
    expect(at("2024-03-31T23:30:00Z")).toBe("2024-04-01");
    expect(at("2024-10-26T23:30:00Z")).toBe("2024-10-27");
    expect(at("2024-10-27T23:30:00Z")).toBe("2024-10-27");
  });

  test("the first of the month in summer starts an hour before UTC midnight", () => {
    expect(at("2025-05-31T23:00:00Z")).toBe("2025-06-01");
    expect(at("2025-12-31T23:59:59Z")).toBe("2025-12-31");
  });
});

test("ukMidnight: when a UK date begins, in winter, in summer and on the days the clocks change", () => {
  expect(ukMidnight("2024-01-15").toISOString()).toBe("2024-01-15T00:00:00.000Z");
  expect(ukMidnight("2024-07-15").toISOString()).toBe("2024-07-14T23:00:00.000Z");
  expect(ukMidnight("2024-03-31").toISOString()).toBe("2024-03-31T00:00:00.000Z"); // GMT until 01:00 UTC
  expect(ukMidnight("2024-04-01").toISOString()).toBe("2024-03-31T23:00:00.000Z");
  expect(ukMidnight("2024-10-27").toISOString()).toBe("2024-10-26T23:00:00.000Z"); // BST until 01:00 UTC
  expect(ukMidnight("2024-10-28").toISOString()).toBe("2024-10-28T00:00:00.000Z");
});

describe("UkDays: the build's table of when UK days begin", () => {
  // Through pack and unpack, as a server reads it from the database.
  const table = parseUkDays(JSON.stringify(UkDays.compute("2014-01-01", "2031-12-31").pack()));

  test("agrees with Intl on every day from 2014 to 2031, on both sides of each midnight", () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2014, 0, 1, 12); t < Date.UTC(2031, 11, 31); t += 86_400_000) {
      const day = table.dayAt(t)!;
      for (const [instant, expected] of [[day.startsAt, day.date], [day.startsAt - 1, ukDate(new Date(day.startsAt - 1))], [day.endsAt - 1, day.date]] as const) {
        if (ukDate(new Date(instant)) !== expected) wrong.push(`${new Date(instant).toISOString()}: table ${expected}, Intl ${ukDate(new Date(instant))}`);
      }
      if (ukDate(new Date(day.endsAt)) === day.date) wrong.push(`${day.date} does not end at ${new Date(day.endsAt).toISOString()}`);
    }
    expect(wrong).toEqual([]);
  });

  test("stores about two runs a year: the days that start in BST and those that start in GMT", () => {
    const { runs } = table.pack();
    // BST began 2024-03-31 01:00 UTC, so 1 April is the first day to start at 23:00 UTC; it ended 2024-10-27 01:00 UTC.
    expect(runs.filter(([date]) => date.startsWith("2024"))).toEqual([["2024-04-01", 60], ["2024-10-28", 0]]);
    expect(runs.length).toBeGreaterThanOrEqual(2 * 18);
    expect(runs.length).toBeLessThanOrEqual(2 * 18 + 1);
  });

  test("outside its span it knows nothing, and ukDay asks Intl instead", () => {
    const before = new Date("2013-07-01T23:30:00Z");
    expect(table.dayAt(before.getTime())).toBeUndefined();
    expect(table.dayAt(Date.UTC(2032, 0, 1, 12))).toBeUndefined();
    expect(ukDay(before, table)).toEqual({ date: "2013-07-02", startsAt: Date.parse("2013-07-01T23:00:00Z"), endsAt: Date.parse("2013-07-02T23:00:00Z") });
    const inside = new Date("2024-10-26T23:30:00Z");
    expect(ukDay(inside, table)).toEqual(ukDay(inside));
  });

  test("a malformed stored table is refused, saying why", () => {
    const good = { from: "2024-01-01", to: "2024-12-31", runs: [["2024-01-01", 0]] };
    expect(() => parseUkDays(JSON.stringify(good))).not.toThrow();
    for (const bad of [
      { ...good, runs: [] },
      { ...good, runs: [["2024-02-30", 0]] },
      { ...good, runs: [["2024-01-01", 0.5]] },
      { ...good, runs: [["2024-01-02", 0]] }, // nothing says how 1 January starts
      { ...good, to: "2023-12-31" },
      { ...good, runs: [["2024-01-01", 0], ["2024-06-01", 60], ["2024-03-01", 0]] },
      { ...good, from: "01/01/2024" },
    ]) {
      expect(() => parseUkDays(JSON.stringify(bad))).toThrow();
    }
    expect(() => parseUkDays("not json")).toThrow();
  });
});
