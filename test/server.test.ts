// The real server process: `bun src/server.ts` on an ephemeral loopback port.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCHEMA_VERSION } from "../src/data/schema.ts";
import { fixtureDatabaseAfter, realDatabase, realDatabaseWith, tempDir } from "./helpers.ts";
import { SERVER, startServer } from "./server-process.ts";

async function refusal(databasePath: string) {
  const started = performance.now();
  const proc = Bun.spawn(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: databasePath, PORT: "0" }, stdout: "pipe", stderr: "pipe" });
  const code = await proc.exited;
  const stderr = await new Response(proc.stderr).text();
  return { code, stderr, ms: performance.now() - started };
}

describe("a running server", async () => {
  const { proc, origin } = await startServer({ DATABASE_PATH: realDatabase().path, BASE_PATH: "/feed" });
  afterAll(() => proc.kill());

  test("serves a rate over HTTP", async () => {
    const response = await fetch(`${origin}/feed/vat/exchange-rate/usd/2024-01-15`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"currencyCode":"USD","currencyName":"US Dollar","effectiveFrom":"2024-01-01","rate":1.2651}');
  });

  test("serves the versions and the errors", async () => {
    expect((await fetch(`${origin}/feed/versions/current`)).status).toBe(200);
    const bad = await fetch(`${origin}/feed/vat/exchange-rate/usd/2025-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    const post = await fetch(`${origin}/feed/versions/current`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  test("answers HEAD without a body but with GET's length", async () => {
    const head = await fetch(`${origin}/feed/versions/current`, { method: "HEAD" });
    const get = await fetch(`${origin}/feed/versions/current`);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String((await get.arrayBuffer()).byteLength));
    expect(await head.text()).toBe("");
    // HEAD carries Date as GET does, problems included.
    for (const path of ["/feed/versions/current", "/feed/nope"]) {
      const date = (await fetch(`${origin}${path}`, { method: "HEAD" })).headers.get("date");
      expect([path, Math.abs(Date.parse(date ?? "") - Date.now()) < 5_000]).toEqual([path, true]);
    }
  });
});

test("listening on a wildcard address, the server also prints an address a person can open", async () => {
  const server = await startServer({ HOST: "0.0.0.0", BASE_PATH: "/api" });
  try {
    const port = new URL(server.origin).port;
    await Bun.sleep(50);
    expect(server.stdout()).toContain(`feed-service: open http://localhost:${port}/api/ in a browser`);
  } finally {
    server.proc.kill();
  }
});

describe("without a usable database the server refuses to start, saying why in one line", () => {
  test("missing file", async () => {
    const { code, stderr, ms } = await refusal(join(tempDir(), "absent.sqlite"));
    expect(code).not.toBe(0);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("does not exist: run `bun run db:build`");
    expect(ms).toBeLessThan(5_000); // generous for CI; the usual figure is well under a second
  });

  test("not a SQLite file", async () => {
    const path = join(tempDir(), "feed.sqlite");
    writeFileSync(path, "this is not a database, just text that is long enough to be read as a header by sqlite".repeat(20));
    const { code, stderr } = await refusal(path);
    expect(code).not.toBe(0);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/not a feed database|cannot be opened/);
  });

  test("a database of another schema version", async () => {
    const { code, stderr } = await refusal(realDatabaseWith("schema_version", "0"));
    expect(code).not.toBe(0);
    expect(stderr.trim()).toContain(`has schema version 0, this server needs ${SCHEMA_VERSION}: run \`bun run db:build\``);
  });

  test("a database whose facts are not the ones its build wrote (a flipped digit in a rate)", async () => {
    const { code, stderr } = await refusal(fixtureDatabaseAfter("UPDATE periods SET rate = '1.5563' WHERE currency_code = 'USD' AND starts_on = '2015-01-01'"));
    expect(code).not.toBe(0);
    expect(stderr.trim()).toMatch(/^feed-service: database \S+ does not hold the facts its build wrote \(their SHA-256 differs from the one recorded\): run `bun run db:build`$/);
  });

  test("an SQLite file that is not a feed database", async () => {
    const path = join(tempDir(), "other.sqlite");
    const db = new Database(path, { create: true });
    db.run("CREATE TABLE t (x)");
    db.close();
    const { code, stderr } = await refusal(path);
    expect(code).not.toBe(0);
    expect(stderr.trim()).toContain("is not a feed database");
  });
});
