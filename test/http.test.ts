import { describe, expect, test } from "bun:test";
import { get, realAnswers, realApp } from "./helpers.ts";

const app = realApp();

describe("only GET and HEAD are served", () => {
  test.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])("%s on a route → 405 with Allow", async (method) => {
    const { status, response, body } = await get(app, "/versions/current", { method });
    expect(status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(body).toMatchObject({ status: 405, title: "Method not allowed" });
  });

  test("a method on a path that does not exist is a 404", async () => {
    expect((await get(app, "/nothing/here", { method: "POST" })).status).toBe(404);
  });

  test("HEAD answers with GET's status and headers and no body", async () => {
    for (const path of ["/vat/exchange-rate/usd/2024-01-15", "/versions/detail", "/vat/exchange-rate/usd/2099-01-01"]) {
      const full = await get(app, path);
      const head = await app(new Request(`http://feed.test${path}`, { method: "HEAD" }));
      expect(head.status).toBe(full.status);
      expect(head.headers.get("content-type")).toBe(full.response.headers.get("content-type"));
      expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(full.text)));
      expect(await head.text()).toBe("");
    }
  });
});

describe("BASE_PATH prefixes every route", () => {
  const based = realApp(undefined, "/api/v1");
  test("routes answer under the base path", async () => {
    expect((await get(based, "/api/v1/vat/exchange-rate/usd/2024-01-15")).body.rate).toBe(1.2651);
    expect((await get(based, "/api/v1/versions/current")).status).toBe(200);
  });
  test("and not outside it", async () => {
    expect((await get(based, "/vat/exchange-rate/usd/2024-01-15")).status).toBe(404);
  });
});

test("a handler that throws becomes a 500 problem without internals", async () => {
  const { createApp } = await import("../src/app/app.ts");
  const broken = {
    ...realAnswers(),
    versions: {
      ...realAnswers().versions,
      get current(): never {
        throw new Error("SQLITE_CORRUPT: secret detail at /srv/db");
      },
    },
  };
  const original = console.error;
  console.error = () => {};
  try {
    const { status, text, body } = await get(createApp({ answers: broken }), "/versions/current");
    expect(status).toBe(500);
    expect(body).toMatchObject({ status: 500, title: "Internal server error" });
    expect(text).not.toContain("SQLITE");
    expect(text).not.toContain("/srv/db");
  } finally {
    console.error = original;
  }
});
