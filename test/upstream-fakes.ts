// Loopback stand-ins for HMRC's Trade Tariff service and the npm registry.
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hmrcName } from "../src/build/hmrc-files.ts";
import { SUITE } from "../src/build/npm-versions.ts";
import { readVersions } from "../src/build/versions-source.ts";
import { REAL_UPSTREAM, tempDir } from "./helpers.ts";

/** The months of the real snapshot the update and swap tests start from: fixed, so HMRC's next month landing in db/upstream changes nothing here. */
const WINDOW = { from: "2026-03", to: "2026-08" };

/**
 * A copy of six months of the real upstream snapshot that a test may change
 * (building all twelve years for each test would be most of the test run).
 */
export function upstreamCopy(): string {
  const dir = tempDir("feed-upstream-");
  const inWindow = (source: string) => {
    const month = /_csv_(\d{4}-\d{2})/.exec(source)?.[1];
    return month === undefined || (month >= WINDOW.from && month <= WINDOW.to);
  };
  cpSync(REAL_UPSTREAM, dir, { recursive: true, filter: inWindow });
  return dir;
}

/** A plausible monthly export for `month` (YYYY-MM), made from August 2026's, with USD at `usdRate`. */
export function syntheticMonth(month: string, usdRate: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = String(new Date(Date.UTC(y, m, 0)).getUTCDate());
  const text = readFileSync(join(REAL_UPSTREAM, "hmrc/monthly_csv_2026-08.csv"), "utf8");
  return text
    .replaceAll("01/08/2026", `01/${String(m).padStart(2, "0")}/${y}`)
    .replaceAll("31/08/2026", `${last}/${String(m).padStart(2, "0")}/${y}`)
    .replace(/^USA,Dollar,USD,[^,]+,/m, `USA,Dollar,USD,${usdRate},`);
}

type Answer = string | Response | (() => Response | Promise<Response>);

/**
 * A loopback HMRC that behaves like the Trade Tariff service: a JSON:API
 * listing of years and of each year's files, and each file only at its listed,
 * unpadded path (monthly_csv_2026-9.csv); a padded name is a 404, as is
 * anything else. `files` is keyed by our snapshot's (padded) names.
 * `listing: false` makes the listing fail, as when the service is down.
 */
export function fakeHmrc(files: Record<string, Answer>, { listing = true } = {}) {
  const hits = new Map<string, number>();
  const byPath = new Map(Object.entries(files).map(([name, answer]) => [`/api/v2/exchange_rates/files/${hmrcName(name.slice(12, 19))}`, answer]));
  const years = [...new Set(Object.keys(files).map((n) => Number(n.slice(12, 16))))];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url);
      const name = url.pathname.startsWith("/api/v2/exchange_rates/period_lists") ? `listing${url.searchParams.get("year") ?? ""}` : url.pathname.replace("/api/v2/exchange_rates/files/", "");
      hits.set(name, (hits.get(name) ?? 0) + 1);
      if (name.startsWith("listing")) {
        if (!listing) return new Response("Service Unavailable", { status: 503 });
        if (url.searchParams.get("filter[type]") !== "monthly") return Response.json({ errors: [{ status: "400" }] }, { status: 400 });
        const year = url.searchParams.get("year");
        if (!year) return Response.json({ data: { id: "monthly", type: "period_list", relationships: { exchange_rate_years: { data: [2025, ...years].map((y) => ({ id: String(y), type: "exchange_rate_year" })) } } } });
        const included = [...byPath.keys()].filter((path) => path.includes(`monthly_csv_${year}-`)).flatMap((path) => [
          { id: path, type: "exchange_rate_file", attributes: { file_path: path, format: "csv", file_size: 10_000, publication_date: "2026-10-22T00:00:00.000Z" } },
          { id: `${path}.xml`, type: "exchange_rate_file", attributes: { file_path: path.replace(".csv", ".xml"), format: "xml", file_size: 20_000, publication_date: "2026-10-22T00:00:00.000Z" } },
        ]);
        return Response.json({ data: [], included });
      }
      const answer = byPath.get(url.pathname);
      if (answer === undefined) return new Response("Not Found", { status: 404 });
      if (typeof answer === "string") return new Response(answer, { headers: { "content-type": "text/csv" } });
      return typeof answer === "function" ? answer() : (answer.clone() as Response);
    },
  });
  return { url: server.url.origin, hits, stop: () => server.stop(true) };
}

/** A loopback npm registry answering as the committed versions export says. */
export function registryAsExported() {
  const rows = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;
  return fakeRegistryOf((name) => {
    const r = rows.find((row) => row.npmPackage === name)!;
    const time = { created: "2015-01-01T00:00:00.000Z", [r.releaseVersion]: r.releaseDate, [r.nightlyVersion]: r.nightlyDate };
    return { name, "dist-tags": { latest: r.releaseVersion }, time };
  });
}

/** A loopback npm registry whose every DataTables package has `latest` at `version`. */
export function fakeRegistry(version = "9.1.0", nightly?: string) {
  return fakeRegistryOf((name) => {
    const time: Record<string, string> = { created: "2015-01-01T00:00:00.000Z", [version]: "2026-10-01T12:00:00.000Z" };
    if (nightly) time[nightly] = "2026-11-01T06:30:00.000Z";
    return { name, "dist-tags": { latest: version }, time };
  });
}

function fakeRegistryOf(packument: (name: string) => unknown) {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const name = decodeURIComponent(new URL(request.url).pathname.slice(1));
      if (!SUITE.some(([, pkg]) => pkg === name)) return new Response("{}", { status: 404 });
      return Response.json(packument(name));
    },
  });
  return { url: server.url.origin, stop: () => server.stop(true) };
}
