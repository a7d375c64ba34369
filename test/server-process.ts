// Starts a server process on an ephemeral loopback port, waits for its
// "listening on <origin>" line(s) and keeps collecting its output.
import { connect } from "node:net";
import { join } from "node:path";
import { ROOT } from "./helpers.ts";

export const SERVER = join(ROOT, "src/server.ts");

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** How many "listening on" lines to wait for (HTTPS with HTTP_PORT prints two). */
  listeners?: number;
}

export async function spawnListening(command: string[], { env = process.env, cwd, listeners = 1 }: SpawnOptions = {}) {
  const proc = Bun.spawn(command, { env, cwd, stdout: "pipe", stderr: "pipe" });
  const decoder = new TextDecoder();
  let stdout = "";
  let stderr = "";
  (async () => {
    for await (const chunk of proc.stderr) stderr += decoder.decode(chunk);
  })();
  const reader = proc.stdout.getReader();
  while ((stdout.match(/listening on/g) ?? []).length < listeners) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening: ${stderr}`);
    stdout += decoder.decode(value);
  }
  const origins = [...stdout.matchAll(/listening on (https?:\/\/[^\s/]+)/g)].map((m) => m[1]!);
  // Keep draining stdout so the server never blocks on a full pipe.
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      stdout += decoder.decode(value);
    }
  })();
  return { proc, origin: origins[0]!, origins, stdout: () => stdout, output: () => stdout + stderr };
}

/** `bun src/server.ts` with request logs on, on a free loopback port. */
export function startServer(env: Record<string, string>, listeners = 1) {
  return spawnListening(["bun", SERVER], { env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env }, listeners });
}

/**
 * `count` clients as browsers and balancers behave: a keep-alive connection
 * asking again as soon as it is answered, and a new connection whenever the
 * server closes one, until the server refuses to connect (without
 * `reconnect`, each client stops when its connection closes). `finished()`
 * resolves once every client has stopped (refused), with what was sent, what
 * was answered, and the requests a closed or reset connection left unanswered.
 */
export function reconnectingClients(origin: string, count: number, { path = "/vat/exchange-rate/usd/2024-01-15", reconnect = true } = {}) {
  const { hostname, port } = new URL(origin);
  const request = `GET ${path} HTTP/1.1\r\nHost: feed.test\r\n\r\n`;
  /** `told`: the connections the server closed with Connection: close. */
  const tally = { sent: 0, answered: 0, resets: 0, told: 0 };
  const client = () =>
    new Promise<void>((resolve) => {
      let refused = false;
      const done = () => ((refused = true), resolve());
      const open = () => {
        const socket = connect(Number(port), hostname);
        let pending = 0;
        let buffer = "";
        let close = false;
        let counted = false;
        const lost = () => {
          if (pending > 0 && !counted) (tally.resets += pending), (counted = true);
        };
        socket.setEncoding("latin1");
        socket.on("connect", () => (socket.write(request), tally.sent++, pending++));
        socket.on("data", (chunk: string) => {
          buffer += chunk;
          for (;;) {
            const head = buffer.indexOf("\r\n\r\n");
            if (head < 0) return;
            const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, head))?.[1] ?? 0);
            if (buffer.length < head + 4 + length) return;
            if (!close && /connection: close/i.test(buffer.slice(0, head))) (close = true), tally.told++;
            buffer = buffer.slice(head + 4 + length);
            tally.answered++;
            pending--;
            if (!close) socket.write(request), tally.sent++, pending++;
          }
        });
        // Refused: the server stopped listening; the end for this client, not a reset.
        socket.on("error", (e: Error & { code?: string }) => (e.code === "ECONNREFUSED" ? done() : lost()));
        // Closed (told to, or reset): connect again, as a browser would, until refused; or, not reconnecting, the end.
        socket.on("close", () => {
          lost();
          if (!reconnect) done();
          else if (!refused) open();
        });
      };
      open();
    });
  const clients = Array.from({ length: count }, client);
  return { finished: async () => (await Promise.all(clients), tally) };
}

/**
 * Loads a listening server with `clients` keep-alive clients (see
 * reconnectingClients) for `warmMs`, sends SIGTERM, and reports how the
 * process ended, how long it took from the signal, and the clients' tally.
 */
export async function stopUnderLoad(server: Pick<Awaited<ReturnType<typeof spawnListening>>, "proc" | "origin">, clients: number, { reconnect = true, warmMs = 300 } = {}) {
  const load = reconnectingClients(server.origin, clients, { reconnect });
  await Bun.sleep(warmMs);
  const started = performance.now();
  server.proc.kill("SIGTERM");
  const exitCode = await server.proc.exited;
  const ms = performance.now() - started;
  return { exitCode, ms, ...(await load.finished()) };
}
