// DataTables and its extensions as DataTables publishes them: the suite in one
// table (the product as DataTables spells it, its npm package, the public
// GitHub repository its nightly builds come from), and each product's
// release from its npm packument: what the `latest` dist-tag points at.
import * as v from "valibot";
import type { VersionFact } from "../data/facts.ts";

export interface Product {
  software: string;
  npmPackage: string;
  /** owner/name on GitHub; none for Editor, which has no public repository. */
  repository?: string;
}

const repo = (name: string) => `DataTables/${name}`;
const extension = (software: string, repository: string | undefined = repo(software)): Product => ({ software, npmPackage: `datatables.net-${software.toLowerCase()}`, ...(repository ? { repository } : {}) });

/** The suite, in the order the feed lists it: DataTables, then its extensions. */
export const SUITE: readonly Product[] = [
  { software: "DataTables", npmPackage: "datatables.net", repository: repo("DataTablesSrc") },
  extension("AutoFill"),
  extension("Buttons"),
  extension("CardView"),
  extension("ColReorder"),
  extension("ColumnControl"),
  extension("DateTime"),
  extension("Editor", ""),
  extension("FixedColumns"),
  extension("FixedHeader"),
  extension("KeyTable"),
  extension("Responsive"),
  extension("RowGroup"),
  extension("RowReorder"),
  extension("Scroller"),
  extension("SearchBuilder"),
  // npm's repository field for SearchPanes names its distribution repository, not DataTables/SearchPanes.
  extension("SearchPanes", repo("Dist-DataTables-SearchPanes")),
  extension("Select"),
  extension("StateRestore"),
];

const Packument = v.object({
  name: v.string(),
  "dist-tags": v.object({ latest: v.string() }),
  time: v.record(v.string(), v.string()),
  repository: v.optional(v.union([v.string(), v.object({ url: v.optional(v.string()) })])),
});

/** A product's row of the versions export: the fact the database stores. */
export type SoftwareVersions = VersionFact;

export interface Release {
  version: string;
  date: string;
  /** The GitHub repository the packument names, as owner/name, when it names one. */
  repository: string | undefined;
}

/** "2024-01-15T10:11:12.345Z" → "2024-01-15T10:11:12+00:00". */
export function utcOffsetDate(time: string): string {
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${time}`);
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** owner/name from npm's repository field ("git+https://github.com/DataTables/Buttons.git", "github:DataTables/Buttons"). */
export function githubRepository(field: string | { type?: string; url?: string } | undefined): string | undefined {
  const url = typeof field === "string" ? field : field?.url;
  const m = url && /(?:github\.com[/:]|^github:)([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url);
  return m ? m[1] : undefined;
}

export function releaseFromPackument(json: unknown): Release {
  const p = v.parse(Packument, json);
  const version = p["dist-tags"].latest;
  const time = p.time[version];
  if (!time) throw new Error(`${p.name}: no publish time for latest ${version}`);
  return { version, date: utcOffsetDate(time), repository: githubRepository(p.repository) };
}
