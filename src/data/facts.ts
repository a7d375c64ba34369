// The facts a feed database holds, as the build writes them and a server
// reads them back, and their digest: SHA-256 over every row in a fixed
// order. The build records the digest; a server recomputes it on open and
// refuses a file whose facts are not the ones the build wrote (a flipped
// digit, a zeroed page that still parses).
import { createHash } from "node:crypto";

export interface PeriodFact {
  currencyCode: string;
  startsOn: string;
  endsOn: string;
  kind: "monthly" | "amendment";
  rate: string;
  source: string;
  /** What is wrong with this rate, in plain words, when the build recorded a warning about it. */
  note: string | null;
}

/** HMRC's average rate for the twelve months ending with `period`, or its spot rate on that month's last day. */
export interface YearlyFact {
  series: "average" | "spot";
  /** YYYY-MM: March or December. */
  period: string;
  currencyCode: string;
  rate: string;
  source: string;
}

export interface CurrencyFact {
  code: string;
  name: string;
  hmrcName: string;
}

export interface VersionFact {
  software: string;
  npmPackage: string;
  releaseVersion: string;
  releaseDate: string;
  nightlyVersion: string;
  nightlyDate: string;
}

export interface AnomalyFact {
  severity: "notice" | "warning";
  kind: string;
  file: string;
  line: number;
  message: string;
}

/** Every table's rows in the order the digest reads them: periods by (code, start, kind), currencies by code, versions and anomalies as listed. */
export interface Facts {
  periods: PeriodFact[];
  yearly: YearlyFact[];
  currencies: CurrencyFact[];
  versions: VersionFact[];
  anomalies: AnomalyFact[];
}

/** The SQL order of each table, the same order `sortFacts` gives. */
export const FACT_ORDER = {
  periods: "currency_code, starts_on, kind",
  yearly: "series, period, currency_code",
  currencies: "code",
} as const;

const byKeys =
  <T>(...keys: (keyof T)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
    return 0;
  };

/** The facts in the digest's order (codes, dates and kinds are ASCII, so JavaScript's order is SQLite's). */
export function sortFacts(facts: Facts): Facts {
  return {
    periods: [...facts.periods].sort(byKeys<PeriodFact>("currencyCode", "startsOn", "kind")),
    yearly: [...facts.yearly].sort(byKeys<YearlyFact>("series", "period", "currencyCode")),
    currencies: [...facts.currencies].sort(byKeys<CurrencyFact>("code")),
    versions: facts.versions,
    anomalies: facts.anomalies,
  };
}

/** A period as a row of values, in the table's column order: how a server reads the 20,000-odd of them (no object per row). */
export type PeriodValues = [currencyCode: string, startsOn: string, endsOn: string, kind: PeriodFact["kind"], rate: string, source: string, note: string | null];

/** A yearly rate as a row of values, in the table's column order. */
export type YearlyValues = [series: YearlyFact["series"], period: string, currencyCode: string, rate: string, source: string];

export const yearlyValues = (y: YearlyFact): YearlyValues => [y.series, y.period, y.currencyCode, y.rate, y.source];

export const periodValues = (p: PeriodFact): PeriodValues => [p.currencyCode, p.startsOn, p.endsOn, p.kind, p.rate, p.source, p.note];

/** Hex SHA-256 of the facts as listed, field by field in a fixed order: the same on every runtime. */
export function factsDigest(periods: readonly PeriodValues[], yearly: readonly YearlyValues[], { currencies, versions, anomalies }: Omit<Facts, "periods" | "yearly">): string {
  const hash = createHash("sha256");
  const table = (name: string, rows: readonly (readonly unknown[])[]) => hash.update(`${name}\n${JSON.stringify(rows)}\n`);
  table("periods", periods);
  table("yearly", yearly);
  table("currencies", currencies.map((c) => [c.code, c.name, c.hmrcName]));
  table("versions", versions.map((v) => [v.software, v.npmPackage, v.releaseVersion, v.releaseDate, v.nightlyVersion, v.nightlyDate]));
  table("anomalies", anomalies.map((a) => [a.severity, a.kind, a.file, a.line, a.message]));
  return hash.digest("hex");
}
