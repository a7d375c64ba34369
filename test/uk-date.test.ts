import { describe, expect, test } from "bun:test";
import { ukDate, ukMidnight } from "../src/vat/uk-date.ts";

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
