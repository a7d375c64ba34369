// `bun run check`: the toolchain checks, kept out of the fast behavioural
// suite (`bun test`) because each starts other programs: the type-check,
// the OpenAPI linters and a generated client, the same server under Deno,
// the page in Chromium, and the compiled executable and the bundle. Each part
// runs on its own and is named; the run fails if any part does.
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const check = (file: string) => ["bun", "test", "--timeout=120000", `./test/toolchain/${file}`];

const PARTS: [name: string, command: string[]][] = [
  ["types (tsc --noEmit)", ["bun", "run", "typecheck"]],
  ["OpenAPI: Redocly, Spectral and a generated client", check("openapi-tools.check.ts")],
  ["Deno: the same modules, answers and refusals", check("deno.check.ts")],
  ["the page in Chromium, desktop and phone", check("browser.check.ts")],
  ["the compiled executable, the bundle and the Dockerfile", check("deploy.check.ts")],
];

const only = process.argv.slice(2);
const results: [string, boolean, number][] = [];
for (const [name, command] of PARTS) {
  if (only.length && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\ncheck: ${name}`);
  const started = performance.now();
  const { exitCode } = Bun.spawnSync(command, { cwd: ROOT, stdout: "inherit", stderr: "inherit", env: process.env });
  results.push([name, exitCode === 0, (performance.now() - started) / 1000]);
}

console.log("\ncheck: summary");
for (const [name, ok, seconds] of results) console.log(`  ${ok ? "ok  " : "FAIL"}  ${name} (${seconds.toFixed(1)} s)`);
const failed = results.filter(([, ok]) => !ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
