import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('keeps pages by path and query', () => {
    const cache = new PageCache<string>(10);
    cache.set('/service/1', 'page one');
    cache.set('/search?q=nails', 'nails');
    expect(cache.get('/service/1')).toBe('page one');
    expect(cache.get('/search?q=nails')).toBe('nails');
    expect(cache.get('/service/2')).toBeUndefined();
    cache.set('/service/1', 'page one again');
    expect(cache.get('/service/1')).toBe('page one again');
  });

  it('keeps at most its capacity, dropping the page used longest ago', () => {
    const cache = new PageCache<string>(2);
    cache.set('/a', 'A');
    cache.set('/b', 'B');
    expect(cache.get('/a')).toBe('A');
    cache.set('/c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBe('A');
    expect(cache.get('/c')).toBe('C');
  });

  it('keeps nothing with no room', () => {
    const cache = new PageCache<string>(0);
    cache.set('/a', 'A');
    expect(cache.get('/a')).toBeUndefined();
  });
});
