// `bun run bench [--against <git-ref> | --bans N[,M]] [--rounds N] [--seconds S] [--only <route>]`: the
// service in production mode (the bundle, request logs off) driven by wrk
// (1 thread, 64 connections) on each route in turn. With --against, that ref
// is built in a temporary worktree and run alternately with this working
// tree in the same rounds, on the same paths, so a shared, noisy machine
// moves both alike; without it, bare Bun.serve returning a constant body is
// the other target, the floor of any server; with --bans, this tree with a
// ban list of N ranges against itself with none (or with M). Prints per route the server's
// CPU time per request (steadier than req/s when wrk and the server share
// the cores), req/s and p99 for each target and their ratio; then cold start
// (spawn → first 200), RSS after the rounds, the database file's size and
// the time `bun run db:build` takes, for each.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crawlPaths, requestMix, ROOT, rssMiB, spawnListening } from "./server-under-test.ts";

const { values: args } = parseArgs({ options: { against: { type: "string" }, rounds: { type: "string", default: "3" }, seconds: { type: "string", default: "3" }, only: { type: "string" }, bans: { type: "string" } } });
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const CONNECTIONS = 64;

if (Bun.spawnSync(["sh", "-c", "command -v wrk"]).exitCode !== 0) {
  console.error("bench: wrk is not installed (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)");
  process.exit(2);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const work = mkdtempSync(join(tmpdir(), "feed-bench-"));

function sh(command: string[], cwd: string, what: string): void {
  const run = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, NODE_ENV: "" } });
  if (run.exitCode !== 0) {
    console.error(`bench: ${what} failed:\n${run.stderr.toString().slice(-2000)}`);
    process.exit(1);
  }
}

/** A tree the bench can run: its bundled server and its own database. */
interface Tree {
  name: string;
  root: string;
  server: string[];
  database: string;
  env?: Record<string, string>;
}

function prepareTree(name: string, root: string): Tree {
  sh(["bun", "run", "build"], root, `bun run build in ${name}`);
  return { name, root, server: ["bun", join(root, "dist/server.js")], database: join(root, "db/feed.sqlite") };
}

const self = prepareTree("this tree", ROOT);
let other: Tree;
let worktree: string | undefined;
if (args.against) {
  worktree = join(work, "against");
  sh(["git", "worktree", "add", "--detach", worktree, args.against], ROOT, `git worktree add ${args.against}`);
  process.on("exit", () => Bun.spawnSync(["git", "worktree", "remove", "--force", worktree!], { cwd: ROOT }));
  // Its own locked dependencies; the postinstall step builds its database.
  sh(["bun", "install", "--frozen-lockfile"], worktree, `bun install in ${args.against}`);
  other = prepareTree(args.against, worktree);
} else if (args.bans) {
  // This tree with a ban list of N ranges (none covering the loopback the bench asks from) against the same tree with
  // none, which never asks who the client is, or with M, which asks as N does: then the ratio is what the list's length costs.
  const [n, m = 0] = args.bans.split(",").map(Number) as [number, number?];
  const banFile = (count: number) => {
    const file = join(work, `bans-${count}.txt`);
    const lines = Array.from({ length: count }, (_, i) => (i % 2 ? `2001:db8:${(i % 65536).toString(16)}:${Math.floor(i / 65536)}::/64` : `${11 + (i % 200)}.${(i >> 8) & 255}.${i & 255}.0/24`));
    writeFileSync(file, `${lines.join("\n")}\n`);
    return file;
  };
  other = { ...self, name: m ? `${m} bans` : "no bans", env: m ? { BANNED_IPS_FILE: banFile(m) } : {} };
  self.name = `${n} bans`;
  self.env = { BANNED_IPS_FILE: banFile(n) };
} else {
  other = { name: "bare Bun", root: ROOT, server: ["bun", resolve(import.meta.dir, "baseline.ts")], database: "" };
}
const targets = [self, other];

const mix = await requestMix(9_000);
const ok = (kind: string) => mix.filter((s) => s.kind === kind && s.method === "GET" && s.expected === 200).map((s) => s.path);
const codes = [...new Set(ok("rate").map((p) => p.split("/")[3]!.toUpperCase()))];
const tableDates = [...new Set(ok("rate").map((p) => p.split("/")[4]!))].slice(0, 300);
const CRAWL = 60_000;
const routes: Record<string, string[]> = {
  [`crawl, ${fmt(CRAWL)} distinct (currency, date) lookups`]: crawlPaths(CRAWL),
  "dated rate, 1,000 (currency, date) pairs": ok("rate").slice(0, 1_000),
  "today, every currency": [...new Set(mix.filter((s) => s.kind === "today").map((s) => s.path))],
  [`a date's table, ${tableDates.length} dates`]: tableDates.map((d) => `/vat/exchange-rates/${d}`),
  "a currency's history, every currency": codes.map((c) => `/vat/currencies/${c}`),
  "versions/current": ["/versions/current"],
};

/** A wrk Lua script that walks `paths` in turn, one per request. */
function luaScript(name: string, paths: string[]): string {
  const file = join(work, `${name.replace(/\W+/g, "-")}.lua`);
  writeFileSync(file, `local paths = {\n${paths.map((p) => JSON.stringify(p)).join(",\n")}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`);
  return file;
}

interface Run {
  requests: number;
  /** The server's CPU time (user + system) per request answered, in µs. */
  cpuUs: number;
  rps: number;
  p99: number;
  errors: number;
}

/** A process's CPU time so far, in seconds (Linux /proc, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function wrk(origin: string, script: string, duration: number, pid: number): Run {
  const cpuBefore = cpuSeconds(pid);
  const out = Bun.spawnSync(["wrk", "-t1", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency", "-s", script, `${origin}/`]).stdout.toString();
  const cpu = cpuSeconds(pid) - cpuBefore;
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    requests,
    cpuUs: (cpu * 1e6) / requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p99: p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : NaN,
    errors: non2xx + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  };
}

const serverEnv = (tree: Tree, port = "0") => ({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: port, DB_WATCH_INTERVAL_MS: "0", ...(tree.database ? { DATABASE_PATH: tree.database } : {}), ...tree.env });
const servers = await Promise.all(targets.map((tree) => spawnListening(tree.server, { env: serverEnv(tree) })));

console.log(`bench: ${rounds} rounds × ${seconds} s per route and target, wrk -t1 -c${CONNECTIONS}, targets alternating: ${targets.map((t) => t.name).join(" | ")}`);
console.log(`machine: ${navigator.hardwareConcurrency} CPUs, ${process.platform} ${process.arch}, Bun ${Bun.version}`);

// --only <pattern>: just the routes whose name matches it (say, "crawl|table"), to compare one change quickly.
const scripts = Object.entries(routes).filter(([name]) => !args.only || new RegExp(args.only).test(name)).map(([name, paths]) => [name, luaScript(name, paths)] as const);
// Warm-up: every path once through each target, then a short run.
for (const [, script] of scripts) targets.forEach((_, t) => wrk(servers[t]!.origin, script, 1, servers[t]!.proc.pid));

const results = new Map(scripts.map(([name]) => [name, targets.map((): Run[] => [])]));
for (let round = 0; round < rounds; round++) {
  for (const [name, script] of scripts) {
    // Alternate which target goes first, so neither always follows the other.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const t of order) results.get(name)![t]!.push(wrk(servers[t]!.origin, script, seconds, servers[t]!.proc.pid));
  }
}
const rss = servers.map((s) => rssMiB(s.proc.pid));
for (const s of servers) s.proc.kill();
await Promise.all(servers.map((s) => s.proc.exited));

const [a, b] = targets.map((t) => t.name) as [string, string];
console.log("");
console.log(`server CPU per request (µs, median), req/s and p99 (ms); ratio = ${a} ÷ ${b}, below 1 is cheaper`);
console.log(`${"route".padEnd(46)} ${a.padStart(10)} ${b.padStart(10)}  ratio   ${"req/s".padStart(15)}  ${"p99".padStart(13)}`);
for (const [name, [mine, theirs]] of results) {
  const cpu = [median(mine!.map((r) => r.cpuUs)), median(theirs!.map((r) => r.cpuUs))] as const;
  const rps = [median(mine!.map((r) => r.rps)), median(theirs!.map((r) => r.rps))];
  const p99 = [median(mine!.map((r) => r.p99)), median(theirs!.map((r) => r.p99))];
  const errors = [...mine!, ...theirs!].reduce((n, r) => n + r.errors, 0);
  console.log(
    `${name.padEnd(46)} ${fmt(cpu[0], 1).padStart(10)} ${fmt(cpu[1], 1).padStart(10)}  ${(cpu[0] / cpu[1]).toFixed(2)}×  ` +
      `${fmt(rps[0]!).padStart(7)} ${fmt(rps[1]!).padStart(7)}  ${fmt(p99[0]!, 2).padStart(6)} ${fmt(p99[1]!, 2).padStart(6)}` +
      (errors ? `  (${errors} non-2xx or socket errors)` : ""),
  );
}

/** Spawn → first 200 on `path`, in ms: how long a new process takes to serve. */
async function coldStart(tree: Tree, port: number, path: string): Promise<number> {
  const started = performance.now();
  const proc = Bun.spawn(tree.server, { env: serverEnv(tree, String(port)), stdout: "ignore", stderr: "ignore" });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).status === 200) break;
    } catch {
      await Bun.sleep(1);
    }
  }
  const elapsed = performance.now() - started;
  proc.kill();
  await proc.exited;
  return elapsed;
}

const starts = targets.map((): number[] => []);
for (let i = 0; i < 7; i++) {
  for (const t of i % 2 === 0 ? [0, 1] : [1, 0]) starts[t]!.push(await coldStart(targets[t]!, 41_000 + 2 * i + t, args.against ? "/vat/exchange-rate/usd/2024-01-15" : "/"));
}

/** `bun run db:build` in a tree, into a temporary file: what `bun install` spends on the database. */
function buildMs(tree: Tree): number {
  const started = performance.now();
  sh(["bun", "run", "db:build"], tree.root, `db:build in ${tree.name}`);
  return performance.now() - started;
}
const builds = targets.map((): number[] => []);
if (args.against) for (let i = 0; i < 3; i++) targets.forEach((tree, t) => builds[t]!.push(buildMs(tree)));

console.log("");
const row = (label: string, values: string[]) => console.log(`${label.padEnd(46)} ${values.map((v) => v.padStart(10)).join(" ")}`);
row("", targets.map((t) => t.name));
row("cold start, spawn → first 200, median of 7 (ms)", starts.map((s) => fmt(median(s), 1)));
row("RSS after the rounds (MiB)", rss.map((r) => fmt(r, 1)));
if (args.against) {
  row("database file (MB)", targets.map((t) => fmt(statSync(t.database).size / 1e6, 2)));
  row("bun run db:build, median of 3 (ms)", builds.map((b) => fmt(median(b))));
}
console.log(`cold starts (ms): ${targets.map((t, i) => `${t.name} [${starts[i]!.map((s) => s.toFixed(1)).join(", ")}]`).join("; ")}`);
rmSync(join(work, "against"), { recursive: true, force: true });
