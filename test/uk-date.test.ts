import { describe, expect, test } from "bun:test";
import { ukDate, ukDay, ukMidnight, ukToday } from "../src/lib/uk-date.ts";

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

describe("ukDay: when a UK day begins and ends", () => {
  test("agrees with Intl on every day from 2014 to 2031, on both sides of each midnight", () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2014, 0, 1, 12); t < Date.UTC(2031, 11, 31); t += 86_400_000) {
      const day = ukDay(new Date(t));
      for (const [instant, expected] of [[day.startsAt, day.date], [day.startsAt - 1, ukDate(new Date(day.startsAt - 1))], [day.endsAt - 1, day.date]] as const) {
        if (ukDate(new Date(instant)) !== expected) wrong.push(`${new Date(instant).toISOString()}: ${expected}, Intl ${ukDate(new Date(instant))}`);
      }
      if (ukDate(new Date(day.endsAt)) === day.date) wrong.push(`${day.date} does not end at ${new Date(day.endsAt).toISOString()}`);
      if (day.startsAt - 1 >= t || day.endsAt <= t) wrong.push(`${day.date} does not contain ${new Date(t).toISOString()}`);
    }
    expect(wrong).toEqual([]);
  });

  test("the days the clocks change are 23 and 25 hours long", () => {
    const spring = ukDay(new Date("2024-03-31T12:00:00Z"));
    const autumn = ukDay(new Date("2024-10-27T12:00:00Z"));
    expect((spring.endsAt - spring.startsAt) / 3_600_000).toBe(23);
    expect((autumn.endsAt - autumn.startsAt) / 3_600_000).toBe(25);
  });
});

describe("ukToday: the day remembered until it ends", () => {
  test("gives ukDay's answer for any instant, forwards, backwards and across midnight", () => {
    const instants = ["2024-06-30T22:59:59.999Z", "2024-06-30T23:00:00Z", "2024-06-30T12:00:00Z", "2024-07-01T22:59:59Z", "2019-01-01T00:00:00Z", "2024-07-01T23:00:00Z", "2024-06-30T23:00:00Z"];
    for (const iso of instants) expect(ukToday(new Date(iso))).toEqual(ukDay(new Date(iso)));
  });

  test("asks Intl once per day, not once per request", () => {
    const first = ukToday(new Date("2025-02-10T08:00:00Z"));
    expect(ukToday(new Date("2025-02-10T23:59:59Z"))).toBe(first);
    expect(ukToday(new Date("2025-02-11T00:00:00Z"))).not.toBe(first);
  });
});
