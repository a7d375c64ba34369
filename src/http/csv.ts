// CSV answers (RFC 4180): a header row, one line per record, CRLF endings.
// A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return
// first) is neutralised with a leading apostrophe, as OWASP advises, though
// the build already refuses such names: what reaches a spreadsheet is safe
// whatever the file says.
import { DATED_RATE } from "./caching.ts";
import { answerHeaders, prepareText, type PreparedBody } from "./prepared.ts";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The headers of every dated CSV answer: cached like the JSON it mirrors. */
export const DATED_CSV = answerHeaders(DATED_RATE, "text/csv; charset=utf-8; header=present");

export function prepareCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): PreparedBody {
  return prepareText([header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n", DATED_CSV);
}
