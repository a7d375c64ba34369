// What a hostile review found (#12): the edge (CONNECT, forwarded addresses
// with ports and brackets, SIGTERM under keep-alive load), settings that
// cannot be right, and build inputs that must fail naming file and line.
import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { createApp } from "../src/app/app.ts";
import { buildDatabase } from "../src/build/build-database.ts";
import { AddressList } from "../src/http/address-list.ts";
import { BanList } from "../src/http/ban-list.ts";
import { clientAddress } from "../src/http/client-address.ts";
import { setLogLevel } from "../src/log.ts";
import { buildOptions, fixtureSnapshot, realAnswers, realDatabase, ROOT, tempDir } from "./helpers.ts";
import { SERVER, spawnListening, startServer, stopUnderLoad } from "./server-process.ts";

const jan = (code: string, rate: string) => `Somewhere,Money,${code},${rate},01/01/2024,31/01/2024`;

/** Starts src/server.ts with `env`; for a refusal, its exit code and stderr (bounded: a hang is a failure). */
async function refusal(env: Record<string, string>) {
  const proc = Bun.spawn(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: realDatabase().path, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env }, stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill(9), 5_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, stderr: (await new Response(proc.stderr).text()).trim() };
}

describe("the edge", () => {
  test("CONNECT gets a 405 problem and the connection is closed", async () => {
    const server = await spawnListening(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: realDatabase().path, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn" } });
    try {
      const { port } = new URL(server.origin);
      const { text, closedByServer } = await new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1");
        let text = "";
        socket.on("data", (chunk) => (text += chunk));
        socket.on("end", () => resolve({ text, closedByServer: true }));
        setTimeout(() => (socket.destroy(), resolve({ text, closedByServer: false })), 2_000);
        socket.write("CONNECT a:1 HTTP/1.1\r\nHost: a:1\r\n\r\n");
      });
      expect(text).toStartWith("HTTP/1.1 405");
      expect(text.toLowerCase()).toContain("connection: close");
      expect(text).toContain('"type":"urn:feed-service:problem:method-not-allowed"');
      expect(closedByServer).toBe(true);
    } finally {
      server.proc.kill();
    }
  });

  test("forwarded addresses with ports or brackets are the clients they name; an unparsable hop is never skipped", () => {
    const trusted = AddressList.parse("127.0.0.1, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "9.9.9.9:4711", trusted)).toBe("9.9.9.9");
    expect(clientAddress("127.0.0.1", "[2001:db8::5]", trusted)).toBe("2001:db8::5");
    expect(clientAddress("127.0.0.1", "[2001:db8::5]:443", trusted)).toBe("2001:db8::5");
    expect(clientAddress("127.0.0.1", "9.9.9.9, 10.1.2.3:80", trusted)).toBe("9.9.9.9");
    // The client cannot hide behind a hop the server cannot read: the walk stops there.
    expect(clientAddress("127.0.0.1", "9.9.9.9, nonsense", trusted)).toBe("nonsense");
    expect(clientAddress("127.0.0.1", "9.9.9.9, 1.2.3", trusted)).toBe("1.2.3");
    expect(clientAddress("127.0.0.1", "unknown", trusted)).toBe("unknown");
  });

  test("behind a trusted proxy, a banned client is refused whichever form the proxy writes", async () => {
    const bans = new BanList(AddressList.parse("9.9.9.9, 2001:db8::5", "BANNED_IPS"));
    const app = createApp({ answers: realAnswers(), bans });
    const trusted = AddressList.parse("127.0.0.1");
    const status = async (forwarded: string) =>
      (await app(new Request("http://feed.test/versions/current", { headers: { "x-forwarded-for": forwarded } }), { clientAddress: () => clientAddress("127.0.0.1", forwarded, trusted) })).status;
    for (const forwarded of ["9.9.9.9", "9.9.9.9:4711", "[2001:db8::5]", "[2001:db8::5]:443", "2001:db8::5"]) expect([forwarded, await status(forwarded)]).toEqual([forwarded, 403]);
    expect(await status("9.9.9.8:4711")).toBe(200);
  });

  test("SIGTERM under keep-alive load: every request sent is answered, the last with Connection: close, then exit 0", async () => {
    const server = await spawnListening(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: realDatabase().path, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn" } });
    const { exitCode, sent, answered, resets, told } = await stopUnderLoad(server, 32, { reconnect: false });
    expect(exitCode).toBe(0);
    expect({ resets, unanswered: sent - answered, told }).toEqual({ resets: 0, unanswered: 0, told: 32 });
    expect(answered).toBeGreaterThan(320);
  }, 15_000);
});

test("SIGTERM while keep-alive clients reconnect as soon as they are told to close: every request sent is answered, exit 0 within a second", async () => {
  const server = await spawnListening(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: realDatabase().path, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn" } });
  const { exitCode, ms, sent, answered, resets, told } = await stopUnderLoad(server, 16);
  expect(exitCode).toBe(0);
  // Well inside the 7 s default; the bound leaves room for a loaded machine.
  expect(ms).toBeLessThan(2_000);
  expect({ resets, unanswered: sent - answered, told }).toEqual({ resets: 0, unanswered: 0, told: 16 });
  expect(answered).toBeGreaterThan(160);
}, 15_000);

describe("settings that cannot be right stop the start, with one line naming them", async () => {
  const dir = tempDir();
  const fifo = join(dir, "feed.fifo");
  Bun.spawnSync(["mkfifo", fifo]);
  const busy = createServer().listen(0, "127.0.0.1");
  await new Promise((done) => busy.once("listening", done));
  afterAll(() => busy.close());
  const junk = join(dir, "junk.pem");
  writeFileSync(junk, "-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n");
  const [key, cert, otherKey] = [join(dir, "key.pem"), join(dir, "cert.pem"), join(dir, "other-key.pem")];
  Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", key, "-out", cert]);
  Bun.spawnSync(["openssl", "genrsa", "-out", otherKey, "2048"]);

  const cases: [string, Record<string, string>, string | RegExp][] = [
    ["a ban file that does not exist", { BANNED_IPS_FILE: join(dir, "bans.txt") }, `configuration: BANNED_IPS_FILE ${join(dir, "bans.txt")} does not exist`],
    ["a ban file that is a directory", { BANNED_IPS_FILE: dir }, `configuration: BANNED_IPS_FILE ${dir} is not a regular file`],
    ["a shorthand address", { BANNED_IPS: "1.2.3" }, 'configuration: BANNED_IPS:1: "1.2.3" is not a full IP address or CIDR range'],
    ["a base path with a regex character", { BASE_PATH: "/a(" }, /^configuration: BASE_PATH must be a plain path prefix .* not "\/a\("$/],
    ["a base path with a space", { BASE_PATH: "/a b" }, /^configuration: BASE_PATH must be/],
    ["a base path with a route parameter", { BASE_PATH: "/:t" }, /^configuration: BASE_PATH must be/],
    ["HTTP_PORT without TLS", { HTTP_PORT: "8080" }, /^configuration: HTTP_PORT is a plain-HTTP port beside HTTPS/],
    ["a HOST that is not this machine's", { HOST: "203.0.113.9" }, /^HOST 203\.0\.113\.9 cannot be listened on/],
    ["a port in use", { PORT: String((busy.address() as { port: number }).port) }, `PORT ${(busy.address() as { port: number }).port} is already in use on 127.0.0.1`],
    ["a certificate that is not one", { TLS_CERT_FILE: junk, TLS_KEY_FILE: key }, `configuration: TLS_CERT_FILE ${junk} is not a PEM certificate`],
    ["a key that is not one", { TLS_CERT_FILE: cert, TLS_KEY_FILE: junk }, `configuration: TLS_KEY_FILE ${junk} is not a PEM private key`],
    ["a key that is not the certificate's", { TLS_CERT_FILE: cert, TLS_KEY_FILE: otherKey }, `configuration: TLS_KEY_FILE ${otherKey} is not the key of TLS_CERT_FILE ${cert}`],
    ["a certificate that is a device that never ends", { TLS_CERT_FILE: "/dev/zero", TLS_KEY_FILE: key }, "configuration: TLS_CERT_FILE /dev/zero cannot be read (not a regular file)"],
    ["a certificate that is a FIFO", { TLS_CERT_FILE: fifo, TLS_KEY_FILE: key }, `configuration: TLS_CERT_FILE ${fifo} cannot be read (not a regular file)`],
    ["a database that is a FIFO", { DATABASE_PATH: fifo }, `database ${fifo} is not a regular file: run \`bun run db:build\``],
    ["a SQLite driver Bun does not have", { SQLITE_DRIVER: "sql.js" }, "configuration: SQLITE_DRIVER=sql.js is not available on this runtime; it has bun:sqlite"],
    ["a watch interval no timer can hold", { DB_WATCH_INTERVAL_MS: "3000000000" }, /^configuration: DB_WATCH_INTERVAL_MS must be a whole number of milliseconds from 0 to 2147483647/],
    ["a log level that is not one", { LOG_LEVEL: "constructor" }, /^configuration: LOG_LEVEL must be one of/],
  ];
  const outcomes = await Promise.all(cases.map(([, env]) => refusal(env)));

  test.each(cases.map((c, i) => [c[0], c[2], i] as const))("%s", (_name, line, i) => {
    const { code, stderr } = outcomes[i]!;
    expect(code).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    const message = stderr.replace(/^feed-service: /, "");
    if (typeof line === "string") expect(message).toBe(line);
    else expect(message).toMatch(line);
  });
});

test("a certificate that has expired, or expires within 14 days, starts with one warning naming it and the date", async () => {
  const dir = tempDir();
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  // Valid for one day from now: inside the 14 days.
  Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", key, "-out", cert]);
  const server = await startServer({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, LOG_LEVEL: "warn" });
  try {
    await Bun.sleep(100);
    const warnings = server.output().split("\n").filter((l) => l.includes("TLS certificate"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn", message: "TLS certificate expires within 14 days", file: cert, validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  } finally {
    server.proc.kill();
  }
});

describe("while serving", () => {
  test("a ban file that vanishes keeps the last list with a warning; a same-size copy with the old mtime is still read", () => {
    const file = join(tempDir(), "bans.txt");
    writeFileSync(file, "192.0.2.1\n");
    const { mtime } = statSync(file);
    const bans = new BanList(AddressList.EMPTY, file);
    expect([bans.has("192.0.2.1"), bans.has("192.0.2.2")]).toEqual([true, false]);

    writeFileSync(file, "192.0.2.2\n");
    utimesSync(file, mtime, mtime); // what cp -p leaves: same size, same mtime
    bans.reload();
    expect([bans.has("192.0.2.1"), bans.has("192.0.2.2")]).toEqual([false, true]);

    setLogLevel("warn");
    const warn = spyOn(console, "error").mockImplementation(() => {});
    try {
      rmSync(file);
      bans.reload();
      bans.reload();
      expect(bans.has("192.0.2.2")).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(warn.mock.calls[0]![0]))).toMatchObject({ level: "warn", message: "ban file unreadable, keeping the previous list", file });
    } finally {
      warn.mockRestore();
      setLogLevel("silent");
    }
  });

  test("a FIFO renamed over the database is refused by the watch; requests never wait on it", async () => {
    const dir = tempDir();
    const databasePath = join(dir, "feed.sqlite");
    copyFileSync(realDatabase().path, databasePath);
    const server = await spawnListening(["bun", SERVER], { env: { ...process.env, DATABASE_PATH: databasePath, HOST: "127.0.0.1", PORT: "0", DB_WATCH_INTERVAL_MS: "20", LOG_LEVEL: "warn" } });
    try {
      Bun.spawnSync(["mkfifo", join(dir, "fifo")]);
      renameSync(join(dir, "fifo"), databasePath);
      for (let i = 0; i < 20 && !server.output().includes("database refused"); i++) await Bun.sleep(50);
      expect(server.output()).toContain("is not a regular file");
      const started = performance.now();
      expect((await fetch(`${server.origin}/vat/exchange-rate/usd/2024-01-15`)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      server.proc.kill();
    }
  });
});

describe("the build", () => {
  test("a byte that is not UTF-8 names the file and the line", () => {
    const upstream = fixtureSnapshot({ "monthly_csv_2024-01.csv": [jan("USD", "1.27"), jan("EUR", "1.16")] });
    const file = join(upstream, "hmrc/monthly_csv_2024-01.csv");
    const bytes = readFileSync(file);
    const broken = Buffer.concat([bytes.subarray(0, bytes.indexOf("EUR")), Buffer.from([0xff, 0xfe]), bytes.subarray(bytes.indexOf("EUR"))]);
    writeFileSync(file, broken);
    expect(() => buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")))).toThrow(/^monthly_csv_2024-01\.csv:3: not UTF-8 text/);
  });

  test("a file name with an impossible date fails the build", () => {
    const upstream = fixtureSnapshot({ "monthly_csv_2024-01.csv": [jan("USD", "1.27")], "amendment_csv_2015-02-30.csv": ["Somewhere,Money,USD,1.5,30/01/2015,31/01/2015"] });
    expect(() => buildDatabase(buildOptions(upstream, join(tempDir(), "feed.sqlite")))).toThrow("amendment_csv_2015-02-30.csv: file name's date 2015-02-30 is not a real date");
  });

  test("DATABASE_PATH that is a directory fails db:build with one line", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "feed.sqlite"));
    const proc = Bun.spawn(["bun", "src/build/cli.ts"], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: join(dir, "feed.sqlite") }, stdout: "ignore", stderr: "pipe" });
    expect(await proc.exited).toBe(1);
    const lines = (await new Response(proc.stderr).text()).trim().split("\n");
    expect(lines[0]).toBe(`db:build failed: ${join(dir, "feed.sqlite")}: DATABASE_PATH is not a file (a directory?): point it at a file such as db/feed.sqlite`);
    expect(lines).toHaveLength(2); // and the line saying the database was left alone
  }, 15_000);
});
