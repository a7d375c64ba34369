// Deployment artefacts: the single-file executable, and the container recipe.
import { expect, test } from "bun:test";
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { realDatabase, ROOT, tempDir } from "../helpers.ts";
import { spawnListening } from "../server-process.ts";

test("the compiled executable serves a rate with its source database moved away", async () => {
  const dir = tempDir("feed-compile-");
  copyFileSync(realDatabase().path, join(dir, "feed.sqlite"));
  // The same entry as src/server-embedded.ts, pointed at a database this test can take away.
  writeFileSync(
    join(dir, "entry.ts"),
    `import database from "./feed.sqlite" with { type: "sqlite", embed: "true" };\nimport { startEmbedded } from ${JSON.stringify(join(ROOT, "src/embedded.ts"))};\nstartEmbedded(database);\n`,
  );
  const binary = join(dir, "feed-service");
  const compile = Bun.spawnSync(["bun", "build", "--compile", join(dir, "entry.ts"), "--outfile", binary], { cwd: ROOT });
  expect(compile.exitCode).toBe(0);
  rmSync(join(dir, "feed.sqlite"));
  rmSync(join(dir, "entry.ts"));

  const { proc, origin } = await spawnListening([binary], { cwd: tempDir(), env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_PATH: "/nonexistent.sqlite" } });
  try {
    const response = await fetch(`${origin}/vat/exchange-rate/usd/2024-01-15`);
    expect(await response.text()).toBe('{"currencyCode":"USD","currencyName":"US Dollar","effectiveFrom":"2024-01-01","rate":1.2651}');
    expect((await fetch(`${origin}/vat/exchange-rate/usd/2024-01-15`, { method: "POST" })).status).toBe(405);
  } finally {
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test("the Dockerfile builds the database in a build stage and runs unprivileged with a health check", () => {
  // No Docker engine runs on CI's machine, so the recipe is checked here and its
  // runtime stage is rehearsed below.
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  const stages = dockerfile.match(/^FROM .+$/gm) ?? [];
  expect(stages).toHaveLength(2);
  expect(stages[0]).toContain(" AS build");
  // BuildKit would pull an image from Docker Hub for a syntax line: none.
  expect(dockerfile).not.toMatch(/^# *syntax=/m);
  // Production dependencies from the lockfile alone, before any source: a code change does not reinstall them.
  const install = dockerfile.indexOf("RUN bun install --frozen-lockfile --production --ignore-scripts");
  expect(install).toBeGreaterThan(dockerfile.indexOf("COPY package.json bun.lock bunfig.toml ./"));
  expect(install).toBeLessThan(dockerfile.indexOf("COPY src ./src"));
  expect(dockerfile).toMatch(/^ARG SOURCE_DATE_EPOCH$/m);
  expect(dockerfile).toMatch(/RUN bun run db:build && bun run build/);
  expect(dockerfile).toContain("COPY --from=build /app/dist ./dist");
  expect(dockerfile).toContain("COPY --from=build /app/db/feed.sqlite ./db/feed.sqlite");
  expect(dockerfile).toMatch(/^USER bun$/m);
  // The health command asks the way the server really listens, not a hard-coded URL.
  expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["bun", "dist\/healthcheck\.js"\]$/m);
  expect(dockerfile).toMatch(/^ENV .*LISTEN_FILE=\/tmp\/feed-service\.url/m);
  expect(dockerfile).toMatch(/^CMD \["bun", "dist\/server.js"\]$/m);
  const bunVersion = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.bun;
  for (const stage of stages) expect(stage).toContain(`oven/bun:${bunVersion}`);
});

test("the image's runtime stage works: the bundle and the database alone, no node_modules", async () => {
  const app = tempDir("feed-image-");
  // The same step as the image's build stage, then only what the runtime stage copies.
  const bundle = Bun.spawnSync(["bun", "run", "build"], { cwd: ROOT });
  expect(bundle.exitCode).toBe(0);
  cpSync(join(ROOT, "dist"), join(app, "dist"), { recursive: true });
  // The bytecode is what makes the bundle start fast (#6); Bun would silently fall back to parsing without it.
  expect(readdirSync(join(app, "dist"))).toEqual(expect.arrayContaining(["server.js", "server.js.jsc", "healthcheck.js"]));
  mkdirSync(join(app, "db"));
  copyFileSync(realDatabase().path, join(app, "db/feed.sqlite"));
  const listenFile = join(app, "listening.url");
  const { proc, origin } = await spawnListening(["bun", "dist/server.js"], { cwd: app, env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: "0", BASE_PATH: "/api", LISTEN_FILE: listenFile } });
  try {
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    // The health command finds the server through LISTEN_FILE, whatever port it got and under BASE_PATH.
    const healthy = Bun.spawnSync(["bun", "dist/healthcheck.js"], { cwd: app, env: { PATH: process.env.PATH, PORT: "0", BASE_PATH: "/api", LISTEN_FILE: listenFile } });
    expect([healthy.exitCode, healthy.stderr.toString()]).toEqual([0, ""]);
    proc.kill();
    await proc.exited;
    const down = Bun.spawnSync(["bun", "dist/healthcheck.js"], { cwd: app, env: { PATH: process.env.PATH, PORT: "0", BASE_PATH: "/api", LISTEN_FILE: listenFile } });
    expect(down.exitCode).toBe(1);
    expect(down.stderr.toString()).toStartWith("healthcheck: ");
  } finally {
    proc.kill();
  }
}, 30_000);
