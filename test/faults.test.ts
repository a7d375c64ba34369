// Faults on purpose: bad upstream data, a build killed mid-way, a server that
// must not be able to write. (Refusing a bad database at start is in
// server.test.ts; a database replaced under a running server in live-reload.test.ts.)
import { expect, test } from "bun:test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { BuildError } from "../src/build/anomalies.ts";
import { Database } from "bun:sqlite";
import { loadDatabase } from "../src/data/open-bun.ts";
import { buildOptions, fixtureSnapshot, realDatabase, ROOT, tempDir } from "./helpers.ts";
import { upstreamCopy } from "./upstream-fakes.ts";

const jan = (code: string, rate: string) => `Somewhere,Money,${code},${rate},01/01/2024,31/01/2024`;
const amendment = (code: string, rate: string) => `Somewhere,Money,${code},${rate},17/01/2024,31/01/2024`;

test("duplicate amendment files that conflict stop the build, naming both places", () => {
  const upstream = fixtureSnapshot({
    "monthly_csv_2024-01.csv": [jan("USD", "1.27")],
    "amendment_csv_2024-01-17.csv": [amendment("USD", "1.31")],
    "amendment_csv_2024-01-24.csv": [amendment("USD", "1.33")],
  });
  const run = () => buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")));
  expect(run).toThrow(BuildError);
  expect(run).toThrow("amendment_csv_2024-01-24.csv:2: USD from 2024-01-17 is 1.33 here but 1.31 at amendment_csv_2024-01-17.csv:2: conflicting duplicate amendments");
});

test("a duplicate amendment with the same rate is kept once and reported", () => {
  const upstream = fixtureSnapshot({
    "monthly_csv_2024-01.csv": [jan("USD", "1.27")],
    "amendment_csv_2024-01-17.csv": [amendment("USD", "1.31")],
    "amendment_csv_2024-01-24.csv": [amendment("USD", "1.31")],
  });
  const report = buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")));
  expect(report.periods).toBe(2);
  expect(report.log.entries.filter((a) => a.kind === "duplicate-amendment").map((a) => `${a.file}:${a.line}`)).toEqual(["amendment_csv_2024-01-24.csv:2"]);
});

test("a build killed mid-way leaves the previous database intact and nothing that breaks the next build", async () => {
  const dir = tempDir();
  const databasePath = join(dir, "feed.sqlite");
  buildDatabase(buildOptions(fixtureSnapshot({ "monthly_csv_2024-01.csv": [jan("USD", "1.27")] }), databasePath));
  const before = readFileSync(databasePath);

  const proc = Bun.spawn(["bun", "src/build/cli.ts"], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: databasePath }, stdout: "ignore", stderr: "ignore" });
  // Kill it once its temporary file exists: it is then certainly mid-write.
  const temporary = `${databasePath}.build-${proc.pid}`;
  const deadline = Date.now() + 10_000;
  while (!existsSync(temporary) && Date.now() < deadline) await Bun.sleep(1);
  proc.kill("SIGKILL");
  await proc.exited;
  expect(existsSync(temporary)).toBe(true);
  expect(Buffer.compare(readFileSync(databasePath), before)).toBe(0);

  // The next build clears the leftover and succeeds.
  const report = buildDatabase(buildOptions(upstreamCopy(), databasePath, join(ROOT, "db/corrections.json")));
  expect(report.coverage).toEqual({ from: "2026-03-01", to: "2026-08-31" });
  expect(readdirSync(dir)).toEqual(["feed.sqlite"]);
}, 20_000);

test("a server reads the database read-only and closes it: the file is untouched, the handle unusable afterwards", () => {
  const before = readFileSync(realDatabase().path);
  const sqlite = new Database(realDatabase().path, { readonly: true, strict: true });
  const data = loadDatabase(sqlite, "test");
  expect(data.currencies.length).toBe(159);
  expect(() => sqlite.query("SELECT 1").get()).toThrow();
  expect(Buffer.compare(readFileSync(realDatabase().path), before)).toBe(0);
});
