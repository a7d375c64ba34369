// One prepared body per currency and period for the dated route. Every date
// in a period has the same answer, so the paths asking for different days of
// it share one copy of its bytes, ETag and headers (#6). Bounded like the
// answer cache in front of it, and to the same size.
import type { FeedStore } from "../data/feed-store.ts";
import { BoundedMap } from "../http/bounded-map.ts";
import { serialise, type PreparedBody } from "../http/prepared-body.ts";
import type { ExchangeRate } from "./schemas.ts";

export const MAX_BODIES = 2_048;
const byStore = new WeakMap<FeedStore, BoundedMap<string, PreparedBody>>();

export function rateBody(store: FeedStore, rate: ExchangeRate): PreparedBody {
  let bodies = byStore.get(store);
  if (!bodies) byStore.set(store, (bodies = new BoundedMap(MAX_BODIES)));
  const key = `${rate.currencyCode} ${rate.effectiveFrom}`;
  let body = bodies.get(key);
  if (!body) bodies.set(key, (body = serialise(rate, store.buildId)));
  return body;
}
