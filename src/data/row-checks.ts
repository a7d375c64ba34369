// What each stored row must look like, as valibot schemas: a server checks
// every row of a file it opens before it derives a single answer.
import * as v from "valibot";
import { isCalendarDate } from "../lib/calendar.ts";
import { isExactAsJsonNumber } from "../lib/decimal.ts";
import { SCHEMA_VERSION } from "./schema.ts";

// A file repeats each period's dates across every currency: each distinct one is checked once.
const calendarDates = new Set<string>();
const IsoDate = v.pipe(v.string(), v.check((s) => calendarDates.has(s) || (isCalendarDate(s) && !!calendarDates.add(s)), "not a calendar date"));
const Code = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "not three capital letters"));
const Text = v.pipe(v.string(), v.minLength(1, "empty"));
const Release = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/, "not x.y.z"));
const AnyVersion = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "not a semantic version"));
const UtcInstant = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/, "not an ISO 8601 UTC instant"));
/** A rate as the build stores it: a positive canonical decimal (no leading or trailing zeros) that a JSON number carries exactly. */
const Rate = v.pipe(
  v.string(),
  v.regex(/^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/, "not a positive canonical decimal"),
  v.check((s) => isExactAsJsonNumber(s) && Number(s) > 0, "not a positive canonical decimal"),
);

export const BuildInfo = v.object({
  schema_version: v.literal(SCHEMA_VERSION),
  facts_sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "not a SHA-256 digest")),
  built_at: v.string(),
});

/** A period's row as values, in the table's column order (PeriodValues). */
export const PeriodRow = v.pipe(
  v.tuple([Code, IsoDate, IsoDate, v.picklist(["monthly", "amendment"]), Rate, Text, v.nullable(Text)]),
  v.check(([, startsOn, endsOn]) => startsOn <= endsOn, "ends before it starts"),
  v.check(([, startsOn, endsOn]) => startsOn >= "2000-01-01" && endsOn <= "2199-12-31", "outside 2000–2199"),
);

/** A yearly rate's row as values, in the table's column order (YearlyValues). */
export const YearlyRateRow = v.tuple([v.picklist(["average", "spot"]), v.pipe(v.string(), v.regex(/^\d{4}-(03|12)$/, "not a March or December month")), Code, Rate, Text]);

export const CurrencyRow = v.object({ code: Code, name: Text, hmrcName: Text });

export const VersionRow = v.object({
  software: Text,
  npmPackage: Text,
  releaseVersion: Release,
  releaseDate: UtcInstant,
  nightlyVersion: AnyVersion,
  nightlyDate: UtcInstant,
});

export const AnomalyRow = v.object({
  severity: v.picklist(["notice", "warning"]),
  kind: Text,
  file: Text,
  line: v.pipe(v.number(), v.integer(), v.minValue(0)),
  message: Text,
});
