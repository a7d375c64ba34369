// Starts the HTTP listeners around the app and runs the process's life:
// HTTPS when configured (with plain HTTP beside it on HTTP_PORT), the ban
// file watch, and a graceful stop on SIGTERM.
import type { Server } from "bun";
import type { Config } from "./config.ts";
import type { Answers } from "./app/answers.ts";
import { AddressList } from "./http/address-list.ts";
import { createApp } from "./app/app.ts";
import { BanList } from "./http/ban-list.ts";
import { clientAddress } from "./http/client-address.ts";
import { logEvent, logs, setLogLevel } from "./log.ts";

export interface Serving {
  answers: () => Answers;
  /** Runs after the listeners stopped, before the process exits. */
  onStop?: () => void;
}

/** Reads what the edge needs from the configuration; throws on a bad setting, naming it. */
export function edgeSettings(config: Config) {
  setLogLevel(config.logLevel);
  return {
    trusted: AddressList.parse(config.trustProxy, "TRUST_PROXY"),
    bans: new BanList(AddressList.parse(config.bannedIps, "BANNED_IPS"), config.bannedIpsFile),
  };
}

export function serve(config: Config, { trusted, bans }: ReturnType<typeof edgeSettings>, { answers, onStop }: Serving): void {
  const app = createApp({ answers, basePath: config.basePath, bans });
  // Who is asking matters only for bans and request logs; without them, nothing is allocated to find out.
  const fetch = (request: Request, server: Server<undefined>) =>
    bans.size || logs("info")
      ? app(request, { clientAddress: () => clientAddress(server.requestIP(request)?.address, request.headers.get("x-forwarded-for"), trusted) })
      : app(request);

  // Bun.file is read lazily by Bun.serve; a missing file fails here, at start.
  const tls = config.tls ? { cert: Bun.file(config.tls.certFile), key: Bun.file(config.tls.keyFile) } : undefined;
  const servers = [Bun.serve({ port: config.port, hostname: config.host, fetch, ...(tls ? { tls } : {}) })];
  if (tls && config.httpPort !== undefined) servers.push(Bun.serve({ port: config.httpPort, hostname: config.host, fetch }));
  for (const server of servers) console.log(`feed-service listening on ${server.url.origin}${config.basePath} (database build ${answers().buildId})`);

  bans.watch(config.watchIntervalMs || 2000);

  // SIGTERM: stop accepting, let requests in flight finish, exit 0.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      logEvent("info", "draining", { signal });
      await Promise.all(servers.map((s) => s.stop()));
      onStop?.();
      logEvent("info", "stopped", { signal });
      process.exit(0);
    });
  }
}

/** Prints one line and exits: a server that cannot serve correctly should not start. */
export function refuseToStart(reason: string): never {
  console.error(`feed-service: ${reason}`);
  process.exit(1);
}
