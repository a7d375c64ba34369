// HMRC's exchange-rate API as documented in 2026: a base under
// api.trade-tariff.service.gov.uk, the Accept header
// application/vnd.hmrc.2.0+json on every JSON call, and an OAuth 2.0
// client-credentials bearer token from the Trade Tariff developer portal
// (optional by one page of the documentation, required by the others). The
// token goes only to the API's origin: a file may be served by a redirect to
// a signed link on another host, which refuses a request carrying two kinds
// of authentication. Every answer is read against a cap and every call
// against the run's deadline.
import * as v from "valibot";
import type { HmrcSettings } from "../config.ts";
import { fetchWithRetry, readCapped, type FetchPolicy } from "./http-fetch.ts";

export const HMRC_ACCEPT = "application/vnd.hmrc.2.0+json";
const PORTAL = "the Trade Tariff developer portal (https://www.trade-tariff.service.gov.uk)";
const MAX_REDIRECTS = 5;

/** HMRC refused us for want of credentials: the update stops, naming the settings. */
export class HmrcAuthError extends Error {
  override name = "HmrcAuthError";
}

/** The three series HMRC publishes, as its API names them. */
export type RateSeries = "monthly" | "average" | "spot";

const TokenAnswer = v.object({ access_token: v.pipe(v.string(), v.minLength(1)), expires_in: v.optional(v.pipe(v.number(), v.minValue(0)), 3600) });

export class HmrcClient {
  private token: { value: string; expiresAt: number } | undefined;
  private readonly origin: string;

  constructor(
    private readonly settings: HmrcSettings,
    private readonly policy: FetchPolicy,
    /** Every URL asked, for the message when the data is still behind. */
    readonly asked: string[] = [],
  ) {
    this.origin = new URL(settings.apiUrl).origin;
  }

  /** GET a JSON document at `path` under the API's base. */
  async json(path: string): Promise<unknown> {
    const url = `${this.settings.apiUrl}${path}`;
    const response = await this.call(url, { accept: HMRC_ACCEPT });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url}: HTTP ${response.status}`);
    }
    const read = await readCapped(response);
    if (read.kind === "too-large") throw new Error(`${url}: answer larger than ${read.limit} bytes`);
    try {
      return JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      throw new Error(`${url}: not JSON`);
    }
  }

  /** GET a file named by a `file_path` (a path from the host's root, or a whole URL), following redirects. */
  async file(filePath: string): Promise<Response> {
    return this.call(new URL(filePath, this.origin).href, {});
  }

  /**
   * One call, following up to MAX_REDIRECTS redirects by hand so the bearer
   * token is sent only to the API's origin; with credentials, a 401 fetches a
   * new token and tries once more; without, a 401 or 403 stops the update.
   */
  private async call(start: string, headers: Record<string, string>): Promise<Response> {
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = new URL(url);
      if (target.protocol !== "https:" && target.protocol !== "http:") throw new Error(`${start}: redirected to ${target.protocol} URL, refused`);
      this.asked.push(url);
      const ours = target.origin === this.origin;
      let response = await this.send(url, headers, ours);
      if (response.status === 401 && ours && this.settings.credentials) {
        await response.body?.cancel();
        this.token = undefined;
        response = await this.send(url, headers, ours);
      }
      if ((response.status === 401 || response.status === 403) && ours) {
        await response.body?.cancel();
        throw new HmrcAuthError(
          this.settings.credentials
            ? `HMRC refused the credentials in HMRC_CLIENT_ID and HMRC_CLIENT_SECRET (HTTP ${response.status} at ${url}): check them at ${PORTAL}`
            : `HMRC's API asks for credentials (HTTP ${response.status} at ${url}): set HMRC_CLIENT_ID and HMRC_CLIENT_SECRET from ${PORTAL}`,
        );
      }
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      url = new URL(location, url).href;
    }
    throw new Error(`${start}: more than ${MAX_REDIRECTS} redirects`);
  }

  private async send(url: string, headers: Record<string, string>, ours: boolean): Promise<Response> {
    const auth: Record<string, string> = ours && this.settings.credentials ? { authorization: `Bearer ${await this.bearer()}` } : {};
    return fetchWithRetry(url, { headers: { ...headers, ...auth }, redirect: "manual" }, this.policy);
  }

  /** The current token, fetched (client-credentials grant) when there is none or it has expired. */
  private async bearer(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    const { clientId, clientSecret } = this.settings.credentials!;
    const url = this.settings.tokenUrl;
    this.asked.push(url);
    const response = await fetchWithRetry(
      url,
      {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`)}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "grant_type=client_credentials",
      },
      this.policy,
    );
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new HmrcAuthError(`HMRC's token endpoint refused HMRC_CLIENT_ID and HMRC_CLIENT_SECRET (HTTP ${response.status} at ${url}): check them at ${PORTAL}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url}: HTTP ${response.status}`);
    }
    const read = await readCapped(response, 64 * 1024);
    if (read.kind === "too-large") throw new Error(`${url}: answer larger than ${read.limit} bytes`);
    let parsed;
    try {
      parsed = v.safeParse(TokenAnswer, JSON.parse(new TextDecoder().decode(read.bytes)));
    } catch {
      throw new Error(`${url}: not JSON`);
    }
    if (!parsed.success) throw new Error(`${url}: no access_token in the answer`);
    // Renewed a little before it runs out, so a call never carries a token that expires on the way.
    this.token = { value: parsed.output.access_token, expiresAt: Date.now() + Math.max(0, parsed.output.expires_in - 30) * 1000 };
    return this.token.value;
  }
}

/** HMRC's name for a series' CSV file of a month: unpadded (monthly_csv_2026-9.csv). */
export const hmrcFileName = (series: RateSeries, month: string) => `${series}_csv_${month.slice(0, 4)}-${Number(month.slice(5, 7))}.csv`;

/** The month (YYYY-MM) of a series' CSV file path, padded or not; undefined for anything else. */
export function monthOfFile(series: RateSeries, path: string): string | undefined {
  const m = new RegExp(`(?:^|/)${series}_csv_(\\d{4})-(\\d{1,2})\\.csv$`).exec(path);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return undefined;
  return `${m[1]}-${m[2]!.padStart(2, "0")}`;
}

/** A JSON:API document's resources, wherever they are (data or included), with a file_path. */
const Resources = v.object({
  data: v.optional(v.unknown()),
  included: v.optional(v.array(v.unknown()), []),
});
const FileResource = v.object({ attributes: v.object({ file_path: v.string(), format: v.optional(v.string()) }) });

export type Listing = { kind: "listed"; paths: Map<string, string> } | { kind: "unavailable"; reason: string };

/**
 * The CSV files of one series HMRC lists for the given years, by month
 * (`/exchange_rates/period_lists/{year}?filter[type]=…`). Only the years
 * asked for are walked, whatever the listing names. "unavailable" (and why)
 * when a listing cannot be read; HmrcAuthError is thrown, never swallowed.
 */
export async function listFiles(client: HmrcClient, series: RateSeries, years: readonly number[]): Promise<Listing> {
  const paths = new Map<string, string>();
  try {
    for (const year of years) {
      const document = v.safeParse(Resources, await client.json(`/exchange_rates/period_lists/${year}?filter[type]=${series}`));
      if (!document.success) throw new Error(`the ${year} listing is not a JSON:API document`);
      const { data, included } = document.output;
      for (const resource of [...(Array.isArray(data) ? data : [data]), ...included]) {
        const file = v.safeParse(FileResource, resource);
        if (!file.success || (file.output.attributes.format ?? "csv").toLowerCase() !== "csv") continue;
        const month = monthOfFile(series, file.output.attributes.file_path);
        if (month) paths.set(month, file.output.attributes.file_path);
      }
    }
    return { kind: "listed", paths };
  } catch (e) {
    if (e instanceof HmrcAuthError) throw e;
    return { kind: "unavailable", reason: (e as Error).message };
  }
}

/** Where a series' file for `month` is when the listing cannot be had: its documented, unpadded path. */
export const canonicalPath = (settings: HmrcSettings, series: RateSeries, month: string) => `${new URL(settings.apiUrl).pathname.replace(/\/+$/, "")}/exchange_rates/files/${hmrcFileName(series, month)}`;
