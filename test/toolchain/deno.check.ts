// The same handler on Deno (#15): a Deno server started from node_modules
// answers exactly like the Bun server — status, body, ETag, Cache-Control,
// Content-Type, Content-Length — for every route, a few hundred rate lookups,
// errors, HEAD, 405 and 304; once reading SQLite with node:sqlite, once with
// sql.js. And `deno check` passes on the Deno entry.
import { afterAll, describe, expect, test } from "bun:test";
import { createRequire } from "node:module";
import { join } from "node:path";
import { SERVER_SETTINGS } from "../../src/config.ts";
import { realData, realDatabase, ROOT } from "../helpers.ts";
import { SERVER, spawnListening, stopUnderLoad } from "../server-process.ts";

/** The Deno binary from the `deno` npm package itself, not its Node wrapper in .bin (a signal to the wrapper would orphan Deno). */
const DENO: string = createRequire(import.meta.url)("deno/install_api.cjs").runInstall();
const DENO_ENTRY = ["run", "--allow-net", "--allow-read", "--allow-env", join(ROOT, "src/server-deno.ts")];
// Type-checking waits on nothing the servers below need: started now, read by its test at the end.
const denoCheck = (async () => {
  const proc = Bun.spawn([DENO, "check", "--quiet", join(ROOT, "src/server-deno.ts")], { cwd: ROOT, stdout: "ignore", stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } });
  return { stderr: await new Response(proc.stderr).text(), exitCode: await proc.exited };
})();
const env = (more: Record<string, string> = {}) => ({ ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", DATABASE_PATH: realDatabase().path, ...more });

/** A few hundred requests that between them reach every route and every kind of answer. */
function requests(): [method: string, path: string, headers?: Record<string, string>][] {
  let seed = 11;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const list: [string, string, Record<string, string>?][] = [];
  for (const path of ["/", "/openapi.json", "/health", "/vat/currencies", "/versions/current", "/versions/detail", "/vat/exchange-rate/usd", "/vat/exchange-rate/xyz"]) list.push(["GET", path]);
  // The yearly series, the CSV answers and the notes: the same bytes on both runtimes too.
  for (const path of ["/average-rate/usd/2025-12", "/spot-rate/jpy/2015-12-31", "/average-rates/2010-12", "/spot-rates/2026-03-31", "/currencies", "/currencies/kyd", "/average-rate/usd/2025-06", "/vat/exchange-rates/2019-04-15.csv", "/vat/currencies/lrd.csv", "/average-rates/2026-03.csv", "/vat/exchange-rate/lrd/2019-06-15"]) list.push(["GET", path]);
  const currencies = realData().currencies;
  for (let i = 0; i < 300; i++) {
    const c = currencies[Math.floor(random() * currencies.length)]!;
    // Across all coverage and a little beyond, amendment weeks included.
    const day = new Date(Date.UTC(2013, 11, 1) + Math.floor(random() * 4_750) * 86_400_000).toISOString().slice(0, 10);
    list.push(["GET", `/vat/exchange-rate/${i % 2 ? c.code : c.code.toLowerCase()}/${day}`]);
  }
  for (const path of ["/vat/exchange-rate/us/2024-01-15", "/vat/exchange-rate/usd/2025-02-30", "/vat/exchange-rate/%zz/2024-01-15", "/nothing", "/vat/exchange-rate/usd/2024-01-15?x=1"]) list.push(["GET", path]);
  list.push(["GET", `/vat/exchange-rate/usd/${"9".repeat(3000)}`]);
  list.push(["HEAD", "/vat/exchange-rate/eur/2015-03-10"], ["HEAD", "/versions/detail"], ["DELETE", "/versions/current"], ["POST", "/vat/exchange-rate/usd/2024-01-15"]);
  list.push(["GET", "/vat/exchange-rate/usd/2024-01-15", { "if-none-match": "*" }]);
  return list;
}

const COMPARED = ["content-type", "content-length", "etag", "cache-control", "allow", "retry-after", "access-control-allow-origin", "content-security-policy"];

async function answer(origin: string, [method, path, headers]: [string, string, Record<string, string>?]) {
  const response = await fetch(origin + path, { method, headers });
  const seen = Object.fromEntries(COMPARED.map((name) => [name, response.headers.get(name)]));
  // The today route may be cached until UK midnight: the two servers can count that a second apart.
  if (path === "/vat/exchange-rate/usd" && seen["cache-control"]) seen["cache-control"] = seen["cache-control"].replace(/\d+$/, (s) => String(Math.round(Number(s) / 10)));
  return { request: `${method} ${path}`, status: response.status, headers: seen, body: await response.text() };
}

describe("Deno answers exactly like Bun", async () => {
  const bun = await spawnListening(["bun", SERVER], { env: env() });
  afterAll(() => bun.proc.kill());
  const list = requests();
  const expected = await Promise.all(list.map((r) => answer(bun.origin, r)));

  test("the requests reach every status the service has", () => {
    // 503 too while the data is behind what HMRC has published by today (the servers run on the real clock).
    expect([...new Set(expected.map((a) => a.status))]).toEqual(expect.arrayContaining([200, 304, 400, 404, 405, 414]));
  });

  test.each(["node:sqlite", "sql.js"])("with SQLITE_DRIVER=%s", async (driver) => {
    const deno = await spawnListening([DENO, ...DENO_ENTRY], { env: env({ SQLITE_DRIVER: driver }) });
    try {
      const actual = await Promise.all(list.map((r) => answer(deno.origin, r)));
      const etag = actual.find((a) => a.request === "GET /vat/exchange-rate/usd/2024-01-15?x=1")!.headers.etag!;
      const revalidated = await answer(deno.origin, ["GET", "/vat/exchange-rate/usd/2024-01-15", { "if-none-match": etag }]);
      expect(revalidated.status).toBe(304);
      const differences = actual.filter((a, i) => !Bun.deepEquals(a, expected[i]));
      expect(differences.slice(0, 3)).toEqual([]);
    } finally {
      deno.proc.kill();
      expect(await deno.proc.exited).toBe(0);
    }
  }, 30_000);

  test("a driver the runtime lacks is refused with one line naming the setting", () => {
    const proc = Bun.spawnSync([DENO, ...DENO_ENTRY], { env: env({ SQLITE_DRIVER: "bun:sqlite" }) });
    expect(proc.exitCode).toBe(1);
    expect(proc.stderr.toString().trim()).toBe("feed-service: configuration: SQLITE_DRIVER=bun:sqlite is not available on this runtime; it has node:sqlite, sql.js");
  });
});

describe("Deno on a locked-down host", () => {
  const least = (database: string) => ["run", "--allow-net=127.0.0.1", `--allow-read=${database}`, `--allow-env=${SERVER_SETTINGS.join(",")}`, join(ROOT, "src/server-deno.ts")];

  test("serves under the least permissions documented: the listening address, the database, the server's own settings", async () => {
    const database = realDatabase().path;
    const deno = await spawnListening([DENO, ...least(database)], { env: env() });
    try {
      expect((await fetch(`${deno.origin}/vat/exchange-rate/usd/2024-01-15`)).status).toBe(200);
      expect((await fetch(`${deno.origin}/health`)).status).toBe(200);
    } finally {
      deno.proc.kill();
      expect(await deno.proc.exited).toBe(0);
    }
    expect(deno.output()).not.toMatch(/NotCapable|PermissionDenied|Requires/);
  }, 30_000);

  test("without read permission on the database it says so, not that the file is missing", () => {
    const database = realDatabase().path;
    const proc = Bun.spawnSync([DENO, "run", "--allow-net=127.0.0.1", `--allow-env=${SERVER_SETTINGS.join(",")}`, join(ROOT, "src/server-deno.ts")], { env: env() });
    expect(proc.exitCode).toBe(1);
    expect(proc.stderr.toString().trim()).toBe(`feed-service: database ${database} cannot be read: permission denied (on Deno, grant --allow-read=${database})`);
  });
});

test("SIGTERM while keep-alive clients reconnect as soon as they are told to close: every request sent is answered, exit 0 within a second", async () => {
  const deno = await spawnListening([DENO, ...DENO_ENTRY], { env: env() });
  const { exitCode, ms, sent, answered, resets } = await stopUnderLoad(deno, 16, { warmMs: 400 });
  expect(exitCode).toBe(0);
  expect(ms).toBeLessThan(2_000);
  expect({ resets, unanswered: sent - answered }).toEqual({ resets: 0, unanswered: 0 });
  expect(answered).toBeGreaterThan(160);
  expect(deno.output()).not.toMatch(/BadResource|Uncaught/);
}, 30_000);

test("deno check passes on the Deno entry", async () => {
  const { stderr, exitCode } = await denoCheck;
  expect(stderr).toBe("");
  expect(exitCode).toBe(0);
}, 30_000);
