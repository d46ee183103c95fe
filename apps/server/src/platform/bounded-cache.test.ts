import { describe, expect, it } from 'vitest';
import { BoundedCache, VersionedCache } from './bounded-cache.js';

describe('the in-process caches', () => {
  it('keep at most their bound, dropping the oldest first; a key set again counts as the newest', () => {
    const cache = new BoundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3); // replaced: nothing else dropped, and 'a' is now the newest
    expect([cache.get('a'), cache.get('b')]).toEqual([3, 2]);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
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
