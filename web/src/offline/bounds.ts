// Keeps a cache of the service worker (worker.ts) within its bound (caches.ts): the last N entries, or
// the last so many bytes, the oldest deleted first. The Cache API keeps entries in the order they were
// put (a put of an existing URL moves it to the end), so that order is the age; each entry carries its
// body's size in a header, and the worker keeps an index of sizes while it runs (read once from the
// cache when it starts again), so a photo saved does not read every other photo's headers.
import { SAVED_HEADER, SIZE_HEADER, type Bound } from './caches';

export interface Entry {
  url: string;
  bytes: number;
}

/** The entries to delete, oldest first, so that the others fit `bound`; `entries` are oldest first. */
export function overflow(entries: readonly Entry[], bound: Bound): string[] {
  const maxEntries = bound.maxEntries ?? Infinity;
  const maxBytes = bound.maxBytes ?? Infinity;
  let count = entries.length;
  let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const deleted: string[] = [];
  for (const entry of entries) {
    if (count <= maxEntries && bytes <= maxBytes) break;
    deleted.push(entry.url);
    count -= 1;
    bytes -= entry.bytes;
  }
  return deleted;
}

/** What of the Cache API this uses (tests pass a fake). */
export interface CacheLike {
  keys(): Promise<readonly Request[]>;
  match(request: string, options?: CacheQueryOptions): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
}

/** A cache kept within `bound`; every change goes through here, one at a time. */
export class BoundedCache {
  private sizes: Promise<Map<string, number>> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly open: () => Promise<CacheLike>,
    private readonly bound: Bound,
  ) {}

  /**
   * Saves `response` under `url` (absolute) as the newest entry, with its size and the time, then
   * deletes the oldest entries beyond the bound. Reads `response`'s body: pass a clone of one that is
   * also answered.
   */
  put(url: string, response: Response): Promise<void> {
    return this.serially(async (cache, sizes) => {
      const body = await response.blob();
      const headers = new Headers(response.headers);
      headers.set(SIZE_HEADER, String(body.size));
      headers.set(SAVED_HEADER, String(Date.now()));
      // One copy per URL, whoever asks (the worker looks entries up by URL alone).
      headers.delete('vary');
      await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
      sizes.delete(url);
      sizes.set(url, body.size);
      for (const old of overflow([...sizes].map(([key, bytes]) => ({ url: key, bytes })), this.bound)) {
        await cache.delete(old);
        sizes.delete(old);
      }
    });
  }

  /** Forgets `url` (a listing that is gone). */
  delete(url: string): Promise<void> {
    return this.serially(async (cache, sizes) => {
      await cache.delete(url);
      sizes.delete(url);
    });
  }

  private serially(change: (cache: CacheLike, sizes: Map<string, number>) => Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      const cache = await this.open();
      this.sizes ??= readSizes(cache);
      await change(cache, await this.sizes);
    });
    // A failed change (storage full) leaves the next one to run; the index is read again.
    this.queue = run.catch(() => {
      this.sizes = undefined;
    });
    return run;
  }
}

/** The cache's entries, oldest first, with their sizes. */
async function readSizes(cache: CacheLike): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const request of await cache.keys()) {
    const response = await cache.match(request.url, { ignoreVary: true });
    sizes.set(request.url, Number(response?.headers.get(SIZE_HEADER)) || 0);
  }
  return sizes;
}

/** Whether an entry was saved more than `ms` ago (or before sizes and times were kept). */
export function savedBefore(response: Response, ms: number, now = Date.now()): boolean {
  return now - (Number(response.headers.get(SAVED_HEADER)) || 0) > ms;
}
