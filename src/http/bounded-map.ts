// A Map that keeps at most `limit` entries, forgetting the oldest first. The
// caches in front of the data use it so that no mix of requests can grow the
// server's memory past a fixed size (#6).
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * Keys in the order they came, in a ring: the slot to fill next holds the
   * oldest. Asking the Map for its first key instead walks over every deleted
   * entry before it: 2.1 µs a set once full, against 0.16 µs (#6).
   */
  private readonly order: (K | undefined)[] = [];
  private next = 0;

  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key)) {
      if (this.order.length === this.limit) this.entries.delete(this.order[this.next]!);
      this.order[this.next] = key;
      this.next = (this.next + 1) % this.limit;
    }
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
