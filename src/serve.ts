// The process's life around the app, the same on every runtime: the
// listeners (HTTPS when configured, with plain HTTP beside it on HTTP_PORT),
// the ban file watch, and a graceful stop on SIGTERM. How a runtime listens
// is passed in (listen-bun.ts, listen-deno.ts).
import type { Config } from "./config.ts";
import type { Answers } from "./app/answers.ts";
import { AddressList } from "./http/address-list.ts";
import { createApp } from "./app/app.ts";
import { BanList } from "./http/ban-list.ts";
import { clientAddress } from "./http/client-address.ts";
import { logEvent, logs, setLogLevel } from "./log.ts";

/** A request as a listener hands it over: with a way to ask for the socket's peer, which costs and is rarely needed. */
export type EdgeFetch = (request: Request, socketAddress: () => string | undefined) => Response | Promise<Response>;

export interface ListenOptions {
  port: number;
  hostname: string;
  tls?: { certFile: string; keyFile: string };
}

export interface Listener {
  origin: string;
  /** Stops accepting and resolves once the requests in flight are answered. */
  stop: () => Promise<void>;
}

export type Listen = (options: ListenOptions, fetch: EdgeFetch) => Listener;

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

export function serve(config: Config, { trusted, bans }: ReturnType<typeof edgeSettings>, { answers, onStop }: Serving, listen: Listen): void {
  const app = createApp({ answers, basePath: config.basePath, bans });
  // Who is asking matters only for bans and request logs; without them, nothing is spent finding out.
  const fetch: EdgeFetch = (request, socketAddress) =>
    bans.size || logs("info") ? app(request, { clientAddress: () => clientAddress(socketAddress(), request.headers.get("x-forwarded-for"), trusted) }) : app(request);

  const listeners = [listen({ port: config.port, hostname: config.host, ...(config.tls ? { tls: config.tls } : {}) }, fetch)];
  if (config.tls && config.httpPort !== undefined) listeners.push(listen({ port: config.httpPort, hostname: config.host }, fetch));
  for (const { origin } of listeners) console.log(`feed-service listening on ${origin}${config.basePath} (database build ${answers().buildId})`);

  bans.watch(config.watchIntervalMs || 2000);

  // SIGTERM: stop accepting, let requests in flight finish, exit 0.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      logEvent("info", "draining", { signal });
      await Promise.all(listeners.map((l) => l.stop()));
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
