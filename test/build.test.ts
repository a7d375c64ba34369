import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { buildDatabase } from "../src/build/build-database.ts";
import { BuildError } from "../src/build/anomalies.ts";
import { MAX_SOURCE_BYTES } from "../src/build/sources.ts";
import { buildOptions, FIXTURE_CORRECTIONS, FIXTURE_UPSTREAM, fixtureSnapshot, realDatabase, REAL_UPSTREAM, ROOT, tempDir } from "./helpers.ts";
import { referencePeriods, referenceYearly } from "./reference.ts";

const jan = (country: string, name: string, code: string, rate: string) => `${country},${name},${code},${rate},01/01/2024,31/01/2024`;
const feb = (country: string, name: string, code: string, rate: string) => `${country},${name},${code},${rate},01/02/2024,29/02/2024`;
const GOOD = {
  "monthly_csv_2024-01.csv": [jan("USA", "Dollar ", "USD", "1.2651"), jan("France", "Euro", "EUR", "1.1588"), jan("Germany", "Euro", "EUR", "1.1588")],
  "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.2710"), feb("France", "Euro", "EUR", "1.1700")],
  "amendment_csv_2024-02-14.csv": ["USA,Dollar,USD,1.3100,14/02/2024,29/02/2024"],
};

function rows(path: string, sql: string) {
  const db = new Database(path, { readonly: true });
  try {
    return db.query(sql).all();
  } finally {
    db.close();
  }
}

/** Builds `files` over an existing good database and returns the error. */
function failingBuild(files: Record<string, string[]>, corrections?: unknown, mutate?: (hmrcDir: string) => void) {
  const out = tempDir();
  const path = join(out, "feed.sqlite");
  buildDatabase(buildOptions(fixtureSnapshot(GOOD), path));
  const before = readFileSync(path);
  const upstream = fixtureSnapshot(files);
  const correctionsPath = join(upstream, "corrections.json");
  if (corrections) writeFileSync(correctionsPath, JSON.stringify(corrections));
  mutate?.(join(upstream, "hmrc"));
  let error: unknown;
  try {
    buildDatabase(buildOptions(upstream, path, correctionsPath));
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(BuildError);
  // The previous database is untouched, and nothing is left beside it.
  expect(Buffer.compare(readFileSync(path), before)).toBe(0);
  expect(readdirSync(out)).toEqual(["feed.sqlite"]);
  return (error as BuildError).message;
}

describe("a build from a small snapshot", () => {
  test("writes one period per currency per file, merged and sorted", () => {
    const path = join(tempDir(), "feed.sqlite");
    const report = buildDatabase(buildOptions(fixtureSnapshot(GOOD), path));
    expect(report.rows).toBe(6);
    expect(report.currencies).toBe(2);
    expect(report.coverage).toEqual({ from: "2024-01-01", to: "2024-02-29" });
    expect(rows(path, "SELECT currency_code, starts_on, ends_on, kind, rate, source FROM periods ORDER BY currency_code, starts_on, kind")).toEqual([
      { currency_code: "EUR", starts_on: "2024-01-01", ends_on: "2024-01-31", kind: "monthly", rate: "1.1588", source: "monthly_csv_2024-01.csv:3-4" },
      { currency_code: "EUR", starts_on: "2024-02-01", ends_on: "2024-02-29", kind: "monthly", rate: "1.17", source: "monthly_csv_2024-02.csv:3" },
      { currency_code: "USD", starts_on: "2024-01-01", ends_on: "2024-01-31", kind: "monthly", rate: "1.2651", source: "monthly_csv_2024-01.csv:2" },
      { currency_code: "USD", starts_on: "2024-02-01", ends_on: "2024-02-29", kind: "monthly", rate: "1.271", source: "monthly_csv_2024-02.csv:2" },
      { currency_code: "USD", starts_on: "2024-02-14", ends_on: "2024-02-29", kind: "amendment", rate: "1.31", source: "amendment_csv_2024-02-14.csv:2" },
    ]);
    expect(rows(path, "SELECT code, name, hmrc_name FROM currencies ORDER BY code")).toEqual([
      { code: "EUR", name: "Euro", hmrc_name: "Euro" },
      { code: "USD", name: "US Dollar", hmrc_name: "Dollar" },
    ]);
    // Facts only: nothing derived from them is stored.
    expect(rows(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name").map((r: any) => r.name)).toEqual(["anomalies", "build_info", "currencies", "periods", "versions", "yearly_rates"]);
  });

  test("the same snapshot gives a byte-identical database at the same build time", () => {
    const upstream = fixtureSnapshot(GOOD);
    const a = join(tempDir(), "a.sqlite");
    const b = join(tempDir(), "b.sqlite");
    const when = new Date("2026-01-01T00:00:00Z");
    buildDatabase(buildOptions(upstream, a), when);
    buildDatabase(buildOptions(upstream, b), when);
    expect(Buffer.compare(readFileSync(a), readFileSync(b))).toBe(0);
  });

  test("and, built at different times, the same facts digest; another snapshot another", () => {
    const info = (path: string) => Object.fromEntries(rows(path, "SELECT key, value FROM build_info").map((r: any) => [r.key, r.value]));
    const upstream = fixtureSnapshot(GOOD);
    const a = join(tempDir(), "a.sqlite");
    const b = join(tempDir(), "b.sqlite");
    const c = join(tempDir(), "c.sqlite");
    buildDatabase(buildOptions(upstream, a), new Date("2026-01-01T00:00:00Z"));
    buildDatabase(buildOptions(upstream, b), new Date("2026-02-01T00:00:00Z"));
    buildDatabase(buildOptions(fixtureSnapshot({ ...GOOD, "amendment_csv_2024-02-14.csv": ["USA,Dollar,USD,1.3200,14/02/2024,29/02/2024"] }), c));
    expect(info(a).built_at).toBe("2026-01-01T00:00:00.000Z");
    expect(info(a).facts_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(info(b).facts_sha256).toBe(info(a).facts_sha256);
    expect(info(c).facts_sha256).not.toBe(info(a).facts_sha256);
    const sources = JSON.parse(info(a).sources);
    expect(sources[0]).toEqual({ file: "hmrc/monthly_csv_2024-01.csv", sha256: new Bun.CryptoHasher("sha256").update(readFileSync(join(upstream, "hmrc/monthly_csv_2024-01.csv"))).digest("hex"), rows: 3 });
  });

  test("a temporary file left by a killed build is cleared by the next", () => {
    const out = tempDir();
    const path = join(out, "feed.sqlite");
    writeFileSync(`${path}.build-99999`, "half a database");
    buildDatabase(buildOptions(fixtureSnapshot(GOOD), path));
    expect(readdirSync(out)).toEqual(["feed.sqlite"]);
  });
});

describe("a build that must fail names file and line and leaves the old database", () => {
  test.each(['"=HYPERLINK(""http://evil.example"")"', "@SUM(1+1)", "+1", "-2", "\tTab"])("a name a spreadsheet would run as a formula: %s", (name) => {
    const msg = failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", name, "USD", "1.27")] });
    expect(msg).toStartWith("monthly_csv_2024-02.csv:2: name ");
    expect(msg).toContain("starts with a character a spreadsheet reads as a formula");
  });

  test("a directory named like an export, an upper-case extension, a file too large to be one: each refused by name", () => {
    expect(failingBuild(GOOD, undefined, (hmrc) => mkdirSync(join(hmrc, "monthly_csv_2024-03.csv")))).toBe("monthly_csv_2024-03.csv: is a directory, not an export");
    expect(failingBuild(GOOD, undefined, (hmrc) => writeFileSync(join(hmrc, "monthly_csv_2024-03.CSV"), "x"))).toBe("monthly_csv_2024-03.CSV: the extension must be .csv in lower case, as HMRC's exports are named: rename it");
    expect(failingBuild(GOOD, undefined, (hmrc) => writeFileSync(join(hmrc, "monthly_csv_2024-03.csv"), Buffer.alloc(MAX_SOURCE_BYTES + 1, 32)))).toStartWith(`monthly_csv_2024-03.csv: is ${MAX_SOURCE_BYTES + 1} bytes, over the ${MAX_SOURCE_BYTES}`);
  });

  test("an unclosed quote is named at the line it opens on, not where the file ends", () => {
    const rows = [jan("USA", "Dollar", "USD", "1.2651"), 'France,"Euro,EUR,1.1588,01/01/2024,31/01/2024', jan("Germany", "Euro", "EUR", "1.1588"), jan("Japan", "Yen", "JPY", "180")];
    expect(failingBuild({ ...GOOD, "monthly_csv_2024-01.csv": rows })).toStartWith("monthly_csv_2024-01.csv:3: malformed CSV: Quote Not Closed");
  });

  test("a versions export with blank lines names the line a bad row is really on", () => {
    const upstream = fixtureSnapshot(GOOD);
    const [header, first, second] = readFileSync(join(upstream, "versions.csv"), "utf8").split("\n");
    writeFileSync(join(upstream, "versions.csv"), [header, "", first, "", second!.replace(/,\d+\.\d+\.\d+,/, ",x.y,")].join("\n"));
    expect(() => buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")))).toThrow(/^versions\.csv:5: /);
  });

  test("a malformed rate", () => {
    const msg = failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.27O0")] });
    expect(msg).toBe('monthly_csv_2024-02.csv:2: rate "1.27O0" is not a decimal number');
  });
  test("an impossible date", () => {
    const msg = failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.2"), "USA,Dollar,EUR,1.1,30/02/2024,29/02/2024"] });
    expect(msg).toContain("monthly_csv_2024-02.csv:3:");
    expect(msg).toContain('"30/02/2024" is not a real DD/MM/YYYY date');
  });
  test("a truncated file (unclosed quote, short row)", () => {
    expect(failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.2"), 'France,"Euro,EUR'] })).toMatch(/^monthly_csv_2024-02\.csv:3: malformed CSV/);
    expect(failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.2"), "France,Euro,EUR,1.1"] })).toMatch(/^monthly_csv_2024-02\.csv:3: malformed CSV/);
  });
  test("a header without rows", () => {
    expect(failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [] })).toBe("monthly_csv_2024-02.csv: file has a header but no rows");
  });
  test("a wrong header", () => {
    const msg = failingBuild(GOOD, undefined, (dir) => writeFileSync(join(dir, "monthly_csv_2024-02.csv"), `Country,Currency,Code,Rate,Start,End\n${feb("USA", "Dollar", "USD", "1.2")}\n`));
    expect(msg).toStartWith('monthly_csv_2024-02.csv:1: header is "Country,Currency,Code,Rate,Start,End"');
  });
  test("a file that is not UTF-8", () => {
    const msg = failingBuild(GOOD, undefined, (dir) => writeFileSync(join(dir, "monthly_csv_2024-02.csv"), Buffer.from([0x43, 0xff, 0xfe, 0x0a])));
    expect(msg).toBe("monthly_csv_2024-02.csv:1: not UTF-8 text (a byte sequence that is not UTF-8; re-save the file as UTF-8)");
  });
  test("conflicting rows with no majority", () => {
    const msg = failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [feb("France", "Euro", "EUR", "1.17"), feb("Germany", "Euro", "EUR", "1.18")] });
    expect(msg).toMatch(/^monthly_csv_2024-02\.csv:2: EUR rows disagree with no majority \(1\.17 on line 2, 1\.18 on line 3\)/);
  });
  test("a monthly file whose period is not its month", () => {
    const msg = failingBuild({ ...GOOD, "monthly_csv_2024-02.csv": [jan("USA", "Dollar", "USD", "1.2")] });
    expect(msg).toContain("monthly_csv_2024-02.csv:2: period 2024-01-01..2024-01-31 is not the file's month 2024-02-01..2024-02-29");
  });
  test("a missing month between two monthly files", () => {
    const msg = failingBuild({ "monthly_csv_2024-01.csv": GOOD["monthly_csv_2024-01.csv"], "monthly_csv_2024-03.csv": ["USA,Dollar,USD,1.3,01/03/2024,31/03/2024"] });
    expect(msg).toContain("monthly_csv_2024-03.csv: monthly files leave a gap: monthly_csv_2024-01.csv ends 2024-01-31, this one starts 2024-03-01 (the snapshot covers 2024-01 to 2024-03)");
  });
  test("an empty snapshot", () => {
    expect(failingBuild({})).toContain("no monthly_csv_YYYY-MM.csv files found");
  });
  test("a file that is not an HMRC export", () => {
    expect(failingBuild({ ...GOOD, "rates.csv": [] })).toContain("rates.csv: not an HMRC export name");
  });
  test("a correction that no longer fits its file", () => {
    const correction = { file: "monthly_csv_2024-02.csv", line: 2, column: "Currency Code", from: "USX", to: "USD", reason: "a mistyped code in a test" };
    expect(failingBuild(GOOD, [correction])).toBe('monthly_csv_2024-02.csv:2: correction expects Currency Code "USX" but the file has "USD"');
  });
});

describe("anomalies in a snapshot that builds", () => {
  const AMENDED = { ...GOOD, "amendment_csv_2024-02-14.csv": ["Zambia,Kwacha,SMW,19.42,14/02/2024,29/02/2024"] };
  const withZambia = {
    ...AMENDED,
    "monthly_csv_2024-02.csv": [...GOOD["monthly_csv_2024-02.csv"], feb("Zambia", "Kwacha", "ZMW", "18.42")],
  };

  test("a code that appears only in amendments is reported, and served as published", () => {
    const upstream = fixtureSnapshot(withZambia);
    const path = join(tempDir(), "feed.sqlite");
    const { log } = buildDatabase(buildOptions(upstream, path));
    expect(log.entries.filter((a) => a.severity === "warning").map((a) => [a.kind, a.file, a.line])).toEqual([
      ["code-only-in-amendments", "amendment_csv_2024-02-14.csv", 2],
      ["amendment-code-mismatch", "amendment_csv_2024-02-14.csv", 2],
    ]);
    expect(rows(path, "SELECT rate FROM periods WHERE currency_code = 'SMW'")).toEqual([{ rate: "19.42" }]);
  });

  test("a correction written down in the repository is applied and reported", () => {
    const upstream = fixtureSnapshot(withZambia);
    const correctionsPath = join(upstream, "corrections.json");
    writeFileSync(correctionsPath, JSON.stringify([{ file: "amendment_csv_2024-02-14.csv", line: 2, column: "Currency Code", from: "SMW", to: "ZMW", reason: "Zambia is ZMW in the monthly file" }]));
    const path = join(tempDir(), "feed.sqlite");
    const { log } = buildDatabase(buildOptions(upstream, path, correctionsPath));
    expect(log.entries.filter((a) => a.severity === "warning").map((a) => [a.kind, a.file, a.line])).toEqual([["correction-applied", "amendment_csv_2024-02-14.csv", 2]]);
    expect(rows(path, "SELECT starts_on, kind, rate FROM periods WHERE currency_code = 'ZMW' ORDER BY starts_on")).toEqual([
      { starts_on: "2024-02-01", kind: "monthly", rate: "18.42" },
      { starts_on: "2024-02-14", kind: "amendment", rate: "19.42" },
    ]);
    expect(rows(path, "SELECT count(*) AS n FROM anomalies WHERE kind = 'correction-applied'")).toEqual([{ n: 1 }]);
  });
});

describe("the real snapshot", () => {
  const { path, report } = realDatabase();

  test("builds every file and row, as an independent reading of the files counts them", () => {
    const hmrc = join(REAL_UPSTREAM, "hmrc");
    const names = readdirSync(hmrc).filter((n) => n.endsWith(".csv"));
    const count = (kind: string) => names.filter((n) => n.startsWith(`${kind}_`)).length;
    expect(report.files).toEqual({ monthly: count("monthly"), amendment: count("amendment"), average: count("average"), spot: count("spot") });
    const vatFiles = names.filter((n) => /^(monthly|amendment)_/.test(n));
    expect(report.rows).toBe(vatFiles.reduce((n, name) => n + readFileSync(join(hmrc, name), "utf8").split(/\r?\n/).filter((l) => l.trim()).length - 1, 0));
    expect(report.yearlyRates).toBe(referenceYearly(hmrc).length);
    const periods = referencePeriods(hmrc, join(ROOT, "db/corrections.json"));
    expect(report.periods).toBe(periods.length);
    expect(report.currencies).toBe(new Set(periods.map((p) => p.code)).size);
    const newestMonth = names.filter((n) => n.startsWith("monthly")).sort().at(-1)!.slice(12, 19);
    expect(report.coverage.to.slice(0, 7)).toBe(newestMonth);
    expect(report.coverage.from).toBe(periods.reduce((m, p) => (p.start < m ? p.start : m), periods[0]!.start));
    expect(existsSync(path)).toBe(true);
  });

  test("reports its known publishing errors where they are", () => {
    // Relabelled codes have their own test below.
    const warnings = report.log.entries.filter((a) => a.severity === "warning" && !["rate-jump", "name-contradicts-code"].includes(a.kind)).map((a) => `${a.kind} ${a.file}:${a.line}`);
    expect(warnings).toEqual(
      expect.arrayContaining(["correction-applied amendment_csv_2015-11-11.csv:5", "correction-applied amendment_csv_2016-04-20.csv:2", "rate-disagreement monthly_csv_2015-04.csv:135"]),
    );
    const kinds = new Set(report.log.entries.map((a) => a.kind));
    for (const kind of ["untidy-text", "amendment-same-start", "non-iso-code", "currency-gap"]) expect(kinds).toContain(kind);
  });
});

test("`bun run db:build` says how many anomalies in one line; --verbose lists each with file and line", async () => {
  const run = async (...args: string[]) => {
    const proc = Bun.spawn(["bun", "src/build/cli.ts", ...args], { cwd: ROOT, env: { ...process.env, UPSTREAM_DIR: FIXTURE_UPSTREAM, CORRECTIONS_FILE: FIXTURE_CORRECTIONS, DATABASE_PATH: join(tempDir(), "feed.sqlite") }, stdout: "pipe" });
    expect(await proc.exited).toBe(0);
    return (await new Response(proc.stdout).text()).trim().split("\n");
  };
  const plain = await run();
  expect(plain).toHaveLength(5);
  expect(plain[4]).toMatch(/^  anomalies   2 warnings, 5 notices in HMRC's files, each with file and line: bun run db:report \(or db:build --verbose\) lists them$/);
  const verbose = await run("--verbose");
  expect(verbose.slice(5)).toContain("  warning monthly_csv_2014-12.csv:9 HMRC names LRD \"Dollar (US)\", another currency's name, from here to monthly_csv_2015-03.csv; served as published under LRD");
  expect(verbose).toHaveLength(5 + 7);
});

test("`bun run db:build` exits non-zero naming file and line, and says the database was left alone", async () => {
  const upstream = fixtureSnapshot({ ...GOOD, "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "abc")] });
  const databasePath = join(tempDir(), "feed.sqlite");
  const proc = Bun.spawn(["bun", "src/build/cli.ts"], {
    cwd: join(import.meta.dir, ".."),
    env: { ...process.env, UPSTREAM_DIR: upstream, DATABASE_PATH: databasePath },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await proc.exited).toBe(1);
  const stderr = await new Response(proc.stderr).text();
  expect(stderr).toContain('db:build failed: monthly_csv_2024-02.csv:2: rate "abc" is not a decimal number');
  expect(stderr).toContain("was left as it was");
  expect(existsSync(databasePath)).toBe(false);
});

describe("relabelled currencies are reported where they happen (#13)", () => {
  test("a rate moving by a factor of 5 or more names both months' files and lines; a name that is another currency's is reported once", () => {
    const upstream = fixtureSnapshot({
      "monthly_csv_2024-01.csv": [jan("USA", "Dollar", "USD", "1.2651"), jan("Liberia", "Dollar (US)", "LRD", "1.2651"), jan("Sierra Leone", "Leone", "SLL", "28000.5")],
      "monthly_csv_2024-02.csv": [feb("USA", "Dollar", "USD", "1.2710"), feb("Liberia", "Dollar (US)", "LRD", "1.2710"), feb("Sierra Leone", "Leone", "SLL", "28.0005")],
    });
    const { log } = buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")));
    const warnings = log.entries.filter((a) => a.severity === "warning");
    expect(warnings.map((a) => [a.kind, a.file, a.line])).toEqual([
      ["name-contradicts-code", "monthly_csv_2024-01.csv", 3],
      ["rate-jump", "monthly_csv_2024-02.csv", 4],
    ]);
    expect(warnings[0]!.message).toBe('HMRC names LRD "Dollar (US)", another currency\'s name, from here to monthly_csv_2024-02.csv; served as published under LRD');
    expect(warnings[1]!.message).toContain("SLL moves from 28000.5 (monthly_csv_2024-01.csv line 4) to 28.0005, a factor of 1000.0");
  });

  test("the real data: LRD's US-dollar years, and the SLL, MRO and LRD jumps, each with file and line", () => {
    const found = realDatabase().report.log.entries.filter((a) => a.kind === "rate-jump" || a.kind === "name-contradicts-code").map((a) => `${a.file}:${a.line} ${a.message.slice(0, 20)}`);
    expect(found).toContain('monthly_csv_2014-02.csv:124 HMRC names LRD "Doll');
    expect(found).toContain("monthly_csv_2023-02.csv:131 SLL moves from 17223");
    expect(found).toContain("monthly_csv_2020-02.csv:111 MRO moves from 461.3");
    expect(found).toContain("monthly_csv_2023-11.csv:87 LRD moves from 1.330");
  });
});
