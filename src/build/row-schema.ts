// valibot schemas for every row that comes in from upstream: HMRC's CSV rows,
// the versions export and the corrections file.
import * as v from "valibot";
import { fromHmrcDate, isCalendarDate } from "../lib/calendar.ts";
import { canonicalDecimal, isExactAsJsonNumber } from "../lib/decimal.ts";

export const HMRC_HEADER = [
  "Country/Territories",
  "Currency",
  "Currency Code",
  "Currency Units per £1",
  "Start date",
  "End date",
] as const;

/** HMRC's layout for average and spot rates: no dates (the file's name says the period), a code, and the rate last. */
export const YEARLY_HEADER = ["Country", "Unit Of Currency", "Currency Code", "Sterling value of Currency Unit £", "Currency Units per £1"] as const;

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first): HMRC's names never start so. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Trims, and folds inner runs of spaces ("Turkish  Lira"); refuses what a spreadsheet would run as a formula. */
const name = v.pipe(
  v.string(),
  v.check((s) => !FORMULA_START.test(s), (issue) => `name ${JSON.stringify(issue.input)} starts with a character a spreadsheet reads as a formula; HMRC's names never do`),
  v.transform((s) => s.trim().replace(/\s+/g, " ")),
  v.nonEmpty("is empty"),
  v.check((s) => !FORMULA_START.test(s), (issue) => `name ${JSON.stringify(issue.input)} starts with a character a spreadsheet reads as a formula; HMRC's names never do`),
);

const hmrcDate = v.pipe(
  v.string(),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const iso = fromHmrcDate(dataset.value);
    if (iso === undefined) {
      addIssue({ message: `"${dataset.value}" is not a real DD/MM/YYYY date` });
      return NEVER;
    }
    return iso;
  }),
);

const rate = v.pipe(
  v.string(),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const canonical = canonicalDecimal(dataset.value);
    if (canonical === undefined) {
      addIssue({ message: `rate "${dataset.value}" is not a decimal number` });
      return NEVER;
    }
    if (Number(canonical) <= 0) {
      addIssue({ message: `rate "${dataset.value}" is not positive` });
      return NEVER;
    }
    if (!isExactAsJsonNumber(canonical)) {
      addIssue({ message: `rate "${dataset.value}" has more digits than can be served exactly` });
      return NEVER;
    }
    return canonical;
  }),
);

export const currencyCode = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Z]{3}$/, (issue) => `currency code ${JSON.stringify(issue.input)} is not three capital letters`),
);

export const HmrcRow = v.pipe(
  v.strictTuple([name, name, currencyCode, rate, hmrcDate, hmrcDate]),
  v.transform(([country, currencyName, code, rate, startsOn, endsOn]) => ({
    country,
    currencyName,
    code,
    rate,
    startsOn,
    endsOn,
  })),
  v.check((row) => row.startsOn <= row.endsOn, "the start date is after the end date"),
);
export type HmrcRow = v.InferOutput<typeof HmrcRow>;

/** The sterling value of one unit is HMRC's rounded inverse of the rate, empty in older files: checked as a decimal where given, not served. */
const sterlingValue = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => s === "" || canonicalDecimal(s) !== undefined, (issue) => `sterling value ${JSON.stringify(issue.input)} is not a decimal number`),
);

export const YearlyRow = v.pipe(
  v.strictTuple([name, name, currencyCode, sterlingValue, rate]),
  v.transform(([country, currencyName, code, , rate]) => ({ country, currencyName, code, rate })),
);
export type YearlyRow = v.InferOutput<typeof YearlyRow>;

const isoDateTime = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/, "date must be YYYY-MM-DDThh:mm:ss+00:00"),
  v.check((s) => isCalendarDate(s.slice(0, 10)), "date is not a real calendar date"),
);
const semver = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "version must be x.y.z[-suffix]"));

export const VERSIONS_HEADER = [
  "software",
  "npm_package",
  "release_version",
  "release_date",
  "nightly_version",
  "nightly_date",
] as const;

export const VersionRow = v.pipe(
  v.strictTuple([
    v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]*$/, "software must be a product name")),
    v.pipe(v.string(), v.regex(/^datatables\.net(?:-[a-z]+)?$/, "npm package must be datatables.net[-name]")),
    semver,
    isoDateTime,
    semver,
    isoDateTime,
  ]),
  v.transform(([software, npmPackage, releaseVersion, releaseDate, nightlyVersion, nightlyDate]) => ({
    software,
    npmPackage,
    releaseVersion,
    releaseDate,
    nightlyVersion,
    nightlyDate,
  })),
);
export type VersionRow = v.InferOutput<typeof VersionRow>;

export const Correction = v.strictObject({
  file: v.pipe(v.string(), v.regex(/^[\w.-]+\.csv$/, "file must be a CSV file name")),
  line: v.pipe(v.number(), v.integer(), v.minValue(2, "line 1 is the header")),
  column: v.picklist([...new Set([...HMRC_HEADER, ...YEARLY_HEADER])]),
  from: v.string(),
  to: v.string(),
  reason: v.pipe(v.string(), v.minLength(10, "every correction needs a reason")),
});
export type Correction = v.InferOutput<typeof Correction>;
export const Corrections = v.array(Correction);

/** valibot's issues as one line: "rate \"x\" is not a decimal number". */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((i) => i.message).join("; ");
}
