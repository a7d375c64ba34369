// One rate per currency per file. HMRC lists a rate per country, so a
// currency shared by several countries (EUR, XCD, XOF…) appears on several
// rows: rows that agree merge; when they disagree the majority is kept and
// the minority reported, and without a majority the build stops rather than
// pick one.
import type { SourceFile } from "./sources.ts";
import { BuildError, lineRanges, type AnomalyLog } from "./anomalies.ts";
import type { HmrcRow } from "./row-schema.ts";

export interface LocatedRow {
  line: number;
  row: HmrcRow;
}

export interface MergedRate {
  code: string;
  startsOn: string;
  endsOn: string;
  rate: string;
  lines: number[];
  /** The rows behind it, to name countries and names in later checks. */
  rows: LocatedRow[];
}

export function mergeFileRows(file: string, rows: readonly LocatedRow[], log: AnomalyLog): MergedRate[] {
  const byCode = new Map<string, LocatedRow[]>();
  for (const r of rows) {
    const group = byCode.get(r.row.code);
    if (group) group.push(r);
    else byCode.set(r.row.code, [r]);
  }
  const merged: MergedRate[] = [];
  for (const [code, group] of byCode) {
    const first = group[0]!;
    for (const r of group) {
      if (r.row.startsOn !== first.row.startsOn || r.row.endsOn !== first.row.endsOn) {
        throw new BuildError(file, r.line, `${code} has period ${r.row.startsOn}..${r.row.endsOn} here but ${first.row.startsOn}..${first.row.endsOn} on line ${first.line}`);
      }
    }
    merged.push({
      code,
      startsOn: first.row.startsOn,
      endsOn: first.row.endsOn,
      rate: majorityRate(file, code, group, log),
      lines: group.map((r) => r.line),
      rows: group,
    });
  }
  return merged;
}

function majorityRate(file: string, code: string, group: readonly LocatedRow[], log: AnomalyLog): string {
  const linesByRate = new Map<string, number[]>();
  for (const r of group) {
    const lines = linesByRate.get(r.row.rate);
    if (lines) lines.push(r.line);
    else linesByRate.set(r.row.rate, [r.line]);
  }
  if (linesByRate.size === 1) return group[0]!.row.rate;

  const ranked = [...linesByRate].sort((a, b) => b[1].length - a[1].length);
  const describe = ranked.map(([rate, lines]) => `${rate} on line${lines.length > 1 ? "s" : ""} ${lineRanges(lines)}`).join(", ");
  const [winner, runnerUp] = ranked as [[string, number[]], [string, number[]]];
  if (winner[1].length === runnerUp[1].length) {
    throw new BuildError(file, group[0]!.line, `${code} rows disagree with no majority (${describe}); add a correction to db/corrections.json`);
  }
  const minority = ranked.slice(1).flatMap(([, lines]) => lines);
  log.warning("rate-disagreement", file, Math.min(...minority), `${code} rows disagree (${describe}); kept the majority ${winner[0]}`);
  return winner[0];
}

/** One file's rows, merged per currency. */
export interface FileRates {
  file: SourceFile;
  rates: MergedRate[];
}
