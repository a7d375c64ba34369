// The OpenAPI document under third-party tools (#14): two independent linters
// find nothing in it, and a client generated from it types every answer.
import { describe, expect, test } from "bun:test";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/app/app.ts";
import { fixedClock, realAnswers, ROOT, tempDir } from "../helpers.ts";

type Json = Record<string, any>;

const app = createApp({ answers: realAnswers("/feeds"), basePath: "/feeds", clock: fixedClock("2024-07-10T12:00:00Z") });
const doc = (await (await app(new Request("http://feed.test/feeds/openapi.json"))).json()) as Json;

/** Runs a tool from node_modules; no network (telemetry and update checks off). Started at once, awaited by the test that reads it. */
async function run(command: string[], cwd = ROOT): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(command, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_UPDATE_NOTIFIER: "1" } });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { exitCode, stdout, stderr };
}

// The linters and the generated client are separate processes that each wait on their own start-up: run side by side.
const docFile = join(tempDir(), "openapi.json");
writeFileSync(docFile, JSON.stringify(doc));
const redocly = run([join(ROOT, "node_modules/.bin/redocly"), "lint", "--extends=recommended", "--format=json", docFile]);
const spectralOutput = join(tempDir(), "spectral.json");
const spectral = run([join(ROOT, "node_modules/.bin/spectral"), "lint", "--ruleset", join(ROOT, "test/toolchain/spectral.yaml"), "--format=json", `--output=${spectralOutput}`, "--fail-severity=hint", docFile]);
const client = generateAndCheckClient();

describe("linters", () => {
  test("Redocly (recommended rules) reports no error and no warning", async () => {
    const { exitCode, stdout } = await redocly;
    const report = JSON.parse(stdout);
    expect(report.problems.map((p: Json) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(exitCode).toBe(0);
  });

  test("Spectral (spectral:oas) reports nothing, down to hints", async () => {
    const { exitCode } = await spectral;
    const results = JSON.parse(readFileSync(spectralOutput, "utf8"));
    expect(results.map((r: Json) => `${r.code}: ${r.message} at ${r.path.join(".")}`)).toEqual([]);
    expect(exitCode).toBe(0);
  });
});

/** Generates a client with openapi-typescript and type-checks code that uses it with tsc; what each step said. */
async function generateAndCheckClient() {
    const dir = tempDir("feed-client-");
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(doc));
    const generate = await run([join(ROOT, "node_modules/.bin/openapi-typescript"), join(dir, "openapi.json"), "-o", join(dir, "api.d.ts")]);
    if (generate.exitCode !== 0) return { generate, check: undefined };
    const kinds = (doc.components.schemas.Problem.properties.type.enum as string[]).map((t) => JSON.stringify(t)).join(" | ");
    writeFileSync(
      join(dir, "use.ts"),
      `import type { components, operations } from "./api";
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): void => {};
type Rate = operations["getExchangeRateOnDate"]["responses"][200]["content"]["application/json"];
holds<Equals<Rate, components["schemas"]["ExchangeRate"]>>();
holds<Equals<keyof Rate, "currencyCode" | "currencyName" | "effectiveFrom" | "rate" | "note">>();
holds<Equals<Rate["note"], string | undefined>>(); // optional: only on a rate in doubt
holds<Equals<Rate["rate"], number>>();
type NotModified = operations["getVersionDetails"]["responses"][304];
holds<Equals<NotModified["content"], never>>(); // no body to read: a 304 is not mistaken for data
holds<Equals<NotModified["headers"]["ETag"], string>>();
type Missing = operations["getExchangeRateOnDate"]["responses"][404]["content"]["application/problem+json"];
holds<Equals<Missing["type"], ${kinds}>>();
holds<Equals<operations["getCurrentVersions"]["responses"][414], components["responses"]["UriTooLong"]>>();
holds<Equals<components["schemas"]["VersionDetail"]["release"], components["schemas"]["Release"]>>();
holds<Equals<components["schemas"]["VersionDetail"]["nightly"], components["schemas"]["Nightly"]>>();
type Document = operations["getOpenApiDocument"]["responses"][200]["content"]["application/json"];
holds<Equals<Equals<Document, Record<string, never>>, false>>(); // an object, not Record<string, never>
`,
    );
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ESNext", module: "ESNext", moduleResolution: "bundler", skipLibCheck: false, types: [] }, files: ["use.ts"] }));
    return { generate, check: await run([join(ROOT, "node_modules/.bin/tsc"), "-p", dir], dir) };
}

describe("a client generated from it (openapi-typescript) types every answer", () => {
  test("named operations and schemas, 304 without a body, errors as Problem with its enum, the document as an object", async () => {
    const { generate, check } = await client;
    expect(generate.exitCode).toBe(0);
    expect(`${check?.stdout}${check?.stderr}`).toBe("");
    expect(check?.exitCode).toBe(0);
  }, 30_000);
});

describe("a typed client, as docs/api.md shows it (openapi-typescript 6.7 + openapi-fetch 0.17)", () => {
  test("generated from the document, it type-checks and fetches a rate from a running server", async () => {
    const dir = tempDir("feed-fetch-client-");
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(doc));
    const generate = await run([join(ROOT, "node_modules/.bin/openapi-typescript"), join(dir, "openapi.json"), "-o", join(dir, "api.d.ts")]);
    expect(generate.exitCode).toBe(0);
    writeFileSync(
      join(dir, "client.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "./api";

const client = createClient<paths>({ baseUrl: process.argv[2] });
const { data, error, response } = await client.GET("/vat/exchange-rate/{currency}/{date}", { params: { path: { currency: "usd", date: "2024-01-15" } } });
if (error) throw new Error(error.detail);
const rate: number = data.rate;
const note: string | undefined = data.note;
console.log(JSON.stringify({ rate, name: data.currencyName, note: note ?? null, etag: response.headers.get("etag") }));
`,
    );
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ESNext", module: "ESNext", moduleResolution: "bundler", skipLibCheck: true, types: ["bun-types"] }, files: ["client.ts"] }));
    const check = await run([join(ROOT, "node_modules/.bin/tsc"), "-p", dir], dir);
    expect(`${check.stdout}${check.stderr}`).toBe("");
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => app(request) });
    try {
      const call = await run(["bun", join(dir, "client.ts"), `${server.url.origin}/feeds`], dir);
      expect(call.stderr).toBe("");
      expect(JSON.parse(call.stdout)).toMatchObject({ rate: 1.2651, name: "US Dollar", note: null });
    } finally {
      server.stop(true);
    }
  }, 60_000);
});
