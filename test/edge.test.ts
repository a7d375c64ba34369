// The HTTP edge through real listening servers: caching, CORS, bans, HTTPS,
// operations. In-process Bun.serve where a pinned clock is needed; the real
// server process everywhere else.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AddressList } from "../src/http/address-list.ts";
import { BanList } from "../src/http/ban-list.ts";
import { clientAddress } from "../src/http/client-address.ts";
import { createApp } from "../src/app/app.ts";
import { ukDay } from "../src/lib/uk-date.ts";
import { eventually, fixedClock, realAnswers, realDatabase, tempDir } from "./helpers.ts";
import { startServer } from "./server-process.ts";

/** The app on a loopback port, with a pinned clock. */
function listen(now: string, bans?: BanList) {
  const app = createApp({ answers: realAnswers(), clock: fixedClock(now), bans });
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req, srv) => app(req, { clientAddress: () => srv.requestIP(req)?.address }) });
  return { origin: server.url.origin, stop: () => server.stop(true) };
}

describe("caching", () => {
  const { origin, stop } = listen("2024-07-10T21:30:00Z"); // 22:30 BST: UK midnight is 90 minutes away
  afterAll(stop);

  test("every 200 has a strong ETag; If-None-Match gets a 304 without a body", async () => {
    for (const path of ["/vat/exchange-rate/usd/2024-01-15", "/vat/exchange-rate/usd", "/versions/current", "/versions/detail"]) {
      const first = await fetch(origin + path);
      const etag = first.headers.get("etag")!;
      // The answer's bytes alone, hashed: nothing of the build or the runtime in it.
      const digest = new Bun.CryptoHasher("sha256").update(await first.arrayBuffer()).digest("base64url");
      expect(etag).toBe(`"${digest.slice(0, 22)}"`);
      const again = await fetch(origin + path, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      expect((await fetch(origin + path, { headers: { "if-none-match": `"other", W/${etag}` } })).status).toBe(304);
      expect((await fetch(origin + path, { headers: { "if-none-match": '"stale"' } })).status).toBe(200);
    }
  });

  test("different answers have different ETags", async () => {
    const a = (await fetch(`${origin}/vat/exchange-rate/usd/2024-01-15`)).headers.get("etag");
    const b = (await fetch(`${origin}/vat/exchange-rate/usd/2024-02-15`)).headers.get("etag");
    const c = (await fetch(`${origin}/vat/exchange-rate/USD/2024-01-31`)).headers.get("etag");
    expect(a).not.toBe(b);
    expect(a).toBe(c); // same period, same bytes
  });

  test("the today route may be cached until the next UK midnight, and no longer", async () => {
    const response = await fetch(`${origin}/vat/exchange-rate/usd`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=5400");
  });

  test("dated rates and versions: public max-age with stale-while-revalidate", async () => {
    expect((await fetch(`${origin}/vat/exchange-rate/usd/2024-01-15`)).headers.get("cache-control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect((await fetch(`${origin}/versions/current`)).headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
  });

  test("every error is no-store", async () => {
    for (const path of ["/vat/exchange-rate/usd/2099-01-01", "/vat/exchange-rate/xx", "/nowhere", "/vat/exchange-rate/xyz"]) {
      const response = await fetch(origin + path);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect((await fetch(`${origin}/versions/current`, { method: "DELETE" })).headers.get("cache-control")).toBe("no-store");
  });
});

test("a UK day ends at the next UK midnight, in winter and summer", () => {
  expect(new Date(ukDay(new Date("2024-01-15T10:00:00Z")).endsAt).toISOString()).toBe("2024-01-16T00:00:00.000Z");
  expect(new Date(ukDay(new Date("2024-07-15T10:00:00Z")).endsAt).toISOString()).toBe("2024-07-15T23:00:00.000Z");
  expect(new Date(ukDay(new Date("2024-07-15T23:30:00Z")).endsAt).toISOString()).toBe("2024-07-16T23:00:00.000Z");
  // The night the clocks go forward (31 March 2024) and back (27 October 2024).
  expect(new Date(ukDay(new Date("2024-03-30T12:00:00Z")).endsAt).toISOString()).toBe("2024-03-31T00:00:00.000Z");
  expect(new Date(ukDay(new Date("2024-03-31T12:00:00Z")).endsAt).toISOString()).toBe("2024-03-31T23:00:00.000Z");
  expect(new Date(ukDay(new Date("2024-10-26T12:00:00Z")).endsAt).toISOString()).toBe("2024-10-26T23:00:00.000Z");
  expect(new Date(ukDay(new Date("2024-10-27T12:00:00Z")).endsAt).toISOString()).toBe("2024-10-28T00:00:00.000Z");
});

describe("CORS", () => {
  const { origin, stop } = listen("2024-01-15T12:00:00Z");
  afterAll(stop);

  test("every response allows any origin and exposes the ETag", async () => {
    for (const [path, method] of [["/versions/current", "GET"], ["/nowhere", "GET"], ["/versions/current", "POST"]] as const) {
      const response = await fetch(origin + path, { method, headers: { origin: "https://example.org" } });
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toBe("ETag");
    }
  });

  test("a preflight for GET gets 204 with the allowed methods", async () => {
    const response = await fetch(`${origin}/vat/exchange-rate/usd/2024-01-15`, {
      method: "OPTIONS",
      headers: { origin: "https://example.org", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
    expect(response.headers.get("access-control-allow-headers")).toBe("if-none-match");
    expect(response.headers.get("access-control-max-age")).toBe("86400");
  });

  test("a preflight for another method, or a bare OPTIONS, is still 405", async () => {
    const post = await fetch(`${origin}/versions/current`, { method: "OPTIONS", headers: { "access-control-request-method": "POST" } });
    expect(post.status).toBe(405);
    expect((await fetch(`${origin}/versions/current`, { method: "OPTIONS" })).status).toBe(405);
  });
});

describe("address lists and the client address", () => {
  test("IPv4, IPv6, CIDR ranges and IPv4-mapped IPv6", () => {
    const list = AddressList.parse("203.0.113.7, 198.51.100.0/24\n2001:db8::/32 # a comment\n::1");
    expect(list.has("203.0.113.7")).toBe(true);
    expect(list.has("203.0.113.8")).toBe(false);
    expect(list.has("198.51.100.200")).toBe(true);
    expect(list.has("::ffff:198.51.100.9")).toBe(true);
    expect(list.has("2001:db8:1::5")).toBe(true);
    expect(list.has("2001:db9::5")).toBe(false);
    expect(list.has("::1")).toBe(true);
    expect(list.has("not an address")).toBe(false);
    expect(() => AddressList.parse("10.0.0.1\n10.0.0.300", "BANNED_IPS")).toThrow('BANNED_IPS:2: "10.0.0.300" is not a full IP address or CIDR range');
  });

  test("X-Forwarded-For is believed only from trusted proxies, read from the right", () => {
    const proxies = AddressList.parse("10.0.0.0/8");
    expect(clientAddress("203.0.113.1", "1.2.3.4", proxies)).toBe("203.0.113.1");
    expect(clientAddress("10.0.0.2", "198.51.100.4", proxies)).toBe("198.51.100.4");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.4, 10.0.0.9", proxies)).toBe("198.51.100.4");
    expect(clientAddress("10.0.0.2", null, proxies)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "198.51.100.4", AddressList.EMPTY)).toBe("10.0.0.2");
  });
});

describe("bans through the real server", async () => {
  const dir = tempDir();
  const banFile = join(dir, "banned.txt");
  writeFileSync(banFile, "# nobody yet\n");
  const plain = await startServer({ DATABASE_PATH: realDatabase().path, BANNED_IPS_FILE: banFile, DB_WATCH_INTERVAL_MS: "100", LOG_LEVEL: "warn" });
  const proxied = await startServer({ DATABASE_PATH: realDatabase().path, BANNED_IPS: "203.0.113.0/24", TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "warn" });
  const direct = await startServer({ DATABASE_PATH: realDatabase().path, BANNED_IPS: "127.0.0.1", LOG_LEVEL: "warn" });
  afterAll(() => [plain, proxied, direct].forEach((s) => s.proc.kill()));

  test("a banned address gets 403 problem+json", async () => {
    const response = await fetch(`${direct.origin}/versions/current`);
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(((await response.json()) as any).title).toBe("Forbidden");
  });

  test("behind a trusted proxy the forwarded address is the one judged", async () => {
    expect((await fetch(`${proxied.origin}/versions/current`, { headers: { "x-forwarded-for": "203.0.113.50" } })).status).toBe(403);
    expect((await fetch(`${proxied.origin}/versions/current`, { headers: { "x-forwarded-for": "198.51.100.50" } })).status).toBe(200);
  });

  test("the ban file is read again when it changes, without a restart", async () => {
    expect((await fetch(`${plain.origin}/versions/current`)).status).toBe(200);
    const status = async () => (await fetch(`${plain.origin}/versions/current`)).status;
    writeFileSync(banFile, "# abuse on 2026-11-21\n127.0.0.1\n");
    expect(await eventually(status, 403)).toBe(403);
    writeFileSync(banFile, "# lifted on 2026-11-22\n"); // emptied, not deleted: a vanished file keeps the last list (#12)
    expect(await eventually(status, 200)).toBe(200);
  });
});

describe("operations through the real server", async () => {
  const server = await startServer({ DATABASE_PATH: realDatabase().path });
  afterAll(() => server.proc.kill());

  test("GET /health names the database and its coverage", async () => {
    const response = await fetch(`${server.origin}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as any;
    const { report } = realDatabase();
    expect(body).toMatchObject({ status: "ok", build: report.buildId, coverage: report.coverage, currencies: report.currencies });
    expect(Date.parse(body.builtAt)).not.toBeNaN();
  });

  test("one JSON line per request on stdout", async () => {
    await fetch(`${server.origin}/vat/exchange-rate/usd/2024-01-15?trace=log-line-test`);
    await Bun.sleep(100);
    const line = server.stdout().split("\n").find((l) => l.includes('"path":"/vat/exchange-rate/usd/2024-01-15"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: "info", message: "request", method: "GET", status: 200, bytes: 92 });
    expect(typeof JSON.parse(line!).ms).toBe("number");
  });

  test("security headers, and no version banner", async () => {
    const response = await fetch(`${server.origin}/versions/current`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.has("server")).toBe(false);
    expect(response.headers.has("x-powered-by")).toBe(false);
  });

  test("an overlong URL gets 414", async () => {
    const response = await fetch(`${server.origin}/vat/exchange-rate/${"a".repeat(3000)}`);
    expect(response.status).toBe(414);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});

test("LOG_LEVEL=warn quiets the request lines", async () => {
  const server = await startServer({ DATABASE_PATH: realDatabase().path, LOG_LEVEL: "warn" });
  try {
    await fetch(`${server.origin}/versions/current`);
    await Bun.sleep(100);
    expect(server.stdout()).not.toContain('"message":"request"');
  } finally {
    server.proc.kill();
  }
});

test("SIGTERM stops accepting, lets requests finish and exits 0", async () => {
  const server = await startServer({ DATABASE_PATH: realDatabase().path });
  const inFlight = Array.from({ length: 20 }, () => fetch(`${server.origin}/versions/detail`).then((r) => r.status));
  await Bun.sleep(5);
  server.proc.kill("SIGTERM");
  const statuses = await Promise.allSettled(inFlight);
  expect(await server.proc.exited).toBe(0);
  const answered = statuses.filter((s) => s.status === "fulfilled").map((s) => (s as PromiseFulfilledResult<number>).value);
  expect(answered.every((status) => status === 200)).toBe(true);
  expect(server.output()).toContain('"message":"stopped"');
});

test("SIGTERM sent the moment the server says it listens still drains and exits 0", async () => {
  // A supervisor may signal as soon as it reads the line; the handler must already be there.
  const exits = [];
  for (let i = 0; i < 6; i++) {
    const server = await startServer({ DATABASE_PATH: realDatabase().path });
    server.proc.kill("SIGTERM");
    exits.push(await server.proc.exited);
  }
  expect(exits).toEqual([0, 0, 0, 0, 0, 0]);
});

test("HTTPS with a certificate from openssl, and plain HTTP on HTTP_PORT beside it", async () => {
  const dir = tempDir();
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const openssl = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", key, "-out", cert]);
  expect(openssl.exitCode).toBe(0);
  const server = await startServer({ DATABASE_PATH: realDatabase().path, TLS_CERT_FILE: cert, TLS_KEY_FILE: key, HTTP_PORT: "0" }, 2);
  try {
    const [secure, plain] = server.origins;
    expect(secure).toStartWith("https://");
    expect(plain).toStartWith("http://");
    const overTls = await fetch(`${secure}/vat/exchange-rate/usd/2024-01-15`, { tls: { rejectUnauthorized: false } });
    expect(overTls.status).toBe(200);
    expect(((await overTls.json()) as any).rate).toBe(1.2651);
    expect((await fetch(`${plain}/versions/current`)).status).toBe(200);
  } finally {
    server.proc.kill();
  }
});

test("a banned-IP file with a bad entry stops the server at start, naming the line", async () => {
  const file = join(tempDir(), "banned.txt");
  writeFileSync(file, "192.0.2.1\n300.1.1.1\n");
  const proc = Bun.spawn(["bun", join(import.meta.dir, "../src/server.ts")], { env: { ...process.env, DATABASE_PATH: realDatabase().path, BANNED_IPS_FILE: file, PORT: "0" }, stderr: "pipe" });
  expect(await proc.exited).toBe(1);
  expect(await new Response(proc.stderr).text()).toContain(`${file}:2: "300.1.1.1" is not a full IP address or CIDR range`);
});
