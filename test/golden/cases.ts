// The requests whose answers were recorded from the implementation before
// the redesign (#11): every route, errors, HEAD, 304s, a base path, the today
// route at fixed instants, and a spread of dated lookups over all coverage.

export const GOLDEN_BUILT_AT = "2026-11-01T00:00:00.000Z";

export interface GoldenCase {
  basePath: string;
  at: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
}

export interface GoldenAnswer extends GoldenCase {
  status: number;
  responseHeaders: [string, string][];
  body: string;
}

/** Deterministic pseudo-random numbers, so the cases never change. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

/** A header value standing for "the ETag this path's GET answered with". */
export const SAME_ETAG = "$etag";

const NOON = "2024-01-15T12:00:00Z";

export function goldenCases(codes: string[]): GoldenCase[] {
  const cases: GoldenCase[] = [];
  const add = (path: string, more: Partial<GoldenCase> = {}) => cases.push({ basePath: "", at: NOON, method: "GET", path, ...more });
  const random = seeded(11);
  const first = Date.parse("2013-12-20T00:00:00Z");
  const last = Date.parse("2026-10-10T00:00:00Z");
  for (let i = 0; i < 2_600; i++) {
    const code = codes[Math.floor(random() * codes.length)]!;
    const day = new Date(first + Math.floor(random() * (last - first))).toISOString().slice(0, 10);
    add(`/vat/exchange-rate/${i % 3 === 0 ? code.toLowerCase() : code}/${day}`);
  }
  for (const d of ["2014-12-16", "2014-12-17", "2014-12-24", "2014-12-31", "2015-01-01"]) add(`/vat/exchange-rate/RUB/${d}`);
  for (const p of ["US/2024-01-15", "USDX/2024-01-15", "U5D/2024-01-15", "%ZZ", "%zz/2024-01-01", "usd/2025-02-30", "usd/2024-1-15", "usd/15-01-2024", "usd/2024-01-15T00:00", "XYZ/2024-01-15", "SMW/2015-11-11", "usd/2014-01-31", "usd/2026-09-01", "usd/2030-01-01", "MRO/2020-01-15", "usd/2024-01-15/extra", "%F0%9F%92%B7%F0%9F%92%B7%F0%9F%92%B7/2024-01-15", "u%73d/2024-01-15", "usd/2024-01-1%35"]) {
    add(`/vat/exchange-rate/${p}`);
  }
  for (const p of ["/vat/exchange-rates/usd", "/index.html", "/nope", "/versions", "/vat", "/health/", "/versions/current/", "/versions//current", "/?q=1", "/versions/current?x=y"]) add(p);
  for (const at of ["2024-01-31T23:59:59Z", "2024-02-01T00:00:00Z", "2024-06-30T22:59:59Z", "2024-06-30T23:00:00Z", "2026-11-21T12:00:00Z", "2025-03-30T00:30:00Z"]) {
    for (const code of codes.slice(0, 25)) add(`/vat/exchange-rate/${code.toLowerCase()}`, { at });
    add("/vat/exchange-rate/u$d", { at });
  }
  const documents = ["/", "/openapi.json", "/health", "/vat/currencies", "/versions/current", "/versions/detail", "/vat/exchange-rate/usd/2024-01-15", "/vat/exchange-rate/eur"];
  for (const path of documents) {
    add(path);
    add(path, { method: "HEAD" });
    add(path, { method: "POST" });
    add(path, { method: "DELETE" });
    add(path, { headers: { "if-none-match": "*" } });
    add(path, { headers: { "if-none-match": '"nope"' } });
    add(path, { headers: { "if-none-match": SAME_ETAG } });
    add(path, { method: "HEAD", headers: { "if-none-match": `W/${SAME_ETAG}, "other"` } });
    add(path, { method: "OPTIONS", headers: { origin: "https://example.com", "access-control-request-method": "GET" } });
    add(path, { method: "OPTIONS", headers: { origin: "https://example.com", "access-control-request-method": "POST" } });
    add(`/api${path}`, { basePath: "/api" });
    add(`/api${path}`, { basePath: "/api", method: "HEAD" });
  }
  add("/versions/current", { basePath: "/api" });
  add(`/vat/exchange-rate/usd/${"9".repeat(2100)}`);
  return cases;
}

/** The case's request headers, with SAME_ETAG replaced by what `etag` gives. */
export async function withEtag(headers: Record<string, string> | undefined, etag: () => Promise<string>): Promise<Record<string, string> | undefined> {
  const value = headers?.["if-none-match"];
  if (!value?.includes(SAME_ETAG)) return headers;
  return { ...headers, "if-none-match": value.replace(SAME_ETAG, await etag()) };
}
