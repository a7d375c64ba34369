// `bun run db:update`: brings the upstream snapshot up to date from HMRC and
// npm, then rebuilds. HMRC's files are found through its listing
// (hmrc-api.ts), or at their documented names when the listing is down.
// Every download is validated with the build's own row schemas before it is
// accepted; the rebuild runs on a staged copy of the snapshot, so when it
// fails neither the snapshot nor the database changes.
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addMonths, publicationDay, publishedThrough, yearlyPeriodsDue } from "../lib/publication.ts";
import { BuildError } from "./anomalies.ts";
import { buildDatabase, type BuildOptions, type BuildReport } from "./build-database.ts";
import type { HmrcSettings } from "../config.ts";
import type { GitHubSettings } from "./github-nightly.ts";
import { canonicalPath, HmrcClient, listFiles } from "./hmrc-api.ts";
import { DEFAULT_POLICY, type FetchPolicy } from "./http-fetch.ts";
import { fetchFile, removeStaleStaging, validationError, yearlyValidationError, type Download } from "./update-steps.ts";
import { sha256 } from "./sources.ts";
import { HEADS_FILE, readHeads, updateVersions, VERSIONS_FILE, versionsCsv, writeWhole } from "./versions-update.ts";
import { readVersions } from "./versions-source.ts";

export interface UpdateOptions extends BuildOptions {
  hmrc: HmrcSettings;
  npmRegistryUrl: string;
  github: GitHubSettings;
  /** Today in the UK, YYYY-MM-DD: HMRC publishes up to next month. */
  today: string;
  policy?: FetchPolicy;
  /** The whole run's bound: past it every call still under way is aborted and the update fails. */
  deadlineMs?: number;
  say?: (line: string) => void;
}

export interface UpdateResult {
  added: string[];
  replaced: string[];
  rejected: { file: string; reason: string }[];
  versionsChanged: boolean;
  build?: BuildReport;
  /** The newest month the snapshot has after the update (YYYY-MM). */
  newestMonth: string;
  /** Every URL asked of HMRC, for a message when the data is still behind. */
  asked: string[];
  /** Yearly files HMRC has published by today that the snapshot still lacks. */
  yearlyMissing: string[];
}

/** Our snapshot's name for a month (YYYY-MM): padded, so names sort by date. */
export const monthlyName = (month: string) => `monthly_csv_${month}.csv`;

/** How long a whole update may take: a few listings and files, each bounded by its own timeout and retries. */
const RUN_DEADLINE_MS = 5 * 60_000;

export { addMonths, publicationDay };
/** The newest month the data must reach on `today` (UK): what HMRC has published by then. */
export const requiredMonth = publishedThrough;

export async function updateSnapshot(options: UpdateOptions): Promise<UpdateResult> {
  const say = options.say ?? (() => {});
  const policy = { ...(options.policy ?? DEFAULT_POLICY), signal: AbortSignal.timeout(options.deadlineMs ?? RUN_DEADLINE_MS) };
  const hmrcDir = join(options.upstreamDir, "hmrc");
  if (!existsSync(hmrcDir)) throw new BuildError(hmrcDir, undefined, "the upstream snapshot is not there: check UPSTREAM_DIR");
  removeStaleStaging(options.upstreamDir, say);
  const have = new Set(readdirSync(hmrcDir).filter((n) => n.startsWith("monthly_csv_")));
  const latest = [...have].sort().at(-1)?.slice(12, 19);
  if (!latest) throw new BuildError(hmrcDir, undefined, "no monthly files in the snapshot to update from");

  const result: UpdateResult = { added: [], replaced: [], rejected: [], versionsChanged: false, newestMonth: latest, asked: [], yearlyMissing: [] };
  const accepted = new Map<string, Uint8Array>();
  const thisMonth = options.today.slice(0, 7);
  const nextMonth = addMonths(thisMonth, 1);

  const client = new HmrcClient(options.hmrc, policy, result.asked);
  // Only the years this update can need are asked for, whatever a listing names.
  const years: number[] = [];
  for (let year = Math.min(Number(latest.slice(0, 4)), Number(thisMonth.slice(0, 4))); year <= Number(nextMonth.slice(0, 4)); year++) years.push(year);
  const listing = await listFiles(client, "monthly", years);
  if (listing.kind === "unavailable") say(`HMRC's listing is unavailable (${listing.reason}); asking for each month at its documented name instead`);
  /** Where a month's file is: as listed; without the listing, at the documented name (a 404 there means not published). */
  const download = async (month: string): Promise<Download> => {
    if (listing.kind === "listed" && !listing.paths.has(month)) {
      say(`${monthlyName(month)}: not in HMRC's listing yet`);
      return { kind: "not-published" };
    }
    const path = listing.kind === "listed" ? listing.paths.get(month)! : canonicalPath(options.hmrc, "monthly", month);
    return fetchFile(client, path, monthlyName(month), say);
  };

  // HMRC occasionally replaces a published file: look at this month and next again.
  for (const month of [thisMonth, nextMonth]) {
    const name = monthlyName(month);
    if (!have.has(name)) continue;
    const fetched = await download(month);
    if (fetched.kind !== "file") continue;
    if (sha256(fetched.bytes) === sha256(readFileSync(join(hmrcDir, name)))) {
      say(`${name}: unchanged`);
      continue;
    }
    const reason = validationError(name, month, fetched.bytes);
    if (reason) {
      result.rejected.push({ file: name, reason });
      say(`${name}: HMRC's replacement REJECTED, keeping ours: ${reason}`);
      continue;
    }
    accepted.set(name, fetched.bytes);
    result.replaced.push(name);
    say(`${name}: HMRC replaced this file; taking the new one`);
  }

  // Then every month after the snapshot's newest, until HMRC has no more.
  for (let month = addMonths(latest, 1); month <= nextMonth; month = addMonths(month, 1)) {
    const name = monthlyName(month);
    const fetched = await download(month);
    if (fetched.kind === "not-published") break;
    if (fetched.kind === "failed") {
      result.rejected.push({ file: name, reason: fetched.reason });
      break;
    }
    const reason = validationError(name, month, fetched.bytes);
    if (reason) {
      result.rejected.push({ file: name, reason });
      say(`${name}: REJECTED: ${reason}`);
      break; // a later month would leave a gap
    }
    accepted.set(name, fetched.bytes);
    result.added.push(name);
    say(`${name}: new`);
  }
  const monthsAdded = result.added.filter((n) => n.startsWith("monthly_"));
  if (monthsAdded.length) result.newestMonth = monthsAdded.at(-1)!.slice(12, 19);

  // HMRC's yearly series: every period (March, December) after the snapshot's newest whose last day has passed.
  for (const series of ["average", "spot"] as const) {
    const prefix = `${series}_csv_`;
    const newest = readdirSync(hmrcDir).filter((n) => n.startsWith(prefix)).sort().at(-1)?.slice(prefix.length, prefix.length + 7);
    if (!newest) continue;
    const due = yearlyPeriodsDue(newest, options.today);
    const taken: string[] = [];
    if (due.length) {
      const list = await listFiles(client, series, [...new Set(due.map((p) => Number(p.slice(0, 4))))]);
      for (const period of due) {
        const name = `${prefix}${period}.csv`;
        if (list.kind === "listed" && !list.paths.has(period)) {
          say(`${name}: not in HMRC's listing yet`);
          break;
        }
        const fetched = await fetchFile(client, list.kind === "listed" ? list.paths.get(period)! : canonicalPath(options.hmrc, series, period), name, say);
        if (fetched.kind === "not-published") break;
        if (fetched.kind === "failed") {
          result.rejected.push({ file: name, reason: fetched.reason });
          break;
        }
        const reason = yearlyValidationError(name, series, period, fetched.bytes);
        if (reason) {
          result.rejected.push({ file: name, reason });
          say(`${name}: REJECTED: ${reason}`);
          break;
        }
        accepted.set(name, fetched.bytes);
        result.added.push(name);
        taken.push(period);
        say(`${name}: new`);
      }
    }
    result.yearlyMissing.push(...due.filter((p) => !taken.includes(p)).map((p) => `${prefix}${p}.csv`));
  }

  const versionsPath = join(options.upstreamDir, VERSIONS_FILE);
  let versions: string | undefined;
  try {
    const previous = existsSync(versionsPath) ? readVersions(versionsPath).rows : [];
    const update = await updateVersions({ registry: options.npmRegistryUrl, github: options.github, previous, heads: readHeads(options.upstreamDir), policy });
    versions = versionsCsv(update.rows);
    result.versionsChanged = versions !== (existsSync(versionsPath) ? readFileSync(versionsPath, "utf8") : undefined);
    // What GitHub answered is kept whatever else happens: the next run's requests are conditional on it.
    writeWhole(join(options.upstreamDir, HEADS_FILE), `${JSON.stringify(update.heads, null, 2)}\n`);
    for (const problem of update.problems) result.rejected.push({ file: VERSIONS_FILE, reason: problem });
    say(`${VERSIONS_FILE}: ${result.versionsChanged ? "changed" : "unchanged"} (${update.githubCalls} GitHub calls)`);
  } catch (e) {
    result.rejected.push({ file: VERSIONS_FILE, reason: (e as Error).message });
    say(`${VERSIONS_FILE}: not refreshed: ${(e as Error).message}`);
  }
  if (accepted.size === 0 && !result.versionsChanged) return result;

  // Build from a staged copy; only a successful build touches the real snapshot.
  const staged = `${options.upstreamDir.replace(/\/+$/, "")}.staged-${process.pid}`;
  cpSync(options.upstreamDir, staged, { recursive: true });
  try {
    for (const [name, bytes] of accepted) writeFileSync(join(staged, "hmrc", name), bytes);
    if (result.versionsChanged) writeFileSync(join(staged, "versions.csv"), versions!);
    result.build = buildDatabase({ ...options, upstreamDir: staged });
    for (const name of accepted.keys()) renameSync(join(staged, "hmrc", name), join(hmrcDir, name));
    if (result.versionsChanged) renameSync(join(staged, "versions.csv"), versionsPath);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
  return result;
}
