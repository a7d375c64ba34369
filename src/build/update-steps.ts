// The steps of db:update that touch one thing each: a download from HMRC
// (through its client, every body capped), the build's own rules applied to
// a downloaded file, and the staged copies a killed update left behind.
import { readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { AnomalyLog, BuildError } from "./anomalies.ts";
import { HmrcAuthError, type HmrcClient } from "./hmrc-api.ts";
import { readCapped } from "./http-fetch.ts";
import { importRates } from "./import-rates.ts";
import { importYearly } from "./import-yearly.ts";
import { parseSource } from "./sources.ts";

/** A killed update leaves its staged copy (UPSTREAM_DIR.staged-PID): removed once no process of that id is running. */
export function removeStaleStaging(upstreamDir: string, say: (line: string) => void): void {
  const dir = dirname(upstreamDir.replace(/\/+$/, ""));
  const prefix = `${basename(upstreamDir.replace(/\/+$/, ""))}.staged-`;
  for (const name of readdirSync(dir).filter((n) => n.startsWith(prefix))) {
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    say(`removed ${name}, left by an update that did not finish`);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

export type Download = { kind: "file"; bytes: Uint8Array } | { kind: "not-published" } | { kind: "failed"; reason: string };

export async function fetchFile(client: HmrcClient, path: string, name: string, say: (line: string) => void): Promise<Download> {
  say(`GET ${path}`);
  try {
    const response = await client.file(path);
    const url = response.url || path;
    if (response.status === 404) {
      await response.body?.cancel();
      say(`${name}: not published yet`);
      return { kind: "not-published" };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: "failed", reason: `HMRC answered HTTP ${response.status} at ${url}` };
    }
    const read = await readCapped(response);
    if (read.kind === "too-large") return { kind: "failed", reason: `${url} sent more than ${read.limit} bytes; an HMRC file is about 10 KB` };
    return { kind: "file", bytes: read.bytes };
  } catch (e) {
    if (e instanceof HmrcAuthError) throw e;
    say(`${name}: download failed: ${(e as Error).message}`);
    return { kind: "failed", reason: (e as Error).message };
  }
}

/** Why a downloaded average or spot file is unacceptable, by the build's own rules; undefined when it is fine. */
export function yearlyValidationError(name: string, series: "average" | "spot", period: string, bytes: Uint8Array): string | undefined {
  try {
    importYearly([parseSource(name, series, period, bytes)], [], new AnomalyLog());
    return undefined;
  } catch (e) {
    if (e instanceof BuildError) return e.message;
    throw e;
  }
}

/** Why a downloaded monthly file is unacceptable, by the build's own rules; undefined when it is fine. */
export function validationError(name: string, month: string, bytes: Uint8Array): string | undefined {
  try {
    importRates([parseSource(name, "monthly", month, bytes)], new AnomalyLog());
    return undefined;
  } catch (e) {
    if (e instanceof BuildError) return e.message;
    throw e;
  }
}
