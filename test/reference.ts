// An independent reading of the raw HMRC files, for checking the service
// against: a plain line split (the exports quote nothing), the corrections
// file, majority per file, and the period rule applied literally.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export interface ReferencePeriod {
  code: string;
  start: string;
  end: string;
  amendment: boolean;
  rate: string;
}

const iso = (ddmmyyyy: string) => ddmmyyyy.split("/").reverse().join("-");

export function referencePeriods(hmrcDir: string, correctionsPath: string): ReferencePeriod[] {
  const corrections: { file: string; line: number; from: string; to: string }[] = JSON.parse(readFileSync(correctionsPath, "utf8"));
  const periods: ReferencePeriod[] = [];
  for (const file of readdirSync(hmrcDir).filter((f) => /^(monthly|amendment)_csv_.*\.csv$/.test(f))) {
    const lines = readFileSync(join(hmrcDir, file), "utf8").split(/\r?\n/);
    const votes = new Map<string, Map<string, number>>();
    const dates = new Map<string, [string, string]>();
    lines.forEach((text, index) => {
      if (index === 0 || !text.trim()) return;
      const f = text.split(",").map((s) => s.trim());
      const fix = corrections.find((c) => c.file === file && c.line === index + 1 && c.from === f[2]);
      const code = fix ? fix.to : f[2]!;
      const rate = String(Number(f[3]));
      const tally = votes.get(code) ?? new Map<string, number>();
      tally.set(rate, (tally.get(rate) ?? 0) + 1);
      votes.set(code, tally);
      dates.set(code, [iso(f[4]!), iso(f[5]!)]);
    });
    for (const [code, tally] of votes) {
      const rate = [...tally].sort((a, b) => b[1] - a[1])[0]![0];
      const [start, end] = dates.get(code)!;
      periods.push({ code, start, end, amendment: file.startsWith("amendment"), rate });
    }
  }
  return periods;
}

/** The rate in force: among periods containing the date, the latest start; an amendment on a tie. */
export function referenceLookup(periods: readonly ReferencePeriod[], code: string, date: string): ReferencePeriod | undefined {
  let best: ReferencePeriod | undefined;
  for (const p of periods) {
    if (p.code !== code || p.start > date || p.end < date) continue;
    if (!best || p.start > best.start || (p.start === best.start && p.amendment)) best = p;
  }
  return best;
}

export interface ReferenceYearly {
  series: "average" | "spot";
  period: string;
  code: string;
  rate: string;
}

/** The average and spot files read as plainly: the last column is the rate, the majority per code per file. */
export function referenceYearly(hmrcDir: string): ReferenceYearly[] {
  const rates: ReferenceYearly[] = [];
  for (const file of readdirSync(hmrcDir).filter((f) => /^(average|spot)_csv_\d{4}-\d{2}\.csv$/.test(f))) {
    const votes = new Map<string, Map<string, number>>();
    readFileSync(join(hmrcDir, file), "utf8").split(/\r?\n/).forEach((text, index) => {
      if (index === 0 || !text.trim()) return;
      const f = text.split(",").map((s) => s.trim());
      const rate = String(Number(f[4]));
      const tally = votes.get(f[2]!) ?? new Map<string, number>();
      tally.set(rate, (tally.get(rate) ?? 0) + 1);
      votes.set(f[2]!, tally);
    });
    const [, series, period] = /^(average|spot)_csv_(\d{4}-\d{2})\.csv$/.exec(file)!;
    for (const [code, tally] of votes) rates.push({ series: series as "average" | "spot", period: period!, code, rate: [...tally].sort((a, b) => b[1] - a[1])[0]![0] });
  }
  return rates;
}
