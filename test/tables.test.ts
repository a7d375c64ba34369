// Beyond one lookup (#16): a date's whole table agrees with the single route
// for every currency, and a currency's history agrees with the period rule on
// every day from 2014 to the end of the data.
import { describe, expect, test } from "bun:test";
import { createApp } from "../src/app/app.ts";
import { dayNumber, isoDay } from "../src/lib/calendar.ts";
import type { CurrencyHistory } from "../src/vat/schemas.ts";
import { get, realAnswers, realData } from "./helpers.ts";

const app = createApp({ answers: realAnswers() });
const codes = realData().currencies.map((c) => c.code);

describe("GET /vat/exchange-rates/{date}", () => {
  // Every amendment week's edges, and a spread of days over all coverage and a little beyond.
  const dates = new Set<string>();
  for (const { starts, ends, amendment } of realData().timelines.values()) {
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
        if (table.status !== 404 || table.body.type !== "urn:feed-service:problem:no-rate") differences.push(`${date}: ${table.status}, no currency has a rate`);
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
  /** The period rule, applied to the periods as the history lists them. */
  const inForce = (history: CurrencyHistory, date: string) =>
    history.periods.filter((p) => p.effectiveFrom <= date && date <= p.effectiveTo).reduce<CurrencyHistory["periods"][number] | undefined>((best, p) => (!best || p.effectiveFrom > best.effectiveFrom || (p.effectiveFrom === best.effectiveFrom && p.kind === "amendment") ? p : best), undefined);

  test("every currency's history agrees with the rate book on each period's edges and every third day, ranges and gaps included", async () => {
    const { rates } = realAnswers().vat;
    const differences: string[] = [];
    for (const code of codes) {
      const { status, body } = await get(app, `/vat/currencies/${code.toLowerCase()}`);
      const history = body as CurrencyHistory;
      if (status !== 200 || history.currencyCode !== code) differences.push(`${code}: ${status}`);
      const days = new Set<number>();
      for (let day = dayNumber("2014-01-01"); day <= dayNumber("2026-09-05"); day += 3) days.add(day);
      for (const p of history.periods) [-1, 0].forEach((k) => days.add(dayNumber(p.effectiveFrom) + k) && days.add(dayNumber(p.effectiveTo) - k));
      for (const day of days) {
        const date = isoDay(day);
        const period = inForce(history, date);
        const lookup = rates.lookup(code, day);
        const covered = history.ranges.some((r) => r.from <= date && date <= r.to);
        const expected = lookup.found ? JSON.parse(lookup.answer.text) : undefined;
        if (covered !== lookup.found || period?.rate !== expected?.rate || period?.effectiveFrom !== expected?.effectiveFrom) differences.push(`${code} ${date}`);
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });

  test("LRD shows the gap HMRC left, and exact digits; an unknown code is a 404, a malformed one a 400", async () => {
    const lrd = (await get(app, "/vat/currencies/LRD")).body as CurrencyHistory;
    expect(lrd.ranges.length).toBeGreaterThan(1);
    expect(lrd.periods.some((p) => p.kind === "monthly")).toBe(true);
    const usd = await get(app, "/vat/currencies/usd");
    expect(usd.text).toContain('"effectiveFrom":"2024-01-01","effectiveTo":"2024-01-31","rate":1.2651,"kind":"monthly"');
    expect((await get(app, "/vat/currencies/xyz")).body.type).toBe("urn:feed-service:problem:unknown-currency");
    expect((await get(app, "/vat/currencies/u5d")).status).toBe(400);
  });
});
