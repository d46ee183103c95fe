/** A Map that keeps at most `limit` entries, dropping the oldest first: in-process caches stay bounded. */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V) {
    if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }

  delete(key: string) {
    this.map.delete(key);
  }
}
