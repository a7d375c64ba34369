import { NO_STORE } from "./caching.ts";

// Every error the service answers with, as RFC 9457 problem details. One map
// from kind to status and title, so handlers only say what went wrong.

export const PROBLEMS = {
  "invalid-currency": { status: 400, title: "Invalid currency code" },
  "invalid-date": { status: 400, title: "Invalid date" },
  "unknown-currency": { status: 404, title: "Unknown currency" },
  "no-rate": { status: 404, title: "No rate for that date" },
  "not-found": { status: 404, title: "Not found" },
  forbidden: { status: 403, title: "Forbidden" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "uri-too-long": { status: 414, title: "URI too long" },
  internal: { status: 500, title: "Internal server error" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

/** Thrown by handlers; the edge turns it into a response. */
export class Problem extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "Problem";
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
}

export function problemType(kind: ProblemKind): string {
  return `urn:feed-service:problem:${kind}`;
}

export function problemResponse(problem: Problem, instance: string): Response {
  const { status, title } = PROBLEMS[problem.kind];
  const body: ProblemBody = { type: problemType(problem.kind), title, status, detail: problem.detail, instance };
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      "content-type": "application/problem+json",
      "content-length": String(Buffer.byteLength(text)),
      "cache-control": NO_STORE,
      ...problem.headers,
    },
  });
}
