// Loopback stand-ins for HMRC's Trade Tariff service and the npm registry.
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hmrcFileName } from "../src/build/hmrc-api.ts";
import type { HmrcSettings } from "../src/config.ts";
import { SUITE, type Product } from "../src/build/npm-versions.ts";
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

export const FAKE_CLIENT = { id: "feed-service-test", secret: "s3cret/with+chars" };

export interface FakeHmrcOptions {
  /** false: every listing answers 503, as when the service is down. */
  listing?: boolean;
  /** "required": every API call needs a bearer token from the token endpoint (FAKE_CLIENT's credentials). */
  auth?: "none" | "required";
  /** How many API calls a token is good for before the API answers 401 (as when it expires). */
  tokenUses?: number;
  /** Files answered with a redirect to a signed link on 127.0.0.2, which refuses a request carrying Authorization. */
  redirect?: boolean;
}

/**
 * A loopback HMRC that behaves as its 2026 documentation says: the API under
 * /uk/api, JSON calls only with Accept: application/vnd.hmrc.2.0+json (406
 * otherwise), period lists per year as JSON:API with each file's file_path
 * from the host's root, files at unpadded names (monthly_csv_2026-9.csv; a
 * padded name is a 404), an OAuth 2.0 client-credentials token endpoint
 * (Basic or form credentials) and, optionally, downloads by redirect to a
 * signed link on another host. `files` is keyed by our snapshot's (padded)
 * names. `log` records every request: where, and whether it carried
 * Authorization.
 */
export function fakeHmrc(files: Record<string, Answer>, { listing = true, auth = "none", tokenUses = Infinity, redirect = false }: FakeHmrcOptions = {}) {
  const hits = new Map<string, number>();
  const log: { host: string; path: string; authorization: string | null }[] = [];
  const hit = (name: string) => hits.set(name, (hits.get(name) ?? 0) + 1);
  const byName = new Map(Object.entries(files).map(([name, answer]) => [hmrcFileName(name.slice(0, name.indexOf("_csv_")) as "monthly", name.slice(-11, -4)), answer]));
  const tokens = new Map<string, number>();
  let issued = 0;
  const serveFile = async (name: string): Promise<Response> => {
    const answer = byName.get(name);
    if (answer === undefined) return new Response("Not Found", { status: 404 });
    if (typeof answer === "string") return new Response(answer, { headers: { "content-type": "text/csv" } });
    return typeof answer === "function" ? answer() : (answer.clone() as Response);
  };
  const signed = Bun.serve({
    hostname: "127.0.0.2",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      log.push({ host: url.host, path: url.pathname, authorization: request.headers.get("authorization") });
      // As S3 does: a signed link plus an Authorization header is two kinds of authentication.
      if (request.headers.has("authorization")) return new Response("<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>", { status: 400 });
      if (url.searchParams.get("signature") !== "ok") return new Response("Forbidden", { status: 403 });
      hit(`signed ${url.pathname.split("/").at(-1)}`);
      return serveFile(url.pathname.split("/").at(-1)!);
    },
  });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url);
      log.push({ host: url.host, path: url.pathname, authorization: request.headers.get("authorization") });
      if (url.pathname === "/oauth2/token") {
        hit("token");
        const form = new URLSearchParams(await request.text());
        const basic = /^Basic (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
        const [id, secret] = basic ? atob(basic).split(":").map(decodeURIComponent) : [form.get("client_id"), form.get("client_secret")];
        if (request.method !== "POST" || form.get("grant_type") !== "client_credentials") return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
        if (id !== FAKE_CLIENT.id || secret !== FAKE_CLIENT.secret) return Response.json({ error: "invalid_client" }, { status: 401 });
        const token = `token-${++issued}`;
        tokens.set(token, tokenUses);
        return Response.json({ access_token: token, token_type: "Bearer", expires_in: 3600 });
      }
      if (!url.pathname.startsWith("/uk/api/")) return new Response("Not Found", { status: 404 });
      if (auth === "required") {
        const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
        const left = token === undefined ? undefined : tokens.get(token);
        if (!left) return Response.json({ errors: [{ status: "401", title: "Unauthorized" }] }, { status: 401 });
        tokens.set(token!, left - 1);
      }
      const list = /^\/uk\/api\/exchange_rates\/period_lists\/(\d{4})$/.exec(url.pathname);
      if (list) {
        hit(`listing${list[1]}`);
        if (request.headers.get("accept") !== "application/vnd.hmrc.2.0+json") return Response.json({ errors: [{ status: "406", title: "Not Acceptable" }] }, { status: 406 });
        if (!listing) return new Response("Service Unavailable", { status: 503 });
        const type = url.searchParams.get("filter[type]");
        const names = [...byName.keys()].filter((name) => name.startsWith(`${type}_csv_${list[1]}-`));
        return Response.json({
          data: names.map((name) => ({ id: name, type: "exchange_rate_period", attributes: { year: Number(list[1]), month: Number(/-(\d+)\.csv$/.exec(name)![1]) }, relationships: { files: { data: [{ id: name, type: "exchange_rate_file" }] } } })),
          included: names.flatMap((name) => [
            { id: name, type: "exchange_rate_file", attributes: { file_path: `/uk/api/exchange_rates/files/${name}`, format: "csv", file_size: 10_000 } },
            { id: `${name}.xml`, type: "exchange_rate_file", attributes: { file_path: `/uk/api/exchange_rates/files/${name.replace(".csv", ".xml")}`, format: "xml", file_size: 20_000 } },
          ]),
        });
      }
      const file = /^\/uk\/api\/exchange_rates\/files\/([^/]+)$/.exec(url.pathname);
      if (!file) return new Response("Not Found", { status: 404 });
      hit(file[1]!);
      if (redirect && byName.has(file[1]!)) return new Response(null, { status: 302, headers: { location: `${signed.url.origin}/signed/${file[1]}?signature=ok` } });
      return serveFile(file[1]!);
    },
  });
  return {
    url: server.url.origin,
    apiUrl: `${server.url.origin}/uk/api`,
    tokenUrl: `${server.url.origin}/oauth2/token`,
    hits,
    log,
    stop: () => {
      server.stop(true);
      signed.stop(true);
    },
  };
}

/** The HMRC settings that point db:update at a fake; with `credentials`, FAKE_CLIENT's. */
export function fakeHmrcSettings(hmrc: { apiUrl: string; tokenUrl: string }, credentials = false): HmrcSettings {
  return { apiUrl: hmrc.apiUrl, tokenUrl: hmrc.tokenUrl, credentials: credentials ? { clientId: FAKE_CLIENT.id, clientSecret: FAKE_CLIENT.secret } : undefined };
}

type PackumentOf = (name: string) => unknown | Response | (() => Response);

/** A packument as npm serves it: `latest`, publish times, and the repository the suite table names (npm names one for most). */
export function packument(product: Product, version: string, time: string, extra: Record<string, string> = {}) {
  return {
    name: product.npmPackage,
    "dist-tags": { latest: version },
    time: { created: "2015-01-01T00:00:00.000Z", [version]: time, ...extra },
    ...(product.repository ? { repository: { type: "git", url: `git+https://github.com/${product.repository}.git` } } : {}),
  };
}

/** A loopback npm registry answering as the committed versions export says. */
export function registryAsExported() {
  const rows = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;
  return fakeRegistryOf((name) => {
    const r = rows.find((row) => row.npmPackage === name)!;
    return packument(SUITE.find((p) => p.npmPackage === name)!, r.releaseVersion, r.releaseDate);
  });
}

/** A loopback npm registry whose every DataTables package has `latest` at `version`, published at `time`. */
export function fakeRegistry(version = "9.1.0", time = "2026-10-01T12:00:00.000Z", answer?: (name: string) => Response | undefined) {
  return fakeRegistryOf((name) => answer?.(name) ?? packument(SUITE.find((p) => p.npmPackage === name)!, version, time));
}

function fakeRegistryOf(packumentOf: PackumentOf) {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const name = decodeURIComponent(new URL(request.url).pathname.slice(1));
      if (!SUITE.some((p) => p.npmPackage === name)) return new Response("{}", { status: 404 });
      const answer = packumentOf(name);
      return answer instanceof Response ? answer : typeof answer === "function" ? (answer as () => Response)() : Response.json(answer);
    },
  });
  return { url: server.url.origin, stop: () => server.stop(true) };
}

export interface FakeHead {
  sha: string;
  date: string;
  version: string;
}

/**
 * A loopback GitHub REST API: each repository's head commit
 * (/repos/{owner}/{repo}/commits/HEAD, with an ETag; If-None-Match that
 * matches is a 304) and package.json at a commit (/contents/package.json?ref=,
 * base64). `mode`: "ok", "rate-limited" (403 with x-ratelimit-remaining: 0),
 * "down" (503) or "nonsense" (200 with a body that is not the API's).
 */
export function fakeGitHub(heads: Record<string, FakeHead>, options: { mode?: "ok" | "rate-limited" | "down" | "nonsense" } = {}) {
  const log: { path: string; authorization: string | null; conditional: boolean; status: number }[] = [];
  const state = { mode: options.mode ?? "ok" };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        log.push({ path: url.pathname + url.search, authorization: request.headers.get("authorization"), conditional: request.headers.has("if-none-match"), status });
        return body === undefined ? new Response(null, { status, headers }) : Response.json(body, { status, headers });
      };
      if (state.mode === "rate-limited") return answer(403, { message: "API rate limit exceeded" }, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1795000000" });
      if (state.mode === "down") return answer(503, { message: "Service Unavailable" });
      if (state.mode === "nonsense") return answer(200, { hello: "world" });
      const m = /^\/repos\/([\w.-]+\/[\w.-]+)\/(commits\/HEAD|contents\/package\.json)$/.exec(url.pathname);
      const head = m && heads[m[1]!];
      if (!head) return answer(404, { message: "Not Found" });
      if (m![2] === "commits/HEAD") {
        const etag = `"${head.sha.slice(0, 12)}"`;
        if (request.headers.get("if-none-match") === etag) return answer(304, undefined, { etag });
        return answer(200, { sha: head.sha, commit: { committer: { date: head.date } } }, { etag });
      }
      if (url.searchParams.get("ref") !== head.sha) return answer(404, { message: "No commit found for the ref" });
      return answer(200, { encoding: "base64", content: btoa(JSON.stringify({ name: "x", version: head.version })) });
    },
  });
  return { url: server.url.origin, log, state, stop: () => server.stop(true) };
}

/** Every repository of the suite at its release in the committed export: no nightly newer than a release. */
export function githubAsExported() {
  const rows = readVersions(join(REAL_UPSTREAM, "versions.csv")).rows;
  return fakeGitHub(
    Object.fromEntries(
      SUITE.filter((p) => p.repository).map((p, i) => {
        const row = rows.find((r) => r.software === p.software)!;
        return [p.repository!, { sha: String(i).padStart(40, "a"), date: row.releaseDate, version: row.releaseVersion }];
      }),
    ),
  );
}
