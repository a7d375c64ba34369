// Reads the versions export (written by `bun run versions:update`).
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import * as v from "valibot";
import { BuildError } from "./anomalies.ts";
import { VERSIONS_HEADER, VersionRow, describeIssues } from "./row-schema.ts";
import { sha256 } from "./sources.ts";

export interface VersionsSource {
  name: string;
  sha256: string;
  rows: VersionRow[];
}

export function readVersions(path: string): VersionsSource {
  const name = basename(path);
  if (!existsSync(path)) throw new BuildError(name, undefined, "versions export is missing: run `bun run versions:update`");
  const bytes = readFileSync(path);
  let records: string[][];
  try {
    records = parse(bytes.toString("utf8"), { skip_empty_lines: true });
  } catch (e) {
    throw new BuildError(name, (e as { lines?: number }).lines, `malformed CSV: ${(e as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header || header.join(",") !== VERSIONS_HEADER.join(",")) {
    throw new BuildError(name, 1, `header must be "${VERSIONS_HEADER.join(",")}"`);
  }
  const seen = new Set<string>();
  const rows = body.map((fields, i) => {
    const line = i + 2;
    const result = v.safeParse(VersionRow, fields);
    if (!result.success) throw new BuildError(name, line, describeIssues(result.issues));
    if (seen.has(result.output.software)) throw new BuildError(name, line, `${result.output.software} is listed twice`);
    seen.add(result.output.software);
    return result.output;
  });
  if (rows.length === 0) throw new BuildError(name, undefined, "no software listed");
  return { name, sha256: sha256(bytes), rows };
}
