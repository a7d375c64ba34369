// A bounded cache of serialised answers, one per open database: the rates are
// fixed for the life of a file, so an answer computed once is the answer.
// Keys are normalised (upper-case code, validated date), so "usd" and "USD"
// share an entry. Least recently used entries go first past the bound.
import type { FeedStore } from "../data/feed-store.ts";
import type { JsonBody } from "./json.ts";

const MAX_ENTRIES = 20_000;
const caches = new WeakMap<FeedStore, Map<string, JsonBody>>();

export function cachedBody(store: FeedStore, key: string, make: () => JsonBody): JsonBody {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  let body = cache.get(key);
  if (body) {
    // Map keeps insertion order: re-inserting marks it most recently used.
    cache.delete(key);
  } else {
    body = make();
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, body);
  return body;
}
