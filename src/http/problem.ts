import * as v from "valibot";
import { NO_STORE } from "./caching.ts";
import { COMMON_HEADERS } from "./headers.ts";
import { byteLength } from "./prepared.ts";

// Every error the service answers with, as RFC 9457 problem details. One map
// from kind to status and title, so handlers only say what went wrong.

export const PROBLEMS = {
  "bad-request": { status: 400, title: "Bad request" },
  "invalid-currency": { status: 400, title: "Invalid currency code" },
  "invalid-date": { status: 400, title: "Invalid date" },
  "invalid-period": { status: 400, title: "Invalid period" },
  "unknown-currency": { status: 404, title: "Unknown currency" },
  "no-rate": { status: 404, title: "No rate for that date" },
  "not-found": { status: 404, title: "Not found" },
  forbidden: { status: 403, title: "Forbidden" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "uri-too-long": { status: 414, title: "URI too long" },
  internal: { status: 500, title: "Internal server error" },
  "data-behind": { status: 503, title: "This service's data is behind HMRC's" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

/**
 * What a handler answers with when it cannot answer the question. Not an
 * Error: an expected answer such as a 404 needs no stack trace.
 */
export class Problem {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export type ProblemType = `urn:feed-service:problem:${ProblemKind}`;

export function problemType(kind: ProblemKind): ProblemType {
  return `urn:feed-service:problem:${kind}`;
}

const PROBLEM_TYPES = (Object.keys(PROBLEMS) as ProblemKind[]).map(problemType);

/** RFC 9457 problem details, as every error body is. */
export const ProblemSchema = v.pipe(
  v.strictObject({
    type: v.pipe(v.picklist(PROBLEM_TYPES), v.description("What kind of problem; stable, for programs"), v.examples(["urn:feed-service:problem:invalid-date"])),
    title: v.pipe(v.string(), v.minLength(1), v.description("Short summary of the kind"), v.examples(["Invalid date"])),
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599), v.examples([400])),
    detail: v.pipe(v.string(), v.minLength(1), v.description("What was wrong with this request, for people"), v.examples(['"2025-02-30" is not a valid date: there is no such day in the calendar.'])),
    instance: v.pipe(v.string(), v.startsWith("/"), v.description("The path that was asked for"), v.examples(["/vat/exchange-rate/usd/2025-02-30"])),
  }),
  v.title("Problem"),
);

export type ProblemBody = v.InferOutput<typeof ProblemSchema>;

const PROBLEM_HEADERS = new Headers({ ...COMMON_HEADERS, "content-type": "application/problem+json", "cache-control": NO_STORE });

/** The problem+json response for `problem` at path `instance`; no body for HEAD. */
export function problemResponse(problem: Problem, instance: string, head = false): Response {
  const { status, title } = PROBLEMS[problem.kind];
  const body: ProblemBody = { type: problemType(problem.kind), title, status, detail: problem.detail, instance };
  const text = JSON.stringify(body);
  const headers = new Headers(PROBLEM_HEADERS);
  headers.set("content-length", String(byteLength(text)));
  for (const name in problem.headers) headers.set(name, problem.headers[name]!);
  if (head) headers.set("date", new Date().toUTCString());
  return new Response(head ? null : text, { status, headers });
}
