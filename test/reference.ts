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
  for (const file of readdirSync(hmrcDir).filter((f) => f.endsWith(".csv"))) {
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
