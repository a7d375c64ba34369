// Beyond one lookup (#16): a date's whole table agrees with the single route
// for every currency, and a currency's history agrees with the period rule on
// every day from 2014 to the end of the data.
import { describe, expect, test } from "bun:test";
import { createApp } from "../src/app/app.ts";
import { dayNumber, isoDay } from "../src/lib/calendar.ts";
import { coveredRanges } from "../src/vat/currency-history.ts";
import type { CurrencyHistory } from "../src/vat/schemas.ts";
import { fixtureApp, get, realAnswers, realData, timelinesOf } from "./helpers.ts";

const app = createApp({ answers: realAnswers() });
const codes = realData().currencies.map((c) => c.code);

describe("GET /vat/exchange-rates/{date}", () => {
  // Every amendment week's edges, and a spread of days over all coverage and a little beyond.
  const dates = new Set<string>();
  for (const { starts, ends, amendment } of timelinesOf(realData()).values()) {
    starts.forEach((start, i) => amendment[i] && [start - 1, start, ends[i]!, ends[i]! + 1].forEach((d) => dates.add(isoDay(d))));
  }
  for (let d = dayNumber("2013-12-20"); d <= dayNumber("2026-09-10"); d += 17) dates.add(isoDay(d));

  test(`agrees with the single route for every currency on ${dates.size} dates`, async () => {
    const differences: string[] = [];
    for (const date of dates) {
      const table = await get(app, `/vat/exchange-rates/${date}`);
      const singles = await Promise.all(codes.map((code) => get(app, `/vat/exchange-rate/${code}/${date}`)));
      const found = singles.filter((s) => s.status === 200);
      if (found.length === 0) {
        // Past the newest day: the data is behind HMRC (503) or HMRC has not published it (404); before it, a 404.
        const wanted = date > realData().coverage.to ? [503, 404] : [404];
        if (!wanted.includes(table.status) || !["urn:feed-service:problem:no-rate", "urn:feed-service:problem:data-behind"].includes(table.body.type)) differences.push(`${date}: ${table.status}, no currency has a rate`);
        continue;
      }
      if (table.status !== 200 || table.text !== `[${found.map((s) => s.text).join(",")}]`) differences.push(`${date}: the table is not the single answers`);
      if (Number(table.response.headers.get("content-length")) !== Buffer.byteLength(table.text)) differences.push(`${date}: Content-Length`);
    }
    expect(differences).toEqual([]);
    expect(dates.size).toBeGreaterThan(300);
  });

  test("sorted by code, cached like a dated rate, its ETag changes exactly when the table does", async () => {
    const a = await get(app, "/vat/exchange-rates/2014-12-24");
    const b = await get(app, "/vat/exchange-rates/2014-12-26");
    const c = await get(app, "/vat/exchange-rates/2014-12-17");
    const codesInA = a.body.map((r: { currencyCode: string }) => r.currencyCode);
    expect(codesInA).toEqual([...codesInA].sort());
    expect(a.response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(a.text === b.text).toBe(a.response.headers.get("etag") === b.response.headers.get("etag"));
    expect(a.text === c.text).toBe(a.response.headers.get("etag") === c.response.headers.get("etag"));
    expect(a.text).not.toBe(c.text); // the RUB amendment of 2014-12-24 is in one and not the other
    expect((await get(app, "/vat/exchange-rates/2024-13-01")).status).toBe(400);
  });
});

describe("GET /vat/currencies/{currency}", () => {
  /**
   * The period rule, applied to the periods as the history lists them, another
   * way than the server does: paint each period over its days in the rule's
   * order (by start; a monthly rate before an amendment on the same start), so
   * each day keeps the period that starts latest.
   */
  function painted(history: CurrencyHistory, from: number, to: number): (CurrencyHistory["periods"][number] | undefined)[] {
    const days = new Array(to - from + 1).fill(undefined);
    const order = [...history.periods].sort((a, b) => (a.effectiveFrom === b.effectiveFrom ? (a.kind === "amendment" ? 1 : -1) : a.effectiveFrom < b.effectiveFrom ? -1 : 1));
    for (const p of order) for (let d = Math.max(from, dayNumber(p.effectiveFrom)); d <= Math.min(to, dayNumber(p.effectiveTo)); d++) days[d - from] = p;
    return days;
  }

  test("every currency's history, read with the period rule, agrees with the rate book on every day 2014-01-01..2026-09-05, its ranges and gaps included", async () => {
    const { rates } = realAnswers().vat;
    const [from, to] = [dayNumber("2014-01-01"), dayNumber("2026-09-05")];
    const differences: string[] = [];
    for (const code of codes) {
      const { status, body } = await get(app, `/vat/currencies/${code.toLowerCase()}`);
      const history = body as CurrencyHistory;
      if (status !== 200 || history.currencyCode !== code) differences.push(`${code}: ${status}`);
      const rule = painted(history, from, to);
      const covered = (date: string) => history.ranges.some((r) => r.from <= date && date <= r.to);
      for (let day = from; day <= to; day++) {
        const period = rule[day - from];
        const lookup = rates.lookup(code, day);
        const expected = lookup.found ? JSON.parse(new TextDecoder().decode(lookup.answer.content)) : undefined;
        if (period?.rate !== expected?.rate || period?.effectiveFrom !== expected?.effectiveFrom || (period !== undefined) !== covered(isoDay(day))) differences.push(`${code} ${isoDay(day)}`);
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });

  test("a gap HMRC left is shown, and exact digits; an unknown code is a 404, a malformed one a 400", async () => {
    const fixture = fixtureApp();
    const crc = await get(fixture, "/vat/currencies/crc");
    expect(crc.text).toBe(
      '{"currencyCode":"CRC","currencyName":"Costa Rican Colón","ranges":[{"from":"2014-12-01","to":"2015-01-31"},{"from":"2015-03-01","to":"2015-03-31"}],' +
        '"periods":[{"effectiveFrom":"2014-12-01","effectiveTo":"2014-12-31","rate":841.259,"kind":"monthly"},{"effectiveFrom":"2015-01-01","effectiveTo":"2015-01-31","rate":833.455,"kind":"monthly"},{"effectiveFrom":"2015-03-01","effectiveTo":"2015-03-31","rate":830.75,"kind":"monthly"}]}',
    );
    // A lookup inside the gap says it is a gap in HMRC's publication, not an unknown currency or a date out of range.
    const inGap = await get(fixture, "/vat/exchange-rate/crc/2015-02-10");
    expect([inGap.status, inGap.body.type]).toEqual([404, "urn:feed-service:problem:no-rate"]);
    expect(inGap.body.detail).toBe("No rate for CRC on 2015-02-10: HMRC's rates for CRC in this database run from 2014-12-01 to 2015-03-31, and HMRC published none for that period.");
    // An amendment follows the monthly rate it replaces from its start.
    const jpy = (await get(fixture, "/vat/currencies/JPY")).body as CurrencyHistory;
    expect(jpy.periods.slice(1, 3)).toEqual([
      { effectiveFrom: "2015-01-01", effectiveTo: "2015-01-31", rate: 187.4523, kind: "monthly" },
      { effectiveFrom: "2015-01-21", effectiveTo: "2015-01-31", rate: 177.16, kind: "amendment" },
    ]);
    expect((await get(fixture, "/vat/currencies/xyz")).body.type).toBe("urn:feed-service:problem:unknown-currency");
    expect((await get(fixture, "/vat/currencies/u5d")).status).toBe(400);
  });
});

describe("coveredRanges", () => {
  test("merges periods that touch or overlap, keeps gaps, takes an amendment inside its month as covered", () => {
    // Jan 1-31, an amendment Jan 17-31, Feb 1-28 (touches), then Apr 1-30 after a gap.
    const starts = Int32Array.from([0, 16, 31, 90]);
    const ends = Int32Array.from([30, 30, 58, 119]);
    expect(coveredRanges(starts, ends)).toEqual([{ from: 0, to: 58 }, { from: 90, to: 119 }]);
    expect(coveredRanges(new Int32Array(0), new Int32Array(0))).toEqual([]);
  });

  test("refuses periods that are not in start order rather than merging them wrongly", () => {
    expect(() => coveredRanges(Int32Array.from([31, 0]), Int32Array.from([58, 30]))).toThrow(/out of order/);
  });

  test("every real currency's ranges hold exactly the days some period covers", () => {
    for (const [code, { starts, ends }] of timelinesOf(realData())) {
      const covered = new Set<number>();
      for (let i = 0; i < starts.length; i++) for (let d = starts[i]!; d <= ends[i]!; d++) covered.add(d);
      const inRanges = coveredRanges(starts, ends).reduce((n, r) => n + r.to - r.from + 1, 0);
      expect([code, inRanges]).toEqual([code, covered.size]);
    }
  });
});
