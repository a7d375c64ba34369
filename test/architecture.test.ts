// The layout says the architecture, and imports run one way (#11):
// entry -> app -> feeds (vat, versions, service) -> http -> data -> lib.
// The build pipeline may use anything; nothing that serves uses it.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "./helpers.ts";

const files = [...new Bun.Glob("src/**/*.ts").scanSync(ROOT)].filter((f) => !f.endsWith(".d.ts"));

/** Local imports of a file, as paths from the repository root (type-only imports included: they couple too). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(?:import|export)[^;]*?from\s+"(\.[^"]+\.ts)"/gm)].map((m) => relative(ROOT, resolve(ROOT, dirname(file), m[1]!)));
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Lower layers never import higher ones. */
function layer(file: string): number {
  const part = file.split("/")[1]!;
  if (part === "lib" || file === "src/log.ts" || file === "src/config.ts") return 0;
  if (part === "data") return 1;
  if (part === "http") return 2;
  if (part === "vat" || part === "versions" || part === "service") return 3;
  if (part === "app") return 4;
  if (part === "build") return 6;
  return 5; // the entries and the listener
}

test("every local import resolves to a file in src", () => {
  const missing = [...graph].flatMap(([file, imports]) => imports.filter((i) => !graph.has(i)).map((i) => `${file} → ${i}`));
  expect(missing).toEqual([]);
});

test("imports run one way: no file imports a higher layer, and serving code never imports the build", () => {
  const upward = [...graph].flatMap(([file, imports]) => imports.filter((i) => layer(i) > layer(file)).map((i) => `${file} → ${i}`));
  expect(upward).toEqual([]);
});

test("the feeds do not lean on each other, except the service documenting the others' schemas", () => {
  const feeds = ["vat", "versions", "service"];
  const across = [...graph].flatMap(([file, imports]) => {
    const from = file.split("/")[1]!;
    if (!feeds.includes(from)) return [];
    return imports.filter((i) => {
      const to = i.split("/")[1]!;
      return feeds.includes(to) && to !== from && !(from === "service" && /\/(schemas|params)\.ts$/.test(i));
    }).map((i) => `${file} → ${i}`);
  });
  expect(across).toEqual([]);
});

test("no import circles", () => {
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") return void circles.push([...path.slice(path.indexOf(file)), file].join(" → "));
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});

test("the request path is the same on every runtime: Bun-only APIs only in Bun's opener, listener and entries, Deno's only in its listener and entry", () => {
  const bunFiles = new Set(["src/data/open-bun.ts", "src/listen-bun.ts", "src/server.ts", "src/embedded.ts", "src/server-embedded.ts"]);
  const bunOnly = files.filter((f) => !f.startsWith("src/build/") && !bunFiles.has(f) && /\bBun\.|from "bun[:"]|\brequire\(/.test(readFileSync(join(ROOT, f), "utf8")));
  expect(bunOnly).toEqual([]);
  const denoOnly = files.filter((f) => !["src/listen-deno.ts", "src/server-deno.ts"].includes(f) && /\bDeno\./.test(readFileSync(join(ROOT, f), "utf8")));
  expect(denoOnly).toEqual([]);
});
