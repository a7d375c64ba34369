// What the importer found wrong with its input. A notice or warning is
// recorded and the build goes on; a BuildError stops it before anything is
// written. Each one says where: file and line.

export type Severity = "notice" | "warning";

export interface Anomaly {
  severity: Severity;
  kind: string;
  file: string;
  line: number;
  message: string;
}

export class BuildError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    message: string,
  ) {
    super(`${line === undefined ? file : `${file}:${line}`}: ${message}`);
    this.name = "BuildError";
  }
}

export class AnomalyLog {
  readonly entries: Anomaly[] = [];

  notice(kind: string, file: string, line: number, message: string): void {
    this.entries.push({ severity: "notice", kind, file, line, message });
  }

  warning(kind: string, file: string, line: number, message: string): void {
    this.entries.push({ severity: "warning", kind, file, line, message });
  }

  count(severity: Severity): number {
    return this.entries.filter((a) => a.severity === severity).length;
  }
}

/** "2-6, 8, 10-11": a compact list of line numbers for one message. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const out: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}
