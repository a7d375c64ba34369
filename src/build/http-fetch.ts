// Upstream requests: each with a timeout and a bounded number of retries, so
// a slow or flaky upstream fails the update instead of hanging it.
export interface FetchPolicy {
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
}

export const DEFAULT_POLICY: FetchPolicy = { timeoutMs: 15_000, attempts: 3, backoffMs: 500 };

/** GETs `url`; retries network errors, timeouts and 5xx; returns other answers as they are. */
export async function fetchWithRetry(url: string, init: RequestInit = {}, policy: FetchPolicy = DEFAULT_POLICY): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(policy.timeoutMs) });
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
