// Shared by the soak and the benchmark: a production-mode server process on a
// loopback port, the request mix they drive, and the server's memory.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { prepareAnswers } from "../../src/app/answers.ts";
import { createApp } from "../../src/app/app.ts";
import { loadDatabaseFile } from "../../src/data/open-bun.ts";
import { setLogLevel } from "../../src/log.ts";
import { spawnListening } from "../server-process.ts";

export { spawnListening };

export const ROOT = resolve(import.meta.dir, "../..");

/** The production entry: src/server.ts bundled and minified by `bun run build` (it loads in a third of the time). */
export const PRODUCTION_SERVER = resolve(ROOT, "dist/server.js");

/** The service as production runs it: the bundle, request logging off (LOG_LEVEL=warn), on a free loopback port. */
export function startProductionServer(env: Record<string, string> = {}) {
  return spawnListening(["bun", PRODUCTION_SERVER], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: "0", ...env } });
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

export interface RequestSpec {
  kind: string;
  method: string;
  path: string;
  expected: number;
}

/** Deterministic pseudo-random numbers, so every run drives the same mix. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

/**
 * A mix of valid and invalid requests over realistic (currency, date) pairs;
 * each with the status the in-process app gives, which a server under load must match.
 */
export async function requestMix(count: number): Promise<RequestSpec[]> {
  setLogLevel("silent");
  const data = loadDatabaseFile(loadConfig().databasePath);
  const app = createApp({ answers: prepareAnswers(data, "") });
  const random = seeded(7);
  const codes = data.currencies.map((c) => c.code);
  const currency = new Map(data.currencies.map((c) => [c.code, c]));
  const day = (from: string, to: string) => new Date(Date.parse(from) + random() * (Date.parse(to) - Date.parse(from))).toISOString().slice(0, 10);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const makers: [string, () => [string, string]][] = [
    ["rate", () => { const c = currency.get(pick(codes))!; return ["GET", `/vat/exchange-rate/${random() < 0.5 ? c.code.toLowerCase() : c.code}/${day(c.firstDate, c.lastDate)}`]; }],
    ["rate", () => ["GET", `/vat/exchange-rate/${pick(codes)}/${day("2014-01-01", "2026-08-31")}`]],
    ["today", () => ["GET", `/vat/exchange-rate/${pick(codes)}`]],
    ["versions", () => ["GET", pick(["/versions/current", "/versions/detail"])]],
    ["head", () => ["HEAD", `/vat/exchange-rate/${pick(codes)}/${day("2014-01-01", "2026-08-31")}`]],
    ["bad-code", () => ["GET", `/vat/exchange-rate/${pick(["US", "usdx", "u5d", "%zz", "💷💷💷"])}/2024-01-15`]],
    ["bad-date", () => ["GET", `/vat/exchange-rate/usd/${pick(["2025-02-30", "2024-13-01", "15-01-2024", "2024-1-1"])}`]],
    ["unknown", () => ["GET", pick(["/vat/exchange-rate/xyz/2024-01-15", "/nope", "/vat/exchange-rate/usd/2031-01-01"])]],
    ["method", () => [pick(["POST", "PUT", "DELETE"]), "/versions/current"]],
  ];
  const specs: RequestSpec[] = [];
  for (let i = 0; i < count; i++) {
    const [kind, make] = makers[i % makers.length]!;
    const [method, path] = make();
    const expected = (await app(new Request(`http://local${path}`, { method }))).status;
    specs.push({ kind, method, path, expected });
  }
  return specs;
}

/**
 * `count` distinct well-formed dated paths spread over every currency's own
 * range, as when clients backfill years of rates: no path is asked twice in
 * a row, so nothing in front of the lookup could help.
 */
export function crawlPaths(count: number): string[] {
  const currencies = loadDatabaseFile(loadConfig().databasePath).currencies;
  const paths = new Set<string>();
  for (let i = 0; paths.size < count && i < count * 10; i++) {
    const c = currencies[i % currencies.length]!;
    const from = Date.parse(c.firstDate);
    const days = (Date.parse(c.lastDate) - from) / 86_400_000 + 1;
    // Each pass over the currencies moves every one to a different day (a prime step).
    const day = (Math.floor(i / currencies.length) * 7_919) % days;
    paths.add(`/vat/exchange-rate/${c.code}/${new Date(from + day * 86_400_000).toISOString().slice(0, 10)}`);
  }
  return [...paths];
}
