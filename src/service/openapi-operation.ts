// One OpenAPI operation as every route of this API has it: its own answer and
// errors, plus what every route can answer (a bad Host, a ban, another
// method, a long URL, a fault of ours), each with an example.
import { commonHeaders, problems, ref, type Example, type Json, type SchemaName } from "./openapi-parts.ts";

/** What every route can answer besides its own: a bad Host, a ban, another method, a long URL, a fault of ours. */
export const badHost = (path: string): Example => ["bad-request", 'The Host header "exa mple" is not a host name and port.', path];
export const SHARED_RESPONSES = { "304": ref("responses", "NotModified"), "403": ref("responses", "Forbidden"), "405": ref("responses", "MethodNotAllowed"), "414": ref("responses", "UriTooLong"), "500": ref("responses", "InternalError") };

export interface Operation {
  id: string;
  tag: "vat" | "yearly" | "versions" | "service";
  summary: string;
  description: string;
  /** A path this operation answers, for the examples. */
  example: string;
  parameters?: Json[];
  /** What a 200 carries. */
  ok: { description: string; cacheControl: string; content: Json };
  errors?: Example[];
}

export function operation({ id, tag, summary, description, example, parameters = [], ok, errors = [] }: Operation): Json {
  return {
    get: {
      operationId: id,
      tags: [tag],
      summary,
      description: `${description}\n\nHEAD answers the same without a body. The answer carries a strong ETag; send it back in If-None-Match for a 304. Cache-Control: \`${ok.cacheControl}\`.`,
      parameters: [...parameters, ref("parameters", "IfNoneMatch")],
      responses: {
        "200": { description: ok.description, headers: { ...commonHeaders(), ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "CacheControl") }, content: ok.content },
        ...problems([badHost(example), ...errors]),
        ...SHARED_RESPONSES,
      },
    },
  };
}

/** A CSV answer: text, with a header row. */
export const csvOf = (example: string) => ({ "text/csv": { schema: { type: "string", description: "RFC 4180 CSV with a header row, CRLF line endings" }, example } });

export const jsonOf = (name: SchemaName, example?: unknown) => ({ "application/json": { schema: ref("schemas", name), ...(example === undefined ? {} : { example }) } });


export const invalidCurrency = (path: string): Example => ["invalid-currency", '"US" is not a valid currency code: a currency code is three letters, such as USD or eur.', path];
export const unknownCurrency = (path: string): Example => ["unknown-currency", "HMRC has published no rate for XYZ; the database covers 159 currencies.", path];
export const invalidDate = (path: string): Example => ["invalid-date", '"2025-02-30" is not a valid date: there is no such day in the calendar.', path];
export const invalidPeriod = (path: string): Example => ["invalid-period", '"2025-06" is not a valid period: HMRC publishes averages for the year to 31 March (YYYY-03) and the year to 31 December (YYYY-12) only.', path];
export const invalidSpotDate = (path: string): Example => ["invalid-date", '"2025-12-30" is not a valid spot-rate date: HMRC publishes spot rates for 31 March (YYYY-03-31) and 31 December (YYYY-12-31) only.', path];
