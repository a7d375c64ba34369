// Every setting is read in src/config.ts; a bad value is refused there, naming it.
import { describe, expect, test } from "bun:test";
import { loadConfig, loadPipelineConfig } from "../src/config.ts";

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
    [{ HMRC_BASE_URL: "ftp://example.test" }, /^HMRC_BASE_URL must be an http or https URL/],
    [{ NPM_REGISTRY_URL: "registry" }, /^NPM_REGISTRY_URL must be an http or https URL/],
  ])("%o is refused, naming the setting", (env, message) => {
    expect(() => loadPipelineConfig(env)).toThrow(message);
  });

  test("the server reads only its own settings", () => {
    expect(Object.keys(loadConfig({}))).not.toContain("upstreamDir");
    expect(Object.keys(loadConfig({}))).not.toContain("correctionsPath");
  });
});
