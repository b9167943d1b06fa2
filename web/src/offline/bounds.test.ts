import { describe, expect, it } from 'vitest';
import { BoundedCache, overflow, savedBefore, type CacheLike } from './bounds';
import { SAVED_HEADER, SIZE_HEADER } from './caches';

const url = (n: number) => `https://mtaani.test/media/${n}.webp`;

/** The Cache API as the worker uses it: entries in the order they were put, a put moving one to the end. */
class FakeCache implements CacheLike {
  readonly entries = new Map<string, Response>();

  keys() {
    return Promise.resolve([...this.entries.keys()].map((key) => new Request(key)));
  }

  match(request: string) {
    return Promise.resolve(this.entries.get(request)?.clone());
  }

  put(request: string, response: Response) {
    this.entries.delete(request);
    this.entries.set(request, response);
    return Promise.resolve();
  }

  delete(request: string) {
    return Promise.resolve(this.entries.delete(request));
  }
}

const bytes = (size: number) => new Response(new Uint8Array(size), { headers: { 'content-type': 'image/webp', vary: 'Accept' } });

describe('overflow', () => {
  it('deletes the oldest entries beyond a count', () => {
    const entries = [1, 2, 3, 4].map((n) => ({ url: url(n), bytes: 1 }));
    expect(overflow(entries, { maxEntries: 4 })).toEqual([]);
    expect(overflow(entries, { maxEntries: 2 })).toEqual([url(1), url(2)]);
  });

  it('deletes the oldest entries until the rest fit in the bytes', () => {
    const entries = [
      { url: url(1), bytes: 500 },
      { url: url(2), bytes: 100 },
      { url: url(3), bytes: 700 },
    ];
    expect(overflow(entries, { maxBytes: 1300 })).toEqual([]);
    expect(overflow(entries, { maxBytes: 1000 })).toEqual([url(1)]);
    expect(overflow(entries, { maxBytes: 700 })).toEqual([url(1), url(2)]);
    // One entry larger than the whole bound is not kept either.
    expect(overflow(entries, { maxBytes: 600 })).toEqual([url(1), url(2), url(3)]);
  });
});

describe('BoundedCache', () => {
  it('keeps the last N entries, one opened again counting as new', async () => {
    const cache = new FakeCache();
    const listings = new BoundedCache(() => Promise.resolve(cache), { maxEntries: 3 });
    for (const n of [1, 2, 3]) await listings.put(url(n), bytes(10));
    await listings.put(url(1), bytes(10));
    await listings.put(url(4), bytes(10));
    expect([...cache.entries.keys()]).toEqual([url(3), url(1), url(4)]);
  });

  it('keeps the last bytes, with each entry’s size and time, and no Vary', async () => {
    const cache = new FakeCache();
    const photos = new BoundedCache(() => Promise.resolve(cache), { maxBytes: 1000 });
    await Promise.all([photos.put(url(1), bytes(400)), photos.put(url(2), bytes(400)), photos.put(url(3), bytes(400))]);
    expect([...cache.entries.keys()]).toEqual([url(2), url(3)]);
    const kept = cache.entries.get(url(3))!;
    expect(kept.headers.get(SIZE_HEADER)).toBe('400');
    expect(Number(kept.headers.get(SAVED_HEADER))).toBeGreaterThan(Date.now() - 5000);
    expect(kept.headers.get('vary')).toBeNull();
    expect(kept.headers.get('content-type')).toBe('image/webp');
    expect((await kept.arrayBuffer()).byteLength).toBe(400);
  });

  it('reads the sizes of what an earlier run kept before adding to it', async () => {
    const cache = new FakeCache();
    await new BoundedCache(() => Promise.resolve(cache), { maxBytes: 1000 }).put(url(1), bytes(600));
    // The worker started again: a new index, read from the cache.
    const photos = new BoundedCache(() => Promise.resolve(cache), { maxBytes: 1000 });
    await photos.put(url(2), bytes(600));
    expect([...cache.entries.keys()]).toEqual([url(2)]);
  });

  it('forgets an entry', async () => {
    const cache = new FakeCache();
    const listings = new BoundedCache(() => Promise.resolve(cache), { maxEntries: 2 });
    await listings.put(url(1), bytes(1));
    await listings.put(url(2), bytes(1));
    await listings.delete(url(1));
    await listings.put(url(3), bytes(1));
    expect([...cache.entries.keys()]).toEqual([url(2), url(3)]);
  });
});

describe('savedBefore', () => {
  it('tells an entry saved long ago (or without a time) from a recent one', () => {
    const now = 1_000_000_000;
    const saved = (at: number) => new Response('', { headers: { [SAVED_HEADER]: String(at) } });
    expect(savedBefore(saved(now - 10), 1000, now)).toBe(false);
    expect(savedBefore(saved(now - 5000), 1000, now)).toBe(true);
    expect(savedBefore(new Response(''), 1000, now)).toBe(true);
  });
});
