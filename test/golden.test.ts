// The redesigned request path (#11) answers exactly as the one before it:
// status, every header and every byte of the body, for 2,888 requests
// recorded once from the previous implementation (test/golden/record.ts, in
// the history) over the same data and build time. ETags changed once, on
// purpose, when they moved from Bun.hash to SHA-256 for Deno (#15): each
// recorded tag must still stand for exactly one new tag and the other way
// round, so tags still change exactly when bodies do.
import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../src/app/app.ts";
import { withEtag, type GoldenAnswer } from "./golden/cases.ts";
import { realAnswers, realDatabase, REAL_BUILT_AT } from "./helpers.ts";
import { GOLDEN_BUILT_AT } from "./golden/cases.ts";

/**
 * Answers changed on purpose since the recording, each by the issue that changed
 * it and is tested where that issue is: the OpenAPI document (#14, openapi.test.ts),
 * paths that were 404s until routes were added there, and the page that now
 * draws a chart (#16, tables.test.ts and browser.test.ts), /health with its
 * freshness and /vat/currencies with each currency's ranges (#13).
 */
const CHANGED_SINCE = (path: string) => /\/(openapi\.json|health|vat\/currencies)$/.test(new URL(path, "http://x").pathname) || /\/vat\/(exchange-rates|currencies)\/./.test(path) || new URL(path, "http://x").pathname.endsWith("/");

const recorded: GoldenAnswer[] = JSON.parse(gunzipSync(readFileSync(join(import.meta.dir, "golden/answers.json.gz"))).toString());
const unchanged = recorded.filter((a) => !CHANGED_SINCE(a.path));

describe("answers recorded before the redesign", () => {
  test("the test build is the one the answers were recorded from", () => {
    expect(REAL_BUILT_AT).toBe(GOLDEN_BUILT_AT);
    const health = recorded.find((a) => a.path === "/health" && a.method === "GET" && !a.headers)!;
    expect(JSON.parse(health.body).build).toBe(realDatabase().report.buildId);
  });

  test(`all ${unchanged.length} not changed on purpose since come back byte for byte`, async () => {
    expect(unchanged.length).toBeGreaterThan(2_800);
    const differences: string[] = [];
    const newTagOf = new Map<string, string>();
    const oldTagOf = new Map<string, string>();
    /** The recorded tag in place of the new one, if the two have always gone together. */
    const asRecorded = (recordedTag: string | undefined, tag: string) => {
      if (recordedTag === undefined) return tag;
      if ((newTagOf.get(recordedTag) ?? tag) !== tag || (oldTagOf.get(tag) ?? recordedTag) !== recordedTag) return `${tag} (another recorded tag's)`;
      newTagOf.set(recordedTag, tag);
      oldTagOf.set(tag, recordedTag);
      return recordedTag;
    };
    for (const c of unchanged) {
      const app = createApp({ answers: realAnswers(c.basePath), basePath: c.basePath, clock: () => new Date(c.at) });
      const ask = (method: string, headers?: Record<string, string>) => app(new Request(`http://feed.test${c.path}`, { method, headers }));
      const response = await ask(c.method, await withEtag(c.headers, async () => (await ask("GET")).headers.get("etag")!));
      const recordedTag = c.responseHeaders.find(([name]) => name === "etag")?.[1];
      const headers = [...response.headers].map(([name, value]): [string, string] => [name, name === "etag" ? asRecorded(recordedTag, value) : value]).sort();
      const actual = { status: response.status, headers, body: await response.text() };
      const expected = { status: c.status, headers: c.responseHeaders, body: c.body };
      if (!Bun.deepEquals(actual, expected)) differences.push(`${c.method} ${c.path} @${c.at} ${JSON.stringify(c.headers ?? {})}: ${JSON.stringify(actual).slice(0, 400)}\n  wanted ${JSON.stringify(expected).slice(0, 400)}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(differences.length).toBe(0);
  });
});
