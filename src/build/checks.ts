// Checks that need more than one file: codes that appear only in amendments,
// amendments that do not fit the monthly files, currencies missing from a
// month, codes ICU does not know. Each is reported where it is found.
import { isoCurrencyName } from "../vat/currency-name.ts";
import type { AnomalyLog } from "./anomalies.ts";
import type { FileRates } from "./merge.ts";

const normalCountry = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** Plain words for a period a warning is about, by `code startsOn`: what a user of that rate should know. */
export type PeriodNotes = Map<string, string>;

export function checkAcrossFiles(files: readonly FileRates[], log: AnomalyLog): PeriodNotes {
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
  return checkRelabelled(monthly, log);
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
function checkRelabelled(monthly: readonly FileRates[], log: AnomalyLog): PeriodNotes {
  const notes: PeriodNotes = new Map();
  const relabelled: PeriodNotes = new Map();
  const jumped = new Set<string>();
  const series = new Map<string, { rate: number; text: string; file: string; line: number; startsOn: string }[]>();
  const named = new Set<string>();
  for (const { file, rates } of monthly) {
    for (const rate of rates) {
      const line = rate.lines[0]!;
      const list = series.get(rate.code) ?? [];
      list.push({ rate: Number(rate.rate), text: rate.rate, file: file.name, line, startsOn: rate.startsOn });
      series.set(rate.code, list);
      const name = rate.rows[0]!.row.currencyName;
      const qualifier = /\(([A-Z]{2,3})\)/.exec(name)?.[1];
      if (qualifier && qualifier.slice(0, 2) !== rate.code.slice(0, 2)) {
        // A note only where the rate is that other currency's in the same file (LRD as the US dollar until 2020), not for a
        // name alone (TOP's "Pa'anga (AUS)"), and only if the code's rate later jumps away from it (below): BMD is pegged to
        // the US dollar, so its rate is rightly USD's.
        const twin = rates.find((r) => r.code !== rate.code && r.code.startsWith(qualifier.slice(0, 2)) && r.rate === rate.rate);
        if (twin) relabelled.set(`${rate.code} ${rate.startsOn}`, `HMRC published this rate under ${rate.code} with the name "${name}", and it is ${twin.code}'s rate in the same file (${rate.rate}): most likely ${twin.code}'s rate, not ${rate.code}'s. Do not use it for ${rate.code}.`);
        if (!named.has(`${rate.code} ${name}`)) {
          named.add(`${rate.code} ${name}`);
          const last = monthly.findLast((f) => f.rates.some((r) => r.code === rate.code && r.rows[0]!.row.currencyName === name))!;
          log.warning("name-contradicts-code", file.name, line, `HMRC names ${rate.code} "${name}", another currency's name, from here to ${last.file.name}; served as published under ${rate.code}`);
        }
      }
    }
  }
  const factor = (a: number, b: number) => Math.max(a / b, b / a);
  for (const [code, list] of series) {
    for (let i = 1; i < list.length; i++) {
      const [before, now, after] = [list[i - 1]!, list[i]!, list[i + 1]];
      if (factor(now.rate, before.rate) < JUMP_FACTOR) continue;
      jumped.add(code);
      log.warning("rate-jump", now.file, now.line, `${code} moves from ${before.rate} (${before.file} line ${before.line}) to ${now.text}, a factor of ${factor(now.rate, before.rate).toFixed(1)}: redenominated, or another currency under this code?`);
      // Out and straight back (BRL 439943 in April 2019): the month between is the odd one; the return needs no note.
      const backAgain = after && factor(after.rate, now.rate) >= JUMP_FACTOR && factor(after.rate, before.rate) < 2;
      const returning = i >= 2 && factor(before.rate, list[i - 2]!.rate) >= JUMP_FACTOR && factor(now.rate, list[i - 2]!.rate) < 2;
      if (returning) continue;
      notes.set(
        `${code} ${now.startsOn}`,
        backAgain
          ? `HMRC published ${now.text}, about ${Math.round(factor(now.rate, before.rate))} times the months either side (${before.text} and ${after.text}): most likely a publishing error. Check before using it.`
          : `This rate is about ${Math.round(factor(now.rate, before.rate))} times the previous month's (${before.text}): the currency was redenominated, or HMRC publishes another currency under ${code} from here. Check before using it.`,
      );
    }
  }
  for (const [key, note] of relabelled) if (jumped.has(key.slice(0, 3))) notes.set(key, note);
  return notes;
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
