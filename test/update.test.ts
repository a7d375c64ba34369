import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { addMonths, updateSnapshot, type UpdateOptions } from "../src/build/hmrc-update.ts";
import { buildOptions, ROOT, tempDir } from "./helpers.ts";
import { fakeHmrc, fakeRegistry, registryAsExported, syntheticMonth, upstreamCopy } from "./upstream-fakes.ts";

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function setUp(files: Parameters<typeof fakeHmrc>[0], today = "2026-11-21", registry = registryAsExported()) {
  const hmrc = fakeHmrc(files);
  stops.push(hmrc.stop, registry.stop);
  const upstream = upstreamCopy();
  const databasePath = join(tempDir(), "feed.sqlite");
  const options: UpdateOptions = {
    ...buildOptions(upstream, databasePath, join(ROOT, "db/corrections.json")),
    hmrcBaseUrl: hmrc.url,
    npmRegistryUrl: registry.url,
    today,
    policy: { timeoutMs: 300, attempts: 2, backoffMs: 10 },
  };
  buildDatabase(options);
  return { hmrc, upstream, databasePath, options, before: readFileSync(databasePath) };
}

const usdOn = (databasePath: string, date: string) =>
  new Database(databasePath, { readonly: true }).query("SELECT rate FROM rates WHERE currency_code = 'USD' AND starts_on = ?").get(date);

test("addMonths crosses years", () => {
  expect(addMonths("2026-12", 1)).toBe("2027-01");
  expect(addMonths("2026-01", -1)).toBe("2025-12");
});

describe("db:update", () => {
  test("takes a new month, stops quietly at the first unpublished one, and rebuilds", async () => {
    const { upstream, databasePath, options, hmrc } = setUp({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") });
    const result = await updateSnapshot(options);
    expect(result.added).toEqual(["monthly_csv_2026-09.csv"]);
    expect(result.rejected).toEqual([]);
    expect(result.build?.coverage.to).toBe("2026-09-30");
    expect(usdOn(databasePath, "2026-09-01")).toEqual({ rate: "1.3333" });
    expect(existsSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"))).toBe(true);
    expect(hmrc.hits.get("monthly_csv_2026-10.csv")).toBe(1);
    expect(hmrc.hits.has("monthly_csv_2026-11.csv")).toBe(false);
    expect(readdirSync(join(upstream, "..")).filter((n) => n.includes(".staged-"))).toEqual([]);
  });

  test("notices when HMRC replaced a published month and keeps the new one", async () => {
    const replaced = readFileSync(join(ROOT, "db/upstream/hmrc/monthly_csv_2026-08.csv"), "utf8").replace(/^USA,Dollar,USD,[^,]+,/m, "USA,Dollar,USD,1.4444,");
    const { upstream, databasePath, options } = setUp({ "monthly_csv_2026-08.csv": replaced }, "2026-08-10");
    const result = await updateSnapshot(options);
    expect(result.replaced).toEqual(["monthly_csv_2026-08.csv"]);
    expect(result.added).toEqual([]);
    expect(usdOn(databasePath, "2026-08-01")).toEqual({ rate: "1.4444" });
    expect(readFileSync(join(upstream, "hmrc/monthly_csv_2026-08.csv"), "utf8")).toBe(replaced);
  });

  test("a month not yet published changes nothing", async () => {
    const { databasePath, options, before } = setUp({});
    const result = await updateSnapshot(options);
    expect(result).toMatchObject({ added: [], replaced: [], rejected: [], versionsChanged: false });
    expect(result.build).toBeUndefined();
    expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);
  });

  test("a malformed file is refused with the reason; snapshot and database stay as they were", async () => {
    const bad = syntheticMonth("2026-09", "1.3333").replace(/^Japan,Yen,JPY,[^,]+,/m, "Japan,Yen,JPY,2l7.99,");
    const { upstream, databasePath, options, before } = setUp({ "monthly_csv_2026-09.csv": bad, "monthly_csv_2026-10.csv": syntheticMonth("2026-10", "1.2") });
    const result = await updateSnapshot(options);
    expect(result.added).toEqual([]);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]!.file).toBe("monthly_csv_2026-09.csv");
    expect(result.rejected[0]!.reason).toMatch(/^monthly_csv_2026-09\.csv:\d+: rate "2l7\.99" is not a decimal number$/);
    expect(existsSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"))).toBe(false);
    expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);
  });

  test("a truncated file is refused", async () => {
    const truncated = syntheticMonth("2026-09", "1.3").slice(0, 2000).replace(/,[^,\n]*$/, "");
    const { options } = setUp({ "monthly_csv_2026-09.csv": truncated });
    const result = await updateSnapshot(options);
    expect(result.rejected[0]!.reason).toContain("monthly_csv_2026-09.csv:");
  });

  test("a slow server times out, a failing one is retried a bounded number of times; both are refused", async () => {
    const slow = setUp({ "monthly_csv_2026-09.csv": async () => (await Bun.sleep(1_000), new Response("late")) });
    const slowResult = await updateSnapshot(slow.options);
    expect(slowResult.rejected[0]).toMatchObject({ file: "monthly_csv_2026-09.csv" });
    expect(slowResult.rejected[0]!.reason).toContain("gave up after 2 attempts");

    const failing = setUp({ "monthly_csv_2026-09.csv": () => new Response("boom", { status: 503 }) });
    const failingResult = await updateSnapshot(failing.options);
    expect(failingResult.rejected[0]).toEqual({ file: "monthly_csv_2026-09.csv", reason: "HMRC answered HTTP 503" });
    expect(failing.hmrc.hits.get("monthly_csv_2026-09.csv")).toBe(2);
    expect(Buffer.compare(readFileSync(failing.databasePath), failing.before)).toBe(0);
  });

  test("refreshes the versions export from the registry", async () => {
    const { upstream, databasePath, options } = setUp({}, "2026-11-21", fakeRegistry("9.1.0", "9.2.0-dev"));
    const result = await updateSnapshot(options);
    expect(result.versionsChanged).toBe(true);
    expect(readFileSync(join(upstream, "versions.csv"), "utf8")).toContain("DataTables,datatables.net,9.1.0,2026-10-01T12:00:00+00:00,9.2.0-dev,2026-11-01T06:30:00+00:00");
    const row = new Database(databasePath, { readonly: true }).query("SELECT release_version, nightly_version FROM versions WHERE software = 'Buttons'").get();
    expect(row).toEqual({ release_version: "9.1.0", nightly_version: "9.2.0-dev" });
  });
});
