// A Map that keeps at most `limit` entries, forgetting the oldest first. The
// caches in front of the data use it so that no mix of requests can grow the
// server's memory past a fixed size (#6).
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    // Map keeps insertion order, so its first key is the oldest.
    if (this.entries.size >= this.limit && !this.entries.has(key)) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
