// Where HMRC's monthly files are and what they are called. The Trade Tariff
// service lists them through a JSON:API listing and names them with unpadded
// months (monthly_csv_2023-6.csv); our snapshot keeps padded, sortable names
// (monthly_csv_2023-06.csv). The two meet only here.
import * as v from "valibot";
import { fetchWithRetry, readCapped, type CappedRead, type FetchPolicy } from "./http-fetch.ts";

/** Our snapshot's name for a month (YYYY-MM). */
export const snapshotName = (month: string) => `monthly_csv_${month}.csv`;

/** HMRC's name for a month: the month without its leading zero. */
export const hmrcName = (month: string) => `monthly_csv_${month.slice(0, 4)}-${Number(month.slice(5, 7))}.csv`;

/** The month (YYYY-MM) of an HMRC file path, padded or not; undefined for anything else. */
export function monthOfPath(path: string): string | undefined {
  const m = /monthly_csv_(\d{4})-(\d{1,2})\.csv$/.exec(path);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return undefined;
  return `${m[1]}-${m[2]!.padStart(2, "0")}`;
}

const LISTING = "/api/v2/exchange_rates/period_lists?filter[type]=monthly";

/** Where HMRC's monthly file for `month` is when the listing cannot be had: its canonical, unpadded path. */
export const canonicalUrl = (base: string, month: string) => `${trim(base)}/api/v2/exchange_rates/files/${hmrcName(month)}`;

const YearsListing = v.object({ data: v.object({ relationships: v.object({ exchange_rate_years: v.object({ data: v.array(v.object({ id: v.union([v.string(), v.number()]) })) }) }) }) });
const YearListing = v.object({ included: v.optional(v.array(v.object({ type: v.string(), attributes: v.optional(v.object({ file_path: v.optional(v.string()), format: v.optional(v.string()) })) })), []) });

export type Listing = { kind: "listed"; urls: Map<string, string>; asked: string[] } | { kind: "unavailable"; reason: string; asked: string[] };

/** HMRC's monthly CSV files from `fromYear` on, by month, from the listing; "unavailable" (and why) when it cannot be read. */
export async function listMonthlyFiles(base: string, fromYear: number, policy: FetchPolicy): Promise<Listing> {
  const asked: string[] = [];
  const getJson = async <S extends v.GenericSchema>(url: string, schema: S): Promise<v.InferOutput<S>> => {
    asked.push(url);
    const response = await fetchWithRetry(url, { headers: { accept: "application/vnd.api+json, application/json" } }, policy);
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url}: HTTP ${response.status}`);
    }
    const read: CappedRead = await readCapped(response);
    if (read.kind === "too-large") throw new Error(`${url}: answer larger than ${read.limit} bytes`);
    const parsed = v.safeParse(schema, JSON.parse(new TextDecoder().decode(read.bytes)));
    if (!parsed.success) throw new Error(`${url}: not the listing expected (${parsed.issues[0].message})`);
    return parsed.output;
  };
  try {
    const years = (await getJson(`${trim(base)}${LISTING}`, YearsListing)).data.relationships.exchange_rate_years.data.map((y) => Number(y.id)).filter((y) => y >= fromYear);
    const urls = new Map<string, string>();
    for (const year of years.sort()) {
      for (const item of (await getJson(`${trim(base)}${LISTING}&year=${year}`, YearListing)).included) {
        const path = item.attributes?.file_path;
        const month = path && item.type === "exchange_rate_file" && (item.attributes?.format ?? "csv").toLowerCase() === "csv" ? monthOfPath(path) : undefined;
        if (month) urls.set(month, /^https?:/.test(path!) ? path! : `${trim(base)}${path!.startsWith("/") ? "" : "/"}${path}`);
      }
    }
    return { kind: "listed", urls, asked };
  } catch (e) {
    return { kind: "unavailable", reason: (e as Error).message, asked };
  }
}

const trim = (base: string) => base.replace(/\/+$/, "");
