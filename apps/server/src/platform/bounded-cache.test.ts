import { describe, expect, it } from 'vitest';
import { BoundedCache, VersionedCache } from './bounded-cache.js';

describe('the in-process caches', () => {
  it('keep at most their bound, dropping the least recently used first', () => {
    const cache = new BoundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3); // replaced: nothing else dropped, and 'a' is now the newest
    cache.set('c', 4); // 'b' was the least recently used
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    // A read counts as a use: 'a' read, 'c' is now the least recently used.
    expect(cache.get('a')).toBe(3);
    cache.set('d', 5);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([3, undefined, 5]);
  });

  it('keep one value per key under the versions it was read at, and none for other versions', () => {
    const counts = new VersionedCache<number>(2);
    counts.set('users page', 'users:1', 10);
    expect(counts.get('users page', 'users:1')).toBe(10);
    expect(counts.get('users page', 'users:2')).toBeUndefined();
    // A write moved the versions: the new count replaces the old one instead of sitting beside it.
    counts.set('users page', 'users:2', 11);
    counts.set('cases page', 'cases:7', 3);
    expect(counts.get('users page', 'users:2')).toBe(11);
    expect(counts.get('users page', 'users:1')).toBeUndefined();
    expect(counts.get('cases page', 'cases:7')).toBe(3);
  });
});
