// `bun run versions:update`: asks the npm registry for each DataTables
// package and rewrites the versions export under UPSTREAM_DIR. Nothing is
// written unless every package answered and every row validates.
import { join } from "node:path";
import * as v from "valibot";
import { loadPipelineConfig } from "../config.ts";
import { DEFAULT_POLICY, fetchWithRetry, type FetchPolicy } from "./http-fetch.ts";
import { SUITE, versionsFromPackument, type SoftwareVersions } from "./npm-versions.ts";
import { VERSIONS_HEADER, VersionRow } from "./row-schema.ts";

export async function fetchSuiteVersions(registry: string, policy: FetchPolicy = DEFAULT_POLICY): Promise<SoftwareVersions[]> {
  const base = registry.replace(/\/+$/, "");
  return Promise.all(
    SUITE.map(async ([software, pkg]) => {
      const response = await fetchWithRetry(`${base}/${pkg}`, { headers: { accept: "application/json" } }, policy);
      if (!response.ok) throw new Error(`${pkg}: registry answered HTTP ${response.status}`);
      return versionsFromPackument(software, await response.json());
    }),
  );
}

export function versionsCsv(rows: readonly SoftwareVersions[]): string {
  const lines = rows.map((r) => {
    const fields = [r.software, r.npmPackage, r.releaseVersion, r.releaseDate, r.nightlyVersion, r.nightlyDate];
    v.parse(VersionRow, fields); // the schema admits no comma or quote, so plain joining is safe
    return fields.join(",");
  });
  return `${[VERSIONS_HEADER.join(","), ...lines].join("\n")}\n`;
}

if (import.meta.main) {
  const config = loadPipelineConfig();
  const registry = config.npmRegistryUrl;
  const target = join(config.upstreamDir, "versions.csv");
  try {
    const rows = await fetchSuiteVersions(registry);
    await Bun.write(target, versionsCsv(rows));
    for (const r of rows) console.log(`${r.software.padEnd(14)} ${r.releaseVersion.padEnd(10)} nightly ${r.nightlyVersion}`);
    console.log(`Wrote ${target}; run \`bun run db:build\` to serve it.`);
  } catch (e) {
    console.error(`versions:update failed, ${target} unchanged: ${(e as Error).message}`);
    process.exit(1);
  }
}
