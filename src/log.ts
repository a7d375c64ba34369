// One JSON object per line: requests and events on stdout, problems on stderr.
// LOG_LEVEL quiets it: "info" (default, every request), "warn", "error", "silent".
export type Level = "debug" | "info" | "warn" | "error";

const RANK: Record<Level | "silent", number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

let threshold = RANK.info;

export function setLogLevel(level: string | undefined): void {
  if (level === undefined || level === "") return;
  // Own keys only: "constructor" or "__proto__" is in every object.
  if (!Object.hasOwn(RANK, level)) throw new Error(`LOG_LEVEL must be one of ${Object.keys(RANK).join(", ")}, not "${level}"`);
  threshold = RANK[level as Level];
}

/** Whether a line at `level` would be written: lets callers skip building it. */
export function logs(level: Level): boolean {
  return RANK[level] >= threshold;
}

export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (RANK[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}
