// Reads the versions export (written by `bun run versions:update`).
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import * as v from "valibot";
import { BuildError } from "./anomalies.ts";
import { VERSIONS_HEADER, VersionRow, describeIssues } from "./row-schema.ts";
import { csvErrorLine, sha256 } from "./sources.ts";

export interface VersionsSource {
  name: string;
  sha256: string;
  rows: VersionRow[];
}

export function readVersions(path: string): VersionsSource {
  const name = basename(path);
  if (!existsSync(path)) throw new BuildError(name, undefined, "versions export is missing: run `bun run versions:update`");
  const bytes = readFileSync(path);
  let records: { record: string[]; info: { lines: number } }[];
  const text = bytes.toString("utf8");
  try {
    records = parse(text, { skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (e) {
    throw new BuildError(name, csvErrorLine(e, text), `malformed CSV: ${(e as Error).message}`);
  }
  const [head, ...body] = records;
  const header = head?.record;
  if (!header || header.join(",") !== VERSIONS_HEADER.join(",")) {
    throw new BuildError(name, 1, `header must be "${VERSIONS_HEADER.join(",")}"`);
  }
  const seen = new Set<string>();
  // Each row by the line it is on: blank lines are skipped, not counted out.
  const rows = body.map(({ record: fields, info }) => {
    const line = info.lines;
    const result = v.safeParse(VersionRow, fields);
    if (!result.success) throw new BuildError(name, line, describeIssues(result.issues));
    if (seen.has(result.output.software)) throw new BuildError(name, line, `${result.output.software} is listed twice`);
    seen.add(result.output.software);
    return result.output;
  });
  if (rows.length === 0) throw new BuildError(name, undefined, "no software listed");
  return { name, sha256: sha256(bytes), rows };
}
