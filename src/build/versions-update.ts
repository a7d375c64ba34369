// `bun run versions:update`: each product's release from npm and its nightly
// from the head of its GitHub repository, written to the versions export
// under UPSTREAM_DIR (with what GitHub answered, for conditional requests
// next time); then `bun run db:build` serves it. Meant to run hourly.
//
// The nightly is the head commit's package.json version at its committer
// date, unless that version is older than the release or that date earlier
// than the release's: then it is the release. When GitHub cannot be asked
// (down, nonsense, rate limit), a product keeps its last nightly if that is
// not older than the current release, else the release: never none. Every
// product that could not be refreshed is named and the run exits non-zero.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import { loadPipelineConfig } from "../config.ts";
import { GitHubClient, type GitHubSettings, type HeadRecord } from "./github-nightly.ts";
import { DEFAULT_POLICY, fetchWithRetry, readCapped, type FetchPolicy } from "./http-fetch.ts";
import { releaseFromPackument, SUITE, type Product, type Release, type SoftwareVersions } from "./npm-versions.ts";
import { VERSIONS_HEADER, VersionRow } from "./row-schema.ts";
import { readVersions } from "./versions-source.ts";

/** A packument runs to a few MB (every version's metadata); past this it is not one, and is not read further. */
export const MAX_PACKUMENT_BYTES = 32 * 1024 * 1024;

export const VERSIONS_FILE = "versions.csv";
/** What GitHub answered last time, by repository: ETags for conditional requests, and what they stood for. */
export const HEADS_FILE = "versions-github.json";

export interface VersionsUpdate {
  rows: SoftwareVersions[];
  heads: Record<string, HeadRecord>;
  /** Products not refreshed, each with why; empty when every one was. */
  problems: string[];
  /** The GitHub calls made, for the log. */
  githubCalls: number;
}

const semverOrder = (a: string, b: string) => Bun.semver.order(a, b);

/** The nightly by the rules above, from a GitHub head (or none). */
function nightlyOf(release: Release, head: HeadRecord | undefined): { version: string; date: string } {
  if (!head || semverOrder(head.version, release.version) < 0 || Date.parse(head.date) < Date.parse(release.date)) return { version: release.version, date: release.date };
  return { version: head.version, date: head.date };
}

async function fetchRelease(registry: string, product: Product, policy: FetchPolicy): Promise<Release> {
  const url = `${registry}/${product.npmPackage}`;
  const response = await fetchWithRetry(url, { headers: { accept: "application/json" } }, policy);
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${product.npmPackage}: the npm registry answered HTTP ${response.status}`);
  }
  const read = await readCapped(response, MAX_PACKUMENT_BYTES);
  if (read.kind === "too-large") throw new Error(`${product.npmPackage}: the npm registry sent more than ${read.limit} bytes, the cap for a packument`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(read.bytes));
  } catch {
    throw new Error(`${product.npmPackage}: the npm registry's answer is not JSON`);
  }
  try {
    return releaseFromPackument(json);
  } catch (e) {
    throw new Error(`${product.npmPackage}: ${e instanceof v.ValiError ? `not a packument (${e.issues[0].message})` : (e as Error).message}`);
  }
}

export interface VersionsOptions {
  registry: string;
  github: GitHubSettings;
  /** The export as it is now: what a product falls back on. */
  previous: readonly SoftwareVersions[];
  heads: Readonly<Record<string, HeadRecord>>;
  policy?: FetchPolicy;
}

export async function updateVersions({ registry, github, previous, heads, policy = DEFAULT_POLICY }: VersionsOptions): Promise<VersionsUpdate> {
  const client = new GitHubClient(github, policy);
  const problems: string[] = [];
  const nextHeads: Record<string, HeadRecord> = { ...heads };
  const releases = await Promise.all(SUITE.map((product) => fetchRelease(registry, product, policy).catch((e: Error) => e)));
  const rows: SoftwareVersions[] = [];
  for (const [i, product] of SUITE.entries()) {
    const before = previous.find((r) => r.software === product.software);
    const release = releases[i]!;
    if (release instanceof Error) {
      problems.push(`${product.software}: ${release.message}${before ? "; kept its last row" : "; left out"}`);
      if (before) rows.push(before);
      continue;
    }
    if (release.repository && product.repository && release.repository.toLowerCase() !== product.repository.toLowerCase()) {
      problems.push(`${product.software}: npm names its repository ${release.repository}, the suite table ${product.repository}; asked ${product.repository}`);
    }
    let head: HeadRecord | undefined;
    if (product.repository) {
      // One at a time: a rate limit stops the rest without asking.
      const answer = await client.head(product.repository, heads[product.repository]);
      if (answer.kind === "head") {
        const { kind: _, notModified: __, ...record } = answer;
        head = nextHeads[product.repository] = record;
      } else {
        // The last good nightly, if it is not older than the release now; else the release.
        const kept = before && semverOrder(before.nightlyVersion, release.version) >= 0 ? { version: before.nightlyVersion, date: before.nightlyDate } : undefined;
        head = kept && { sha: "", ...kept };
        problems.push(`${product.software}: nightly not refreshed (${answer.reason}); ${kept ? "kept its last nightly" : "the release stands in"}`);
      }
    }
    const nightly = nightlyOf(release, head);
    rows.push({ software: product.software, npmPackage: product.npmPackage, releaseVersion: release.version, releaseDate: release.date, nightlyVersion: nightly.version, nightlyDate: nightly.date });
  }
  return { rows, heads: nextHeads, problems, githubCalls: client.calls };
}

export function versionsCsv(rows: readonly SoftwareVersions[]): string {
  const lines = rows.map((r) => {
    const fields = [r.software, r.npmPackage, r.releaseVersion, r.releaseDate, r.nightlyVersion, r.nightlyDate];
    v.parse(VersionRow, fields); // the schema admits no comma or quote, so plain joining is safe
    return fields.join(",");
  });
  return `${[VERSIONS_HEADER.join(","), ...lines].join("\n")}\n`;
}

const Heads = v.record(v.string(), v.object({ etag: v.optional(v.string()), sha: v.string(), date: v.string(), version: v.string() }));

/** The previous run's GitHub answers; none when the file is missing or unreadable (every call is then unconditional). */
export function readHeads(upstreamDir: string): Record<string, HeadRecord> {
  const path = join(upstreamDir, HEADS_FILE);
  if (!existsSync(path)) return {};
  const parsed = v.safeParse(Heads, JSON.parse(readFileSync(path, "utf8")));
  return parsed.success ? parsed.output : {};
}

/** Writes a file beside itself and renames it into place: a reader never sees half of it. */
export function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

if (import.meta.main) {
  const config = loadPipelineConfig();
  const target = join(config.upstreamDir, VERSIONS_FILE);
  const previous = existsSync(target) ? readVersions(target).rows : [];
  const update = await updateVersions({ registry: config.npmRegistryUrl, github: config.github, previous, heads: readHeads(config.upstreamDir) });
  writeWhole(target, versionsCsv(update.rows));
  writeWhole(join(config.upstreamDir, HEADS_FILE), `${JSON.stringify(update.heads, null, 2)}\n`);
  for (const r of update.rows) console.log(`${r.software.padEnd(14)} ${r.releaseVersion.padEnd(10)} nightly ${r.nightlyVersion} (${r.nightlyDate})`);
  console.log(`Wrote ${target} (${update.githubCalls} GitHub calls); run \`bun run db:build\` to serve it.`);
  for (const problem of update.problems) console.error(`versions:update: ${problem}`);
  process.exit(update.problems.length ? 1 : 0);
}
