// The versions feed as DataTables publishes it (#25): the whole suite, each
// release from npm, each nightly from the head of its GitHub repository, and
// what happens when either cannot be asked. npm and GitHub are loopback fakes.
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { githubRepository, releaseFromPackument, SUITE, utcOffsetDate } from "../src/build/npm-versions.ts";
import { readVersions } from "../src/build/versions-source.ts";
import { MAX_PACKUMENT_BYTES, updateVersions, versionsCsv, type VersionsOptions } from "../src/build/versions-update.ts";
import { get, realApp, REAL_UPSTREAM, tempDir } from "./helpers.ts";
import { fakeGitHub, fakeRegistry, packument, type FakeHead } from "./upstream-fakes.ts";

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

const RELEASE = { version: "3.2.0", time: "2026-10-01T12:00:00.000Z", date: "2026-10-01T12:00:00+00:00" };
const repos = SUITE.filter((p) => p.repository).map((p) => p.repository!);
const sha = (n: number) => n.toString(16).padStart(40, "0");

/** Every repository's head at the release, but `changed`. */
function headsWith(changed: Record<string, FakeHead> = {}): Record<string, FakeHead> {
  return { ...Object.fromEntries(repos.map((r, i) => [r, { sha: sha(i + 1), date: RELEASE.time, version: RELEASE.version }])), ...changed };
}

function run(github: ReturnType<typeof fakeGitHub>, options: Partial<VersionsOptions> = {}, registry = fakeRegistry(RELEASE.version, RELEASE.time)) {
  stops.push(github.stop, registry.stop);
  return updateVersions({ registry: registry.url, github: { apiUrl: github.url, token: undefined }, previous: [], heads: {}, policy: { timeoutMs: 5_000, attempts: 1, backoffMs: 0 }, ...options });
}

/** 128 MiB of spaces, gzipped to about 128 KB: made once, before any memory is measured. */
const BOMB = gzipSync(new Uint8Array(MAX_PACKUMENT_BYTES * 4).fill(32));

const row = (rows: { software: string }[], software: string) => rows.find((r) => r.software === software) as Record<string, string>;

describe("the suite", () => {
  test("DataTables and its 18 extensions as DataTables spells them, each with its npm package and, but for Editor, its GitHub repository", () => {
    expect(SUITE.map((p) => p.software)).toEqual(["DataTables", "AutoFill", "Buttons", "CardView", "ColReorder", "ColumnControl", "DateTime", "Editor", "FixedColumns", "FixedHeader", "KeyTable", "Responsive", "RowGroup", "RowReorder", "Scroller", "SearchBuilder", "SearchPanes", "Select", "StateRestore"]);
    expect(SUITE[0]).toEqual({ software: "DataTables", npmPackage: "datatables.net", repository: "DataTables/DataTablesSrc" });
    expect(SUITE.find((p) => p.software === "CardView")).toEqual({ software: "CardView", npmPackage: "datatables.net-cardview", repository: "DataTables/CardView" });
    expect(SUITE.filter((p) => !p.repository).map((p) => p.software)).toEqual(["Editor"]);
  });

  test("npm's repository field, in each form npm writes it, names the repository; a packument that names another is reported", async () => {
    expect(githubRepository({ type: "git", url: "git+https://github.com/DataTables/Buttons.git" })).toBe("DataTables/Buttons");
    expect(githubRepository("github:DataTables/Select")).toBe("DataTables/Select");
    expect(githubRepository("https://github.com/DataTables/Dist-DataTables-SearchPanes.git")).toBe("DataTables/Dist-DataTables-SearchPanes");
    expect(githubRepository(undefined)).toBeUndefined();
    const registry = fakeRegistry(RELEASE.version, RELEASE.time, (name) =>
      name === "datatables.net-select" ? Response.json({ ...packument(SUITE.find((p) => p.npmPackage === name)!, RELEASE.version, RELEASE.time), repository: "github:Someone/Select" }) : undefined,
    );
    const { problems } = await run(fakeGitHub(headsWith()), {}, registry);
    expect(problems).toEqual(["Select: npm names its repository Someone/Select, the suite table DataTables/Select; asked DataTables/Select"]);
  });
});

describe("releases from npm", () => {
  test("the release is the latest dist-tag, dated in UTC with an explicit offset", () => {
    expect(releaseFromPackument(packument(SUITE[2]!, "4.1.1", "2026-09-22T17:02:09.974Z"))).toEqual({ version: "4.1.1", date: "2026-09-22T17:02:09+00:00", repository: "DataTables/Buttons" });
    expect(() => releaseFromPackument({ name: "x", "dist-tags": { latest: "9.9.9" }, time: {} })).toThrow(/no publish time/);
    expect(utcOffsetDate("2024-01-15T10:11:12.345Z")).toBe("2024-01-15T10:11:12+00:00");
  });

  test.each([
    ["huge", () => new Response(new Uint8Array(MAX_PACKUMENT_BYTES + 1024).fill(32), { headers: { "content-type": "application/json" } })],
    ["endless", () => new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(256 * 1024).fill(32)) }))],
    ["a gzip bomb", () => new Response(BOMB, { headers: { "content-encoding": "gzip", "content-type": "application/json" } })],
  ])("a %s answer is refused at the cap, naming the package and the cap; the other products are refreshed", async (_, body) => {
    const registry = fakeRegistry(RELEASE.version, RELEASE.time, (name) => (name === "datatables.net-buttons" ? body() : undefined));
    const before = process.memoryUsage().rss;
    const { rows, problems } = await run(fakeGitHub(headsWith()), { previous: readVersions(join(REAL_UPSTREAM, "versions.csv")).rows }, registry);
    expect(problems).toEqual([`Buttons: datatables.net-buttons: the npm registry sent more than ${MAX_PACKUMENT_BYTES} bytes, the cap for a packument; kept its last row`]);
    expect(process.memoryUsage().rss - before).toBeLessThan(4 * MAX_PACKUMENT_BYTES);
    expect(rows).toHaveLength(19);
  });

  test("a product npm does not know is named, and keeps its last row", async () => {
    const registry = fakeRegistry(RELEASE.version, RELEASE.time, (name) => (name === "datatables.net-cardview" ? new Response("{}", { status: 404 }) : undefined));
    const previous = [{ software: "CardView", npmPackage: "datatables.net-cardview", releaseVersion: "1.1.1", releaseDate: "2026-09-22T17:02:09+00:00", nightlyVersion: "1.1.1", nightlyDate: "2026-09-22T17:02:09+00:00" }];
    const { rows, problems } = await run(fakeGitHub(headsWith()), { previous }, registry);
    expect(problems).toEqual(["CardView: datatables.net-cardview: the npm registry answered HTTP 404; kept its last row"]);
    expect(row(rows, "CardView")).toEqual(previous[0]!);
  });
});

describe("nightlies from GitHub", () => {
  test("the head's package.json version and committer date; a pre-release suffix, or the same version later, is the nightly", async () => {
    const github = fakeGitHub(
      headsWith({
        "DataTables/DataTablesSrc": { sha: sha(100), date: "2026-11-20T08:00:00Z", version: "3.3.0-dev" },
        "DataTables/Buttons": { sha: sha(101), date: "2026-11-21T09:30:00Z", version: RELEASE.version },
      }),
    );
    const { rows, problems, githubCalls } = await run(github);
    expect(problems).toEqual([]);
    expect(row(rows, "DataTables")).toMatchObject({ releaseVersion: "3.2.0", nightlyVersion: "3.3.0-dev", nightlyDate: "2026-11-20T08:00:00+00:00" });
    expect(row(rows, "Buttons")).toMatchObject({ nightlyVersion: "3.2.0", nightlyDate: "2026-11-21T09:30:00+00:00" });
    expect(row(rows, "Editor")).toMatchObject({ nightlyVersion: "3.2.0", nightlyDate: RELEASE.date });
    expect(rows).toHaveLength(19);
    expect(githubCalls).toBeLessThanOrEqual(40);
  });

  test("a head older than the release, by version or by date, gives the release", async () => {
    const github = fakeGitHub(
      headsWith({
        "DataTables/Select": { sha: sha(102), date: "2026-11-20T08:00:00Z", version: "3.1.9" },
        "DataTables/KeyTable": { sha: sha(103), date: "2026-09-01T08:00:00Z", version: "3.3.0-dev" },
      }),
    );
    const { rows } = await run(github);
    expect(row(rows, "Select")).toMatchObject({ nightlyVersion: "3.2.0", nightlyDate: RELEASE.date });
    expect(row(rows, "KeyTable")).toMatchObject({ nightlyVersion: "3.2.0", nightlyDate: RELEASE.date });
  });

  test("with the last run's ETags, an unchanged repository is one conditional call answered 304, and the answers stay the same", async () => {
    const github = fakeGitHub(headsWith({ "DataTables/DataTablesSrc": { sha: sha(100), date: "2026-11-20T08:00:00Z", version: "3.3.0-dev" } }));
    const first = await run(github);
    const callsBefore = github.log.length;
    const registry = fakeRegistry(RELEASE.version, RELEASE.time);
    stops.push(registry.stop);
    const second = await updateVersions({ registry: registry.url, github: { apiUrl: github.url, token: undefined }, previous: first.rows, heads: first.heads });
    const again = github.log.slice(callsBefore);
    expect(again).toHaveLength(repos.length);
    expect(again.every((c) => c.conditional && c.status === 304 && c.path.endsWith("/commits/HEAD"))).toBe(true);
    expect(second.rows).toEqual(first.rows);
    expect(second.problems).toEqual([]);
  });

  test("GITHUB_TOKEN is sent as a bearer token to the API", async () => {
    const github = fakeGitHub(headsWith());
    await run(github, { github: { apiUrl: github.url, token: "ghp_test" } });
    expect(new Set(github.log.map((c) => c.authorization))).toEqual(new Set(["Bearer ghp_test"]));
  });

  test("at GitHub's rate limit it stops asking, says so, and keeps each last nightly not older than the release", async () => {
    const github = fakeGitHub(headsWith(), { mode: "rate-limited" });
    const previous = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows.map((r) => (r.software === "Buttons" ? { ...r, nightlyVersion: "3.3.0-beta.1", nightlyDate: "2026-11-01T00:00:00+00:00" } : r));
    const { rows, problems } = await run(github, { previous });
    expect(github.log).toHaveLength(1);
    expect(problems).toHaveLength(repos.length);
    expect(problems[0]).toMatch(/^DataTables: nightly not refreshed \(GitHub's rate limit is reached until .* \(set GITHUB_TOKEN for a higher limit\)\); the release stands in$/);
    expect(row(rows, "Buttons")).toMatchObject({ releaseVersion: "3.2.0", nightlyVersion: "3.3.0-beta.1", nightlyDate: "2026-11-01T00:00:00+00:00" });
    expect(row(rows, "Select")).toMatchObject({ nightlyVersion: "3.2.0" });
  });

  test.each(["down", "nonsense"] as const)("GitHub %s: every nightly non-null, every product named", async (mode) => {
    const { rows, problems } = await run(fakeGitHub(headsWith(), { mode }));
    expect(rows).toHaveLength(19);
    for (const r of rows) expect([r.software, r.nightlyVersion, r.nightlyDate]).toEqual([r.software, expect.stringMatching(/^\d+\.\d+\.\d+/), expect.stringMatching(/^\d{4}-/)]);
    expect(problems.map((p) => p.split(":")[0])).toEqual(SUITE.filter((p) => p.repository).map((p) => p.software));
  });
});

test("the export written by versions:update reads back through the build's schema", () => {
  const rows = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;
  const path = join(tempDir(), "versions.csv");
  writeFileSync(path, versionsCsv(rows));
  expect(readVersions(path).rows).toEqual(rows);
  expect(readFileSync(path, "utf8")).toBe(readFileSync(join(REAL_UPSTREAM, "versions.csv"), "utf8"));
});

describe("the versions routes", () => {
  const app = realApp();
  const exported = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;

  test("GET /versions/current lists every product's release version", async () => {
    const { status, body } = await get(app, "/versions/current");
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(exported.map((r) => r.software));
    for (const r of exported) expect(body[r.software]).toBe(r.releaseVersion);
    for (const version of Object.values(body)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test("GET /versions/detail gives release and nightly with dates, agreeing with current", async () => {
    const detail = (await get(app, "/versions/detail")).body;
    const current = (await get(app, "/versions/current")).body;
    expect(Object.keys(detail)).toEqual(Object.keys(current));
    for (const [software, d] of Object.entries<any>(detail)) {
      expect(Object.keys(d)).toEqual(["release", "nightly"]);
      expect(d.release.version).toBe(current[software]);
      expect(d.release.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(d.nightly.version).toMatch(/^\d+\.\d+\.\d+(-[\w.-]+)?$/);
      expect(d.nightly.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    }
  });
});
