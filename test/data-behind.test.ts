// When this service's data is behind what HMRC has published, it says so
// (503 data-behind), never "not published"; a date HMRC has not published yet
// is a 404 that says when it will be. HMRC publishes next month's rates on the
// penultimate Thursday of each month (src/lib/publication.ts).
import { describe, expect, test } from "bun:test";
import { addMonths, freshness, lastDayOf, nextPublication, publicationDay, publishedOn, publishedThrough, yearlyPeriodsDue } from "../src/lib/publication.ts";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { provenanceReport } from "../src/build/provenance-report.ts";
import { fixedClock, fixtureApp, fixtureData, fixtureDatabase, get, realApp, realDatabase } from "./helpers.ts";

describe("HMRC's publication calendar", () => {
  test("the penultimate Thursday publishes the next month; on the day itself it is not yet counted", () => {
    expect([publicationDay("2026-11"), publicationDay("2026-04"), publicationDay("2027-01"), publicationDay("2015-06")]).toEqual(["2026-11-19", "2026-04-23", "2027-01-21", "2015-06-18"]);
    expect([publishedThrough("2026-11-19"), publishedThrough("2026-11-20"), publishedThrough("2026-12-31")]).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(publishedOn("2026-12")).toBe("2026-11-19");
    // December 2026 ends on a Thursday: its penultimate Thursday is the 24th.
    expect([nextPublication("2026-11-19"), nextPublication("2026-11-20")]).toEqual(["2026-11-19", "2026-12-24"]);
    expect([addMonths("2026-12", 1), addMonths("2026-01", -1), lastDayOf("2028-02")]).toEqual(["2027-01", "2025-12", "2028-02-29"]);
  });

  test("yearly periods: HMRC publishes each on its last day; the next after a March is the December, and the other way round", () => {
    expect(yearlyPeriodsDue("2026-03", "2026-12-31")).toEqual([]);
    expect(yearlyPeriodsDue("2026-03", "2027-01-01")).toEqual(["2026-12"]);
    expect(yearlyPeriodsDue("2025-12", "2027-04-02")).toEqual(["2026-03", "2026-12", "2027-03"]);
  });

  test("freshness names every month HMRC has published that the data does not reach", () => {
    expect(freshness("2026-08-31", "2026-11-23")).toEqual({ behind: true, missingMonths: ["2026-09", "2026-10", "2026-11", "2026-12"], publishedThrough: "2026-12", nextPublication: "2026-12-24" });
    expect(freshness("2026-12-31", "2026-11-23")).toEqual({ behind: false, missingMonths: [], publishedThrough: "2026-12", nextPublication: "2026-12-24" });
    // Data ending inside a month (a partial month) still lacks that month.
    expect(freshness("2026-11-15", "2026-11-10").missingMonths).toEqual(["2026-11"]);
  });
});

describe("on the fixture (its data ends 2015-03-31)", () => {
  const june = fixtureApp(fixedClock("2015-06-10T12:00:00Z")); // HMRC has published June, not yet July (2015-06-18)

  test.each([
    ["/vat/exchange-rate/usd", "today"],
    ["/vat/exchange-rate/usd/2015-05-01", "a dated rate"],
    ["/vat/exchange-rate/crc/2015-06-30", "the last day published"],
    ["/vat/exchange-rates/2015-04-01", "a date's table"],
  ])("%s (%s): 503 data-behind, Retry-After, not cached, saying what to do", async (path) => {
    const { status, body, response } = await get(june, path);
    expect(status).toBe(503);
    expect(body.type).toBe("urn:feed-service:problem:data-behind");
    expect(body.detail).toContain("This service's data ends on 2015-03-31, but HMRC has published rates up to 2015-06-30: the operator must update it (bun run db:update).");
    expect(response.headers.get("retry-after")).toBe("3600");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const head = await get(june, path, { method: "HEAD" });
    expect([head.status, head.text, head.response.headers.get("retry-after")]).toEqual([503, "", "3600"]);
  });

  test("a date HMRC has not published is a 404 that says when it will be", async () => {
    const july = await get(june, "/vat/exchange-rate/usd/2015-07-01");
    expect([july.status, july.body.type]).toEqual([404, "urn:feed-service:problem:no-rate"]);
    expect(july.body.detail).toBe("No rate for 2015-07-01: not published yet. HMRC publishes 2015-07's rates on 2015-06-18.");
    const table = await get(june, "/vat/exchange-rates/2030-01-01");
    expect(table.body.detail).toBe("No rate for 2030-01-01: not published yet. HMRC publishes 2030-01's rates on 2029-12-20.");
  });

  test("the day after HMRC's publication day the next month is behind too; before it, not yet published", async () => {
    const after = fixtureApp(fixedClock("2015-03-20T09:00:00Z")); // 2015-03-19 published April
    expect((await get(after, "/vat/exchange-rate/usd/2015-04-01")).status).toBe(503);
    const before = fixtureApp(fixedClock("2015-03-10T09:00:00Z"));
    const early = await get(before, "/vat/exchange-rate/usd/2015-04-01");
    expect([early.status, early.body.detail]).toEqual([404, "No rate for 2015-04-01: not published yet. HMRC publishes 2015-04's rates on 2015-03-19."]);
    expect((await get(before, "/vat/exchange-rate/usd")).status).toBe(200);
  });

  test("dates inside the data answer as before", async () => {
    expect((await get(june, "/vat/exchange-rate/usd/2015-02-10")).status).toBe(200);
    const gap = await get(june, "/vat/exchange-rate/crc/2015-02-10");
    expect([gap.status, gap.body.type]).toEqual([404, "urn:feed-service:problem:no-rate"]);
  });

  test("/health stays 200 and names the missing months and the next publication", async () => {
    const { status, body } = await get(june, "/health");
    expect(status).toBe(200);
    expect(body.freshness).toEqual({
      newestDate: "2015-03-31",
      today: "2015-06-10",
      todayCovered: false,
      daysBehind: 71,
      behind: true,
      missingMonths: ["2015-04", "2015-05", "2015-06"],
      publishedThrough: "2015-06",
      nextPublication: "2015-06-18",
    });
    const current = await get(fixtureApp(fixedClock("2015-03-10T09:00:00Z")), "/health");
    expect(current.body.freshness).toMatchObject({ behind: false, missingMonths: [], todayCovered: true });
  });
});

describe("on the real snapshot, whatever its newest month", () => {
  const newest = realDatabase().report.coverage.to;
  const dayAfter = new Date(Date.parse(`${newest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const later = fixedClock(`${lastDayOf(addMonths(newest.slice(0, 7), 2))}T12:00:00Z`);

  test("the day after the data, once HMRC has published it, is a 503 on every dated route; years ahead a 404", async () => {
    const app = realApp(later);
    for (const path of [`/vat/exchange-rate/usd/${dayAfter}`, `/vat/exchange-rates/${dayAfter}`, "/vat/exchange-rate/eur"]) expect([path, (await get(app, path)).status]).toEqual([path, 503]);
    expect((await get(app, "/vat/exchange-rate/usd/2099-01-15")).body.detail).toContain("not published yet");
    expect((await get(app, "/health")).body.freshness.missingMonths[0]).toBe(dayAfter.slice(0, 7));
  });
});

describe("db:report", () => {
  test("says the same as /health: the months the database lacks and the next publication", () => {
    const sqlite = new Database(fixtureDatabase().path, { readonly: true });
    try {
      const behind = provenanceReport(fixtureData(), drizzle(sqlite), false, "2015-06-10");
      expect(behind).toContain("BEHIND on 2015-06-10: HMRC has published up to 2015-06; this database lacks 2015-04, 2015-05, 2015-06: run `bun run db:update`. HMRC publishes next on 2015-06-18.");
      expect(provenanceReport(fixtureData(), drizzle(sqlite), false, "2015-03-10")).toContain("Current on 2015-03-10: HMRC has published up to 2015-03 and this database has it; HMRC publishes next on 2015-03-19.");
    } finally {
      sqlite.close();
    }
  });
});
