// Answers already given, by request path, one cache per open database. A
// database file never changes while open, so a route's answer for a path is
// fixed (the today route's until the next UK midnight) and a repeat can be
// served synchronously, before routing: an async round through the router
// costs more than the answer itself (#6). Handlers opt in through
// `reusable`. The cache is bounded in entries, and only well-formed requests
// are remembered, whose paths are short, so it is bounded in bytes too.
import type { FeedStore } from "../data/feed-store.ts";
import { BoundedMap } from "./bounded-map.ts";
import { preparedResponse, type PreparedBody } from "./prepared-body.ts";
import { Problem, renderedResponse, renderProblem, type RenderedProblem } from "./problem.ts";

/** When an answer holds, and how HTTP caches may keep it. */
export interface Validity {
  /** Fixed, or computed per request (the today route counts down to midnight). */
  cacheControl: string | ((now: Date) => string);
  /** Epoch ms from which and until which the answer holds: ±Infinity while the database lasts. */
  validFrom: number;
  validUntil: number;
}

/** A 200 body, or the problem that answers instead (a 404 holds as long as a rate would). */
export type ReusableAnswer = Validity & ({ body: PreparedBody } | { problem: RenderedProblem });

/** A response, with the remembered answer it renders when there is one. */
export interface Answered {
  response: Response;
  answer?: ReusableAnswer;
}

/** The ETag a remembered answer carries: its Response's headers need not be read for it. */
export function etagOf(answer: ReusableAnswer): string | null {
  return "body" in answer ? answer.body.etag : null;
}

export const WHILE_DATABASE_LASTS = { validFrom: -Infinity, validUntil: Infinity } as const;

/**
 * Paths remembered per database: every currency's today answer and a working
 * set of dated lookups. Each costs about 1.5 KiB of the server's memory;
 * at 20,000 a crawl over many dates took the server past 100 MiB, at 8,192
 * to 75 MiB (#6). A request for a path no longer remembered is routed again.
 */
export const MAX_ENTRIES = 2_048;
const marked = new WeakMap<Response, ReusableAnswer>();

/**
 * Answers with what `produce` gives, or with the Problem it throws, and marks
 * the response as one the cache may replay for as long as `validity` says.
 */
export function reusable(request: Request, validity: Validity, now: Date, produce: () => PreparedBody): Response {
  let answer: ReusableAnswer;
  try {
    answer = { ...validity, body: produce() };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const problem = renderProblem(error, new URL(request.url).pathname);
    // A malformed request is not remembered: malformed paths are endless and
    // may be long, so remembering them would let any caller fill the cache.
    if (problem.status === 400) return renderedResponse(problem);
    answer = { ...validity, problem };
  }
  const response = render(answer, now);
  marked.set(response, answer);
  return response;
}

function render(answer: ReusableAnswer, now?: Date): Response {
  if ("problem" in answer) return renderedResponse(answer.problem);
  return preparedResponse(answer.body, typeof answer.cacheControl === "string" ? answer.cacheControl : answer.cacheControl(now!));
}

/** The path part of a request URL, without parsing it: "http://host/a/b?q" → "/a/b". */
export function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/** One app's answers (an app has one base path and one clock), kept per database. */
export class AnswerCache {
  private readonly byStore = new WeakMap<FeedStore, BoundedMap<string, ReusableAnswer>>();

  /** The answer for `path` if there is one that holds now; the clock is read only for answers that expire. */
  replay(store: FeedStore, path: string, clock: () => Date): Answered | undefined {
    const answer = this.byStore.get(store)?.get(path);
    if (!answer) return undefined;
    if (answer.validUntil === Infinity && typeof answer.cacheControl === "string") return { response: render(answer), answer };
    const now = clock();
    const at = now.getTime();
    return at < answer.validFrom || at >= answer.validUntil ? undefined : { response: render(answer, now), answer };
  }

  /** Keeps `response` for `path` if its handler marked it reusable, and says what it kept. */
  remember(store: FeedStore, path: string, response: Response): ReusableAnswer | undefined {
    const answer = marked.get(response);
    if (!answer) return undefined;
    let cache = this.byStore.get(store);
    if (!cache) this.byStore.set(store, (cache = new BoundedMap(MAX_ENTRIES)));
    cache.set(path, answer);
    return answer;
  }
}
