// HMRC's yearly average and spot rates (#26): the routes on the frozen
// fixture, the real snapshot against an independent reading of the CSVs,
// and the build's strictness with the yearly files.
import { describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BuildError } from "../src/build/anomalies.ts";
import { buildDatabase } from "../src/build/build-database.ts";
import { lastDayOf } from "../src/lib/publication.ts";
import { buildOptions, fixedClock, fixtureApp, fixtureSnapshot, get, realApp, REAL_UPSTREAM, tempDir } from "./helpers.ts";
import { referenceYearly } from "./reference.ts";

const app = fixtureApp(fixedClock("2015-01-15T12:00:00Z"));

describe("GET /average-rate/{currency}/{period}", () => {
  test("the average for the twelve months ending with that month, with HMRC's digits; any case; cached like a dated rate", async () => {
    const december = await get(app, "/average-rate/usd/2014-12");
    expect(december.text).toBe('{"currencyCode":"USD","currencyName":"US Dollar","periodStart":"2014-01-01","periodEnd":"2014-12-31","rate":1.65073}');
    expect(december.response.headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(december.response.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
    const march = await get(app, "/average-rate/Crc/2015-03");
    expect(march.text).toBe('{"currencyCode":"CRC","currencyName":"Costa Rican Colón","periodStart":"2014-04-01","periodEnd":"2015-03-31","rate":876.715363}');
    const head = await get(app, "/average-rate/usd/2014-12", { method: "HEAD" });
    expect([head.status, head.text, head.response.headers.get("etag")]).toEqual([200, "", december.response.headers.get("etag")]);
  });

  test.each([
    ["/average-rate/usd/2014-06", "invalid-period", "HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only"],
    ["/average-rate/usd/2014-6", "invalid-period", "a period is YYYY-MM"],
    ["/average-rate/us/2014-12", "invalid-currency", "three letters"],
  ])("%s is a 400 %s saying what is allowed", async (path, kind, says) => {
    const { status, body } = await get(app, path);
    expect([status, body.type]).toEqual([400, `urn:feed-service:problem:${kind}`]);
    expect(body.detail).toContain(says);
  });

  test("a period not held names the range held; a currency without averages says so; an unknown one is a 404", async () => {
    const early = await get(app, "/average-rate/usd/2013-12");
    expect([early.status, early.body.detail]).toEqual([404, "No average rate for USD for the year to 2013-12-31: HMRC's average rates for USD in this database run from the year to 2014-12-31 to the year to 2015-03-31."]);
    const none = await get(app, "/average-rate/lrd/2014-12");
    expect(none.body.detail).toBe("HMRC publishes no average rate for LRD; this database's average rates run from the year to 2014-12-31 to the year to 2015-03-31 (/currencies lists each currency's series).");
    expect((await get(app, "/average-rate/xyz/2014-12")).body.type).toBe("urn:feed-service:problem:unknown-currency");
  });

  test("a period past the data: 404 until HMRC publishes it (on its last day), 503 data-behind after", async () => {
    const before = await get(fixtureApp(fixedClock("2015-12-31T12:00:00Z")), "/average-rate/usd/2015-12");
    expect([before.status, before.body.detail]).toEqual([404, "No average rate for the year to 2015-12-31: not published yet. HMRC publishes it on 2015-12-31."]);
    const after = await get(fixtureApp(fixedClock("2016-01-02T12:00:00Z")), "/average-rate/usd/2015-12");
    expect([after.status, after.response.headers.get("retry-after")]).toEqual([503, "3600"]);
    expect(after.body.detail).toContain("This service's average rates end with the year to 2015-03-31, but HMRC published those for the year to 2015-12-31 on 2015-12-31");
  });
});

describe("GET /spot-rate/{currency}/{date}", () => {
  test("the rate on a 31 December or 31 March; any other date is a 400 saying which", async () => {
    expect((await get(app, "/spot-rate/jpy/2014-12-31")).text).toBe('{"currencyCode":"JPY","currencyName":"Japanese Yen","date":"2014-12-31","rate":186.946}');
    const wrong = await get(app, "/spot-rate/jpy/2014-12-30");
    expect([wrong.status, wrong.body.type]).toEqual([400, "urn:feed-service:problem:invalid-date"]);
    expect(wrong.body.detail).toContain("HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only");
    expect((await get(app, "/spot-rate/jpy/2014-02-30")).body.detail).toContain("there is no such day in the calendar");
    const march = await get(fixtureApp(fixedClock("2015-04-02T09:00:00Z")), "/spot-rate/jpy/2015-03-31");
    expect(march.status).toBe(503);
  });
});

describe("whole tables", () => {
  test("/average-rates/{period} and /spot-rates/{date} are the single answers, sorted by code", async () => {
    for (const [table, single, codes] of [
      ["/average-rates/2014-12", (code: string) => `/average-rate/${code}/2014-12`, ["AED", "CHF", "CRC", "EUR", "JPY", "TOP", "USD"]],
      ["/spot-rates/2014-12-31", (code: string) => `/spot-rate/${code}/2014-12-31`, ["CHF", "EUR", "JPY", "USD"]],
    ] as const) {
      const singles = await Promise.all(codes.map((code) => get(app, single(code))));
      expect((await get(app, table)).text).toBe(`[${singles.map((s) => s.text).join(",")}]`);
    }
    expect((await get(app, "/average-rates/2014-06")).status).toBe(400);
    expect((await get(app, "/spot-rates/2013-12-31")).status).toBe(404);
  });
});

describe("which series each currency has", () => {
  test("/currencies lists every currency of any series; /currencies/{currency} its averages and spots", async () => {
    const list = (await get(app, "/currencies")).body as { currencyCode: string; series: string[] }[];
    expect(list.map((c) => [c.currencyCode, c.series.join("+")])).toEqual([
      ["AED", "average"],
      ["CHF", "monthly+average+spot"],
      ["CRC", "monthly+average"],
      ["EUR", "monthly+average+spot"],
      ["JPY", "monthly+average+spot"],
      ["LRD", "monthly"],
      ["TOP", "monthly+average"],
      ["USD", "monthly+average+spot"],
    ]);
    expect((await get(app, "/currencies/usd")).body).toEqual({
      currencyCode: "USD",
      currencyName: "US Dollar",
      series: ["monthly", "average", "spot"],
      averages: [
        { periodStart: "2014-01-01", periodEnd: "2014-12-31", rate: 1.65073 },
        { periodStart: "2014-04-01", periodEnd: "2015-03-31", rate: 1.598652 },
      ],
      spots: [{ date: "2014-12-31", rate: 1.5593 }],
    });
    // The VAT list is unchanged: AED has no VAT rates here.
    expect(((await get(app, "/vat/currencies")).body as { currencyCode: string }[]).map((c) => c.currencyCode)).not.toContain("AED");
  });
});

describe("the real snapshot against an independent reading of the CSVs", () => {
  const reference = referenceYearly(join(REAL_UPSTREAM, "hmrc"));
  const real = realApp(fixedClock("2026-04-15T12:00:00Z"));

  test(`every average and spot row (${reference.length}) is served exactly as published`, async () => {
    expect(reference.length).toBeGreaterThan(4_000);
    const differences: string[] = [];
    for (const r of reference) {
      const path = r.series === "average" ? `/average-rate/${r.code}/${r.period}` : `/spot-rate/${r.code}/${lastDayOf(r.period)}`;
      const { status, text } = await get(real, path);
      if (status !== 200 || !text.endsWith(`"rate":${r.rate}}`)) differences.push(`${path}: ${status} ${text.slice(-40)} wanted ${r.rate}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
  }, 30_000);

  test("every period's table agrees with its single lookups", async () => {
    const periods = new Set(reference.map((r) => `${r.series} ${r.period}`));
    for (const key of periods) {
      const [series, period] = key.split(" ") as ["average" | "spot", string];
      const codes = reference.filter((r) => r.series === series && r.period === period).map((r) => r.code).sort();
      const table = (await get(real, series === "average" ? `/average-rates/${period}` : `/spot-rates/${lastDayOf(period)}`)).body as { currencyCode: string; rate: number }[];
      expect([key, table.map((t) => t.currencyCode)]).toEqual([key, codes]);
    }
    expect(periods.size).toBe(readdirSync(join(REAL_UPSTREAM, "hmrc")).filter((n) => /^(average|spot)_/.test(n)).length);
  });
});

describe("the build is as strict with the yearly files", () => {
  const YEARLY = "Country,Unit Of Currency,Currency Code,Sterling value of Currency Unit £,Currency Units per £1";
  const jan = (code: string, rate: string) => `USA,Dollar,${code},${rate},01/01/2024,31/01/2024`;
  const good = { "monthly_csv_2024-01.csv": [jan("USD", "1.2651")] };
  const failing = (yearly: Record<string, string[]>) => {
    const upstream = fixtureSnapshot(good);
    for (const [name, rows] of Object.entries(yearly)) writeFileSync(join(upstream, "hmrc", name), `${[YEARLY, ...rows].join("\n")}\n`);
    try {
      buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")));
    } catch (e) {
      return (e as BuildError).message;
    }
    return "built";
  };

  test("a file whose month is not March or December is refused", () => {
    expect(failing({ "average_csv_2024-06.csv": ["USA,Dollar,USD,0.79,1.27"] })).toBe("average_csv_2024-06.csv: HMRC publishes average rates for the year to 31 March (-03) or 31 December (-12), not for a year ending in month 06");
  });

  test.each([
    [["USA,Dollar,USD,0.79,1.2x"], 'average_csv_2024-12.csv:2: rate "1.2x" is not a decimal number'],
    [["USA,Dollar,US,0.79,1.27"], 'average_csv_2024-12.csv:2: currency code "US" is not three capital letters'],
    [["USA,Dollar,USD,0.79,1.27", "Ecuador,Dollar,USD,0.79,1.28"], "average_csv_2024-12.csv:2: USD rows disagree with no majority"],
  ])("a bad row is named by file and line", (rows, message) => {
    expect(failing({ "average_csv_2024-12.csv": rows })).toStartWith(message);
  });

  test("an average far from the mean of its twelve monthly rates is a warning with file and line, served as published", async () => {
    const months = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, "0")}`);
    const monthly = Object.fromEntries(months.map((m) => [`monthly_csv_${m}.csv`, [`USA,Dollar,USD,1.25,01/${m.slice(5)}/2024,${lastDayOf(m).slice(8)}/${m.slice(5)}/2024`]]));
    const upstream = fixtureSnapshot(monthly);
    writeFileSync(join(upstream, "hmrc", "average_csv_2024-12.csv"), `${YEARLY}\nUSA,Dollar,USD,0.79,1.3\n`);
    const { log } = buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")));
    expect(log.entries.filter((a) => a.kind === "average-vs-monthly").map((a) => [a.file, a.line, a.message])).toEqual([
      ["average_csv_2024-12.csv", 2, "USD's average 1.3 is 4.0% from the mean 1.25000 of its twelve monthly rates 2024-01..2024-12; served as published"],
    ]);
  });
});
