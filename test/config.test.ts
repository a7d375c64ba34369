// Every setting is read in src/config.ts; a bad value is refused there, naming it.
import { describe, expect, test } from "bun:test";
import { loadConfig, loadHmrcSettings, loadPipelineConfig } from "../src/config.ts";

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
