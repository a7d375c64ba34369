// From an npm packument to the versions feed's row: the release is what the
// `latest` dist-tag points at; the nightly is the most recently published
// pre-release newer than that release, or the release itself when there is none.
import * as v from "valibot";
import type { VersionFact } from "../data/facts.ts";

/** The DataTables suite: product name as DataTables spells it → npm package. */
export const SUITE: readonly (readonly [software: string, npmPackage: string])[] = [
  ["DataTables", "datatables.net"],
  ...(
    [
      "AutoFill", "Buttons", "ColReorder", "ColumnControl", "DateTime", "Editor", "FixedColumns", "FixedHeader",
      "KeyTable", "Responsive", "RowGroup", "RowReorder", "Scroller", "SearchBuilder", "SearchPanes", "Select",
      "StateRestore",
    ] as const
  ).map((name) => [name, `datatables.net-${name.toLowerCase()}`] as const),
];

const Packument = v.object({
  name: v.string(),
  "dist-tags": v.object({ latest: v.string() }),
  time: v.record(v.string(), v.string()),
});

const PRERELEASE = /^\d+\.\d+\.\d+-[0-9A-Za-z.-]+$/;

/** A product's row of the versions export: the fact the database stores. */
export type SoftwareVersions = VersionFact;

/** "2024-01-15T10:11:12.345Z" → "2024-01-15T10:11:12+00:00". */
export function utcOffsetDate(npmTime: string): string {
  const ms = Date.parse(npmTime);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${npmTime}`);
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

export function versionsFromPackument(software: string, json: unknown): SoftwareVersions {
  const p = v.parse(Packument, json);
  const release = p["dist-tags"].latest;
  const releaseTime = p.time[release];
  if (!releaseTime) throw new Error(`${p.name}: no publish time for latest ${release}`);

  let nightly = release;
  let nightlyTime = releaseTime;
  for (const [version, time] of Object.entries(p.time)) {
    if (!PRERELEASE.test(version) || Bun.semver.order(version, release) <= 0) continue;
    if (nightly === release || Date.parse(time) > Date.parse(nightlyTime)) {
      nightly = version;
      nightlyTime = time;
    }
  }
  return {
    software,
    npmPackage: p.name,
    releaseVersion: release,
    releaseDate: utcOffsetDate(releaseTime),
    nightlyVersion: nightly,
    nightlyDate: utcOffsetDate(nightlyTime),
  };
}
