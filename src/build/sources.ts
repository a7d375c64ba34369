// Reads the upstream snapshot: finds HMRC's CSV exports, hashes them, and
// parses each into records that remember their line numbers.
import { isCalendarDate } from "../lib/calendar.ts";
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { BuildError } from "./anomalies.ts";

/** HMRC's VAT period rates (monthly and the 2014–2016 weekly amendments), and its yearly average and spot rates. */
export type SourceKind = "monthly" | "amendment" | "average" | "spot";
export type YearlyKind = Extract<SourceKind, "average" | "spot">;
export const isYearly = (kind: SourceKind): kind is YearlyKind => kind === "average" || kind === "spot";

const KIND_ORDER: Record<SourceKind, number> = { monthly: 0, amendment: 1, average: 2, spot: 3 };

export interface SourceFile {
  name: string;
  kind: SourceKind;
  /** YYYY-MM for a monthly file, YYYY-MM-DD for an amendment. */
  stamp: string;
  sha256: string;
  header: string[];
  records: { line: number; fields: string[] }[];
}

/** HMRC's exports are about 10 KB; a file past this is not one, and is not read. */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

const FILE_NAME = /^(monthly|amendment|average|spot)_csv_(\d{4}-\d{2}(?:-\d{2})?)\.csv$/;

export function sha256(bytes: Uint8Array | string): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}

/** Every HMRC export in `dir`, monthly then amendments, each in date order. */
export function readHmrcSources(dir: string): SourceFile[] {
  if (!existsSync(dir)) throw new BuildError(dir, undefined, "upstream directory does not exist");
  const names = readdirSync(dir).filter((n) => /\.csv$/i.test(n)).sort();
  const files: SourceFile[] = [];
  for (const name of names) {
    // Refused rather than skipped or read: a file the build would silently leave out is a file someone meant to add.
    if (!name.endsWith(".csv")) throw new BuildError(name, undefined, "the extension must be .csv in lower case, as HMRC's exports are named: rename it");
    const stat = statSync(join(dir, name));
    if (!stat.isFile()) throw new BuildError(name, undefined, `is ${stat.isDirectory() ? "a directory" : "not a regular file"}, not an export`);
    if (stat.size > MAX_SOURCE_BYTES) throw new BuildError(name, undefined, `is ${stat.size} bytes, over the ${MAX_SOURCE_BYTES} an export may be (HMRC's are about 10 KB)`);
    const m = FILE_NAME.exec(name);
    if (!m) throw new BuildError(name, undefined, "not an HMRC export name (monthly_csv_YYYY-MM.csv, amendment_csv_YYYY-MM-DD.csv, average_csv_YYYY-MM.csv or spot_csv_YYYY-MM.csv)");
    const kind = m[1] as SourceKind;
    const stamp = m[2]!;
    if ((kind !== "amendment") !== (stamp.length === 7)) throw new BuildError(name, undefined, "file name's date does not fit its kind");
    // Average and spot rates are for the year to 31 March or to 31 December, named by that month.
    if (isYearly(kind) && !/-(03|12)$/.test(stamp)) throw new BuildError(name, undefined, `HMRC publishes ${kind} rates for the year to 31 March (-03) or 31 December (-12), not for a year ending in month ${stamp.slice(5)}`);
    if (!isCalendarDate(stamp.length === 7 ? `${stamp}-01` : stamp)) throw new BuildError(name, undefined, `file name's date ${stamp} is not a real date`);
    files.push(parseSource(name, kind, stamp, readFileSync(join(dir, name))));
  }
  if (!files.some((f) => f.kind === "monthly")) {
    throw new BuildError(dir, undefined, "no monthly_csv_YYYY-MM.csv files found: nothing to build from");
  }
  return files.sort((a, b) => (a.kind === b.kind ? a.stamp.localeCompare(b.stamp) : KIND_ORDER[a.kind] - KIND_ORDER[b.kind]));
}

export function parseSource(name: string, kind: SourceKind, stamp: string, bytes: Uint8Array): SourceFile {
  const text = decodeUtf8(name, bytes);
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { bom: true, info: true, skip_empty_lines: true }) as unknown as typeof rows;
  } catch (e) {
    throw new BuildError(name, csvErrorLine(e, text), `malformed CSV: ${(e as Error).message}`);
  }
  const [head, ...body] = rows;
  if (!head) throw new BuildError(name, undefined, "file is empty");
  if (body.length === 0) throw new BuildError(name, undefined, "file has a header but no rows");
  return {
    name,
    kind,
    stamp,
    sha256: sha256(bytes),
    header: head.record,
    records: body.map((r) => ({ line: r.info.lines, fields: r.record })),
  };
}

function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Decode line by line to say where: one bad byte is easy to fix once found.
    let start = 0;
    for (let line = 1; start <= bytes.length; line++) {
      const end = bytes.indexOf(10, start);
      const stop = end === -1 ? bytes.length : end;
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(start, stop));
      } catch {
        throw new BuildError(name, line, "not UTF-8 text (a byte sequence that is not UTF-8; re-save the file as UTF-8)");
      }
      start = stop + 1;
    }
    throw new BuildError(name, undefined, "not UTF-8 text");
  }
}

/** Where csv-parse found the fault; an unclosed quote is named at the line it opens on, where csv-parse names the end of the file. */
export function csvErrorLine(e: unknown, text: string): number | undefined {
  if ((e as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED") return unclosedQuoteLine(text) ?? (e as { lines?: number }).lines;
  return (e as { lines?: number }).lines;
}

/** The line of the quote that is never closed: quotes toggle (a doubled one toggles twice), so it is the last that opened. */
function unclosedQuoteLine(text: string): number | undefined {
  let line = 1;
  let open: number | undefined;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n") line++;
    else if (text[i] === '"') open = open === undefined ? line : undefined;
  }
  return open;
}
