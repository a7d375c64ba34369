import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SUITE, utcOffsetDate, versionsFromPackument } from "../src/build/npm-versions.ts";
import { readVersions } from "../src/build/versions-source.ts";
import { versionsCsv } from "../src/build/versions-update.ts";
import { get, realApp, REAL_UPSTREAM, tempDir } from "./helpers.ts";

const packument = (latest: string, time: Record<string, string>) => ({
  name: "datatables.net-buttons",
  "dist-tags": { latest },
  time: { created: "2015-01-01T00:00:00.000Z", modified: "2026-01-01T00:00:00.000Z", ...time },
});

describe("versionsFromPackument", () => {
  test("release is the latest dist-tag; nightly is the newest pre-release above it", () => {
    const row = versionsFromPackument("Buttons", packument("3.2.0", {
      "3.1.0": "2025-01-01T10:00:00.000Z",
      "3.2.0": "2025-03-01T10:00:00.123Z",
      "3.3.0-beta.1": "2025-04-01T08:00:00.000Z",
      "3.3.0-dev": "2025-05-02T09:30:15.500Z",
      "3.1.1-dev": "2025-06-01T00:00:00.000Z", // newer by date but older than the release
    }));
    expect(row).toEqual({
      software: "Buttons",
      npmPackage: "datatables.net-buttons",
      releaseVersion: "3.2.0",
      releaseDate: "2025-03-01T10:00:00+00:00",
      nightlyVersion: "3.3.0-dev",
      nightlyDate: "2025-05-02T09:30:15+00:00",
    });
  });

  test("without a newer pre-release the nightly is the release", () => {
    const row = versionsFromPackument("Buttons", packument("3.2.0", { "3.2.0": "2025-03-01T10:00:00Z", "3.2.0-rc.1": "2025-02-01T10:00:00Z" }));
    expect([row.nightlyVersion, row.nightlyDate]).toEqual(["3.2.0", "2025-03-01T10:00:00+00:00"]);
  });

  test("a packument without the latest version's time is refused", () => {
    expect(() => versionsFromPackument("Buttons", packument("9.9.9", {}))).toThrow(/no publish time/);
    expect(() => versionsFromPackument("Buttons", { name: "x" })).toThrow();
  });

  test("dates are normalised to UTC with an explicit offset", () => {
    expect(utcOffsetDate("2024-01-15T10:11:12.345Z")).toBe("2024-01-15T10:11:12+00:00");
    expect(() => utcOffsetDate("yesterday")).toThrow();
  });
});

test("the suite is DataTables and its extensions, named as DataTables names them", () => {
  expect(SUITE[0]).toEqual(["DataTables", "datatables.net"]);
  expect(SUITE).toContainEqual(["ColReorder", "datatables.net-colreorder"]);
  expect(SUITE).toContainEqual(["StateRestore", "datatables.net-staterestore"]);
  expect(SUITE).toHaveLength(18);
});

test("the export written by versions:update reads back through the build's schema", () => {
  const rows = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;
  const path = join(tempDir(), "versions.csv");
  require("node:fs").writeFileSync(path, versionsCsv(rows));
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
