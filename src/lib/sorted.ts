// Binary search over a sorted array: the one loop behind every lookup that
// must not scan (a period by day, a table by stretch, a banned address).

/** The number of items at or before `value`: the index of the first item after it (items ascending). */
export function countAtOrBefore<N extends number | bigint>(items: ArrayLike<N>, value: N): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
