// A running server swaps in a rebuilt database without a restart, under load.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { buildOptions, realDatabase, ROOT, tempDir } from "./helpers.ts";
import { startServer } from "./server-process.ts";
import { monthsBetween, publishedThrough } from "../src/lib/publication.ts";
import { ukDate } from "../src/lib/uk-date.ts";
import { FAKE_CLIENT, fakeHmrc, githubAsExported, registryAsExported, syntheticMonth, upstreamCopy, type FakeHmrcOptions } from "./upstream-fakes.ts";

const PATHS = ["/vat/exchange-rate/usd/2026-03-16", "/vat/exchange-rate/EUR/2026-06-17", "/versions/current", "/versions/detail", "/vat/exchange-rate/jpy/2026-08-31"];

/** Keeps `workers` requests in flight until stopped; counts every answer that was not a 200. */
function steadyLoad(origin: string, workers = 8) {
  let running = true;
  let ok = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; running; i++) {
      const path = PATHS[i % PATHS.length]!;
      try {
        const response = await fetch(origin + path);
        await response.arrayBuffer();
        if (response.status === 200) ok++;
        else failures.push(`${path} → ${response.status}`);
      } catch (e) {
        failures.push(`${path} → ${(e as Error).message}`);
      }
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { ok, failures };
    },
  };
}

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await Bun.sleep(50);
  }
  return false;
}

const rateOn = async (origin: string, path: string) => (await fetch(origin + path)).status;

describe("refresh without downtime", async () => {
  const dir = tempDir();
  const databasePath = join(dir, "feed.sqlite");
  buildDatabase(buildOptions(upstreamCopy(), databasePath, join(ROOT, "db/corrections.json")));
  const server = await startServer({ DATABASE_PATH: databasePath, DB_WATCH_INTERVAL_MS: "100" });
  afterAll(() => server.proc.kill());

  test("a database rebuilt with a new month is swapped in under steady requests with zero failures", async () => {
    const upstream = upstreamCopy();
    writeFileSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"), syntheticMonth("2026-09", "1.3333"));
    const staged = join(dir, "next.sqlite");
    buildDatabase(buildOptions(upstream, staged, join(ROOT, "db/corrections.json")));

    // HMRC has published September by now (the real clock): until the swap this server says its data is behind.
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")).toBe(503);
    const load = steadyLoad(server.origin);
    await Bun.sleep(100); // requests are in flight before the swap…
    renameSync(staged, databasePath);
    server.proc.kill("SIGHUP");
    const swapped = await until(async () => (await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")) === 200);
    await Bun.sleep(100); // …and after it
    const { ok, failures } = await load.stop();
    expect(swapped).toBe(true);
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(50);
    const body = await (await fetch(`${server.origin}/vat/exchange-rate/usd/2026-09-15`)).json();
    expect(body).toEqual({ currencyCode: "USD", currencyName: "US Dollar", effectiveFrom: "2026-09-01", rate: 1.3333 });
  });

  test("a copy with a flipped digit in a rate, or a zeroed page, is refused under steady requests; the old data keeps serving", async () => {
    const current = readFileSync(databasePath);
    const flipped = join(dir, "flipped.sqlite");
    writeFileSync(flipped, current);
    const db = new Database(flipped);
    expect(db.run("UPDATE periods SET rate = '1.2' || substr(rate, 4) WHERE currency_code = 'USD' AND starts_on = '2026-03-01'").changes).toBe(1);
    db.close();
    const zeroed = join(dir, "zeroed.sqlite");
    const pageSize = current.readUInt16BE(16);
    writeFileSync(zeroed, Buffer.concat([current.subarray(0, pageSize * 3), Buffer.alloc(pageSize), current.subarray(pageSize * 4)]));
    const before = await (await fetch(`${server.origin}/vat/exchange-rate/usd/2026-03-16`)).text();

    const load = steadyLoad(server.origin);
    for (const [copy, why] of [[flipped, "does not hold the facts its build wrote"], [zeroed, "database"]] as const) {
      const refusals = server.output().split("database refused").length;
      renameSync(copy, databasePath);
      server.proc.kill("SIGHUP");
      expect(await until(async () => server.output().split("database refused").length > refusals)).toBe(true);
      expect(server.output().split("database refused").at(-1)).toContain(why);
    }
    const { ok, failures } = await load.stop();
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(20);
    expect(await (await fetch(`${server.origin}/vat/exchange-rate/usd/2026-03-16`)).text()).toBe(before);
  });

  test("a replacement that is not a database is refused with a log line; the old one keeps serving", async () => {
    const junk = join(dir, "junk.sqlite");
    writeFileSync(junk, "not a database ".repeat(100));
    renameSync(junk, databasePath);
    const logged = await until(async () => server.output().includes("database refused"));
    expect(logged).toBe(true);
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")).toBe(200);
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-03-16")).toBe(200);
  });
});

/** A server on six months of the real snapshot, a loopback HMRC serving `files`, and `update(env)`: `bun run db:update` against both. */
async function servingBesideHmrc(files: Parameters<typeof fakeHmrc>[0], fake: FakeHmrcOptions = {}) {
  const upstream = upstreamCopy();
  const databasePath = join(tempDir(), "feed.sqlite");
  buildDatabase(buildOptions(upstream, databasePath, join(ROOT, "db/corrections.json")));
  const hmrc = fakeHmrc(files, fake);
  const registry = registryAsExported();
  const github = githubAsExported();
  const server = await startServer({ DATABASE_PATH: databasePath, DB_WATCH_INTERVAL_MS: "100" });
  const update = async (env: Record<string, string> = {}) => {
    const proc = Bun.spawn(["bun", "run", "db:update"], {
      cwd: ROOT,
      env: { ...process.env, UPSTREAM_DIR: upstream, DATABASE_PATH: databasePath, HMRC_API_URL: hmrc.apiUrl, HMRC_TOKEN_URL: hmrc.tokenUrl, NPM_REGISTRY_URL: registry.url, GITHUB_API_URL: github.url, ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    return { code: await proc.exited, out: await new Response(proc.stdout).text() };
  };
  const stop = () => {
    server.proc.kill();
    hmrc.stop();
    registry.stop();
    github.stop();
  };
  return { server, hmrc, update, stop };
}

test("db:update against a loopback HMRC: the new month is served by a server that never restarted, the corrupt one refused", async () => {
  const corrupt = syntheticMonth("2026-10", "1.2").replace(/^Japan,Yen,JPY,[^,]+,/m, "Japan,Yen,JPY,,");
  const { server, update, stop } = await servingBesideHmrc({ "monthly_csv_2026-09.csv": syntheticMonth("2026-09", "1.3333"), "monthly_csv_2026-10.csv": corrupt });
  try {
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")).toBe(503);
    const { code, out } = await update();
    expect(code).toBe(3); // something was refused (the rest applied), and the data still does not reach the month it must
    expect(out).toContain("new months      monthly_csv_2026-09.csv");
    expect(out).toMatch(/REFUSED monthly_csv_2026-10\.csv: monthly_csv_2026-10\.csv:\d+: rate "" is not a decimal number/);
    expect(await until(async () => (await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")) === 200)).toBe(true);
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-10-15")).toBe(503); // published by HMRC, refused here: still behind
    expect(server.output()).toContain("database swapped");
  } finally {
    stop();
  }
}, 20_000);

test("db:update with credentials against HMRC's 2026 API brings the data to what HMRC has published; the running server serves today's rate without a restart", async () => {
  // Every month after the snapshot's newest up to the one HMRC has published by today (the real clock, as the server has).
  const months = monthsBetween("2026-08", publishedThrough(ukDate(new Date())));
  const files = Object.fromEntries(months.map((m) => [`monthly_csv_${m}.csv`, syntheticMonth(m, "1.3333")]));
  const { server, hmrc, update, stop } = await servingBesideHmrc(files, { auth: "required", redirect: true });
  try {
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd")).toBe(503);
    expect((await update({ HMRC_CLIENT_ID: FAKE_CLIENT.id, HMRC_CLIENT_SECRET: FAKE_CLIENT.secret })).code).toBe(0);
    expect(await until(async () => (await rateOn(server.origin, "/vat/exchange-rate/usd")) === 200)).toBe(true);
    expect(await (await fetch(`${server.origin}/vat/exchange-rate/usd`)).json()).toMatchObject({ currencyCode: "USD", rate: 1.3333 });
    const health = (await (await fetch(`${server.origin}/health`)).json()) as { freshness: { behind: boolean } };
    expect(health.freshness.behind).toBe(false);
    // The bearer token went to the API's origin only: never to the signed links the files came from.
    expect(hmrc.log.filter((l) => l.host.startsWith("127.0.0.2")).length).toBe(months.length);
    expect(hmrc.log.filter((l) => l.host.startsWith("127.0.0.2") && l.authorization !== null)).toEqual([]);
    expect(server.output()).toContain("database swapped");
  } finally {
    stop();
  }
}, 20_000);

describe("nothing done to the file on disk reaches a request (#11)", async () => {
  const dir = tempDir();
  const databasePath = join(dir, "feed.sqlite");
  copyFileSync(realDatabase().path, databasePath);
  const upstream = upstreamCopy();
  writeFileSync(join(upstream, "hmrc/monthly_csv_2026-09.csv"), syntheticMonth("2026-09", "1.4444"));
  const next = join(dir, "next.sqlite");
  buildDatabase(buildOptions(upstream, next, join(ROOT, "db/corrections.json")));
  const server = await startServer({ DATABASE_PATH: databasePath, DB_WATCH_INTERVAL_MS: "20" });
  afterAll(() => server.proc.kill());
  const build = async () => ((await (await fetch(`${server.origin}/health`)).json()) as { build: string }).build;

  test("renamed in, overwritten in place with garbage or with a valid build, truncated, deleted: zero 5xx, the process alive", async () => {
    const first = await build();
    const load = steadyLoad(server.origin);
    const garbage = Buffer.from("SQLite format 3\0".padEnd(8192, "garbage "));
    const faults: [string, () => void][] = [
      ["garbage renamed in", () => (writeFileSync(join(dir, "junk"), garbage), renameSync(join(dir, "junk"), databasePath))],
      ["overwritten in place with garbage", () => writeFileSync(databasePath, garbage)],
      ["a valid build copied in place, slowly", () => {
        const bytes = readFileSync(next);
        writeFileSync(databasePath, bytes.subarray(0, bytes.length >> 1));
        writeFileSync(databasePath, bytes, { flag: "r+" });
      }],
      ["truncated", () => truncateSync(databasePath, 4096)],
      ["truncated to nothing", () => truncateSync(databasePath, 0)],
      ["deleted", () => rmSync(databasePath)],
    ];
    for (const [, fault] of faults) {
      fault();
      server.proc.kill("SIGHUP"); // a reload at the worst moment, as well as the watch's
      await Bun.sleep(150);
    }
    const { ok, failures } = await load.stop();
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(50);
    expect(server.proc.exitCode).toBeNull();
    // The valid build was taken when it was whole; everything after it was refused.
    const now = await build();
    expect(now).not.toBe(first);
    expect(await rateOn(server.origin, "/vat/exchange-rate/usd/2026-09-15")).toBe(200);
    expect(server.output()).toContain("database refused");
  }, 20_000);
});
