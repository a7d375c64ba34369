// Fixes to upstream data are never guessed: each is written down in the
// repository (db/corrections.json) with a reason, applied to one cell of one
// line, and reported. A correction whose cell no longer holds the value it
// expects stops the build, since the file it was written for has changed.
import { existsSync, readFileSync } from "node:fs";
import * as v from "valibot";
import { BuildError, type AnomalyLog } from "./anomalies.ts";
import { Corrections, HMRC_HEADER, YEARLY_HEADER, describeIssues, type Correction } from "./row-schema.ts";
import { isYearly, type SourceFile } from "./sources.ts";

/** `required`: the path was set explicitly, so a missing file is a mistake, not "no corrections". */
export function loadCorrections(path: string, required = false): Correction[] {
  if (!existsSync(path)) {
    if (required) throw new BuildError(path, undefined, "CORRECTIONS_FILE names no file: point it at a corrections file, or unset it for db/corrections.json");
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new BuildError(path, undefined, `not valid JSON: ${(e as Error).message}`);
  }
  const result = v.safeParse(Corrections, json);
  if (!result.success) {
    const where = result.issues[0]?.path?.map((p) => p.key).join(".") ?? "";
    throw new BuildError(path, undefined, `${where ? `${where}: ` : ""}${describeIssues(result.issues)}`);
  }
  return result.output;
}

/** Applies each correction to its cell, in place, logging each application. */
export function applyCorrections(files: readonly SourceFile[], corrections: readonly Correction[], log: AnomalyLog): void {
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const c of corrections) {
    const file = byName.get(c.file);
    if (!file) {
      log.notice("correction-unused", c.file, c.line, `correction ${c.column} "${c.from}" → "${c.to}" not applied: file is not in the snapshot`);
      continue;
    }
    const record = file.records.find((r) => r.line === c.line);
    // Each layout has its own columns; a correction names its column as the file's header does.
    const column = (isYearly(file.kind) ? (YEARLY_HEADER as readonly string[]) : (HMRC_HEADER as readonly string[])).indexOf(c.column);
    const current = record?.fields[column];
    if (current === undefined || current.trim() !== c.from) {
      throw new BuildError(c.file, c.line, `correction expects ${c.column} "${c.from}" but the file has ${current === undefined ? "no such cell" : `"${current}"`}`);
    }
    record!.fields[column] = c.to;
    log.warning("correction-applied", c.file, c.line, `${c.column} "${c.from}" corrected to "${c.to}": ${c.reason}`);
  }
}
