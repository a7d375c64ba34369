// `bun dist/healthcheck.js`: the container's HEALTHCHECK. It asks /health the
// way the server really listens: the URL the server wrote to LISTEN_FILE
// (the only way to know the port when PORT=0), or else one made from the same
// settings the server reads (HOST, PORT, BASE_PATH, TLS). Exit 0 when /health
// answers 200, 1 otherwise, with one line saying why.
import { loadConfig, type Config } from "./config.ts";
import { existsSync, readFileSync } from "node:fs";

/** Where the server's /health is, by its settings alone. */
export function healthUrl(config: Pick<Config, "host" | "port" | "basePath" | "tls" | "listenFile">): string {
  if (config.listenFile && existsSync(config.listenFile)) return `${readFileSync(config.listenFile, "utf8").trim()}/health`;
  // A wildcard address is listened on everywhere; loopback is one of them.
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host === "::" ? "[::1]" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `${config.tls ? "https" : "http"}://${host}:${config.port}${config.basePath}/health`;
}

/** 0 when /health answers 200; 1, saying why, otherwise. */
async function check(): Promise<number> {
  try {
    const url = healthUrl(loadConfig());
    // The certificate names the public host, not loopback: the check is of the service, not of TLS.
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000), tls: { rejectUnauthorized: false } } as RequestInit);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return 0;
  } catch (e) {
    console.error(`healthcheck: ${(e as Error).message}`);
    return 1;
  }
}

// No top-level await: the bundle is compiled to bytecode, which takes none.
if (import.meta.main) void check().then((code) => process.exit(code));
