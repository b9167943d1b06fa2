import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('serves a page only for the answers it was rendered from', () => {
    const cache = new PageCache<string>(10);
    cache.set('/service/1', '{"a":1}', 'page one');
    expect(cache.get('/service/1', '{"a":1}')).toBe('page one');
    // The listing changed (or was hidden: its answer is now a 404): rendered again.
    expect(cache.get('/service/1', '{"a":2}')).toBeUndefined();
    expect(cache.get('/service/2', '{"a":1}')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the page used longest ago', () => {
    const cache = new PageCache<string>(2);
    cache.set('/a', '', 'A');
    cache.set('/b', '', 'B');
    expect(cache.get('/a', '')).toBe('A');
    cache.set('/c', '', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('/b', '')).toBeUndefined();
    expect(cache.get('/a', '')).toBe('A');
    expect(cache.get('/c', '')).toBe('C');
  });

  it('keeps nothing with no room', () => {
    const cache = new PageCache<string>(0);
    cache.set('/a', '', 'A');
    expect(cache.get('/a', '')).toBeUndefined();
  });
});
