// Starts `bun src/server.ts` on an ephemeral loopback port and collects its output.
import { join } from "node:path";
import { ROOT } from "./helpers.ts";

export const SERVER = join(ROOT, "src/server.ts");

export async function startServer(env: Record<string, string>, listeners = 1) {
  const proc = Bun.spawn(["bun", SERVER], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const decoder = new TextDecoder();
  let stdout = "";
  let stderr = "";
  const reader = proc.stdout.getReader();
  while ((stdout.match(/listening on/g) ?? []).length < listeners) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${await new Response(proc.stderr).text()}`);
    stdout += decoder.decode(value);
  }
  const origins = [...stdout.matchAll(/listening on (https?:\/\/[^\s/]+)/g)].map((m) => m[1]!);
  const origin = origins[0];
  if (!origin) throw new Error(`no address in: ${stdout}`);
  // Keep draining both streams so the server never blocks on a full pipe.
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      stdout += decoder.decode(value);
    }
  })();
  (async () => {
    for await (const chunk of proc.stderr) stderr += decoder.decode(chunk);
  })();
  return { proc, origin, origins, stdout: () => stdout, output: () => stdout + stderr };
}
