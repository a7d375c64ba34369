// The monthly routine must not break the project: HMRC's next month added to
// the upstream snapshot and the database rebuilt leaves every test green, and
// every answer whose bytes did not change keeps its ETag.
import { describe, expect, test } from "bun:test";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { prepareAnswers } from "../src/app/answers.ts";
import { createApp } from "../src/app/app.ts";
import { buildDatabase } from "../src/build/build-database.ts";
import { loadDatabaseFile } from "../src/data/open-bun.ts";
import { addGeneratedMonth, buildOptions, fixedClock, realAnswers, realData, REAL_UPSTREAM, ROOT, tempDir } from "./helpers.ts";

/** Test files that read the real snapshot: the ones a new month could break. */
const realSnapshotTests = readdirSync(join(ROOT, "test"))
  .filter((name) => name.endsWith(".test.ts") && name !== "snapshot.test.ts")
  .filter((name) => /\b(realDatabase|realApp|realAnswers|realData|REAL_UPSTREAM|upstreamCopy)\b/.test(readFileSync(join(ROOT, "test", name), "utf8")));

describe.skipIf(process.env.UPSTREAM_DIR !== undefined)("HMRC's next month added to db/upstream", () => {
  test(`leaves the ${realSnapshotTests.length} test files that read the real snapshot green`, async () => {
    const upstream = join(tempDir(), "upstream");
    cpSync(REAL_UPSTREAM, upstream, { recursive: true });
    const month = addGeneratedMonth(join(upstream, "hmrc"));
    expect(realSnapshotTests.length).toBeGreaterThan(5);
    const run = Bun.spawn(["bun", "test", "--parallel", "--timeout=60000", ...realSnapshotTests.map((name) => `./test/${name}`)], {
      cwd: ROOT,
      env: { ...process.env, UPSTREAM_DIR: upstream, REQUIRE_BROWSER: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, output] = await Promise.all([run.exited, new Response(run.stderr).text()]);
    const failures = output.split("\n").filter((line) => line.startsWith("(fail)"));
    expect({ month, code, failures }).toEqual({ month, code: 0, failures: [] });
    expect(output).toMatch(/\n\s*[1-9]\d* pass\n/);
  }, 120_000);
});

describe("ETags come from the answer's bytes", () => {
  test("a rebuild without the newest month keeps the ETag of every answer whose bytes did not change, and changes every other", async () => {
    const upstream = join(tempDir(), "upstream");
    cpSync(REAL_UPSTREAM, upstream, { recursive: true });
    const newest = readdirSync(join(upstream, "hmrc")).filter((n) => n.startsWith("monthly_")).sort().at(-1)!;
    rmSync(join(upstream, "hmrc", newest));
    const path = join(tempDir(), "feed.sqlite");
    buildDatabase(buildOptions(upstream, path, join(ROOT, "db/corrections.json")), new Date("2020-01-01T00:00:00Z"));
    const clock = fixedClock("2024-01-15T12:00:00Z");
    const before = createApp({ answers: prepareAnswers(loadDatabaseFile(path), ""), clock });
    const after = createApp({ answers: realAnswers(), clock });

    const codes = realData().currencies.map((c) => c.code);
    const paths = ["/vat/currencies", "/versions/current", "/versions/detail", "/openapi.json"];
    for (const [i, code] of codes.entries()) {
      paths.push(`/vat/exchange-rate/${code}/2024-0${(i % 9) + 1}-15`, `/vat/exchange-rate/${code}/2019-11-30`, `/vat/currencies/${code}`);
    }
    for (let year = 2014; year <= 2026; year++) paths.push(`/vat/exchange-rates/${year}-03-10`);

    let same = 0;
    let changed = 0;
    for (const path of paths) {
      const [a, b] = await Promise.all([before, after].map(async (app) => {
        const response = app(new Request(`http://feed.test${path}`));
        return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
      }));
      if (a!.status !== 200 || b!.status !== 200) continue;
      if (a!.body === b!.body) {
        expect([path, a!.etag]).toEqual([path, b!.etag]);
        same++;
      } else {
        expect([path, a!.etag]).not.toEqual([path, b!.etag]);
        changed++;
      }
    }
    // Dated rates and tables before the newest month keep their bytes; each history and the currency list gain a month.
    expect(same).toBeGreaterThan(codes.length * 2);
    expect(changed).toBeGreaterThan(codes.length / 2);
  });
});
