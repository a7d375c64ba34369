// Every setting, read from the environment in this one place, with defaults
// that work from a fresh clone: the server's (loadConfig) and the build
// pipeline's (loadPipelineConfig). A bad value throws an Error naming the
// setting; the caller prints that one line and stops. No node:path here: the
// server loads this module, and node:path costs its start.
const root = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/$/, "");

/** An absolute path: as given, or relative to the working directory. */
function absolute(path: string): string {
  return path.startsWith("/") ? path : `${process.cwd()}/${path}`;
}

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  basePath: string;
  /** How often the server checks whether the database file (and the ban file) changed; 0 turns it off. */
  watchIntervalMs: number;
  logLevel: string | undefined;
  bannedIps: string;
  bannedIpsFile: string | undefined;
  trustProxy: string;
  tls: { certFile: string; keyFile: string } | undefined;
  /** A plain-HTTP port served beside HTTPS. */
  httpPort: number | undefined;
  /** How long a stopping server waits for requests in flight before it exits anyway. */
  drainTimeoutMs: number;
  /** How the server reads SQLite; undefined: the runtime's own (bun:sqlite on Bun, node:sqlite on Deno). */
  sqliteDriver: SqliteDriver | undefined;
  /** Where the server writes the URL it really listens on (with PORT=0 only it knows), for a health check to read. */
  listenFile: string | undefined;
}

export const SQLITE_DRIVERS = ["bun:sqlite", "node:sqlite", "sql.js"] as const;
export type SqliteDriver = (typeof SQLITE_DRIVERS)[number];

/** Every variable the server reads, and no other: what a locked-down Deno needs in --allow-env. */
export const SERVER_SETTINGS = [
  "PORT", "HOST", "DATABASE_PATH", "BASE_PATH", "DB_WATCH_INTERVAL_MS", "LOG_LEVEL", "BANNED_IPS", "BANNED_IPS_FILE",
  "TRUST_PROXY", "TLS_CERT_FILE", "TLS_KEY_FILE", "HTTP_PORT", "DRAIN_TIMEOUT_MS", "SQLITE_DRIVER", "LISTEN_FILE",
] as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || "0.0.0.0",
    databasePath: databasePath(env),
    basePath: normaliseBasePath(env.BASE_PATH ?? ""),
    watchIntervalMs: timerMs("DB_WATCH_INTERVAL_MS", env.DB_WATCH_INTERVAL_MS, 2000),
    logLevel: env.LOG_LEVEL,
    bannedIps: env.BANNED_IPS ?? "",
    bannedIpsFile: env.BANNED_IPS_FILE || undefined,
    trustProxy: env.TRUST_PROXY ?? "",
    tls: tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    httpPort: httpPort(env),
    // Inside the 10 s Docker, podman and Kubernetes give before SIGKILL, with room for the process to exit.
    drainTimeoutMs: timerMs("DRAIN_TIMEOUT_MS", env.DRAIN_TIMEOUT_MS, 7_000),
    sqliteDriver: sqliteDriver(env.SQLITE_DRIVER),
    listenFile: env.LISTEN_FILE ? absolute(env.LISTEN_FILE) : undefined,
  };
}

const databasePath = (env: Env) => absolute(env.DATABASE_PATH || `${root}/db/feed.sqlite`);

type Env = Record<string, string | undefined>;

/** What the build pipeline (db:build, db:update, versions:update, db:report) reads. */
export interface PipelineConfig {
  databasePath: string;
  upstreamDir: string;
  correctionsPath: string;
  /** CORRECTIONS_FILE was set: a setting that names nothing is a mistake, where the default path may be absent. */
  correctionsRequired: boolean;
  migrationsDir: string;
  /** When the build says it was made: SOURCE_DATE_EPOCH (seconds), for a byte-identical rebuild, or now. */
  builtAt: Date;
  npmRegistryUrl: string;
  /** Where the nightlies are asked for: GitHub's REST API, and a token (sent only there) for its higher rate limit. */
  github: { apiUrl: string; token: string | undefined };
  /** The UK date db:update takes as today: UPDATE_TODAY, or undefined for the real one. */
  updateToday: string | undefined;
}

export function loadPipelineConfig(env: Env = process.env): PipelineConfig {
  return {
    databasePath: databasePath(env),
    upstreamDir: absolute(env.UPSTREAM_DIR || `${root}/db/upstream`),
    correctionsPath: absolute(env.CORRECTIONS_FILE || `${root}/db/corrections.json`),
    correctionsRequired: Boolean(env.CORRECTIONS_FILE),
    migrationsDir: `${root}/db/migrations`,
    builtAt: sourceDate(env.SOURCE_DATE_EPOCH),
    npmRegistryUrl: httpUrl("NPM_REGISTRY_URL", env.NPM_REGISTRY_URL, "https://registry.npmjs.org"),
    github: { apiUrl: httpUrl("GITHUB_API_URL", env.GITHUB_API_URL, "https://api.github.com"), token: env.GITHUB_TOKEN || undefined },
    updateToday: calendarDay("UPDATE_TODAY", env.UPDATE_TODAY),
  };
}

/** Where db:update finds HMRC's exchange-rate API, and how it signs in (both credentials or neither). */
export interface HmrcSettings {
  apiUrl: string;
  tokenUrl: string;
  credentials: { clientId: string; clientSecret: string } | undefined;
}

export const HMRC_API_URL = "https://api.trade-tariff.service.gov.uk/uk/api";
export const HMRC_TOKEN_URL = "https://auth.id.trade-tariff.service.gov.uk/oauth2/token";

/** db:update's HMRC settings; read only by the update, so a build never needs them. */
export function loadHmrcSettings(env: Env = process.env): HmrcSettings {
  if (env.HMRC_BASE_URL !== undefined) {
    throw new Error(`HMRC_BASE_URL is no longer read: HMRC's API moved in 2026; set HMRC_API_URL instead (default ${HMRC_API_URL}), or unset HMRC_BASE_URL`);
  }
  const clientId = env.HMRC_CLIENT_ID || undefined;
  const clientSecret = env.HMRC_CLIENT_SECRET || undefined;
  if ((clientId === undefined) !== (clientSecret === undefined)) throw new Error("HMRC_CLIENT_ID and HMRC_CLIENT_SECRET go together: set both (from the Trade Tariff developer portal) or neither");
  return {
    apiUrl: httpUrl("HMRC_API_URL", env.HMRC_API_URL, HMRC_API_URL),
    tokenUrl: httpUrl("HMRC_TOKEN_URL", env.HMRC_TOKEN_URL, HMRC_TOKEN_URL),
    credentials: clientId && clientSecret ? { clientId, clientSecret } : undefined,
  };
}

function sourceDate(value: string | undefined): Date {
  if (value === undefined || value === "") return new Date();
  if (!/^\d{1,12}$/.test(value)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${value}"`);
  return new Date(Number(value) * 1000);
}

function httpUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === "") return fallback;
  const url = URL.parse(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) throw new Error(`${name} must be an http or https URL, not "${value}"`);
  return value.replace(/\/+$/, "");
}

function calendarDay(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || date.toISOString().slice(0, 10) !== value) throw new Error(`${name} must be a calendar date YYYY-MM-DD, not "${value}"`);
  return value;
}

function parsePort(value: string | undefined, name = "PORT"): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`${name} must be 0-65535, not "${value}"`);
  return port;
}

/** A plain-HTTP port beside HTTPS; without TLS it would be silently ignored, so it is refused. */
function httpPort(env: Record<string, string | undefined>): number | undefined {
  if (!env.HTTP_PORT) return undefined;
  if (!env.TLS_CERT_FILE && !env.TLS_KEY_FILE) throw new Error("HTTP_PORT is a plain-HTTP port beside HTTPS: set TLS_CERT_FILE and TLS_KEY_FILE too, or use PORT");
  return parsePort(env.HTTP_PORT, "HTTP_PORT");
}

function sqliteDriver(value: string | undefined): SqliteDriver | undefined {
  if (value === undefined || value === "") return undefined;
  if (!(SQLITE_DRIVERS as readonly string[]).includes(value)) throw new Error(`SQLITE_DRIVER must be one of ${SQLITE_DRIVERS.join(", ")}, not "${value}"`);
  return value as SqliteDriver;
}

function tlsFiles(certFile: string | undefined, keyFile: string | undefined): Config["tls"] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error("TLS_CERT_FILE and TLS_KEY_FILE go together");
  return { certFile: absolute(certFile), keyFile: absolute(keyFile) };
}

/** The longest delay a timer holds (a signed 32-bit count of ms); past it runtimes fire at once, every millisecond. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function timerMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > MAX_TIMER_MS) throw new Error(`${name} must be a whole number of milliseconds from 0 to ${MAX_TIMER_MS}, not "${value}"`);
  return n;
}

/**
 * "/api/" → "/api"; "" stays "" so routes sit at the root. Only plain path
 * segments of unreserved characters: the router makes a pattern of the prefix,
 * where "(" breaks it, ":x" and "*" match anything, and a space matches nothing.
 */
export function normaliseBasePath(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, "");
  if (trimmed === "") return "";
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || /\/\.{1,2}(\/|$)/.test(path)) {
    throw new Error(`BASE_PATH must be a plain path prefix such as /api or /feeds/v1 (letters, digits, . _ ~ -), not ${JSON.stringify(value)}`);
  }
  return path;
}
