import { describe, expect, test } from "bun:test";
import { dayNumber, fromHmrcDate, isCalendarDate, isoDay, nextDay } from "../src/lib/calendar.ts";

describe("isCalendarDate", () => {
  test("accepts real days, leap days included", () => {
    for (const d of ["2024-01-15", "2024-02-29", "2000-02-29", "2026-12-31", "2014-01-01"]) expect(isCalendarDate(d)).toBe(true);
  });
  test("rejects days the calendar does not have, which v.isoDate() lets through", () => {
    for (const d of ["2025-02-30", "2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "2024-01-32"]) {
      expect(isCalendarDate(d)).toBe(false);
    }
  });
  test("rejects other shapes", () => {
    for (const d of ["2024-1-15", "20240115", "2024-01-15T00:00", " 2024-01-15", "15/01/2024", ""]) expect(isCalendarDate(d)).toBe(false);
  });
});

describe("fromHmrcDate", () => {
  test("turns DD/MM/YYYY into ISO", () => {
    expect(fromHmrcDate("31/01/2024")).toBe("2024-01-31");
    expect(fromHmrcDate("29/02/2016")).toBe("2016-02-29");
  });
  test("refuses impossible or malformed dates", () => {
    expect(fromHmrcDate("30/02/2024")).toBeUndefined();
    expect(fromHmrcDate("2024-01-31")).toBeUndefined();
    expect(fromHmrcDate("1/1/2024")).toBeUndefined();
  });
});

test("nextDay crosses month, year and leap-day boundaries", () => {
  expect(nextDay("2024-01-31")).toBe("2024-02-01");
  expect(nextDay("2024-02-28")).toBe("2024-02-29");
  expect(nextDay("2023-02-28")).toBe("2023-03-01");
  expect(nextDay("2025-12-31")).toBe("2026-01-01");
});

test("dayNumber and isoDay are each other's inverse on every day from 1970 to 2199", () => {
  const wrong: string[] = [];
  for (let day = 0; day <= dayNumber("2199-12-31"); day++) {
    const date = isoDay(day);
    if (dayNumber(date) !== day || Date.parse(`${date}T00:00:00Z`) !== day * 86_400_000) wrong.push(date);
  }
  expect(wrong).toEqual([]);
});
