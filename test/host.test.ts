// The path a request asks for, whatever its Host says (#11): HTTP/1.0 health
// checks send none and are answered for their own path; a Host the server
// cannot use is a 400 problem, never a 500 and never another path's answer.
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { connect } from "node:net";
import { createApp } from "../src/app/app.ts";
import { requestPath } from "../src/http/edge.ts";
import { Problem } from "../src/http/problem.ts";
import { realAnswers } from "./helpers.ts";

/** Sends `head` as it is and reads the whole answer (the server closes or the request says close). */
function raw(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    socket.write(head);
  });
}

describe("requests with a missing or broken Host", () => {
  const app = createApp({ answers: realAnswers() });
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => app(request) });
  afterAll(() => server.stop(true));
  const ask = (target: string, host?: string) => raw(server.port!, `GET ${target} HTTP/1.${host === undefined ? 0 : 1}\r\n${host === undefined ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

  test("HTTP/1.0 without Host is answered for its own path", async () => {
    const rate = await ask("/vat/exchange-rate/usd/2024-01-15");
    expect(rate.status).toBe(200);
    expect(rate.body).toBe('{"currencyCode":"USD","currencyName":"US Dollar","effectiveFrom":"2024-01-01","rate":1.2651}');
    expect((await ask("/health")).status).toBe(200);
    const elsewhere = await ask("/x/vat/exchange-rate/usd/2024-01-15");
    expect(elsewhere.status).toBe(404);
    expect(JSON.parse(elsewhere.body)).toMatchObject({ type: "urn:feed-service:problem:not-found", instance: "/x/vat/exchange-rate/usd/2024-01-15" });
    expect((await ask("/vat/exchange-rate/usd/2025-02-30")).status).toBe(400);
  });

  test.each(["a/b", "a b", "[::1", "x:99999", "u@x", "x?y"])("Host %p is a 400 problem, whatever the path", async (host) => {
    for (const path of ["/x/vat/exchange-rate/usd/2024-01-15", "/nothing/versions/current", "/versions/current"]) {
      const { status, body } = await ask(path, host);
      expect([path, status]).toEqual([path, 400]);
      expect(JSON.parse(body)).toMatchObject({ type: "urn:feed-service:problem:bad-request", status: 400 });
    }
  });

  test("a good Host is unaffected", async () => {
    expect((await ask("/versions/current", "feed.example:8080")).status).toBe(200);
  });
});

describe("the path of a URL as the server receives it", () => {
  // A served request's URL is the raw target behind the Host: nothing has parsed it yet.
  // The last ones are no origin at all: what stands before their "/" is a fragment, a query or a backslash.
  const origins = ["http://feed.test", "http://127.0.0.1:3000", "https://[::1]:8443", "http://Feed.Test:80", "http://a.test.evil", "http://u@feed.test", "http://feed.test#", "http://feed.test?", "http://feed.test\\\\x"];
  const character = fc.oneof(
    fc.constantFrom(..."abcXYZ019-_~/"),
    fc.constantFrom(".", "..", "%", "%2e", "%2F", "%zz", "?", "#", "\\", " ", ":", "@", ";", "=", "+", "*", "(", "[", "\u0000", "\t"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 2 }),
  );
  const target = fc.array(character, { maxLength: 24 }).map((parts) => `/${parts.join("")}`);
  const noHost = new Request("http://unused.test/");
  const pathOf = (url: string) => {
    const path = requestPath(noHost, url);
    return path instanceof Problem ? undefined : path;
  };

  test("is what URL.parse reads, whether or not the origin was seen before", () => {
    fc.assert(
      fc.property(fc.constantFrom(...origins), fc.constantFrom(...origins), target, (seen, origin, path) => {
        pathOf(`${seen}/`);
        expect(pathOf(origin + path)).toBe(URL.parse(origin + path)?.pathname);
        expect(pathOf(origin + path)).toBe(URL.parse(origin + path)?.pathname);
      }),
      { numRuns: 5_000 },
    );
  });

  test("a bare path (no Host) is read against no origin at all", () => {
    pathOf("http://feed.test/");
    fc.assert(fc.property(target, (path) => expect(pathOf(path)).toBe(URL.parse(`http://localhost${path}`)?.pathname)), { numRuns: 2_000 });
  });

  test("dot segments and percent-encodings are resolved, another host is only a host", () => {
    pathOf("http://feed.test/versions/current");
    expect(pathOf("http://feed.test/x/../versions/current")).toBe("/versions/current");
    expect(pathOf("http://feed.test/vat/%2e%2e/versions/current")).toBe("/versions/current");
    expect(pathOf("http://feed.test/vat/exchange-rate/usd/2024-01-15?x=1")).toBe("/vat/exchange-rate/usd/2024-01-15");
    expect(pathOf("http://feed.test.evil/versions/current")).toBe("/versions/current");
  });
});
