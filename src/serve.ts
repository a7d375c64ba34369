// The process's life around the app, the same on every runtime: the
// listeners (HTTPS when configured, with plain HTTP beside it on HTTP_PORT),
// the ban file watch, and a graceful stop on SIGTERM. How a runtime listens
// is passed in (listen-bun.ts, listen-deno.ts).
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import type { Config } from "./config.ts";
import type { Answers } from "./app/answers.ts";
import { AddressList } from "./http/address-list.ts";
import { createApp } from "./app/app.ts";
import { BanList } from "./http/ban-list.ts";
import { clientAddress } from "./http/client-address.ts";
import { logEvent, logs, setLogLevel } from "./log.ts";

/**
 * A request as a listener hands it over, with a way to ask for its socket's
 * peer: asked only when needed, and made once per listener on Bun so the hot
 * path allocates nothing for it.
 */
export type EdgeFetch = (request: Request, peer: (request: Request) => string | undefined) => Response | Promise<Response>;

export interface ListenOptions {
  port: number;
  hostname: string;
  tls?: { certFile: string; keyFile: string };
}

export interface Listener {
  origin: string;
  /** Stops accepting and resolves once the requests in flight are answered; `force` closes every connection now. */
  stop: (force?: boolean) => Promise<void>;
}

/** A listener that could not start: its message names the setting (PORT, HTTP_PORT, HOST). */
export class ListenError extends Error {}

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
  let draining = false;
  let lastArrived = 0;
  /** While draining and still listening: the answers held back, released once the listeners have stopped. */
  let held: (() => void)[] | undefined;
  // Who is asking matters only for bans and request logs; without them, nothing is spent finding out.
  const answer = (request: Request, peer: (request: Request) => string | undefined): Response =>
    bans.size || logs("info") ? app(request, { clientAddress: () => clientAddress(peer(request), request.headers.get("x-forwarded-for"), trusted) }) : app(request);
  // While stopping, every answer tells its client to close the connection, and is held
  // until the listeners have stopped (see drain below).
  const fetch: EdgeFetch = (request, peer) => {
    const response = answer(request, peer);
    if (!draining) return response;
    lastArrived = performance.now();
    closing(response);
    return held ? new Promise((release) => held!.push(() => release(response))) : response;
  };

  if (config.tls) checkTls(config.tls);
  // Ready to stop before saying it listens: whoever reads the "listening" line may
  // send SIGTERM at once, and a handler added after the line can be too late for
  // it (on Bun the process then dies of the signal, 143, without draining).
  const listeners: Listener[] = [];
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void drain(signal));
  listeners.push(listenOrSay(listen, { port: config.port, hostname: config.host, ...(config.tls ? { tls: config.tls } : {}) }, fetch, "PORT"));
  if (config.tls && config.httpPort !== undefined) listeners.push(listenOrSay(listen, { port: config.httpPort, hostname: config.host }, fetch, "HTTP_PORT"));
  for (const { origin } of listeners) console.log(`feed-service listening on ${origin}${config.basePath} (database build ${answers().buildId})`);
  // A wildcard address is no address a person can open: say one that is.
  const wildcard = /^(https?:\/\/)(0\.0\.0\.0|\[::\])(:\d+)$/.exec(listeners[0]!.origin);
  if (wildcard) console.log(`feed-service: open ${wildcard[1]}localhost${wildcard[3]}${config.basePath}/ in a browser`);
  if (config.listenFile) writeListenFile(config.listenFile, `${listeners[0]!.origin}${config.basePath}`);

  // DB_WATCH_INTERVAL_MS=0 turns off polling for both files; SIGHUP reloads both.
  bans.watch(config.watchIntervalMs);
  process.on("SIGHUP", () => bans.reload());

  // SIGTERM: stop accepting, answer every request received, close the idle
  // connections and exit 0, all within DRAIN_TIMEOUT_MS, without resetting a
  // connection whose request is on its way. The requests that arrive meanwhile
  // are answered but their answers held, so their clients wait rather than
  // reconnect; once none has arrived for QUIET_MS (SETTLE_MS at most), the
  // listeners stop and the held answers go out with Connection: close. Stopping
  // at once would reset keep-alive connections whose next request is already
  // sent; answering at once with Connection: close makes clients reconnect, and
  // a connection accepted but not yet read when the listener stops is reset.
  async function drain(signal: "SIGTERM" | "SIGINT"): Promise<void> {
    if (draining) return;
    draining = true;
    held = [];
    lastArrived = performance.now();
    logEvent("info", "draining", { signal, timeoutMs: config.drainTimeoutMs });
    const deadline = performance.now() + config.drainTimeoutMs;
    const settled = performance.now() + Math.min(SETTLE_MS, config.drainTimeoutMs);
    while (performance.now() - lastArrived < QUIET_MS && performance.now() < settled) await new Promise((done) => setTimeout(done, QUIET_MS / 5));
    const drained = Promise.all(listeners.map((l) => l.stop())).then(() => true);
    const release = held;
    held = undefined;
    for (const send of release) send();
    if (!(await Promise.race([drained, new Promise<false>((done) => setTimeout(done, Math.max(0, deadline - performance.now()), false))]))) {
      logEvent("warn", "drain timed out, closing the connections left", { signal, timeoutMs: config.drainTimeoutMs });
      await Promise.all(listeners.map((l) => l.stop(true)));
    }
    onStop?.();
    logEvent("info", "stopped", { signal });
    process.exit(0);
  }
}

/** The URL a health check should ask, written whole (beside, then renamed) so a reader never sees half of it. */
function writeListenFile(path: string, url: string): void {
  try {
    writeFileSync(`${path}.${process.pid}`, `${url}\n`);
    renameSync(`${path}.${process.pid}`, path);
  } catch (e) {
    throw new Error(`LISTEN_FILE ${path} cannot be written (${(e as { code?: string }).code ?? (e as Error).message})`);
  }
}

/** How long no request must have arrived before a draining server stops listening: the requests already sent are in by then. */
const QUIET_MS = 30;
/** The longest a draining server goes on listening, should requests keep arriving (new clients). */
const SETTLE_MS = 500;

function closing(response: Response): Response {
  response.headers.set("connection", "close");
  return response;
}

/** Starts a listener; a failure says which setting to change. */
function listenOrSay(listen: Listen, options: ListenOptions, fetch: EdgeFetch, portSetting: "PORT" | "HTTP_PORT"): Listener {
  try {
    return listen(options, fetch);
  } catch (e) {
    const { code, message } = e as { code?: string; message: string };
    if (code === "EADDRINUSE" || /in use/i.test(message)) throw new ListenError(`${portSetting} ${options.port} is already in use on ${options.hostname}`);
    if (code === "EADDRNOTAVAIL" || code === "EINVAL" || code === "ENOTFOUND") throw new ListenError(`HOST ${options.hostname} cannot be listened on: it is not an address of this machine (${code})`);
    if (code === "EACCES") throw new ListenError(`${portSetting} ${options.port} needs privileges this process does not have`);
    throw new ListenError(`cannot listen on HOST ${options.hostname} ${portSetting} ${options.port}: ${message}`);
  }
}

/** Reads the PEM files before any listener does, so a bad one is named: the certificate or the key, or that they do not match. */
function checkTls({ certFile, keyFile }: { certFile: string; keyFile: string }): void {
  const certificate = parsed("TLS_CERT_FILE", certFile, "a PEM certificate", (pem) => new X509Certificate(pem));
  const key = parsed("TLS_KEY_FILE", keyFile, "a PEM private key", createPrivateKey);
  if (!certificate.checkPrivateKey(key)) throw new Error(`TLS_KEY_FILE ${keyFile} is not the key of TLS_CERT_FILE ${certFile}`);
  // Served all the same (the operator may be renewing it), but said once, at start.
  const expires = new Date(certificate.validTo);
  if (expires.getTime() - Date.now() < CERT_WARNING_MS) {
    logEvent("warn", expires.getTime() < Date.now() ? "TLS certificate has expired" : "TLS certificate expires within 14 days", { file: certFile, validTo: expires.toISOString() });
  }
}

const CERT_WARNING_MS = 14 * 86_400_000;
/** A PEM certificate chain or key is a few KB; anything past this is not one (and /dev/zero never ends). */
const MAX_PEM_BYTES = 1024 * 1024;

/** The file a setting names, read and parsed; the error says which setting, and whether the file was unreadable or not `what`. */
function parsed<T>(setting: string, file: string, what: string, parse: (pem: string) => T): T {
  let pem: string;
  try {
    // A FIFO would block the start and a device would never end: only a regular file of a sane size is read.
    const stat = statSync(file);
    if (!stat.isFile()) throw Object.assign(new Error("not a regular file"), { code: "not a regular file" });
    if (stat.size > MAX_PEM_BYTES) throw Object.assign(new Error("too large"), { code: `${stat.size} bytes, over ${MAX_PEM_BYTES}` });
    pem = readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`${setting} ${file} cannot be read (${(e as { code?: string }).code ?? (e as Error).message})`);
  }
  try {
    return parse(pem);
  } catch {
    throw new Error(`${setting} ${file} is not ${what}`);
  }
}

/** Prints one line and exits: a server that cannot serve correctly should not start. */
export function refuseToStart(reason: string): never {
  console.error(`feed-service: ${reason}`);
  process.exit(1);
}
