/** A Map that keeps at most `limit` entries, dropping the least recently used first: in-process caches stay bounded. */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly limit: number) {}

  /** A key read moves to the newest end: the entries dropped first are the least recently used. */
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    // A key set again moves to the newest end (and drops nothing else).
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }

  delete(key: string) {
    this.map.delete(key);
  }
}

/**
 * Values that hold under one set of table versions (a list's count, its kept order, a summary): one entry
 * per key, replaced when the versions move. Versions only grow, so a value under older versions is not
 * asked for again; kept as keys of their own (versions in the key), those dead values filled the cache
 * under writes and held memory until the bound pushed them out (the soak saw the heap grow by 10%).
 */
export class VersionedCache<V> {
  private readonly entries: BoundedCache<{ versions: string; value: V }>;

  constructor(limit: number) {
    this.entries = new BoundedCache(limit);
  }

  get(key: string, versions: string): V | undefined {
    const entry = this.entries.get(key);
    return entry?.versions === versions ? entry.value : undefined;
  }

  /** The value last kept under a key, with the versions it holds under (they may have moved since). */
  latest(key: string): { versions: string; value: V } | undefined {
    return this.entries.get(key);
  }

  set(key: string, versions: string, value: V) {
    this.entries.set(key, { versions, value });
  }
}
