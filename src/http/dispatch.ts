// itty-router's route table, walked synchronously. The Router compiles the
// patterns (base path included) and keeps them in order; its own `fetch` is
// async, and a server answers a Response returned at once with less CPU than
// one behind a pending promise (`bun run bench`; the commit that keeps this
// has the figures). Every handler here is synchronous, so nothing is lost by
// not awaiting; test/dispatch.test.ts holds it to itty's own fetch.
import type { IRequest, RouteEntry } from "itty-router";
import type { Handler } from "./handler.ts";
import type { Reply } from "./respond.ts";

/** The first reply a route matching `method` and `path` gives, as itty's `fetch` would find it; undefined when none matches. */
export function dispatch<Context>(routes: RouteEntry<IRequest, [Context]>[], method: string, path: string, context: Context): Reply | undefined {
  for (const [routeMethod, pattern, handlers] of routes) {
    if (routeMethod !== "ALL" && routeMethod !== method) continue;
    const match = pattern.exec(path);
    if (match === null) continue;
    const request = { method, params: match.groups ?? {} } as IRequest;
    for (const handler of handlers as unknown as Handler<Context>[]) {
      const reply = handler(request, context);
      if (reply != null) return reply;
    }
  }
  return undefined;
}
