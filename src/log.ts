// One JSON object per line on stdout (errors on stderr), for log shippers.
export type Level = "debug" | "info" | "warn" | "error";

export function logEvent(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}
