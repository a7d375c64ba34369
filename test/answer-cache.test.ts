// Replayed answers must be the answers: same bytes, same headers, and never
// past the moment they stop holding.
import { describe, expect, test } from "bun:test";
import { AnswerCache, MAX_ENTRIES, rawPath, reusable, WHILE_DATABASE_LASTS } from "../src/http/answer-cache.ts";
import { createApp } from "../src/http/app.ts";
import { BoundedMap } from "../src/http/bounded-map.ts";
import { DATED_RATE } from "../src/http/caching.ts";
import { Problem } from "../src/http/problem.ts";
import { MAX_BODIES, rateBody } from "../src/vat/rate-bodies.ts";
import { rateInForce } from "../src/vat/rate-query.ts";
import { realStore } from "./helpers.ts";

const headersOf = (r: Response) => [...r.headers].filter(([name]) => name !== "date").sort();

describe("an answer given again", () => {
  test("is byte-identical, headers and ETag included, for every cacheable route", async () => {
    const app = createApp({ store: realStore(), clock: () => new Date("2024-03-10T12:00:00Z") });
    for (const path of ["/vat/exchange-rate/usd/2024-01-15", "/vat/exchange-rate/EUR", "/versions/current", "/versions/detail"]) {
      const first = await app(new Request(`http://x${path}`));
      const second = await app(new Request(`http://x${path}`));
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(await second.text()).toBe(await first.text());
      const head = await app(new Request(`http://x${path}`, { method: "HEAD" }));
      expect(headersOf(head)).toEqual(headersOf(first));
      const conditional = await app(new Request(`http://x${path}`, { headers: { "if-none-match": first.headers.get("etag")! } }));
      expect(conditional.status).toBe(304);
    }
  });

  test("the today route's answer ends at UK midnight, and its max-age counts down", async () => {
    let now = new Date("2024-06-30T22:00:00Z"); // 23:00 BST
    const app = createApp({ store: realStore(), clock: () => now });
    const first = await app(new Request("http://x/vat/exchange-rate/usd"));
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    now = new Date("2024-06-30T22:30:00Z");
    const replayed = await app(new Request("http://x/vat/exchange-rate/usd"));
    expect(replayed.headers.get("cache-control")).toBe("public, max-age=1800");
    expect(await replayed.text()).toBe(await first.clone().text());
    now = new Date("2024-06-30T23:00:00Z"); // 1 July in the UK
    const tomorrow = (await (await app(new Request("http://x/vat/exchange-rate/usd"))).json()) as { effectiveFrom: string };
    expect(tomorrow.effectiveFrom).toBe("2024-07-01");
    now = new Date("2024-06-30T21:00:00Z"); // a clock set back is not served tomorrow's answer
    expect(((await (await app(new Request("http://x/vat/exchange-rate/usd"))).json()) as { effectiveFrom: string }).effectiveFrom).toBe("2024-06-01");
  });

  test("apps with different base paths or clocks do not share answers", async () => {
    const store = realStore();
    const root = createApp({ store });
    const based = createApp({ store, basePath: "/api" });
    expect((await root(new Request("http://x/versions/current"))).status).toBe(200);
    expect((await based(new Request("http://x/versions/current"))).status).toBe(404);
  });

  test("a route's problem is replayed as the same problem, and never for another method", async () => {
    const app = createApp({ store: realStore() });
    for (const path of ["/vat/exchange-rate/usd/2099-01-01", "/vat/exchange-rate/u5d/2024-01-01", "/vat/./exchange-rate/xyz"]) {
      const first = await app(new Request(`http://x${path}`));
      const again = await app(new Request(`http://x${path}`));
      expect(again.status).toBe(first.status);
      expect(headersOf(again)).toEqual(headersOf(first));
      expect(await again.text()).toBe(await first.text());
      expect((await app(new Request(`http://x${path}`, { method: "POST" }))).status).toBe(405);
    }
  });
});

test("rawPath takes the path without parsing the URL", () => {
  expect(rawPath("http://host:3000/vat/exchange-rate/usd?x=1")).toBe("/vat/exchange-rate/usd");
  expect(rawPath("https://h/a/%20b")).toBe("/a/%20b");
  expect(rawPath("http://h")).toBe("/");
});

describe("what is remembered stays bounded, whatever the requests (#6)", () => {
  const clock = () => new Date("2024-03-10T12:00:00Z");
  const answer = (path: string, produce: () => never) => {
    const request = new Request(`http://x${path}`);
    return reusable(request, { cacheControl: DATED_RATE, ...WHILE_DATABASE_LASTS }, clock(), produce);
  };

  test("a malformed request's problem is not remembered; a well-formed request's 404 is", () => {
    const cache = new AnswerCache();
    const store = realStore();
    const bad = "/vat/exchange-rate/" + "x".repeat(1_500) + "/2024-01-15";
    cache.remember(store, bad, answer(bad, () => { throw new Problem("invalid-currency", "not three letters"); }));
    expect(cache.replay(store, bad, clock)).toBeUndefined();
    const missing = "/vat/exchange-rate/USD/2099-01-01";
    cache.remember(store, missing, answer(missing, () => { throw new Problem("no-rate", "not yet published"); }));
    expect(cache.replay(store, missing, clock)?.response.status).toBe(404);
  });

  test("the answer cache keeps at most MAX_ENTRIES paths, forgetting the oldest", async () => {
    const store = realStore();
    const app = createApp({ store, clock });
    const cache = new AnswerCache();
    const paths = Array.from({ length: MAX_ENTRIES + 10 }, (_, i) => `/vat/exchange-rate/usd/${new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}`);
    for (const path of paths) cache.remember(store, path, await app(new Request(`http://x${path}`)));
    expect(cache.replay(store, paths[0]!, clock)).toBeUndefined();
    expect(cache.replay(store, paths[9]!, clock)).toBeUndefined();
    expect(cache.replay(store, paths[10]!, clock)?.response.status).toBe(200);
    expect(cache.replay(store, paths.at(-1)!, clock)?.response.status).toBe(200);
  });

  test("BoundedMap never holds more than its limit and drops the oldest first", () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ["a", "b", "c", "a", "d", "e"].entries()) map.set(key, i);
    expect(map.size).toBe(3);
    expect([map.get("a"), map.get("b"), map.get("c"), map.get("d"), map.get("e")]).toEqual([undefined, undefined, 2, 4, 5]);
  });

  test("every date of a period shares one prepared body; the body memo is bounded too", () => {
    const store = realStore();
    const body = (date: string) => rateBody(store, rateInForce(store, "USD", date));
    expect(body("2024-01-02")).toBe(body("2024-01-31"));
    expect(body("2024-02-01")).not.toBe(body("2024-01-31"));
    const first = body("2014-02-01");
    for (let i = 0; i < MAX_BODIES; i++) rateBody(store, { currencyCode: "XTS", currencyName: "Test", effectiveFrom: String(i), rate: 1 });
    expect(body("2014-02-01")).not.toBe(first); // forgotten, then made again
    expect(body("2014-02-01").text).toBe(first.text);
  });
});
