// HMRC's yearly average and spot rates, with the strictness of the monthly
// import: every row validated, one rate per currency per file (the majority
// where countries disagree; none without one), and each file checked against
// the others and against the monthly rates, every finding with file and line.
import * as v from "valibot";
import type { YearlyFact } from "../data/facts.ts";
import { addMonths } from "../lib/publication.ts";
import { BuildError, lineRanges, type AnomalyLog } from "./anomalies.ts";
import type { ImportedRate } from "./import-rates.ts";
import { YEARLY_HEADER, YearlyRow, describeIssues } from "./row-schema.ts";
import { isYearly, type SourceFile } from "./sources.ts";

/** An average further than this from the mean of the same twelve monthly rates is reported. */
const AVERAGE_TOLERANCE = 0.01;
/** From December 2023 HMRC's average is the mean of its twelve monthly rates; before, a mean of daily rates, which can differ by more. */
const AVERAGE_OF_MONTHLY_FROM = "2023-12";
/** A rate that moves this much from the same series' previous file is a redenomination or another currency. */
const JUMP_FACTOR = 5;

export interface YearlyImport {
  rates: YearlyFact[];
  /** HMRC's own name for each code, from its newest file: for codes the VAT files lack. */
  names: Map<string, string>;
}

export function importYearly(all: readonly SourceFile[], monthly: readonly ImportedRate[], log: AnomalyLog): YearlyImport {
  const rates: YearlyFact[] = [];
  const names = new Map<string, string>();
  const previous = new Map<string, { rate: number; file: string; line: number }>();
  const monthlyRate = new Map(monthly.filter((r) => r.kind === "monthly").map((r) => [`${r.currencyCode} ${r.startsOn.slice(0, 7)}`, Number(r.rate)]));
  for (const file of all.filter((f) => isYearly(f.kind))) {
    if (file.header.length !== YEARLY_HEADER.length || file.header.some((h, i) => h.trim() !== YEARLY_HEADER[i])) {
      throw new BuildError(file.name, 1, `header is "${file.header.join(",")}", expected "${YEARLY_HEADER.join(",")}"`);
    }
    const byCode = new Map<string, { line: number; row: YearlyRow }[]>();
    for (const { line, fields } of file.records) {
      const result = v.safeParse(YearlyRow, fields);
      if (!result.success) throw new BuildError(file.name, line, describeIssues(result.issues));
      const group = byCode.get(result.output.code) ?? [];
      group.push({ line, row: result.output });
      byCode.set(result.output.code, group);
    }
    for (const [code, group] of byCode) {
      const rate = majority(file.name, code, group, log);
      const line = group[0]!.line;
      const series = file.kind as YearlyFact["series"];
      rates.push({ series, period: file.stamp, currencyCode: code, rate, source: `${file.name}:${lineRanges(group.map((g) => g.line))}` });
      names.set(code, group[0]!.row.currencyName);
      const key = `${series} ${code}`;
      const before = previous.get(key);
      const value = Number(rate);
      if (before && Math.max(value / before.rate, before.rate / value) >= JUMP_FACTOR) {
        log.warning("rate-jump", file.name, line, `${code}'s ${series} rate moves from ${before.rate} (${before.file} line ${before.line}) to ${rate}, a factor of ${Math.max(value / before.rate, before.rate / value).toFixed(1)}: redenominated, or another currency under this code?`);
      }
      previous.set(key, { rate: value, file: file.name, line });
      if (series === "average" && file.stamp >= AVERAGE_OF_MONTHLY_FROM) checkAgainstMonthly(file, code, rate, line, monthlyRate, log);
    }
  }
  return { rates, names };
}

function majority(file: string, code: string, group: readonly { line: number; row: YearlyRow }[], log: AnomalyLog): string {
  const linesByRate = new Map<string, number[]>();
  for (const { line, row } of group) linesByRate.set(row.rate, [...(linesByRate.get(row.rate) ?? []), line]);
  if (linesByRate.size === 1) return group[0]!.row.rate;
  const ranked = [...linesByRate].sort((a, b) => b[1].length - a[1].length);
  const describe = ranked.map(([rate, lines]) => `${rate} on line${lines.length > 1 ? "s" : ""} ${lineRanges(lines)}`).join(", ");
  if (ranked[0]![1].length === ranked[1]![1].length) throw new BuildError(file, group[0]!.line, `${code} rows disagree with no majority (${describe}); add a correction to db/corrections.json`);
  log.warning("rate-disagreement", file, Math.min(...ranked.slice(1).flatMap(([, lines]) => lines)), `${code} rows disagree (${describe}); kept the majority ${ranked[0]![0]}`);
  return ranked[0]![0];
}

/** An average against the mean of the twelve monthly rates for the same months, where the snapshot has all twelve. */
function checkAgainstMonthly(file: SourceFile, code: string, rate: string, line: number, monthlyRate: ReadonlyMap<string, number>, log: AnomalyLog): void {
  const months = Array.from({ length: 12 }, (_, i) => addMonths(file.stamp, i - 11));
  const found = months.map((m) => monthlyRate.get(`${code} ${m}`));
  if (found.some((r) => r === undefined)) return;
  const mean = found.reduce((sum: number, r) => sum + r!, 0) / 12;
  const off = Number(rate) / mean - 1;
  if (Math.abs(off) > AVERAGE_TOLERANCE) {
    log.warning("average-vs-monthly", file.name, line, `${code}'s average ${rate} is ${(off * 100).toFixed(1)}% from the mean ${mean.toPrecision(6)} of its twelve monthly rates ${months[0]}..${months[11]}; served as published`);
  }
}
