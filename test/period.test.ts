import { describe, expect, test } from "bun:test";
import { dayNumber } from "../src/lib/calendar.ts";
import { comparePeriods, PeriodTimeline, timelineColumns, type RatePeriod } from "../src/vat/period.ts";

const monthly = (startsOn: string, endsOn: string, rate: string): RatePeriod => ({ startsOn, endsOn, kind: "monthly", rate });
const amendment = (startsOn: string, endsOn: string, rate: string): RatePeriod => ({ startsOn, endsOn, kind: "amendment", rate });

const periods = [
  monthly("2015-02-01", "2015-02-28", "1.0"),
  monthly("2015-03-01", "2015-03-31", "2.0"),
  amendment("2015-03-11", "2015-03-31", "2.1"),
  amendment("2015-03-25", "2015-03-31", "2.2"),
  monthly("2015-04-01", "2015-04-30", "3.0"),
  amendment("2015-04-01", "2015-04-30", "3.1"), // same start: the amendment wins
  // May missing: a gap
  monthly("2015-06-01", "2015-06-30", "5.0"),
];
// It sorts for itself.
const columns = timelineColumns(periods.toReversed());
const timeline = new PeriodTimeline(columns);

const rateOn = (date: string) => columns.rates[timeline.indexOn(dayNumber(date))];

describe("PeriodTimeline.indexOn", () => {
  test("the monthly rate applies before an amendment's window", () => {
    expect(rateOn("2015-03-01")).toBe("2.0");
    expect(rateOn("2015-03-10")).toBe("2.0");
  });
  test("an amendment applies from its first day to the end of the month", () => {
    expect(rateOn("2015-03-11")).toBe("2.1");
    expect(rateOn("2015-03-24")).toBe("2.1");
  });
  test("a later amendment in the same month takes over from the earlier", () => {
    expect(rateOn("2015-03-25")).toBe("2.2");
    expect(rateOn("2015-03-31")).toBe("2.2");
  });
  test("the next month's rate applies from its first day", () => {
    expect(rateOn("2015-02-28")).toBe("1.0");
    expect(rateOn("2015-04-01")).toBe("3.1");
  });
  test("an amendment starting the same day as the monthly rate wins", () => {
    expect(rateOn("2015-04-15")).toBe("3.1");
  });
  test("no rate in a gap, before the first period or after the last", () => {
    expect(rateOn("2015-05-15")).toBeUndefined();
    expect(rateOn("2015-01-31")).toBeUndefined();
    expect(rateOn("2015-07-01")).toBeUndefined();
    expect(PeriodTimeline.from([]).indexOn(dayNumber("2015-03-01"))).toBe(-1);
  });

  test("agrees with the rule read literally, on every day of the range", () => {
    // Reference: among the periods containing the date, the latest start; amendment on a tie.
    const reference = (date: string) =>
      periods
        .filter((p) => p.startsOn <= date && date <= p.endsOn)
        .reduce<RatePeriod | undefined>((best, p) => (!best || comparePeriods(p, best) > 0 ? p : best), undefined)?.rate;
    let checked = 0;
    for (let d = new Date("2015-01-25T00:00:00Z"); d <= new Date("2015-07-05T00:00:00Z"); d.setUTCDate(d.getUTCDate() + 1)) {
      const date = d.toISOString().slice(0, 10);
      expect([date, rateOn(date)]).toEqual([date, reference(date)]);
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
  });
});

test("a long period that an earlier start keeps in force is still found behind later, shorter ones", () => {
  // Not HMRC's shape, but the rule does not depend on periods being a month long.
  const odd = timelineColumns([monthly("2015-01-01", "2015-12-31", "year"), monthly("2015-03-01", "2015-03-31", "march")]);
  const rate = (date: string) => odd.rates[new PeriodTimeline(odd).indexOn(dayNumber(date))];
  expect(rate("2015-03-15")).toBe("march");
  expect(rate("2015-07-01")).toBe("year");
  expect(rate("2016-01-01")).toBeUndefined();
});
