import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { addMonths, requiredMonth, updateSnapshot, type UpdateOptions } from "../src/build/hmrc-update.ts";
import { readCapped } from "../src/build/http-fetch.ts";
import { HmrcAuthError } from "../src/build/hmrc-api.ts";
import { buildOptions, ROOT, tempDir } from "./helpers.ts";
import { SUITE } from "../src/build/npm-versions.ts";
import { FAKE_CLIENT, fakeGitHub, fakeHmrc, fakeHmrcSettings, fakeRegistry, githubAsExported, registryAsExported, syntheticMonth, upstreamCopy, type FakeHmrcOptions } from "./upstream-fakes.ts";

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function setUp(files: Parameters<typeof fakeHmrc>[0], today = "2026-11-21", registry = registryAsExported(), fake: FakeHmrcOptions = {}, credentials = false, github = githubAsExported()) {
  const hmrc = fakeHmrc(files, fake);
  stops.push(hmrc.stop, registry.stop, github.stop);
  const upstream = upstreamCopy();
  const databasePath = join(tempDir(), "feed.sqlite");
  const options: UpdateOptions = {
    ...buildOptions(upstream, databasePath, join(ROOT, "db/corrections.json")),
    hmrc: fakeHmrcSettings(hmrc, credentials),
    npmRegistryUrl: registry.url,
    github: { apiUrl: github.url, token: undefined },
    today,
    // The timeout bounds the body read too (the abort signal covers it), so it must outlast a loaded CI machine
    // reading the 5 MiB the endless-answer test is allowed; the one test about timeouts sets its own.
    policy: { timeoutMs: 5_000, attempts: 2, backoffMs: 10 },
  };
  buildDatabase(options);
  return { hmrc, github, upstream, databasePath, options, before: readFileSync(databasePath) };
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
    // Only the years this update can need: not a walk over whatever years a listing names.
    expect([...hmrc.hits.keys()].filter((k) => k.startsWith("listing"))).toEqual(["listing2026"]);
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
    expect(failingResult.rejected[0]).toEqual({ file: "monthly_csv_2026-09.csv", reason: `HMRC answered HTTP 503 at ${failing.hmrc.apiUrl}/exchange_rates/files/monthly_csv_2026-9.csv` });
    expect(failing.hmrc.hits.get("monthly_csv_2026-9.csv")).toBe(2);
    expect(Buffer.compare(readFileSync(failing.databasePath), failing.before)).toBe(0);
  });

  test("refreshes the versions export: releases from the registry, nightlies from GitHub", async () => {
    const heads = Object.fromEntries(SUITE.filter((p) => p.repository).map((p) => [p.repository!, { sha: "b".repeat(40), date: "2026-09-01T00:00:00Z", version: "9.0.0" }]));
    heads["DataTables/Buttons"] = { sha: "c".repeat(40), date: "2026-11-01T06:30:00Z", version: "9.2.0-dev" };
    const { upstream, databasePath, options } = setUp({}, "2026-11-21", fakeRegistry("9.1.0"), {}, false, fakeGitHub(heads));
    const result = await updateSnapshot(options);
    expect(result.versionsChanged).toBe(true);
    expect(result.rejected).toEqual([]);
    expect(readFileSync(join(upstream, "versions.csv"), "utf8")).toContain("Buttons,datatables.net-buttons,9.1.0,2026-10-01T12:00:00+00:00,9.2.0-dev,2026-11-01T06:30:00+00:00");
    const rows = new Database(databasePath, { readonly: true }).query("SELECT software, release_version, nightly_version FROM versions WHERE software IN ('Buttons', 'Select')").all();
    expect(rows).toEqual([{ software: "Buttons", release_version: "9.1.0", nightly_version: "9.2.0-dev" }, { software: "Select", release_version: "9.1.0", nightly_version: "9.1.0" }]);
    expect(Object.keys(JSON.parse(readFileSync(join(upstream, "versions-github.json"), "utf8")))).toHaveLength(18);
  });

  test("without the listing, each month is asked for at its canonical unpadded name, and the update says so", async () => {
    const lines: string[] = [];
    const { options, hmrc } = setUp({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") });
    hmrc.stop();
    const down = fakeHmrc({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") }, { listing: false });
    stops.push(down.stop);
    const result = await updateSnapshot({ ...options, hmrc: fakeHmrcSettings(down), say: (line) => lines.push(line) });
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
    expect(result.rejected[0]!.reason).toMatch(/sent more than 5242880 bytes; an HMRC file is about 10 KB$/);
    expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);
  });
});

describe("db:update against HMRC's API as documented in 2026", () => {
  const septemberOnly = () => ({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333") });
  const apiCalls = (log: { host: string; path: string; authorization: string | null }[], origin: string) => log.filter((l) => `http://${l.host}` === origin && l.path.startsWith("/uk/api/"));

  test("with credentials: one client-credentials token, sent as a bearer on every API call and never to another host", async () => {
    const { options, hmrc, databasePath } = setUp(septemberOnly(), "2026-11-21", registryAsExported(), { auth: "required", redirect: true }, true);
    const result = await updateSnapshot(options);
    expect(result.added).toEqual(["monthly_csv_2026-09.csv"]);
    expect(usdOn(databasePath, "2026-09-01")).toEqual({ rate: "1.3333" });
    expect(hmrc.hits.get("token")).toBe(1);
    const calls = apiCalls(hmrc.log, hmrc.url);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((c) => c.authorization === "Bearer token-1")).toBe(true);
    // The file came by a redirect to a signed link on 127.0.0.2, asked without the bearer token.
    const signed = hmrc.log.filter((l) => l.host.startsWith("127.0.0.2"));
    expect(signed.map((l) => [l.path, l.authorization])).toEqual([["/signed/monthly_csv_2026-9.csv", null]]);
    expect(hmrc.hits.get("signed monthly_csv_2026-9.csv")).toBe(1);
  });

  test("a token that stops working (401) is replaced once, and the call tried again", async () => {
    const { options, hmrc } = setUp(septemberOnly(), "2026-11-21", registryAsExported(), { auth: "required", tokenUses: 1 }, true);
    const result = await updateSnapshot(options);
    expect(result.added).toEqual(["monthly_csv_2026-09.csv"]);
    // Each token is good for one call here: every later call got a 401, a new token, and went again with it.
    const calls = apiCalls(hmrc.log, hmrc.url);
    const retried = calls.filter((c, i) => i > 0 && calls[i - 1]!.path === c.path && calls[i - 1]!.authorization !== c.authorization);
    expect(hmrc.hits.get("token")).toBeGreaterThanOrEqual(2);
    expect(retried.length).toBe(hmrc.hits.get("token")! - 1);
  });

  test("JSON calls carry HMRC's Accept header: without it the API answers 406", async () => {
    const { hmrc } = setUp(septemberOnly());
    const bare = await fetch(`${hmrc.apiUrl}/exchange_rates/period_lists/2026?filter[type]=monthly`);
    expect(bare.status).toBe(406);
    const asked = await fetch(`${hmrc.apiUrl}/exchange_rates/period_lists/2026?filter[type]=monthly`, { headers: { accept: "application/vnd.hmrc.2.0+json" } });
    expect(asked.status).toBe(200);
  });

  test("without credentials where HMRC asks for them: stops naming HMRC_CLIENT_ID, HMRC_CLIENT_SECRET and the portal; nothing changed", async () => {
    const { options, upstream, databasePath, before } = setUp(septemberOnly(), "2026-11-21", registryAsExported(), { auth: "required" });
    let error: unknown;
    await updateSnapshot(options).catch((e) => (error = e));
    expect(error).toBeInstanceOf(HmrcAuthError);
    expect((error as Error).message).toMatch(/^HMRC's API asks for credentials \(HTTP 401 at .*\): set HMRC_CLIENT_ID and HMRC_CLIENT_SECRET from the Trade Tariff developer portal/);
    expect(existsSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"))).toBe(false);
    expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);
  });

  test("wrong credentials are refused at the token endpoint, naming the settings", async () => {
    const { options } = setUp(septemberOnly(), "2026-11-21", registryAsExported(), { auth: "required" });
    const wrong = { ...options, hmrc: { ...options.hmrc, credentials: { clientId: FAKE_CLIENT.id, clientSecret: "nope" } } };
    await expect(updateSnapshot(wrong)).rejects.toThrow(/^HMRC's token endpoint refused HMRC_CLIENT_ID and HMRC_CLIENT_SECRET \(HTTP 401/);
  });

  test("the whole run is bounded: a hanging HMRC fails the update at the run's deadline, not after every timeout and retry", async () => {
    const hanging = () => new Promise<Response>(() => {});
    const { options } = setUp({ "monthly_csv_2026-09.csv": hanging });
    const started = performance.now();
    const result = await updateSnapshot({ ...options, deadlineMs: 400 });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.rejected[0]!.file).toBe("monthly_csv_2026-09.csv");
  });

  test("the CLI: no credentials where HMRC asks for them is exit 1 with one line; HMRC_BASE_URL stops it naming HMRC_API_URL", async () => {
    const { hmrc, github, upstream, databasePath, before } = setUp(septemberOnly(), "2026-11-21", registryAsExported(), { auth: "required" });
    const registry = registryAsExported();
    stops.push(registry.stop);
    const run = async (env: Record<string, string>) => {
      const proc = Bun.spawn(["bun", "src/build/update-cli.ts"], {
        cwd: ROOT,
        env: { ...process.env, UPSTREAM_DIR: upstream, DATABASE_PATH: databasePath, HMRC_API_URL: hmrc.apiUrl, HMRC_TOKEN_URL: hmrc.tokenUrl, NPM_REGISTRY_URL: registry.url, GITHUB_API_URL: github.url, UPDATE_TODAY: "2026-11-21", ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      return { code: await proc.exited, err: (await new Response(proc.stderr).text()).trim() };
    };
    const anonymous = await run({});
    expect(anonymous.code).toBe(1);
    expect(anonymous.err.split("\n")).toHaveLength(1);
    expect(anonymous.err).toContain("set HMRC_CLIENT_ID and HMRC_CLIENT_SECRET");
    const old = await run({ HMRC_BASE_URL: "https://www.trade-tariff.service.gov.uk" });
    expect([old.code, old.err.split("\n").length]).toEqual([1, 1]);
    expect(old.err).toContain("set HMRC_API_URL");
    const signedIn = await run({ HMRC_CLIENT_ID: FAKE_CLIENT.id, HMRC_CLIENT_SECRET: FAKE_CLIENT.secret });
    expect(signedIn.code).toBe(3); // September taken; HMRC has published to December, which the fake lacks
    expect(Buffer.compare(readFileSync(databasePath), before)).not.toBe(0);
  }, 20_000);
});

describe("db:update takes HMRC's yearly average and spot rates through the same client", () => {
  const yearly = (rate: string) => `Country,Unit Of Currency,Currency Code,Sterling value of Currency Unit £,Currency Units per £1\nUSA,Dollar,USD,0.75,${rate}\nJapan,Yen,JPY,0.0048,207.1\n`;

  test("a December average and spot, once the 31st has passed, are listed by filter[type], fetched, validated and built", async () => {
    const { options, hmrc, databasePath, upstream } = setUp({ "average_csv_2026-12.csv": yearly("1.3311"), "spot_csv_2026-12.csv": yearly("1.2875") }, "2027-01-05", registryAsExported(), { auth: "required" }, true);
    const result = await updateSnapshot(options);
    expect(result.added).toEqual(["average_csv_2026-12.csv", "spot_csv_2026-12.csv"]);
    expect(result.yearlyMissing).toEqual([]);
    expect(hmrc.hits.get("listing2026")).toBeGreaterThanOrEqual(2); // monthly, average and spot listings for 2026
    expect(existsSync(join(upstream, "hmrc/average_csv_2026-12.csv"))).toBe(true);
    const rows = new Database(databasePath, { readonly: true }).query("SELECT series, period, rate FROM yearly_rates WHERE currency_code = 'USD' AND period = '2026-12' ORDER BY series").all();
    expect(rows).toEqual([{ series: "average", period: "2026-12", rate: "1.3311" }, { series: "spot", period: "2026-12", rate: "1.2875" }]);
  });

  test("before the 31st nothing is asked; a bad yearly file is refused by the build's rules; a missing one is named", async () => {
    const early = setUp({ "average_csv_2026-12.csv": yearly("1.3311") }, "2026-12-31");
    const quiet = await updateSnapshot(early.options);
    expect(quiet.added).toEqual([]);
    expect([...early.hmrc.hits.keys()].some((k) => k.startsWith("average"))).toBe(false);

    const bad = setUp({ "average_csv_2026-12.csv": yearly("1.3x"), "spot_csv_2026-12.csv": yearly("1.2875") }, "2027-01-05");
    const result = await updateSnapshot(bad.options);
    expect(result.rejected.find((r) => r.file === "average_csv_2026-12.csv")!.reason).toMatch(/^average_csv_2026-12\.csv:2: rate "1\.3x" is not a decimal number$/);
    expect(result.added).toEqual(["spot_csv_2026-12.csv"]);
    expect(result.yearlyMissing).toEqual(["average_csv_2026-12.csv"]);
  });
});

describe("db:update's own faults", () => {
  test("a staged copy left by a killed update is removed; one of a running update is left alone", async () => {
    const { options, upstream } = setUp({});
    const dead = Bun.spawn(["true"]);
    await dead.exited;
    mkdirSync(`${upstream}.staged-${dead.pid}`);
    mkdirSync(`${upstream}.staged-1`); // pid 1 is always running
    await updateSnapshot(options);
    expect(existsSync(`${upstream}.staged-${dead.pid}`)).toBe(false);
    expect(existsSync(`${upstream}.staged-1`)).toBe(true);
    rmSync(`${upstream}.staged-1`, { recursive: true });
  });

  test.each([
    [{ UPSTREAM_DIR: "/nonexistent/upstream" }, /^db:update failed, snapshot and database unchanged: \/nonexistent\/upstream\/hmrc: the upstream snapshot is not there: check UPSTREAM_DIR$/],
    [{ UPDATE_TODAY: "2026-13-45" }, /^db:update failed: configuration: UPDATE_TODAY must be a calendar date YYYY-MM-DD, not "2026-13-45"$/],
    [{ UPDATE_TODAY: "garbage" }, /^db:update failed: configuration: UPDATE_TODAY must be a calendar date/],
  ])("%o: one line naming it, exit 1", async (env, message) => {
    const proc = Bun.spawn(["bun", "src/build/update-cli.ts"], { cwd: ROOT, env: { ...process.env, PORT: "abc", HMRC_API_URL: "http://127.0.0.1:9/uk/api", ...env }, stdout: "pipe", stderr: "pipe" });
    const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(1);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err.trim()).toMatch(message);
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
  test("it must reach the month HMRC has published: before the penultimate Thursday this month, after it next month", () => {
    expect([requiredMonth("2026-11-19"), requiredMonth("2026-11-20"), requiredMonth("2026-12-31")]).toEqual(["2026-11", "2026-12", "2027-01"]);
  });

  test("exit 3 naming the missing months and the URLs asked when HMRC (or HMRC_API_URL) gives nothing new; 0 once current", async () => {
    const { hmrc, github, upstream, databasePath } = setUp({});
    const registry = registryAsExported();
    stops.push(registry.stop);
    const run = async (today: string, base: string) => {
      const proc = Bun.spawn(["bun", "src/build/update-cli.ts"], {
        cwd: ROOT,
        env: { ...process.env, UPSTREAM_DIR: upstream, DATABASE_PATH: databasePath, HMRC_API_URL: base, NPM_REGISTRY_URL: registry.url, GITHUB_API_URL: github.url, UPDATE_TODAY: today },
        stdout: "pipe",
        stderr: "pipe",
      });
      return { code: await proc.exited, out: await new Response(proc.stdout).text() };
    };
    const behind = await run("2026-11-22", hmrc.apiUrl);
    expect(behind.code).toBe(3);
    expect(behind.out).toContain("BEHIND: on 2026-11-22 the data must reach 2026-12 but ends with 2026-08; missing 2026-09, 2026-10, 2026-11, 2026-12.");
    expect(behind.out).toContain(`Asked: ${hmrc.apiUrl}/exchange_rates/period_lists/2026?filter[type]=monthly`);
    const current = await run("2026-08-10", hmrc.apiUrl);
    expect(current.code).toBe(0);
  }, 20_000);
});
