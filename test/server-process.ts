// Starts a server process on an ephemeral loopback port, waits for its
// "listening on <origin>" line(s) and keeps collecting its output.
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
