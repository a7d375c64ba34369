// `bun run bench [rounds] [seconds]`: the service in production mode against
// bare Bun.serve returning a constant body of the same size, driven
// alternately by wrk (1 thread, 64 connections) after a warm-up. Prints
// per-target req/s, p50 and p99, each round's ratio to the baseline and the
// median ratio; the server's CPU time per request; the RSS of both after
// every round; then cold start beside bare Bun's, what opening the database
// costs in bun:sqlite alone (sqlite-floor.ts), database build time and the
// size of the serving code.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildDatabase } from "../../src/build/build-database.ts";
import { loadConfig, loadPipelineConfig } from "../../src/config.ts";
import { crawlPaths, PRODUCTION_SERVER, requestMix, ROOT, rssMiB, spawnListening, startProductionServer } from "./server-under-test.ts";

const rounds = Number(process.argv[2] ?? 5);
const seconds = Number(process.argv[3] ?? 5);
const CONNECTIONS = 64;

if (Bun.spawnSync(["sh", "-c", "command -v wrk"]).exitCode !== 0) {
  console.error("bench: wrk is not installed (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)");
  process.exit(2);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const work = mkdtempSync(join(tmpdir(), "feed-bench-"));
const mix = await requestMix(9_000);
const ok = (kind: string) => mix.filter((s) => s.kind === kind && s.method === "GET" && s.expected === 200).map((s) => s.path);
const CRAWL = 60_000;
const routes: Record<string, string[]> = {
  [`crawl, ${fmt(CRAWL)} distinct (currency, date) lookups`]: crawlPaths(CRAWL),
  "dated rate, 1,000 (currency, date) pairs": ok("rate").slice(0, 1_000),
  // Today's answers depend on the date: a 404 once the data is older than today.
  "today, all currencies": [...new Set(mix.filter((s) => s.kind === "today").map((s) => s.path))],
  "versions/current": ["/versions/current"],
  "versions/detail": ["/versions/detail"],
};

/** A wrk Lua script that walks `paths` in turn, one per request. */
function luaScript(name: string, paths: string[]): string {
  const file = join(work, `${name.replace(/\W+/g, "-")}.lua`);
  const list = paths.map((p) => JSON.stringify(p)).join(",\n");
  writeFileSync(file, `local paths = {\n${list}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`);
  return file;
}

interface Run {
  requests: number;
  /** The server's CPU time (user + system) per request answered, in µs. */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  socketErrors: number;
}

/**
 * A process's CPU time so far, in seconds (Linux /proc, clock ticks of 1/100 s).
 * Per request it is a steadier figure than req/s on a shared machine: wrk and
 * the server share two cores, and a neighbour's load moves throughput by ±20%
 * from one run to the next, while the work a request costs moves much less.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function wrk(origin: string, script: string | undefined, duration: number, pid: number): Run {
  const args = ["wrk", "-t1", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency", ...(script ? ["-s", script] : []), `${origin}/`];
  const cpuBefore = cpuSeconds(pid);
  const out = Bun.spawnSync(args).stdout.toString();
  const cpu = cpuSeconds(pid) - cpuBefore;
  const ms = (label: string) => {
    const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return m ? Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1) : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    requests,
    cpuUs: (cpu * 1e6) / requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: ms("50"),
    p99: ms("99"),
    socketErrors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
  };
}

const service = await startProductionServer();
const probe = await fetch(`${service.origin}${ok("rate")[0]}`);
const bodyBytes = (await probe.arrayBuffer()).byteLength;
const baseline = await spawnListening(["bun", resolve(import.meta.dir, "baseline.ts")], { env: { ...process.env, PORT: "0", BODY_BYTES: String(bodyBytes) } });

console.log(`bench: ${rounds} rounds × ${seconds} s per target, wrk -t1 -c${CONNECTIONS}; baseline body ${bodyBytes} bytes`);
console.log(`machine: ${navigator.hardwareConcurrency} CPUs, ${process.platform} ${process.arch}, Bun ${Bun.version}`);

const scripts = Object.fromEntries(Object.entries(routes).map(([name, paths]) => [name, luaScript(name, paths)]));
// Warm-up: every path once through each, then a short run.
wrk(baseline.origin, undefined, 2, baseline.proc.pid);
for (const script of Object.values(scripts)) wrk(service.origin, script, 2, service.proc.pid);

const results: Record<string, Run[]> = { baseline: [] };
for (const name of Object.keys(routes)) results[name] = [];
// Memory after each round, against the requests served so far: flat is the target.
const memory: { requests: number; rss: number; baseline: number }[] = [];
let served = 0;
for (let round = 1; round <= rounds; round++) {
  results.baseline!.push(wrk(baseline.origin, undefined, seconds, baseline.proc.pid));
  for (const [name, script] of Object.entries(scripts)) {
    const run = wrk(service.origin, script, seconds, service.proc.pid);
    results[name]!.push(run);
    served += run.requests;
  }
  memory.push({ requests: served, rss: rssMiB(service.proc.pid), baseline: rssMiB(baseline.proc.pid) });
}
service.proc.kill();
baseline.proc.kill();
// Servers still draining must not share the CPUs with the cold starts below.
await Promise.all([service.proc.exited, baseline.proc.exited]);

console.log("");
console.log(`${"target".padEnd(42)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}  ratio per round → median`);
for (const [name, runs] of Object.entries(results)) {
  const ratios = runs.map((r, i) => r.rps / results.baseline![i]!.rps);
  const errors = runs.reduce((n, r) => n + r.socketErrors, 0);
  console.log(
    `${name.padEnd(42)} ${fmt(median(runs.map((r) => r.rps))).padStart(9)} ${fmt(median(runs.map((r) => r.p50)), 2).padStart(7)} ${fmt(median(runs.map((r) => r.p99)), 2).padStart(7)}  ` +
      (name === "baseline" ? "1.00×" : `${ratios.map((x) => x.toFixed(2)).join(" ")} → ${median(ratios).toFixed(2)}×`) +
      (errors ? `  (${errors} socket errors)` : ""),
  );
}

console.log("");
for (const [name, runs] of Object.entries(results)) {
  if (name === "baseline") continue;
  const ratios = runs.map((r, i) => r.p99 / results.baseline![i]!.p99);
  console.log(`p99 against bare Bun's, ${name}: ${ratios.map((x) => x.toFixed(2)).join(" ")} → ${median(ratios).toFixed(2)}×`);
}

console.log("");
const baselineCpu = median(results.baseline!.map((r) => r.cpuUs));
for (const [name, runs] of Object.entries(results)) {
  const cpu = runs.map((r) => r.cpuUs);
  console.log(`server CPU per request, ${name}: ${cpu.map((x) => x.toFixed(1)).join(" ")} → ${median(cpu).toFixed(1)} µs (${(baselineCpu / median(cpu)).toFixed(2)}× bare Bun's speed)`);
}

/** Spawn → first 200 on `path`, in ms: how long a new process takes to serve. */
async function coldStart(command: string[], port: number, path: string): Promise<number> {
  const started = performance.now();
  const proc = Bun.spawn(command, { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port) }, stdout: "ignore", stderr: "ignore" });
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

// Cold starts, median of 5 each, alternating: the service, and bare Bun as the floor of any start.
const starts: number[] = [];
const bareStarts: number[] = [];
for (let i = 0; i < 5; i++) {
  starts.push(await coldStart(["bun", PRODUCTION_SERVER], 40_000 + 2 * i, "/versions/current"));
  bareStarts.push(await coldStart(["bun", resolve(import.meta.dir, "baseline.ts")], 40_001 + 2 * i, "/"));
}

// What opening the database costs in bun:sqlite alone, in a fresh process each time (sqlite-floor.ts).
const floors = Array.from({ length: 5 }, () => JSON.parse(Bun.spawnSync(["bun", resolve(import.meta.dir, "sqlite-floor.ts"), loadConfig().databasePath]).stdout.toString()) as { quickCheckMs: number; readMs: number; bytes: number; rssMiB: number });

const builds: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  buildDatabase({ ...loadPipelineConfig(), databasePath: join(work, `build-${i}.sqlite`) });
  builds.push(performance.now() - started);
}

console.log("");
console.log(`cold start (spawn → first 200), median of 5: ${fmt(median(starts), 1)} ms  [${starts.map((s) => s.toFixed(1)).join(", ")}]; bare Bun ${fmt(median(bareStarts), 1)} ms`);
console.log(
  `opening the database in bun:sqlite alone (fresh process, median of 5): quick_check ${fmt(median(floors.map((f) => f.quickCheckMs)), 1)} ms, ` +
    `reading the served tables (${fmt(floors[0]!.bytes / 1e6, 1)} MB) ${fmt(median(floors.map((f) => f.readMs)), 1)} ms, RSS +${fmt(median(floors.map((f) => f.rssMiB)), 1)} MiB`,
);
console.log(`RSS after each round (MiB), service against bare Bun: ${memory.map((m) => `${m.rss} vs ${m.baseline} (${(m.requests / 1e6).toFixed(1)} M requests)`).join(", ")}`);
console.log(`RSS above bare Bun's after the last round: ${(memory.at(-1)!.rss - memory.at(-1)!.baseline).toFixed(1)} MiB`);
console.log(`database build from the real snapshot, median of 3: ${fmt(median(builds))} ms`);

// The serving code: everything in src/ but the build pipeline, non-blank lines.
const glob = new Bun.Glob("src/**/*.ts");
let lines = 0;
for await (const file of glob.scan(ROOT)) {
  if (file.startsWith("src/build/")) continue;
  lines += (await Bun.file(join(ROOT, file)).text()).split("\n").filter((l) => l.trim() !== "").length;
}
console.log(`serving code (src/ outside src/build): ${fmt(lines)} non-blank lines`);
