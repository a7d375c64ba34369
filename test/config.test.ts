// Every setting is read in src/config.ts; a bad value is refused there, naming it.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDatabase } from "../src/build/build-database.ts";
import { loadConfig, loadHmrcSettings, loadPipelineConfig } from "../src/config.ts";
import { setLogLevel } from "../src/log.ts";
import { healthUrl } from "../src/healthcheck.ts";
import { buildOptions, fixtureSnapshot, tempDir } from "./helpers.ts";

describe("the build pipeline's settings", () => {
  test("defaults that work from a fresh clone", () => {
    const config = loadPipelineConfig({});
    expect(config.upstreamDir).toEndWith("/db/upstream");
    expect(config.correctionsPath).toEndWith("/db/corrections.json");
    expect(config.updateToday).toBeUndefined();
    expect(Math.abs(config.builtAt.getTime() - Date.now())).toBeLessThan(5_000);
  });

  test("SOURCE_DATE_EPOCH fixes the build time; UPDATE_TODAY the update's today", () => {
    const config = loadPipelineConfig({ SOURCE_DATE_EPOCH: "1767225600", UPDATE_TODAY: "2026-02-28" });
    expect(config.builtAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(config.updateToday).toBe("2026-02-28");
  });

  test.each([
    [{ SOURCE_DATE_EPOCH: "yesterday" }, /^SOURCE_DATE_EPOCH must be whole seconds/],
    [{ UPDATE_TODAY: "2026-13-45" }, /^UPDATE_TODAY must be a calendar date YYYY-MM-DD, not "2026-13-45"$/],
    [{ UPDATE_TODAY: "garbage" }, /^UPDATE_TODAY must be a calendar date/],
    [{ NPM_REGISTRY_URL: "registry" }, /^NPM_REGISTRY_URL must be an http or https URL/],
  ])("%o is refused, naming the setting", (env, message) => {
    expect(() => loadPipelineConfig(env)).toThrow(message);
  });

  test("HMRC's API: documented defaults; credentials both or neither; HMRC_BASE_URL, the old API's, stops the update naming HMRC_API_URL", () => {
    expect(loadHmrcSettings({})).toEqual({ apiUrl: "https://api.trade-tariff.service.gov.uk/uk/api", tokenUrl: "https://auth.id.trade-tariff.service.gov.uk/oauth2/token", credentials: undefined });
    expect(loadHmrcSettings({ HMRC_CLIENT_ID: "a", HMRC_CLIENT_SECRET: "b" }).credentials).toEqual({ clientId: "a", clientSecret: "b" });
    expect(() => loadHmrcSettings({ HMRC_CLIENT_ID: "a" })).toThrow(/^HMRC_CLIENT_ID and HMRC_CLIENT_SECRET go together/);
    expect(() => loadHmrcSettings({ HMRC_BASE_URL: "https://www.trade-tariff.service.gov.uk" })).toThrow(/^HMRC_BASE_URL is no longer read: .* set HMRC_API_URL instead/);
    expect(() => loadHmrcSettings({ HMRC_API_URL: "ftp://example.test" })).toThrow(/^HMRC_API_URL must be an http or https URL/);
  });

  test("the server reads only its own settings", () => {
    expect(Object.keys(loadConfig({}))).not.toContain("upstreamDir");
    expect(Object.keys(loadConfig({}))).not.toContain("correctionsPath");
  });
});

describe("the server's settings a timer or a lookup could misread", () => {
  test("timer settings are whole milliseconds a timer can hold; the drain fits inside a container's 10 s grace", () => {
    expect(loadConfig({}).drainTimeoutMs).toBe(7_000);
    expect(loadConfig({ DB_WATCH_INTERVAL_MS: "2147483647" }).watchIntervalMs).toBe(2147483647);
    expect(() => loadConfig({ DB_WATCH_INTERVAL_MS: "3000000000" })).toThrow(/^DB_WATCH_INTERVAL_MS must be a whole number of milliseconds from 0 to 2147483647, not "3000000000"$/);
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: "1e4" })).toThrow(/^DRAIN_TIMEOUT_MS must be/);
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: "-1" })).toThrow(/^DRAIN_TIMEOUT_MS must be/);
  });

  test.each(["constructor", "toString", "__proto__", "hasOwnProperty"])("LOG_LEVEL=%s is refused, not taken as a level", (level) => {
    expect(() => setLogLevel(level)).toThrow(/^LOG_LEVEL must be one of debug, info, warn, error, silent/);
  });
});

describe("CORRECTIONS_FILE", () => {
  test("set to a path that names nothing, the build stops naming it; the default path may be absent", () => {
    const missing = join(tempDir(), "nope.json");
    const upstream = fixtureSnapshot({ "monthly_csv_2024-01.csv": ["USA,Dollar,USD,1.2651,01/01/2024,31/01/2024"] });
    const options = { ...buildOptions(upstream, join(tempDir(), "feed.sqlite"), missing) };
    expect(() => buildDatabase({ ...options, correctionsRequired: true })).toThrow(`${missing}: CORRECTIONS_FILE names no file`);
    expect(buildDatabase(options).currencies).toBe(1);
    expect(loadPipelineConfig({ CORRECTIONS_FILE: missing }).correctionsRequired).toBe(true);
    expect(loadPipelineConfig({}).correctionsRequired).toBe(false);
  });
});

describe("the container's health command", () => {
  test("asks /health where the server listens: LISTEN_FILE's URL, else HOST (a wildcard as loopback), PORT, TLS and BASE_PATH", () => {
    const base = { listenFile: undefined, tls: undefined };
    expect(healthUrl({ ...base, host: "0.0.0.0", port: 3000, basePath: "" })).toBe("http://127.0.0.1:3000/health");
    expect(healthUrl({ ...base, host: "::", port: 8443, basePath: "/api", tls: { certFile: "c", keyFile: "k" } })).toBe("https://[::1]:8443/api/health");
    expect(healthUrl({ ...base, host: "10.1.2.3", port: 80, basePath: "" })).toBe("http://10.1.2.3:80/health");
    const file = join(tempDir(), "url");
    writeFileSync(file, "http://127.0.0.1:41234/feeds\n");
    expect(healthUrl({ ...base, listenFile: file, host: "0.0.0.0", port: 0, basePath: "/feeds" })).toBe("http://127.0.0.1:41234/feeds/health");
  });
});
