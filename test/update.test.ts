import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { addMonths, publicationDay, requiredMonth, updateSnapshot, type UpdateOptions } from "../src/build/hmrc-update.ts";
import { readCapped } from "../src/build/http-fetch.ts";
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
    // The timeout bounds the body read too (the abort signal covers it), so it must outlast a loaded CI machine
    // reading the 5 MiB the endless-answer test is allowed; the one test about timeouts sets its own.
    policy: { timeoutMs: 5_000, attempts: 2, backoffMs: 10 },
  };
  buildDatabase(options);
  return { hmrc, upstream, databasePath, options, before: readFileSync(databasePath) };
}

const usdOn = (databasePath: string, date: string) =>
  new Database(databasePath, { readonly: true }).query("SELECT rate FROM periods WHERE currency_code = 'USD' AND starts_on = ?").get(date);

test("addMonths crosses years", () => {
  expect(addMonths("2026-12", 1)).toBe("2027-01");
  expect(addMonths("2026-01", -1)).toBe("2025-12");
});

describe("db:update", () => {
  test("finds a new month through HMRC's listing, fetches it at its unpadded path, stops at the first unlisted one, and rebuilds", async () => {
    const { upstream, databasePath, options, hmrc } = setUp({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") });
    const result = await updateSnapshot(options);
    expect(result.added).toEqual(["monthly_csv_2026-09.csv"]);
    expect(result.rejected).toEqual([]);
    expect(result.build?.coverage.to).toBe("2026-09-30");
    expect(usdOn(databasePath, "2026-09-01")).toEqual({ rate: "1.3333" });
    expect(existsSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"))).toBe(true);
    expect(hmrc.hits.get("listing")).toBe(1);
    expect(hmrc.hits.get("listing2026")).toBe(1);
    expect(hmrc.hits.get("monthly_csv_2026-9.csv")).toBe(1); // HMRC's name, not ours
    expect(hmrc.hits.has("monthly_csv_2026-09.csv")).toBe(false);
    expect(hmrc.hits.has("monthly_csv_2026-10.csv")).toBe(false); // not listed: not asked for
    expect(result.newestMonth).toBe("2026-09");
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
    // Only this file is slow: the listing before it answers at once, so a short timeout is safe here.
    const slowResult = await updateSnapshot({ ...slow.options, policy: { ...slow.options.policy!, timeoutMs: 150 } });
    expect(slowResult.rejected[0]).toMatchObject({ file: "monthly_csv_2026-09.csv" });
    expect(slowResult.rejected[0]!.reason).toContain("gave up after 2 attempts");

    const failing = setUp({ "monthly_csv_2026-09.csv": () => new Response("boom", { status: 503 }) });
    const failingResult = await updateSnapshot(failing.options);
    expect(failingResult.rejected[0]).toEqual({ file: "monthly_csv_2026-09.csv", reason: `HMRC answered HTTP 503 at ${failing.hmrc.url}/api/v2/exchange_rates/files/monthly_csv_2026-9.csv` });
    expect(failing.hmrc.hits.get("monthly_csv_2026-9.csv")).toBe(2);
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

  test("without the listing, each month is asked for at its canonical unpadded name, and the update says so", async () => {
    const lines: string[] = [];
    const { options, hmrc } = setUp({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") });
    hmrc.stop();
    const down = fakeHmrc({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") }, { listing: false });
    stops.push(down.stop);
    const result = await updateSnapshot({ ...options, hmrcBaseUrl: down.url, say: (line) => lines.push(line) });
    expect(result.added).toEqual(["monthly_csv_2026-09.csv"]);
    expect(lines.some((l) => l.startsWith("HMRC's listing is unavailable") && l.includes("HTTP 503"))).toBe(true);
    expect(down.hits.get("monthly_csv_2026-9.csv")).toBe(1);
    expect(down.hits.get("monthly_csv_2026-10.csv")).toBe(1); // the probe that found the first unpublished month
  });

  test("an endless answer is refused at the cap: the update returns, and the database is left alone", async () => {
    // Never closes: an update that read answers whole would run into the fetch timeout and fail on its message.
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(64 * 1024).fill(65));
          },
        }),
      );
    const { options, databasePath, before } = setUp({ "monthly_csv_2026-09.csv": endless });
    const result = await updateSnapshot(options);
    expect(result.rejected[0]!.reason).toMatch(/sent more than 5242880 bytes; a monthly file is about 10 KB$/);
    expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);
  });
});

describe("readCapped", () => {
  // Without a socket between them, what the reader pulled is exactly what it held: the cap plus the chunk that crossed it.
  // (Over loopback the sender gets further ahead, by as much as the kernel's socket buffers take: tcp_rmem allows 32 MiB here.)
  test("stops pulling at the cap and cancels the body", async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    }, { highWaterMark: 0 });
    expect(await readCapped(new Response(body), 1024 * 1024)).toEqual({ kind: "too-large", limit: 1024 * 1024 });
    expect(pulled).toBe(1024 * 1024 + 64 * 1024);
    expect(cancelled).toBe(true);
  });

  test("refuses a declared Content-Length over the cap without reading, and returns a body within it whole", async () => {
    let pulled = false;
    const declared = new Response(new ReadableStream({ pull: () => void (pulled = true) }), { headers: { "content-length": "2000000" } });
    expect(await readCapped(declared, 1_000_000)).toEqual({ kind: "too-large", limit: 1_000_000 });
    expect(pulled).toBe(false);
    const small = await readCapped(new Response("a,b\n1,2\n"), 1_000_000);
    expect(small.kind === "read" && new TextDecoder().decode(small.bytes)).toBe("a,b\n1,2\n");
  });
});

describe("db:update says when the data is behind the calendar (#13)", () => {
  test("HMRC publishes on the penultimate Thursday: before it this month is due, after it next month", () => {
    expect([publicationDay("2026-11"), publicationDay("2026-04"), publicationDay("2027-01")]).toEqual(["2026-11-19", "2026-04-23", "2027-01-21"]);
    expect([requiredMonth("2026-11-19"), requiredMonth("2026-11-20"), requiredMonth("2026-12-31")]).toEqual(["2026-11", "2026-12", "2027-01"]);
  });

  test("exit 3 naming the missing months and the URLs asked when HMRC (or HMRC_BASE_URL) gives nothing new; 0 once current", async () => {
    const { hmrc, upstream, databasePath } = setUp({});
    const registry = registryAsExported();
    stops.push(registry.stop);
    const run = async (today: string, base: string) => {
      const proc = Bun.spawn(["bun", "src/build/update-cli.ts"], {
        cwd: ROOT,
        env: { ...process.env, UPSTREAM_DIR: upstream, DATABASE_PATH: databasePath, HMRC_BASE_URL: base, NPM_REGISTRY_URL: registry.url, UPDATE_TODAY: today },
        stdout: "pipe",
        stderr: "pipe",
      });
      return { code: await proc.exited, out: await new Response(proc.stdout).text() };
    };
    const behind = await run("2026-11-22", hmrc.url);
    expect(behind.code).toBe(3);
    expect(behind.out).toContain("BEHIND: on 2026-11-22 the data must reach 2026-12 but ends with 2026-08; missing 2026-09, 2026-10, 2026-11, 2026-12.");
    expect(behind.out).toContain(`Asked: ${hmrc.url}/api/v2/exchange_rates/period_lists?filter[type]=monthly`);
    const current = await run("2026-08-10", hmrc.url);
    expect(current.code).toBe(0);
  }, 20_000);
});
