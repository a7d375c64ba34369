// `bun run soak [seconds] [connections]`: drives a mix of valid and invalid
// requests at the production server (default 60 s, 256 connections) and
// prints requests, errors by kind and the server's RSS at start and end.
// Exits non-zero on any transport error or unexpected status.
import { requestMix, rssMiB, startProductionServer } from "./server-under-test.ts";

const seconds = Number(process.argv[2] ?? process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.argv[3] ?? process.env.SOAK_CONNECTIONS ?? 256);

const mix = await requestMix(5_000);
const server = await startProductionServer();
const pid = server.proc.pid;
console.log(`soak: ${connections} connections for ${seconds} s against ${server.origin} (pid ${pid})`);

// Warm up, then take the starting memory.
await Promise.all(mix.slice(0, 2_000).map((s) => fetch(server.origin + s.path, { method: s.method }).then((r) => r.arrayBuffer())));
const rssStart = rssMiB(pid);
const samples: number[] = [rssStart];

let requests = 0;
const statuses = new Map<number, number>();
const transportErrors = new Map<string, number>();
const unexpected = new Map<string, number>();
const deadline = performance.now() + seconds * 1000;
const sampler = setInterval(() => samples.push(rssMiB(pid)), 5_000);

await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    for (let i = worker; performance.now() < deadline; i += connections) {
      const spec = mix[i % mix.length]!;
      try {
        const response = await fetch(server.origin + spec.path, { method: spec.method });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status !== spec.expected) {
          const key = `${spec.kind}: ${spec.method} expected ${spec.expected}, got ${response.status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
      } catch (e) {
        const key = (e as Error).message.slice(0, 80);
        transportErrors.set(key, (transportErrors.get(key) ?? 0) + 1);
      }
      requests++;
    }
  }),
);
clearInterval(sampler);
const rssEnd = rssMiB(pid);
server.proc.kill("SIGTERM");
const exitCode = await server.proc.exited;

const sum = (m: Map<unknown, number>) => [...m.values()].reduce((a, b) => a + b, 0);
console.log(`requests           ${requests.toLocaleString("en-GB")} (${Math.round(requests / seconds).toLocaleString("en-GB")} req/s)`);
console.log(`statuses           ${[...statuses].sort().map(([s, n]) => `${s}×${n}`).join(" ")}`);
console.log(`transport errors   ${sum(transportErrors)}${[...transportErrors].map(([k, n]) => `\n  ${n} × ${k}`).join("")}`);
console.log(`unexpected status  ${sum(unexpected)}${[...unexpected].map(([k, n]) => `\n  ${n} × ${k}`).join("")}`);
console.log(`server RSS         ${rssStart} MiB at start, ${rssEnd} MiB at end (samples: ${samples.join(", ")})`);
console.log(`server exit        ${exitCode} after SIGTERM`);
process.exit(sum(transportErrors) + sum(unexpected) === 0 && exitCode === 0 ? 0 : 1);
