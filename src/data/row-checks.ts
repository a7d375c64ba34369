// What a served table's rows must look like, as valibot schemas, and the
// checks that need more than one field: a currency's periods in the rule's
// order with this build's ETags, and an answer the build made whole.
import * as v from "valibot";
import { dayNumber, isCalendarDate } from "../lib/calendar.ts";
import type { PeriodAnswers, TimelineColumns } from "./packed-timeline.ts";
import { SCHEMA_VERSION } from "./schema.ts";

const IsoDate = v.pipe(v.string(), v.check(isCalendarDate, "not a calendar date"));
const Code = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "not three capital letters"));
const Release = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/, "not x.y.z"));
const AnyVersion = v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "not a semantic version"));
const UtcInstant = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/, "not an ISO 8601 UTC instant"));

export const BuildInfo = v.object({
  schema_version: v.literal(SCHEMA_VERSION),
  build_id: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, "not a build id")),
  built_at: v.string(),
  coverage_from: IsoDate,
  coverage_to: IsoDate,
});

export const CurrencyRow = v.pipe(
  v.object({ code: Code, name: v.pipe(v.string(), v.minLength(1)), firstDate: IsoDate, lastDate: IsoDate }),
  v.check((c) => c.firstDate <= c.lastDate, "first date after last date"),
);

export const VersionRow = v.object({ software: v.pipe(v.string(), v.minLength(1)), releaseVersion: Release, releaseDate: UtcInstant, nightlyVersion: AnyVersion, nightlyDate: UtcInstant });

/** Bytes a Response can send: a Uint8Array over a plain ArrayBuffer, as every SQLite driver hands a blob over. */
const Bytes = v.custom<Uint8Array<ArrayBuffer>>((x) => x instanceof Uint8Array && x.buffer instanceof ArrayBuffer, "not bytes");
const Answer = { body: Bytes, etag: v.string() };
export const DayTableRow = v.object({ startsOn: v.pipe(v.number(), v.integer()), ...Answer });
export const HistoryRow = v.object({ currencyCode: Code, ...Answer });

export const TimelineRow = v.object({ currencyCode: Code, periods: v.instance(Uint8Array), rates: v.string(), bodies: v.string(), etags: v.string() });

/** What is wrong with an answer the build made whole, or undefined: this build's ETag, and JSON bytes that open and close as they should. */
export function answerProblem({ body, etag }: { body: Uint8Array; etag: string }, etagPrefix: string, open: string, close: string): string | undefined {
  if (!etag.startsWith(etagPrefix)) return "an ETag of another build";
  return body[0] === open.charCodeAt(0) && body.at(-1) === close.charCodeAt(0) ? undefined : "no JSON answer";
}

const EARLIEST = dayNumber("2000-01-01");
const LATEST = dayNumber("2199-12-31");

/**
 * What is wrong with a currency's periods, or undefined: at least one, each a
 * real span, in the rule's order, each answer a JSON object with this
 * build's ETag. What a body says is the build's to get right (it checked
 * every rate); this catches a row that was cut, shuffled or mixed up.
 */
export function timelineProblem({ starts, ends, amendment, bodies, etags }: TimelineColumns & PeriodAnswers, etagPrefix: string): string | undefined {
  if (starts.length === 0) return "no periods";
  for (let i = 0; i < starts.length; i++) {
    if (!(ends[i]! >= starts[i]!)) return `period ${i + 1} ends before it starts`;
    if (amendment[i]! > 1) return `period ${i + 1} has kind ${amendment[i]}`;
    if (i > 0 && (starts[i]! < starts[i - 1]! || (starts[i] === starts[i - 1] && amendment[i]! <= amendment[i - 1]!))) return `period ${i + 1} is out of order`;
    if (starts[i]! < EARLIEST || ends[i]! > LATEST) return `period ${i + 1} is outside 2000–2199`;
    if (!etags[i]!.startsWith(etagPrefix)) return `period ${i + 1} has an ETag of another build`;
    if (bodies[i]!.charCodeAt(0) !== 123 || bodies[i]!.charCodeAt(bodies[i]!.length - 1) !== 125) return `period ${i + 1} has no JSON object for an answer`;
  }
  return undefined;
}
