// Checks that need more than one file: codes that appear only in amendments,
// amendments that do not fit the monthly files, currencies missing from a
// month, codes ICU does not know. Each is reported where it is found.
import { isoCurrencyName } from "../vat/currency-name.ts";
import type { AnomalyLog } from "./anomalies.ts";
import type { FileRates } from "./merge.ts";

const normalCountry = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

export function checkAcrossFiles(files: readonly FileRates[], log: AnomalyLog): void {
  const monthly = files.filter((f) => f.file.kind === "monthly");
  const byMonth = new Map(monthly.map((f) => [f.file.stamp, f]));
  const monthlyCodes = new Set(monthly.flatMap((f) => f.rates.map((r) => r.code)));

  for (const { file, rates } of files) {
    if (file.kind !== "amendment") continue;
    for (const rate of rates) {
      const line = rate.lines[0]!;
      const month = byMonth.get(rate.startsOn.slice(0, 7));
      if (!monthlyCodes.has(rate.code)) {
        log.warning("code-only-in-amendments", file.name, line, `${rate.code} appears in no monthly file; served as published`);
      }
      if (!month) {
        log.notice("amendment-without-monthly", file.name, line, `${rate.code} amendment falls in a month with no monthly file; it is the only rate for ${rate.startsOn}..${rate.endsOn}`);
        continue;
      }
      if (month.rates.some((m) => m.code === rate.code && m.startsOn === rate.startsOn)) {
        log.notice("amendment-same-start", file.name, line, `${rate.code} amendment starts the same day as ${month.file.name}; the amendment is served`);
      }
      for (const { line: rowLine, row } of rate.rows) {
        const country = normalCountry(row.country);
        const match = month.rates.flatMap((m) => m.rows).find((r) => normalCountry(r.row.country) === country);
        if (!match) {
          log.notice("amendment-country-unknown", file.name, rowLine, `country "${row.country}" is not spelled as in ${month.file.name}`);
        } else if (match.row.code !== row.code) {
          log.warning("amendment-code-mismatch", file.name, rowLine, `${row.country} is ${row.code} here but ${match.row.code} in ${month.file.name} line ${match.line}`);
        }
      }
    }
  }
  checkMonthlyGaps(monthly, log);
  checkIsoCodes(files, log);
  checkRelabelled(monthly, log);
}

/** A rate that moves this much from one month to the next is a redenomination or another currency under the code. */
const JUMP_FACTOR = 5;

/**
 * Codes HMRC re-used or swapped, reported where they happen (served as
 * published unless db/corrections.json says otherwise): a rate that moves by
 * a factor of 5 or more from the code's previous month (SLL/SLE, MRO/MRU,
 * LRD), and a name whose qualifier names another currency than the code's
 * ("Dollar (US)" on LRD: the qualifier's first two letters are not the code's,
 * as ISO codes start with the country's).
 */
function checkRelabelled(monthly: readonly FileRates[], log: AnomalyLog): void {
  const previous = new Map<string, { rate: number; file: string; line: number }>();
  const named = new Set<string>();
  for (const { file, rates } of monthly) {
    for (const rate of rates) {
      const line = rate.lines[0]!;
      const value = Number(rate.rate);
      const before = previous.get(rate.code);
      if (before && Math.max(value / before.rate, before.rate / value) >= JUMP_FACTOR) {
        log.warning("rate-jump", file.name, line, `${rate.code} moves from ${before.rate} (${before.file} line ${before.line}) to ${rate.rate}, a factor of ${(Math.max(value / before.rate, before.rate / value)).toFixed(1)}: redenominated, or another currency under this code?`);
      }
      previous.set(rate.code, { rate: value, file: file.name, line });
      const name = rate.rows[0]!.row.currencyName;
      const qualifier = /\(([A-Z]{2,3})\)/.exec(name)?.[1];
      if (qualifier && qualifier.slice(0, 2) !== rate.code.slice(0, 2) && !named.has(`${rate.code} ${name}`)) {
        named.add(`${rate.code} ${name}`);
        const last = monthly.findLast((f) => f.rates.some((r) => r.code === rate.code && r.rows[0]!.row.currencyName === name))!;
        log.warning("name-contradicts-code", file.name, line, `HMRC names ${rate.code} "${name}", another currency's name, from here to ${last.file.name}; served as published under ${rate.code}`);
      }
    }
  }
}

/** A currency that is missing from a month between two months that have it. */
function checkMonthlyGaps(monthly: readonly FileRates[], log: AnomalyLog): void {
  const lastSeen = new Map<string, number>();
  monthly.forEach(({ rates }, index) => {
    for (const { code } of rates) {
      const prev = lastSeen.get(code);
      if (prev !== undefined && prev !== index - 1) {
        const missing = monthly.slice(prev + 1, index).map((f) => f.file.stamp);
        log.notice("currency-gap", monthly[index]!.file.name, rates.find((r) => r.code === code)!.lines[0]!, `${code} is back after missing from ${missing.join(", ")}; no rate is served for those months`);
      }
      lastSeen.set(code, index);
    }
  });
}

function checkIsoCodes(files: readonly FileRates[], log: AnomalyLog): void {
  const seen = new Set<string>();
  for (const { file, rates } of files) {
    for (const rate of rates) {
      if (seen.has(rate.code)) continue;
      seen.add(rate.code);
      if (isoCurrencyName(rate.code)) continue;
      log.notice("non-iso-code", file.name, rate.lines[0]!, `${rate.code} is not an ISO 4217 code known to ICU; served under HMRC's code with HMRC's name "${rate.rows[0]!.row.currencyName}"`);
    }
  }
}
