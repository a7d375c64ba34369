// The nightly of a DataTables product: the head commit of its public
// repository's default branch on GitHub (its sha and committer date) and the
// `version` in package.json at that commit. A good API citizen: conditional
// requests with the previous run's ETags (a 304 costs nothing against the
// anonymous limit of 60 calls an hour), the token only to the API's origin,
// every answer read against a cap, and no further call once GitHub says the
// rate limit is reached.
import * as v from "valibot";
import { fetchWithRetry, readCapped, type FetchPolicy } from "./http-fetch.ts";

/** What a previous run learnt of a repository, kept beside the versions export: its ETag and what it stood for. */
export interface HeadRecord {
  etag?: string;
  sha: string;
  date: string;
  version: string;
}

export type HeadResult =
  | ({ kind: "head"; notModified: boolean } & HeadRecord)
  | { kind: "rate-limited"; reason: string }
  | { kind: "failed"; reason: string };

export interface GitHubSettings {
  apiUrl: string;
  token: string | undefined;
}

/** A GitHub answer is a few KB; nothing past this is read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const Commit = v.object({ sha: v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/)), commit: v.object({ committer: v.object({ date: v.string() }) }) });
const Contents = v.object({ encoding: v.literal("base64"), content: v.string() });
const PackageJson = v.object({ version: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "not a semantic version")) });

class RateLimited extends Error {}

export class GitHubClient {
  private limited: string | undefined;
  calls = 0;

  constructor(
    private readonly settings: GitHubSettings,
    private readonly policy: FetchPolicy,
  ) {}

  /** The head of `repository` (owner/name); `previous` makes the call conditional. */
  async head(repository: string, previous: HeadRecord | undefined): Promise<HeadResult> {
    if (this.limited) return { kind: "rate-limited", reason: this.limited };
    try {
      const commit = await this.get(`/repos/${repository}/commits/HEAD`, previous?.etag);
      if (commit.status === 304 && previous) return { kind: "head", notModified: true, ...previous };
      const { sha, commit: detail } = v.parse(Commit, commit.json);
      const date = new Date(detail.committer.date);
      if (Number.isNaN(date.getTime())) throw new Error(`committer date ${JSON.stringify(detail.committer.date)} is not a date`);
      const etag = commit.etag;
      // The same commit as last time has the same package.json.
      if (previous?.sha === sha) return { kind: "head", notModified: false, ...previous, ...(etag ? { etag } : {}), sha };
      const contents = v.parse(Contents, (await this.get(`/repos/${repository}/contents/package.json?ref=${sha}`)).json);
      const { version } = v.parse(PackageJson, JSON.parse(atob(contents.content.replace(/\s+/g, ""))));
      return { kind: "head", notModified: false, ...(etag ? { etag } : {}), sha, date: `${date.toISOString().slice(0, 19)}+00:00`, version };
    } catch (e) {
      if (e instanceof RateLimited) return { kind: "rate-limited", reason: (this.limited = e.message) };
      return { kind: "failed", reason: e instanceof v.ValiError ? `GitHub's answer for ${repository} is not what was expected (${e.issues[0].message})` : (e as Error).message };
    }
  }

  private async get(path: string, etag?: string): Promise<{ status: number; json?: unknown; etag?: string }> {
    const url = `${this.settings.apiUrl}${path}`;
    const headers: Record<string, string> = { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", "user-agent": "feed-service versions:update" };
    if (etag) headers["if-none-match"] = etag;
    // The token goes to the API's origin only; a redirect elsewhere is not followed with it.
    if (this.settings.token) headers.authorization = `Bearer ${this.settings.token}`;
    this.calls++;
    const response = await fetchWithRetry(url, { headers, redirect: "manual" }, { ...this.policy, attempts: 1 });
    if (response.status === 304) return { status: 304 };
    if ((response.status === 403 || response.status === 429) && (response.headers.get("x-ratelimit-remaining") === "0" || response.headers.has("retry-after"))) {
      await response.body?.cancel();
      const reset = Number(response.headers.get("x-ratelimit-reset"));
      throw new RateLimited(`GitHub's rate limit is reached${reset ? ` until ${new Date(reset * 1000).toISOString()}` : ""}${this.settings.token ? "" : " (set GITHUB_TOKEN for a higher limit)"}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url}: GitHub answered HTTP ${response.status}`);
    }
    const read = await readCapped(response, MAX_ANSWER_BYTES);
    if (read.kind === "too-large") throw new Error(`${url}: answer larger than ${read.limit} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      throw new Error(`${url}: not JSON`);
    }
    return { status: response.status, json, etag: response.headers.get("etag") ?? undefined };
  }
}
