// The synchronous walk over itty-router's route table finds what itty's own
// async fetch finds: same route, same params, same order, methods respected.
import { expect, test } from "bun:test";
import { Router, type IRequest } from "itty-router";
import { dispatch } from "../src/http/dispatch.ts";
import { ok, prepareJson } from "../src/http/prepared.ts";

const tagged = (tag: string) => (request: IRequest) => ok(prepareJson({ tag, params: request.params }, "no-store"));
const skip = () => undefined;

const router = Router<IRequest, [unknown]>({ base: "/base" })
  .get("/a/:x/:y", tagged("get a x y"))
  .all("/a/:x", skip, tagged("all a x, after a handler that passes"))
  .head("/b", tagged("head b"))
  .all("/b", tagged("all b"))
  .all("/c/*", tagged("all c star"))
  .all("/", tagged("root"));

const PATHS = ["/base/a/1/2", "/base/a/%41", "/base/a", "/base/b", "/base/b/", "/base/c/d/e", "/base/", "/base", "/a/1/2", "/base/a/1/2/3", "/elsewhere"];

test.each(["GET", "HEAD", "POST"])("%s: dispatch and itty's fetch pick the same route and params on every path", async (method) => {
  const found = new Set<string | Uint8Array<ArrayBuffer> | undefined>();
  for (const path of PATHS) {
    const viaItty = await router.fetch({ method, url: `http://localhost${path}` } as IRequest, undefined);
    const viaDispatch = dispatch(router.routes, method, path, undefined);
    const reply = viaDispatch && "body" in viaDispatch ? viaDispatch.body.content : undefined;
    expect({ path, reply }).toEqual({ path, reply: viaItty?.body.content });
    found.add(reply);
  }
  // The table is not trivially empty for any method: several routes answer, and some paths none.
  expect(found.size).toBeGreaterThanOrEqual(4);
  expect(found.has(undefined)).toBe(true);
});
