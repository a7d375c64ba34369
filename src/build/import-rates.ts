// From HMRC's exports to the periods the service serves: validate every row,
// merge each file's rows per currency, and check the files against each other.
import * as v from "valibot";
import { nextDay } from "../lib/calendar.ts";
import { comparePeriods, type PeriodKind } from "../vat/period.ts";
import { BuildError, lineRanges, type AnomalyLog } from "./anomalies.ts";
import { checkAcrossFiles } from "./checks.ts";
import { mergeFileRows, type FileRates, type LocatedRow, type MergedRate } from "./merge.ts";
import { HMRC_HEADER, HmrcRow, describeIssues } from "./row-schema.ts";
import { isYearly, type SourceFile } from "./sources.ts";

export interface ImportedRate {
  currencyCode: string;
  startsOn: string;
  endsOn: string;
  kind: PeriodKind;
  rate: string;
  source: string;
  /** What is wrong with this rate, in plain words, when the build recorded a warning about it. */
  note: string | null;
}

export interface RateImport {
  rates: ImportedRate[];
  files: FileRates[];
  rowCount: number;
}

/** The VAT period rates: the monthly and amendment files of `sources` (the yearly series are import-yearly.ts's). */
export function importRates(all: readonly SourceFile[], log: AnomalyLog): RateImport {
  const sources = all.filter((f) => !isYearly(f.kind));
  const files = sources.map((file) => ({ file, rates: mergeFileRows(file.name, validateFile(file, log), log) }));
  checkMonthlyContinuity(files.filter((f) => f.file.kind === "monthly"));
  checkNoDuplicatePeriods(files, log);
  const notes = checkAcrossFiles(files, log);

  const rates = files.flatMap(({ file, rates }) =>
    rates.map((r) => ({
      currencyCode: r.code,
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      kind: file.kind as PeriodKind,
      rate: r.rate,
      source: `${file.name}:${lineRanges(r.lines)}`,
      // A monthly rate a warning is about carries it in plain words; an amendment is HMRC's own correction.
      note: file.kind === "monthly" ? (notes.get(`${r.code} ${r.startsOn}`) ?? null) : null,
    })),
  );
  rates.sort((a, b) => (a.currencyCode === b.currencyCode ? comparePeriods(a, b) : a.currencyCode < b.currencyCode ? -1 : 1));
  return { rates, files, rowCount: sources.reduce((n, f) => n + f.records.length, 0) };
}

function validateFile(file: SourceFile, log: AnomalyLog): LocatedRow[] {
  if (file.header.length !== HMRC_HEADER.length || file.header.some((h, i) => h.trim() !== HMRC_HEADER[i])) {
    throw new BuildError(file.name, 1, `header is "${file.header.join(",")}", expected "${HMRC_HEADER.join(",")}"`);
  }
  const untidy: number[] = [];
  const rows = file.records.map(({ line, fields }) => {
    const result = v.safeParse(HmrcRow, fields);
    if (!result.success) throw new BuildError(file.name, line, describeIssues(result.issues));
    const row = result.output;
    if (fields[0] !== row.country || fields[1] !== row.currencyName || fields[2] !== row.code) untidy.push(line);
    checkPeriodFitsFile(file, line, row, log);
    return { line, row };
  });
  if (untidy.length > 0) {
    log.notice("untidy-text", file.name, untidy[0]!, `surrounding or doubled spaces trimmed from names on line${untidy.length > 1 ? "s" : ""} ${lineRanges(untidy)}`);
  }
  return rows;
}

function checkPeriodFitsFile(file: SourceFile, line: number, row: HmrcRow, log: AnomalyLog): void {
  if (file.kind === "monthly") {
    const first = `${file.stamp}-01`;
    const last = lastDayOfMonth(file.stamp);
    if (row.startsOn !== first || row.endsOn !== last) {
      throw new BuildError(file.name, line, `period ${row.startsOn}..${row.endsOn} is not the file's month ${first}..${last}`);
    }
  } else if (row.startsOn !== file.stamp || row.endsOn !== lastDayOfMonth(row.startsOn.slice(0, 7))) {
    log.warning("amendment-period", file.name, line, `${row.code} amendment runs ${row.startsOn}..${row.endsOn}; expected ${file.stamp} to the end of that month`);
  }
}

function lastDayOfMonth(yearMonth: string): string {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * Two amendment files giving one currency a rate from the same day: the same
 * rate is a harmless repeat (kept once, reported); different rates leave no
 * way to tell which HMRC meant, so the build stops.
 */
function checkNoDuplicatePeriods(files: FileRates[], log: AnomalyLog): void {
  const seen = new Map<string, { file: string; rate: MergedRate }>();
  for (const entry of files) {
    if (entry.file.kind !== "amendment") continue;
    entry.rates = entry.rates.filter((rate) => {
      const key = `${rate.code} ${rate.startsOn}`;
      const earlier = seen.get(key);
      if (!earlier) {
        seen.set(key, { file: entry.file.name, rate });
        return true;
      }
      const there = `${earlier.file}:${earlier.rate.lines[0]}`;
      if (earlier.rate.rate !== rate.rate) {
        throw new BuildError(entry.file.name, rate.lines[0], `${rate.code} from ${rate.startsOn} is ${rate.rate} here but ${earlier.rate.rate} at ${there}: conflicting duplicate amendments`);
      }
      log.warning("duplicate-amendment", entry.file.name, rate.lines[0]!, `${rate.code} from ${rate.startsOn} repeats ${there} (same rate ${rate.rate}); kept once`);
      return false;
    });
  }
}

/** Monthly files must follow each other without a gap or an overlap. */
function checkMonthlyContinuity(monthly: readonly FileRates[]): void {
  for (let i = 1; i < monthly.length; i++) {
    const prev = monthly[i - 1]!;
    const cur = monthly[i]!;
    const expected = nextDay(prev.rates[0]!.endsOn);
    if (cur.rates[0]!.startsOn !== expected) {
      throw new BuildError(cur.file.name, undefined, `monthly files leave a gap: ${prev.file.name} ends ${prev.rates[0]!.endsOn}, this one starts ${cur.rates[0]!.startsOn} (the snapshot covers ${monthly[0]!.file.stamp} to ${monthly.at(-1)!.file.stamp})`);
    }
  }
}
