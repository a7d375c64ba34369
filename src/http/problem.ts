import * as v from "valibot";
import { NO_STORE } from "./caching.ts";
import { COMMON_HEADERS } from "./headers.ts";

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

/**
 * Thrown by handlers; the edge turns it into a response. Not an Error: an
 * expected answer such as a 404 needs no stack trace, and capturing one
 * would be most of its cost.
 */
export class Problem {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** RFC 9457 problem details, as every error body is. */
export const ProblemSchema = v.pipe(
  v.strictObject({
    type: v.pipe(v.string(), v.startsWith("urn:feed-service:problem:"), v.description("What kind of problem; stable, for programs"), v.examples(["urn:feed-service:problem:invalid-date"])),
    title: v.pipe(v.string(), v.minLength(1), v.description("Short summary of the kind"), v.examples(["Invalid date"])),
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599), v.examples([400])),
    detail: v.pipe(v.string(), v.minLength(1), v.description("What was wrong with this request, for people"), v.examples(['"2025-02-30" is not a valid date: there is no such day in the calendar.'])),
    instance: v.pipe(v.string(), v.startsWith("/"), v.description("The path that was asked for"), v.examples(["/vat/exchange-rate/usd/2025-02-30"])),
  }),
  v.title("Problem"),
);

export type ProblemBody = v.InferOutput<typeof ProblemSchema>;

export function problemType(kind: ProblemKind): string {
  return `urn:feed-service:problem:${kind}`;
}

/** A problem rendered once: status, body and headers, ready to answer with as often as needed. */
export interface RenderedProblem {
  status: number;
  text: string;
  headers: Headers;
}

export function renderProblem(problem: Problem, instance: string): RenderedProblem {
  const { status, title } = PROBLEMS[problem.kind];
  const body: ProblemBody = { type: problemType(problem.kind), title, status, detail: problem.detail, instance };
  const text = JSON.stringify(body);
  const headers = new Headers({
    ...COMMON_HEADERS,
    "content-type": "application/problem+json",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": NO_STORE,
    ...problem.headers,
  });
  return { status, text, headers };
}

/** The Response copies the headers, so a rendered problem can answer many times. */
export function renderedResponse({ status, text, headers }: RenderedProblem): Response {
  return new Response(text, { status, headers });
}

export function problemResponse(problem: Problem, instance: string): Response {
  return renderedResponse(renderProblem(problem, instance));
}
