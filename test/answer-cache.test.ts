// Replayed answers must be the answers: same bytes, same headers, and never
// past the moment they stop holding.
import { describe, expect, test } from "bun:test";
import { rawPath } from "../src/http/answer-cache.ts";
import { createApp } from "../src/http/app.ts";
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
