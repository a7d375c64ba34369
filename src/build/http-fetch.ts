// Upstream requests: each with a timeout and a bounded number of retries, so
// a slow or flaky upstream fails the update instead of hanging it.
export interface FetchPolicy {
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  /** The whole run's bound, beside each attempt's timeout: once it fires nothing is retried. */
  signal?: AbortSignal;
}

export const DEFAULT_POLICY: FetchPolicy = { timeoutMs: 15_000, attempts: 3, backoffMs: 500 };

/** GETs `url`; retries network errors, timeouts and 5xx; returns other answers as they are. */
export async function fetchWithRetry(url: string, init: RequestInit = {}, policy: FetchPolicy = DEFAULT_POLICY): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (policy.signal?.aborted) throw new Error(`${url}: the update ran out of time (${(policy.signal.reason as Error)?.message ?? "deadline"})`);
    try {
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const response = await fetch(url, { ...init, signal: policy.signal ? AbortSignal.any([timeout, policy.signal]) : timeout });
      if (response.status < 500 || attempt === policy.attempts) return response;
      lastError = new Error(`${url}: HTTP ${response.status}`);
      await response.body?.cancel();
    } catch (e) {
      lastError = e;
    }
    if (attempt < policy.attempts) await Bun.sleep(policy.backoffMs * attempt);
  }
  throw new Error(`${url}: gave up after ${policy.attempts} attempts: ${(lastError as Error)?.message ?? lastError}`);
}

/** HMRC's monthly files are about 10 KB; anything past this is not one, and is not read further. */
export const MAX_DOWNLOAD_BYTES = 5 * 1024 * 1024;

export type CappedRead = { kind: "read"; bytes: Uint8Array } | { kind: "too-large"; limit: number };

/** Reads a body as it streams, stopping (and cancelling) once it passes `limit` bytes: memory stays bounded whatever is sent. */
export async function readCapped(response: Response, limit = MAX_DOWNLOAD_BYTES): Promise<CappedRead> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > limit) {
    await response.body?.cancel();
    return { kind: "too-large", limit };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > limit) {
      await response.body?.cancel().catch(() => {});
      return { kind: "too-large", limit };
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) bytes.set(chunk, (at += chunk.byteLength) - chunk.byteLength);
  return { kind: "read", bytes };
}
